import type { AssetRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors/codes.ts';
import { EXPORTABLE_LISTS, pagingQuery } from '../exports/lists.ts';
import { type ListAnswer, pagingFields } from '../graphql/paging.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';
import { type AssetLabel, assetLabelsPdf, LABEL_FORMATS } from './asset-labels.ts';

/*
 * GET /labels/assets.pdf (binding): the QR labels of the assets named by `ids`, or of the asset
 * list as the screen shows it (its search, sort and filters, as /exports/assets.xlsx takes them),
 * on an A4 sheet of 3 × 8 (`format=a4-3x8`, the default) or one 50 × 25 mm thermal label a page.
 * Each QR code holds the asset page's address. The legacy calls decide what the caller may see.
 */

/** 100 A4 sheets: a branch labels its equipment in batches; more is a mistake of the filter. */
export const MOST_LABELS = 2400;

const LIST_PAGE = 500;

const idList = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'ids must be asset ids separated by commas')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= MOST_LABELS, `ids may name at most ${MOST_LABELS} assets`);

const labelQuery = z.object({
  format: z
    .enum(LABEL_FORMATS, { error: `format must be one of ${LABEL_FORMATS.join(', ')}` })
    .default('a4-3x8'),
  ids: idList.optional(),
});

/** Where staff open the app: the QR codes lead there. */
function appOrigin(config: Config, request: FastifyRequest): string {
  return config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

export async function labelRoutes(
  app: FastifyInstance,
  options: { config: Config; legacy: LegacyClient },
) {
  const { legacy, config } = options;
  const assets = EXPORTABLE_LISTS.assets;
  if (!assets) throw new Error('the asset list has no export description');

  app.get<{ Querystring: Record<string, string> }>('/labels/assets.pdf', async (request, reply) => {
    const token = tokenOf(request.auth);
    const asked = labelQuery.safeParse(request.query);
    const filters = assets.query.safeParse(request.query);
    const view = pagingQuery.safeParse(request.query);
    if (!asked.success || !filters.success || !view.success)
      throw new AppError(
        'BAD_USER_INPUT',
        (asked.error ?? filters.error ?? view.error)?.issues[0]?.message ??
          'The query is not valid.',
      );
    const context = { token, requestId: request.id };
    let rows: AssetRow[];
    if (asked.data.ids) {
      // One list call for the selection: the register reads only the assets asked for, in the
      // caller's branches; an id it does not answer is one the caller may not see.
      const ids = asked.data.ids;
      const answer = await legacy.call(
        'assetLists',
        { UserInterface: 1, Assets: ids, Page: 1, ItemsPerPage: ids.length },
        context,
      );
      const byId = new Map(
        (answer.records as ListAnswer<AssetRow>).TableData.map((row) => [row.AssetId, row]),
      );
      const missing = ids.find((id) => !byId.has(id));
      if (missing !== undefined) throw new AppError('REJECTED', `Asset ${missing} does not exist.`);
      rows = ids.map((id) => byId.get(id) as AssetRow);
    } else {
      const paging = pagingFields(
        'assetLists',
        {
          search: view.data.search ?? null,
          sortBy: view.data.sortBy ?? null,
          sortDesc: view.data.sortDesc === 'true',
        },
        assets.filters?.(filters.data) ?? {},
      );
      rows = [];
      for (let page = 1; ; page += 1) {
        const answer = await legacy.call(
          'assetLists',
          { UserInterface: 1, ...paging, Page: page, ItemsPerPage: LIST_PAGE },
          context,
        );
        const list = answer.records as ListAnswer<AssetRow>;
        const total = list.TotalCount ?? list.TableData.length;
        if (total > MOST_LABELS)
          throw new AppError(
            'BAD_USER_INPUT',
            `The list has ${total} assets: narrow it to at most ${MOST_LABELS} to print their labels.`,
          );
        rows.push(...list.TableData);
        if (list.TableData.length < LIST_PAGE || rows.length >= total) break;
      }
    }
    if (rows.length === 0) throw new AppError('BAD_USER_INPUT', 'No assets to print labels for.');
    const origin = appOrigin(config, request);
    const labels: AssetLabel[] = rows.map((row) => ({
      tag: row.AssetTag,
      name: row.AssetName,
      branch: row.BranchName,
      url: `${origin}/#/asset/view?id=${row.AssetId}`,
    }));
    const pdf = await assetLabelsPdf(labels, asked.data.format);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="asset-labels.pdf"')
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
