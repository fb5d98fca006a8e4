/**
 * Figure 8, reports (issue 19): the branch manager's dashboard of the home branch (CHN-ANN, the
 * largest), the first answer of each report for this financial year (finance and branch asset of
 * the home branch; the fixed asset register's first page), the fixed asset register of the whole
 * company in both books for one year (every branch, every asset: the totals computed in legacy-api's
 * report workers) with the purchase-order list's first page timed meanwhile (does it hold others
 * up?), and that register's Excel export through the gateway (rows/s, the gateway's peak memory).
 */
import { financialYear, financialYearRange, isoDate } from '@branch-assets/domain';
import { type Context, list } from './api.ts';
import { dataOf, download, graphql, type Latency, latencyOf } from './client.ts';
import { memoryOf, sampleMemory } from './processes.ts';
import { PAGE_SIZE } from './settings.ts';

const RUNS = 10;

export interface ReportFigures {
  branchAssets: number;
  dashboard: Latency;
  finance: Latency;
  branchAsset: Latency;
  registerPage: Latency;
  /** The register's first answer, before any figures were kept, ms. */
  registerCold: number;
  company: {
    assets: number;
    /** The whole company's register with both books' totals: this year's and the two before, each worked out. */
    seconds: number[];
    /** The purchase-order list's first page while it was computed, one request at a time. */
    during: Latency;
    /** Of those, the ones that failed. */
    failures: number;
    before: Latency;
  };
  export: {
    rows: number;
    bytes: number;
    seconds: number;
    rowsPerSecond: number;
    gatewayPeakMb: number;
  };
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<Latency> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return latencyOf(samples);
}

async function ask<Data>(context: Context, query: string, variables: Record<string, unknown>) {
  return dataOf(
    await graphql<Data>(context.gateway.one, context.gateway.url, context.token, query, variables),
    query.slice(0, 40),
  );
}

const REGISTER = `query Register($branchIds: [ID!]!, $financialYear: String!, $pageSize: Int) {
  depreciationSchedule(branchIds: $branchIds, financialYear: $financialYear, page: 1, pageSize: $pageSize) {
    totalCount assets { tag closing } assetTotals { closing } blockTotals { closing }
  }
}`;

export async function reportFigures(context: Context): Promise<ReportFigures> {
  const today = isoDate(new Date());
  const fy = financialYear(today);
  const { start, end } = financialYearRange(fy);
  const home = [context.home];
  const everyBranch = [...context.branchIds.values()];

  const dashboard = await timed(RUNS, () =>
    ask(
      context,
      'query D($id: ID) { dashboard(branchId: $id) { tiles { assetsTotal openJobOrders ordersToApprove } spendByMonth { amount } jobsByWeek { opened } assetsByCategory { count } } }',
      { id: context.home },
    ),
  );
  const finance = await timed(RUNS, () =>
    ask(
      context,
      'query F($b: [ID!]!, $f: Date!, $t: Date!) { financeReport(branchIds: $b, from: $f, to: $t) { spendTotal { total } gstTotal { igst } commitmentsTotal { outstanding } } }',
      { b: home, f: start, t: end },
    ),
  );
  const branchAsset = await timed(RUNS, () =>
    ask(
      context,
      'query B($b: [ID!]!, $f: Date!, $t: Date!) { branchAssetReport(branchIds: $b, from: $f, to: $t) { registerTotal { netBook } movementTotal { closing { assets } } } }',
      { b: home, f: start, t: today },
    ),
  );
  let branchAssets = 0;
  // The first answer reads and works out the branch's register; later pages, searches of the same
  // filters and its export reuse those figures until an asset changes (figures-cache.ts).
  const coldStarted = performance.now();
  await ask(context, REGISTER, { branchIds: home, financialYear: fy, pageSize: PAGE_SIZE });
  const registerCold = performance.now() - coldStarted;
  const registerPage = await timed(RUNS, async () => {
    const answer = await ask<{ depreciationSchedule: { totalCount: number } }>(context, REGISTER, {
      branchIds: home,
      financialYear: fy,
      pageSize: PAGE_SIZE,
    });
    branchAssets = answer.depreciationSchedule.totalCount;
  });

  // The whole company, while one user at a time keeps asking for the order list's first page.
  // On a connection of its own: the register's request holds the single one.
  const probe = () =>
    list(context, { branchId: context.home, pageSize: PAGE_SIZE }, context.gateway.many);
  const before = await timed(RUNS, probe);
  const seconds: number[] = [];
  const during: number[] = [];
  let failures = 0;
  let assets = 0;
  for (let run = 0; run < 3; run += 1) {
    let busy = true;
    const probing = (async () => {
      while (busy) {
        const started = performance.now();
        // A probe that fails (timed out behind the register) counts as the time it took.
        await probe().catch(() => {
          failures += 1;
        });
        during.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    // A year of its own each run: each is read and worked out, none served from kept figures.
    const year = financialYear(isoDate(new Date(Date.UTC(Number(fy.slice(0, 4)) - run, 5, 1))));
    const answer = await ask<{ depreciationSchedule: { totalCount: number } }>(context, REGISTER, {
      branchIds: everyBranch,
      financialYear: year,
      pageSize: PAGE_SIZE,
    });
    seconds.push((performance.now() - started) / 1000);
    busy = false;
    await probing;
    assets = answer.depreciationSchedule.totalCount;
  }

  const stop = sampleMemory([context.gatewayService.pid]);
  const exported = await download(
    context.gateway.one,
    `${context.gateway.url}/reports/depreciation.xlsx?branchIds=${everyBranch.join(',')}&financialYear=${fy}`,
    context.token,
  );
  stop();
  if (exported.status !== 200) throw new Error(`register export: HTTP ${exported.status}`);
  return {
    branchAssets,
    dashboard,
    finance,
    branchAsset,
    registerPage,
    registerCold,
    company: { assets, seconds, during: latencyOf(during), failures, before },
    export: {
      rows: assets,
      bytes: exported.bytes,
      seconds: exported.ms / 1000,
      rowsPerSecond: assets / (exported.ms / 1000),
      gatewayPeakMb: memoryOf(context.gatewayService.pid).hwm,
    },
  };
}
