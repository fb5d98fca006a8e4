import { type AssetStatus, assetTag } from '@branch-assets/domain';
import { ASSET_FILTERS } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { type Insertable, sql } from 'kysely';
import { writeAudit } from '../audit/audit.ts';
import { byName, registerBulkUpload } from '../bulk-upload/bulk-upload.ts';
import type { Db } from '../db/database.ts';
import type { AssetsTable } from '../db/schema.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { everyProblem, FIRST_REFUSAL } from '../shared/findings.ts';
import { registerRecordCalls, valuesByRule } from '../shared/record-calls.ts';
import { registerAssetBulkEdit } from './bulk-edit.ts';
import { assetChecks } from './checks.ts';
import { registerAssetDisposal } from './disposal.ts';
import { registerAssetFiles } from './files.ts';
import { ASSET_LIST, assetQuery, assetSource, ownAssetRow, type StoredAsset } from './rows.ts';
import { recordCreated, recordEvent, recordSave, timeline } from './timeline.ts';

/*
 * The asset register (api/asset/*, docs/assets.md): the record calls, paged in SQL; the tag from
 * the branch's counter; every save on the asset's timeline; and the status changes this issue
 * owns (Out of order and back), each with its reason.
 */

const MODULE = 'asset';

/** The next number of a tag prefix: the counter row's lock makes two saves take turns. */
async function nextTag(trx: Db, branchId: number): Promise<string> {
  const { code } = await trx
    .selectFrom('branches')
    .select('code')
    .where('id', '=', branchId)
    .executeTakeFirstOrThrow();
  const { lastNumber } = await trx
    .insertInto('assetTagCounters')
    .values({ prefix: code, lastNumber: 1 })
    .onConflict((conflict) =>
      conflict
        .column('prefix')
        .doUpdateSet({ lastNumber: sql`asset_tag_counters.last_number + 1` }),
    )
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  return assetTag(code, lastNumber);
}

/**
 * The asset of the register a bulk row names: by its tag (which must exist), else by its brand
 * and serial number; null for a new asset.
 */
async function matchAsset(
  trx: Db,
  tag: string,
  fields: { Brand?: number; SerialNumber?: string },
): Promise<number | null> {
  const wanted = tag.trim().toUpperCase();
  if (wanted !== '') {
    const found = await trx
      .selectFrom('assets')
      .select('id')
      .where('tag', '=', wanted)
      .executeTakeFirst();
    if (!found)
      throw new Refusal(
        `Tag ${wanted} is no asset of the register: leave it blank for a new asset.`,
      );
    return found.id;
  }
  if (fields.Brand === undefined || !fields.SerialNumber) return null;
  const found = await trx
    .selectFrom('assets')
    .select('id')
    .where('brandId', '=', fields.Brand)
    .where(sql<boolean>`lower(serial_number) = ${fields.SerialNumber.toLowerCase()}`)
    .executeTakeFirst();
  return found?.id ?? null;
}

/** A new asset's status: In stock unless the request says In use (assetChecks allows no other). */
function newAssetStatus(body: { AssetStatus?: AssetStatus | undefined }): AssetStatus {
  return body.AssetStatus ?? 'IN_STOCK';
}

function findAsset(db: Db, id: number) {
  return assetQuery(db).where('a.id', '=', id).executeTakeFirst();
}

export async function assetRoutes(app: FastifyInstance) {
  const calls = registerRecordCalls(app, {
    prefix: 'asset',
    module: MODULE,
    title: 'Asset',
    plural: 'assets',
    table: 'assets',
    filters: ASSET_FILTERS,
    sqlList: { list: ASSET_LIST, source: assetSource },
    find: findAsset,
    inScope: (access, asset) => access.worksIn(asset.branchId),
    label: (asset) => `${asset.assetTag} ${asset.name}`,
    active: (asset) => asset.active,
    ownRow: ownAssetRow,
    values: async (trx, body, self, session): Promise<Record<string, unknown>> => {
      await assetChecks(trx, body, self, session.access, FIRST_REFUSAL);
      const values: Record<string, unknown> = valuesByRule('assetStore', 'Asset', body, [
        'AssetStatus',
      ]);
      return self
        ? { ...values, updatedAt: new Date() }
        : {
            ...values,
            assetStatus: newAssetStatus(body),
            createdBy: session.user.userId,
          };
    },
    insert: async (trx, values) => {
      const tag = await nextTag(trx, values.branchId as number);
      const { id } = await trx
        .insertInto('assets')
        // The columns by the contract's rule (valuesByRule), which the asset tests read back.
        .values({ ...(values as Insertable<AssetsTable>), tag })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    // The asset as it was, for the timeline of what the save changes.
    prepare: async (_trx, _body, self) => self,
    afterWrite: async (trx, id, body, before: StoredAsset | null, session) => {
      // A new asset's event needs only its status: a bulk upload creates thousands.
      if (!before) return recordCreated(trx, session.user.userId, id, newAssetStatus(body));
      const after = await findAsset(trx, id);
      if (!after) throw new Error(`asset ${id} vanished while it was saved`);
      await recordSave(trx, session.user.userId, before, after);
    },
  });

  // api/asset/bulk-upload: the register's rows, each created or, when it names an asset of the
  // register (its tag, or its brand and serial number), changing that asset.
  registerBulkUpload(app, calls, {
    call: 'assetBulkUpload',
    references: {
      branch: byName('branches', { column: 'code' }),
      location: byName('asset_locations', { parent: { column: 'branch_id', field: 'Branch' } }),
      category: byName('categories'),
      subCategory: byName('sub_categories', {
        parent: { column: 'category_id', field: 'Category' },
      }),
      assetType: byName('asset_types', {
        parent: { column: 'sub_category_id', field: 'SubCategory' },
      }),
      brand: byName('brands'),
      custodian: byName('staff', {
        column: 'code',
        parent: { column: 'branch_id', field: 'Branch' },
      }),
      vendor: byName('vendors', { orColumn: 'gstin' }),
    },
    match: (trx, row) => matchAsset(trx, row.values.Tag ?? '', row.fields),
    checks: async (trx, row, session, memo) => {
      const findings = everyProblem();
      const self = await matchAsset(trx, row.values.Tag ?? '', row.fields).then(
        (id) => (id === null ? null : findAsset(trx, id)),
        (error: unknown) => {
          if (error instanceof Refusal) findings.refuse(error.output);
          else throw error;
          return null;
        },
      );
      // Without a tag, the row was matched by its brand and serial number.
      await assetChecks(trx, row.fields, self ?? null, session.access, findings, {
        serialMatched: (row.values.Tag ?? '').trim() === '',
        memo,
      });
      return findings.messages;
    },
  });

  registerAssetBulkEdit(app, calls);
  registerAssetFiles(app, calls);
  registerAssetDisposal(app, calls);

  /** A status change of this issue: from the statuses it may leave, with its reason. */
  const statusChange = (
    name: 'assetOutOfOrder' | 'assetBackInUse',
    from: readonly string[],
    to: 'OUT_OF_ORDER' | 'IN_USE',
    refusal: (status: string) => string,
  ) =>
    registerCall(app, name, async ({ body, db, session }) => {
      calls.allow(session.access, 'edit');
      const after = await db.transaction().execute(async (trx) => {
        // The row's lock: of two changes at once, the second sees the first's status.
        await sql`select id from assets where id = ${body.Asset} for update`.execute(trx);
        const before = await calls.find(trx, session.access, body.Asset);
        if (!from.includes(before.assetStatus))
          throw new Refusal(refusal(ownAssetRow(before).AssetStatusTxt ?? before.assetStatus));
        await trx
          .updateTable('assets')
          .set({ assetStatus: to, updatedAt: new Date() })
          .where('id', '=', before.id)
          .execute();
        const changes = { AssetStatus: [before.assetStatus, to] as [unknown, unknown] };
        const { userId } = session.user;
        await recordEvent(trx, {
          assetId: before.id,
          kind: 'STATUS',
          userId,
          changes,
          reason: body.Reason,
        });
        await writeAudit(trx, {
          entity: MODULE,
          entityId: before.id,
          action: name === 'assetOutOfOrder' ? 'out_of_order' : 'back_in_use',
          userId,
          fromStatus: before.assetStatus,
          toStatus: to,
          reason: body.Reason,
          branchId: before.branchId,
        });
        return calls.find(trx, session.access, before.id);
      });
      return {
        output: `Asset ${after.assetTag} is ${ownAssetRow(after).AssetStatusTxt}.`,
        records: calls.row(after, session.access),
      };
    });

  statusChange(
    'assetOutOfOrder',
    ['IN_USE', 'IN_STOCK'],
    'OUT_OF_ORDER',
    (status) => `Only an asset In use or In stock can be marked Out of order (it is ${status}).`,
  );
  statusChange(
    'assetBackInUse',
    ['OUT_OF_ORDER'],
    'IN_USE',
    (status) => `Only an asset Out of order can be put back in use (it is ${status}).`,
  );

  registerCall(app, 'assetEvents', async ({ body, db, session }) => {
    calls.allow(session.access, 'list');
    const asset = await calls.find(db, session.access, body.Asset);
    const events = await timeline(db, asset.id);
    return { output: `${events.length} events.`, records: events };
  });
}
