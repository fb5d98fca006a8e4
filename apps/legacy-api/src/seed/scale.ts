import { financialYear, financialYearRange } from '@branch-assets/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ASSET_TYPES } from './demo-data.ts';
import { loadAssetCatalogue, loadCatalogue } from './scale-catalogue.ts';
import {
  assetPlanSql,
  insertAssetAuditSql,
  insertAssetEventsSql,
  insertAssetsSql,
  insertHistorySql,
  insertLinesSql,
  insertOrdersSql,
  linePlanSql,
  numberSql,
  orderPlanSql,
  scaledUpToSql,
  unitDrawSql,
  updateTagCountersSql,
} from './scale-sql.ts';

export { SCALE_HOME_BRANCH } from './scale-catalogue.ts';

/** Scaled orders are spread over the current financial year and the five before it. */
export const SCALE_FINANCIAL_YEARS = 6;

const DAY_MS = 86_400_000;

export interface ScaleSummary {
  purchaseOrders: number;
  purchaseOrderLines: number;
  /** The orders' history and the assets' Out-of-order marks. */
  auditEntries: number;
  /** An asset per unit received on the completed orders, with its events. */
  assets: number;
  assetEvents: number;
  firstDate: string;
  lastDate: string;
  milliseconds: number;
  /** Where the time went, in milliseconds. */
  steps: Record<string, number>;
}

async function run(trx: Kysely<Database>, statement: RawBuilder<unknown>): Promise<number> {
  const result = await statement.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Runs the steps one after another, noting how long each took. */
function stopwatch() {
  const steps: Record<string, number> = {};
  return {
    steps,
    async time<T>(name: string, work: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await work();
      } finally {
        steps[name] = Math.round(performance.now() - started);
      }
    },
    total: () => Object.values(steps).reduce((sum, value) => sum + value, 0),
  };
}

/**
 * Writes a few hundred thousand rows into a table the fast way: its indexes other than its
 * constraints' (primary key, unique tag) dropped and built again once the rows are in (building an
 * index once is several times faster than keeping it up to date row by row), and, where the
 * seeding role may (a superuser: PGlite's always is), without the row-by-row foreign-key checks
 * (session_replication_role = replica, as pg_restore --disable-triggers does): every reference
 * is an id read from the same database in the same transaction, and scale.test.ts checks each.
 */
async function bulkInsert(
  trx: Kysely<Database>,
  table: string,
  insert: () => Promise<number>,
): Promise<number> {
  const { rows } = await sql<{ name: string; definition: string }>`select indexname as name,
      indexdef as definition
    from pg_indexes
    where schemaname = current_schema() and tablename = ${table}
      and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)
    order by indexname`.execute(trx);
  const role = await sql<{ superuser: boolean }>`select rolsuper as superuser from pg_roles
    where rolname = current_user`.execute(trx);
  const unchecked = role.rows[0]?.superuser === true;
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  if (unchecked) await sql`set local session_replication_role = replica`.execute(trx);
  const inserted = await insert();
  if (unchecked) await sql`set local session_replication_role = origin`.execute(trx);
  for (const index of rows) await sql.raw(index.definition).execute(trx);
  return inserted;
}

export interface ScalePlan {
  /** How many scaled orders billed to the branch in the financial year are dated up to the day. */
  scaledUpTo(branchId: number, fy: string, date: string): number;
  /**
   * Numbers the planned orders around the demo's, then writes them, their lines and history, and
   * the assets of the completed ones (after the demo's rooms and assets: tags continue theirs).
   */
  insert(): Promise<ScaleSummary>;
}

/**
 * SEED_SCALE: plans `count` purchase orders more for the demo, in the seeding transaction, once
 * its branches, people, vendors and asset types exist: a third billed to CHN-ANN, dated from
 * April of five financial years ago to yesterday, in the demo's states and proportions. The demo
 * then numbers its own orders around them (scaledUpTo), makes its own assets, and calls insert(),
 * which also makes an asset for every unit received on the completed scaled orders (for 300,000
 * orders about 845,000 assets). Set-based: a few INSERT … SELECT statements over generate_series,
 * whatever the count.
 */
export async function planScale(
  trx: Kysely<Database>,
  count: number,
  today: Date = new Date(),
): Promise<ScalePlan> {
  const watch = stopwatch();
  const todayIso = today.toISOString().slice(0, 10);
  const lastDate = new Date(Date.parse(`${todayIso}T00:00:00Z`) - DAY_MS)
    .toISOString()
    .slice(0, 10);
  const currentStart = Number(financialYearRange(financialYear(todayIso)).start.slice(0, 4));
  const firstDate = `${currentStart - (SCALE_FINANCIAL_YEARS - 1)}-04-01`;
  const days = (Date.parse(lastDate) - Date.parse(firstDate)) / DAY_MS + 1;
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('SEED_SCALE: count >= 1');

  const upTo = new Map<string, { poDate: string; upTo: number }[]>();
  await watch.time('plan', async () => {
    const { homeIndex, branchCount } = await loadCatalogue(trx);
    await sql`analyze scale_branch, scale_type, scale_catalogue`.execute(trx);
    // Sorting and hashing a few hundred thousand rows: let them stay in memory. The statements
    // are long expressions run once: compiling them (PostgreSQL's JIT) costs more than it saves.
    await sql`set local work_mem = '64MB'`.execute(trx);
    await sql`set local jit = off`.execute(trx);
    await run(trx, orderPlanSql({ count, firstDate, days, now: today, homeIndex, branchCount }));
    await sql`analyze scale_order`.execute(trx);
    for (const row of (await scaledUpToSql.execute(trx)).rows) {
      const key = `${row.billedId}/${row.fy}`;
      upTo.set(key, [...(upTo.get(key) ?? []), row]);
    }
  });

  return {
    scaledUpTo(branchId, fy, date) {
      const days = upTo.get(`${branchId}/${fy}`) ?? [];
      return days.findLast((day) => day.poDate <= date)?.upTo ?? 0;
    },
    async insert() {
      await watch.time('lines', async () => {
        await run(trx, numberSql);
        await run(trx, linePlanSql(ASSET_TYPES.length));
        await sql`analyze scale_number, scale_line`.execute(trx);
      });
      const purchaseOrders = await watch.time('purchaseOrders', () => run(trx, insertOrdersSql));
      const purchaseOrderLines = await watch.time('purchaseOrderLines', () =>
        run(trx, insertLinesSql),
      );
      const history = await watch.time('auditLog', () => run(trx, insertHistorySql));
      await sql`select setval(pg_get_serial_sequence('purchase_orders', 'id'),
        (select max(id) from purchase_orders))`.execute(trx);
      await watch.time('assetPlan', async () => {
        await loadAssetCatalogue(trx);
        await run(trx, unitDrawSql);
        await sql`analyze scale_unit_draw`.execute(trx);
        const todayInIndia = new Date(today.getTime() + 330 * 60_000).toISOString().slice(0, 10);
        await run(trx, assetPlanSql({ now: today, today: todayInIndia }));
      });
      const assets = await watch.time('assets', () =>
        bulkInsert(trx, 'assets', () => run(trx, insertAssetsSql)),
      );
      const assetEvents = await watch.time('assetEvents', () =>
        bulkInsert(trx, 'asset_events', () => run(trx, insertAssetEventsSql)),
      );
      const assetAudit = await watch.time('assetAudit', () => run(trx, insertAssetAuditSql));
      await run(trx, updateTagCountersSql);
      await sql`select setval(pg_get_serial_sequence('assets', 'id'),
        (select coalesce(max(id), 1) from assets))`.execute(trx);
      await sql`drop table scale_unit, scale_unit_draw, scale_asset_type, scale_room, scale_staff,
        scale_asset_text, scale_line, scale_number, scale_order, scale_catalogue, scale_product,
        scale_type, scale_branch`.execute(trx);
      return {
        purchaseOrders,
        purchaseOrderLines,
        auditEntries: history + assetAudit,
        assets,
        assetEvents,
        firstDate,
        lastDate,
        milliseconds: watch.total(),
        steps: watch.steps,
      };
    },
  };
}

/**
 * After the seeding transaction: VACUUM (ANALYZE) the tables SEED_SCALE filled, so that the first
 * lists are planned with statistics and counted from the indexes alone (index-only scans need
 * the visibility map). PostgreSQL's autovacuum would get there in time; PGlite has none.
 */
export async function settleScale(
  db: Kysely<Database>,
  scale: ScaleSummary,
): Promise<ScaleSummary> {
  const started = performance.now();
  await sql`vacuum (analyze) purchase_orders, purchase_order_lines, audit_log, assets,
    asset_events`.execute(db);
  const vacuum = Math.round(performance.now() - started);
  return { ...scale, milliseconds: scale.milliseconds + vacuum, steps: { ...scale.steps, vacuum } };
}
