import { financialYear, financialYearRange } from '@branch-assets/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ASSET_TYPES } from './demo-data.ts';
import { loadCatalogue } from './scale-catalogue.ts';
import {
  insertHistorySql,
  insertLinesSql,
  insertOrdersSql,
  linePlanSql,
  numberSql,
  orderPlanSql,
  scaledUpToSql,
} from './scale-sql.ts';

export { SCALE_HOME_BRANCH } from './scale-catalogue.ts';

/** Scaled orders are spread over the current financial year and the five before it. */
export const SCALE_FINANCIAL_YEARS = 6;

const DAY_MS = 86_400_000;

export interface ScaleSummary {
  purchaseOrders: number;
  purchaseOrderLines: number;
  auditEntries: number;
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

export interface ScalePlan {
  /** How many scaled orders billed to the branch in the financial year are dated up to the day. */
  scaledUpTo(branchId: number, fy: string, date: string): number;
  /** Numbers the planned orders around the demo's, then writes them, their lines and history. */
  insert(): Promise<ScaleSummary>;
}

/**
 * SEED_SCALE: plans `count` purchase orders more for the demo, in the seeding transaction, once
 * its branches, people, vendors and asset types exist: a third billed to CHN-ANN, dated from
 * April of five financial years ago to yesterday, in the demo's states and proportions. The demo
 * then numbers its own orders around them (scaledUpTo) and calls insert(). Set-based: a few
 * INSERT … SELECT statements over generate_series, whatever the count.
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
      const auditEntries = await watch.time('auditLog', () => run(trx, insertHistorySql));
      await sql`select setval(pg_get_serial_sequence('purchase_orders', 'id'),
        (select max(id) from purchase_orders))`.execute(trx);
      await sql`drop table scale_line, scale_number, scale_order, scale_catalogue, scale_product,
        scale_type, scale_branch`.execute(trx);
      return {
        purchaseOrders,
        purchaseOrderLines,
        auditEntries,
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
  await sql`vacuum (analyze) purchase_orders, purchase_order_lines, audit_log`.execute(db);
  const vacuum = Math.round(performance.now() - started);
  return { ...scale, milliseconds: scale.milliseconds + vacuum, steps: { ...scale.steps, vacuum } };
}
