import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors/codes.ts';
import { type ListAnswer, pagingFields } from '../graphql/paging.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';
import {
  contentDisposition,
  EXPORTABLE_LISTS,
  type ExportableList,
  isExportableList,
  type ListCallName,
  pagingQuery,
  safeFileName,
  sheetColumns,
} from './lists.ts';
import { exportPages, type NextPage, type RowsInFlight, STREAM_PAGE_ROWS } from './pages.ts';
import { openWorkbook } from './workbook.ts';

/** GET /exports/<list>.xlsx?… — the list as the user sees it, as a workbook, streamed. */
export async function exportRoutes(
  app: FastifyInstance,
  options: { config: Config; legacy: LegacyClient; rowsHeld: RowsInFlight },
) {
  let running = 0;

  app.get<{ Params: { file: string }; Querystring: Record<string, string> }>(
    '/exports/:file',
    async (request, reply) => {
      const match = /^([a-z-]+)\.xlsx$/.exec(request.params.file);
      const name = match?.[1];
      const list: ExportableList<ListCallName> | undefined =
        name && isExportableList(name) ? EXPORTABLE_LISTS[name] : undefined;
      if (!list) throw new AppError('NOT_FOUND', 'No such export.');
      const token = tokenOf(request.auth);
      const query = list.query.safeParse(request.query);
      const view = pagingQuery.safeParse(request.query);
      if (!query.success || !view.success)
        throw new AppError(
          'BAD_USER_INPUT',
          (query.error ?? view.error)?.issues[0]?.message ?? 'The query is not valid.',
        );
      // The list's search, sort and filters, as the list on screen asked for them.
      const paging = {
        ...pagingFields(
          list.call,
          {
            search: view.data.search ?? null,
            sortBy: view.data.sortBy ?? null,
            sortDesc: view.data.sortDesc === 'true',
          },
          list.filters?.(query.data) ?? {},
        ),
        ItemsPerPage: options.config.EXPORT_PAGE_SIZE,
      };
      if (running >= options.config.EXPORT_CONCURRENCY) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many spreadsheets are being prepared. Try again in a moment.',
          { retryAfter: 5 },
        );
      }
      running += 1;
      let released = false;
      const release = () => {
        if (!released) {
          released = true;
          running -= 1;
        }
      };
      try {
        const readPage = async (next: NextPage) => {
          const input = {
            ...list.input(query.data),
            ...paging,
            ...('after' in next ? { Page: undefined, After: next.after } : { Page: next.page }),
          };
          const answer = await options.legacy.call(list.call, input, {
            token,
            requestId: request.id,
          });
          return answer.records as ListAnswer<Record<string, unknown>>;
        };
        const records = await readPage({ page: 1 });
        if (!records.TableOptions.DownloadFlag)
          throw new AppError('FORBIDDEN', 'Downloading this list is not allowed for your role.');
        const columns = sheetColumns(records.TableOptions, records.TableHeader);
        // The rest streamed with only the workbook's columns of each row (Fields).
        const streamAfter = (after: number) =>
          options.legacy.stream(
            list.call,
            {
              ...list.input(query.data),
              ...paging,
              Page: undefined,
              After: after,
              ItemsPerPage: Math.min(STREAM_PAGE_ROWS, options.config.EXPORT_PAGE_SIZE),
            },
            { token, requestId: request.id },
            columns.map((column) => column.field),
          );
        const body = new PassThrough();
        reply
          .header(
            'content-type',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header(
            'content-disposition',
            contentDisposition(safeFileName(records.TableOptions.ExcelFileName)),
          )
          .header('cache-control', 'no-store');
        const sheet = openWorkbook(body, columns, { sample: records.TableData });
        const pages = exportPages(
          records,
          paging,
          readPage,
          (rows) => sheet.rowsXml(rows),
          options.rowsHeld,
          streamAfter,
        );
        (async () => {
          for await (const chunks of pages) await sheet.write(chunks);
          await sheet.finish();
        })().then(
          () => release(),
          (error: unknown) => {
            release();
            // The client went away half-way: nothing failed.
            if (body.destroyed) return request.log.info('export abandoned by the client');
            request.log.error({ err: error }, 'export failed while streaming');
            body.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        );
        body.once('close', release);
        return reply.send(body);
      } catch (error) {
        release();
        throw error;
      }
    },
  );
}
