import {
  ACCESSORY_FILTERS,
  ACCESSORY_LEDGER_FILTERS,
  ACCESSORY_LEDGER_HEADERS,
  ACCESSORY_STOCK_FILTERS,
  ACCESSORY_STOCK_HEADERS,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { registerCall } from '../http/register-call.ts';
import { mustWorkIn } from '../shared/branch-scope.ts';
import { ACTIONS_HEADER, listPayload } from '../shared/list-payload.ts';
import { registerRecordCalls } from '../shared/record-calls.ts';
import { sqlPage } from '../shared/sql-page.ts';
import { accessoryValues, writeFitsAndMinimums } from './checks.ts';
import { recordMovement } from './movement.ts';
import {
  accessoryLabel,
  accessoryRow,
  findMovement,
  LEDGER_LIST,
  ledgerSource,
  readAccessories,
  stockRows,
} from './rows.ts';

/*
 * Accessories (api/accessories/*, docs/assets.md): the record calls, and the stock kept per
 * branch as a ledger: the stock list, one movement, one accessory's ledger. Every stock figure is
 * of the caller's branches; a movement needs the edit grant.
 */

const MODULE = 'accessories';

async function findAccessory(db: Db, id: number) {
  const [accessory] = await readAccessories(db, { id, branches: null });
  return accessory;
}

export async function accessoryRoutes(app: FastifyInstance) {
  const calls = registerRecordCalls(app, {
    prefix: 'accessory',
    module: MODULE,
    title: 'Accessory',
    plural: 'accessories',
    table: 'accessories',
    filters: ACCESSORY_FILTERS,
    list: async (db, access, body) => {
      if (body.Branch !== undefined) await mustWorkIn(db, access, body.Branch);
      return readAccessories(db, {
        branches: body.Branch === undefined ? [...access.branchIds] : [body.Branch],
      });
    },
    find: findAccessory,
    options: (db, _access, body) =>
      db
        .selectFrom('accessories as a')
        .leftJoin('brands as br', 'br.id', 'a.brandId')
        .select([
          'a.id as value',
          sql<string>`a.name || coalesce(' (' || br.name || ')', '')`.as('text'),
        ])
        .where('a.active', '=', true)
        .$if(body.AssetType !== undefined, (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('accessoryFits as f')
                .select('f.accessoryId')
                .whereRef('f.accessoryId', '=', 'a.id')
                .where('f.assetTypeId', '=', body.AssetType ?? 0),
            ),
          ),
        )
        .orderBy('text')
        .execute(),
    label: accessoryLabel,
    active: (accessory) => accessory.active,
    toRow: accessoryRow,
    values: accessoryValues,
    afterWrite: (trx, id, body) => writeFitsAndMinimums(trx, id, body),
  });

  registerCall(app, 'accessoryStock', async ({ body, db, session }) => {
    calls.allow(session.access, 'list');
    const rows = await stockRows(db, session.access);
    const payload = listPayload({
      headers: [ACTIONS_HEADER, ...ACCESSORY_STOCK_HEADERS],
      itemKey: 'StockKey',
      canDownload: session.access.can(MODULE, 'download'),
      excelFileName: 'Accessory_stock',
      request: body,
      filters: ACCESSORY_STOCK_FILTERS,
      rows,
    });
    const count = payload.TotalCount ?? payload.TableData.length;
    return { output: `${count} stock rows.`, records: payload };
  });

  registerCall(app, 'accessoryMovement', async ({ body, db, session }) => {
    calls.allow(session.access, 'edit');
    const moved = await recordMovement(db, session, body);
    const [stock] = await stockRows(db, session.access, {
      accessory: moved.accessory.id,
      branch: body.Branch,
    });
    if (!stock) throw new Error(`the stock of accessory ${moved.accessory.id} was not read back`);
    return {
      output: moved.output,
      records: { Movement: await findMovement(db, moved.movementId), Stock: stock },
    };
  });

  registerCall(app, 'accessoryLedger', async ({ body, db, session }) => {
    calls.allow(session.access, 'list');
    const accessory = await calls.find(db, session.access, body.Accessory);
    const headers = [...ACCESSORY_LEDGER_HEADERS];
    const answer = await sqlPage(
      db,
      ledgerSource(db, session.access, accessory.id),
      LEDGER_LIST,
      body,
      headers,
    );
    const common = {
      headers,
      itemKey: 'AccessoryMovementId',
      canDownload: session.access.can(MODULE, 'download'),
      excelFileName: `Ledger_${accessory.name.replace(/[^\p{L}\p{N}]+/gu, '_')}`,
      request: body,
      filters: ACCESSORY_LEDGER_FILTERS,
    };
    const payload =
      'page' in answer
        ? listPayload({ ...common, page: answer.page })
        : listPayload({ ...common, rows: answer.rows });
    const count = payload.TotalCount ?? payload.TableData.length;
    return {
      output: `${count} movements of ${accessoryLabel(accessory)}.`,
      records: payload,
    };
  });
}
