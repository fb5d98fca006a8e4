/**
 * Figures 1–3: CHN-ANN's list at 1 connection (first page, a search, the last page by date), through
 * the gateway and directly; the first page's throughput at 50 connections; the whole list exported.
 */
import { legacyCalls, listFieldNames } from '@branch-assets/legacy-contract';
import autocannon from 'autocannon';
import type { Dispatcher } from 'undici';
import {
  dataOf,
  download,
  graphql,
  type Latency,
  latencyOf,
  legacyCall,
  type Target,
} from './client.ts';
import { memoryOf, type Service, sampleMemory } from './processes.ts';
import {
  CONNECTIONS,
  HOME_BRANCH,
  PAGE_SIZE,
  RATIO_SAMPLES,
  SAMPLES,
  SEARCH,
  SERVICE_WARM_UP,
  THROUGHPUT_SECONDS,
  WARM_UP,
} from './settings.ts';

/** The purchase-order list as the web app asks for it (apps/web/src/features/purchase-orders). */
export const LIST_QUERY = `query PurchaseOrderList(
  $branchId: ID!, $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean,
  $status: PurchaseOrderState
) {
  purchaseOrders(branchId: $branchId, page: $page, pageSize: $pageSize, search: $search,
    sortBy: $sortBy, sortDesc: $sortDesc, status: $status) {
    rows {
      id number billedBranchId billedBranchName shippedBranchName dateText vendorName documentUrl
      status { text background color }
      verification { text background color }
      approval { text background color }
      actions { preview verify approve edit cancel }
    }
    headers { text value align sortable }
    totalCount page pageSize
    options { itemKey itemsPerPage itemsPerPageOptions downloadable excelFileName branchSelect }
    exportUrl
  }
}`;

export interface ListRow {
  id: string;
  number: string;
  billedBranchId: string;
  billedBranchName: string;
  shippedBranchName: string;
  vendorName: string;
  actions: { verify: boolean };
}

export interface ListData {
  purchaseOrders: { rows: ListRow[]; totalCount: number; exportUrl: string | null };
}

export type ListVariables = {
  branchId: string;
  page?: number;
  pageSize?: number;
  search?: string;
  sortBy?: string;
  sortDesc?: boolean;
  status?: string;
};

/** What every figure needs: both servers, tokens, and the branches by code. */
export interface Context {
  gateway: Target;
  legacy: Target;
  gatewayService: Service;
  legacyService: Service;
  /** admin's gateway token and legacy token: the same user both ways. */
  token: string;
  legacyToken: string;
  branchIds: Map<string, string>;
  home: string;
}

export async function list(
  context: Context,
  variables: ListVariables,
  via: Dispatcher = context.gateway.one,
  token = context.token,
): Promise<ListData['purchaseOrders']> {
  const answer = await graphql<ListData>(via, context.gateway.url, token, LIST_QUERY, variables);
  return dataOf(answer, `purchaseOrders ${JSON.stringify(variables)}`).purchaseOrders;
}

/** The gateway's sortBy is the row's GraphQL name; legacy-api's SortBy the legacy one. */
function legacySortBy(sortBy: string): string {
  const legacy = listFieldNames(legacyCalls.purchaseOrderLists).toLegacy.get(sortBy);
  if (!legacy) throw new Error(`sortBy ${sortBy} is not a column of the purchase-order list`);
  return legacy;
}

function directBody(context: Context, variables: Omit<ListVariables, 'branchId'>) {
  return {
    UserInterface: 1,
    Branch: Number(context.home),
    Page: variables.page ?? 1,
    ItemsPerPage: variables.pageSize ?? PAGE_SIZE,
    ...(variables.search ? { Search: variables.search } : {}),
    ...(variables.sortBy ? { SortBy: legacySortBy(variables.sortBy) } : {}),
    ...(variables.sortDesc ? { SortDesc: true } : {}),
  };
}

export interface Search {
  term: string;
  matched: number;
}

/**
 * Search terms of a vendor's name word and a status ('medline cancelled'), with how many of the
 * home branch's orders each matches: figure 1 uses the one nearest 300 (or BENCH_SEARCH), the
 * mixed load those between 50 and 2,000.
 */
export async function searchTerms(context: Context): Promise<{ chosen: Search; all: Search[] }> {
  const count = async (term: string) => ({
    term,
    matched: (await list(context, { branchId: context.home, search: term, pageSize: 1 }))
      .totalCount,
  });
  const sampleRows = (await list(context, { branchId: context.home, pageSize: 1000 })).rows;
  // Words of vendors' names only: a word of a branch's name would match every row.
  const branchWords = new Set(
    sampleRows.flatMap((row) =>
      `${row.billedBranchName} ${row.shippedBranchName}`.toLowerCase().split(/\s+/),
    ),
  );
  const words = [
    ...new Set(sampleRows.map((row) => row.vendorName.split(/\s+/)[0]?.toLowerCase() ?? '')),
  ].filter((word) => word.length >= 4 && !branchWords.has(word));
  const all: Search[] = [];
  for (const word of words.slice(0, 6)) {
    for (const status of ['cancelled', 'rejected', 'completed'])
      all.push(await count(`${word} ${status}`));
  }
  const distance = (search: Search) => Math.abs(Math.log((search.matched + 1) / 300));
  const nearest = [...all].sort((a, b) => distance(a) - distance(b))[0];
  const chosen = SEARCH ? await count(SEARCH) : nearest;
  if (!chosen) throw new Error(`no search terms from the vendors of ${HOME_BRANCH}`);
  return { chosen, all: all.filter((search) => search.matched >= 50 && search.matched <= 2000) };
}

export interface Paired {
  gateway: Latency;
  direct: Latency;
}

/**
 * One list view timed through the gateway and directly, one request at a time, the two taking
 * turns (which goes first alternates), so that whatever else the machine does falls on both alike.
 */
async function paired(
  context: Context,
  variables: Omit<ListVariables, 'branchId'>,
  warmUp = WARM_UP,
  samples = SAMPLES,
): Promise<Paired> {
  const body = directBody(context, variables);
  return pairedCalls(
    () =>
      legacyCall(
        context.legacy.one,
        context.legacy.url,
        'purchase-order/lists',
        body,
        context.legacyToken,
      ),
    () => list(context, { branchId: context.home, pageSize: PAGE_SIZE, ...variables }),
    warmUp,
    samples,
  );
}

/** Two ways to one answer, timed in turns as {@link paired} says. */
export async function pairedCalls(
  direct: () => Promise<unknown>,
  gateway: () => Promise<unknown>,
  warmUp = WARM_UP,
  samples = SAMPLES,
): Promise<Paired> {
  const times = { direct: [] as number[], gateway: [] as number[] };
  const timed = async (name: keyof typeof times, call: () => Promise<unknown>, keep: boolean) => {
    const started = performance.now();
    await call();
    if (keep) times[name].push(performance.now() - started);
  };
  for (let index = 0; index < warmUp + samples; index += 1) {
    const keep = index >= warmUp;
    if (index % 2 === 0) {
      await timed('direct', direct, keep);
      await timed('gateway', gateway, keep);
    } else {
      await timed('gateway', gateway, keep);
      await timed('direct', direct, keep);
    }
  }
  return { gateway: latencyOf(times.gateway), direct: latencyOf(times.direct) };
}

export interface LatencyFigures {
  orders: number;
  /** The first page just after both services started (WARM_UP requests before). */
  firstPageCold: Paired;
  /** The first page once both are warm (SERVICE_WARM_UP requests before). */
  firstPage: Paired;
  search: Search & Paired;
  searchTerms: Search[];
  lastPage: Paired & { page: number };
}

export async function latencies(context: Context): Promise<LatencyFigures> {
  const first = await list(context, { branchId: context.home, pageSize: PAGE_SIZE });
  const orders = first.totalCount;
  const lastPage = Math.max(1, Math.ceil(orders / PAGE_SIZE));
  const terms = await searchTerms(context);
  const firstPageCold = await paired(context, {});
  return {
    orders,
    firstPageCold,
    firstPage: await paired(context, {}, SERVICE_WARM_UP, RATIO_SAMPLES),
    search: { ...terms.chosen, ...(await paired(context, { search: terms.chosen.term })) },
    searchTerms: terms.all,
    lastPage: {
      page: lastPage,
      ...(await paired(context, { page: lastPage, sortBy: 'dateText' })),
    },
  };
}

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  /** Mean time a request takes by Little's law: connections ÷ rate. */
  littleMs: number;
  failures: number;
  /** How long legacy-api took afterwards to work off the requests still queued. */
  drainMs: number;
}

/**
 * Waits until legacy-api has worked off what a load run left queued: it still answers the
 * requests of connections the load generator closed, and the next figure would wait behind them.
 * One list call at a time until one answers quickly (at most two minutes); milliseconds waited.
 */
async function drain(context: Context, quickMs: number): Promise<number> {
  const started = performance.now();
  const body = directBody(context, {});
  while (performance.now() - started < 120_000) {
    const at = performance.now();
    await legacyCall(
      context.legacy.one,
      context.legacy.url,
      'purchase-order/lists',
      body,
      context.legacyToken,
    );
    if (performance.now() - at < quickMs) break;
  }
  return performance.now() - started;
}

async function load(
  context: Context,
  quickMs: number,
  request: { url: string; body: string; token: string },
): Promise<Throughput> {
  const options = {
    url: request.url,
    method: 'POST' as const,
    body: request.body,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
    timeout: 30,
  };
  await autocannon({ ...options, duration: 2 });
  await drain(context, quickMs);
  const result = await autocannon({ ...options, duration: THROUGHPUT_SECONDS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    littleMs: (1000 * CONNECTIONS) / result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
    drainMs: await drain(context, quickMs),
  };
}

/** The first page at 50 connections, directly and through the gateway (quickMs: see drain). */
export async function throughput(
  context: Context,
  quickMs: number,
): Promise<{ gateway: Throughput; direct: Throughput }> {
  const direct = await load(context, quickMs, {
    url: `${context.legacy.url}/api/purchase-order/lists`,
    body: JSON.stringify(directBody(context, {})),
    token: context.legacyToken,
  });
  const gateway = await load(context, quickMs, {
    url: `${context.gateway.url}/graphql`,
    body: JSON.stringify({
      query: LIST_QUERY,
      variables: { branchId: context.home, pageSize: PAGE_SIZE },
    }),
    token: context.token,
  });
  return { gateway, direct };
}

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** Each export's rows per second, in the order they ran (exportRuns). */
  runs?: number[];
  /** The gateway's peak resident set over its life so far (VmHWM), and sampled during the export. */
  gatewayPeakMb: number;
  gatewaySampledPeakMb: number;
  /** The gateway's resident set just before the export, and its peak until then. */
  gatewayBeforeMb: number;
  gatewayPeakBeforeMb: number;
  legacyBeforeMb: number;
  legacyPeakMb: number;
  legacyIncreaseMb: number;
}

/**
 * The whole list exported `runs` times one after another: the median export's time, each one's
 * rate, and memory over all of them (the gateway's VmHWM at the end, legacy-api's largest rise over
 * its level before an export). One export's time moved by a third from run to run on this shared
 * machine (1.5 s and 2.1 s for the same code, in two benches an hour apart).
 */
export async function exportRuns(context: Context, runs: number): Promise<ExportFigures> {
  const all: ExportFigures[] = [];
  for (let run = 0; run < runs; run += 1) all.push(await exportAll(context));
  const bySeconds = [...all].sort((a, b) => a.seconds - b.seconds);
  const median = bySeconds[Math.floor((bySeconds.length - 1) / 2)];
  const first = all[0];
  const last = all.at(-1);
  if (!median || !first || !last) throw new Error('no export was run');
  const rising = all.reduce((most, e) => (e.legacyIncreaseMb > most.legacyIncreaseMb ? e : most));
  return {
    ...median,
    runs: all.map((e) => e.rowsPerSecond),
    gatewayPeakMb: last.gatewayPeakMb,
    gatewaySampledPeakMb: Math.max(...all.map((e) => e.gatewaySampledPeakMb)),
    gatewayBeforeMb: first.gatewayBeforeMb,
    gatewayPeakBeforeMb: first.gatewayPeakBeforeMb,
    legacyBeforeMb: rising.legacyBeforeMb,
    legacyPeakMb: rising.legacyPeakMb,
    legacyIncreaseMb: rising.legacyIncreaseMb,
  };
}

/** The home branch's whole list as a workbook, through the gateway, to its last byte. */
export async function exportAll(context: Context): Promise<ExportFigures> {
  const first = await list(context, { branchId: context.home, pageSize: 1 });
  if (!first.exportUrl) throw new Error('admin may not download the list');
  const legacyBefore = memoryOf(context.legacyService.pid).rss;
  const gatewayBefore = memoryOf(context.gatewayService.pid);
  const stop = sampleMemory([context.gatewayService.pid, context.legacyService.pid]);
  const result = await download(
    context.gateway.one,
    `${context.gateway.url}${first.exportUrl}`,
    context.token,
  );
  const [gatewayPeak = 0, legacyPeak = 0] = stop();
  if (result.status !== 200) throw new Error(`export: HTTP ${result.status}`);
  return {
    rows: first.totalCount,
    bytes: result.bytes,
    seconds: result.ms / 1000,
    rowsPerSecond: first.totalCount / (result.ms / 1000),
    gatewayPeakMb: memoryOf(context.gatewayService.pid).hwm,
    gatewaySampledPeakMb: gatewayPeak,
    gatewayBeforeMb: gatewayBefore.rss,
    gatewayPeakBeforeMb: gatewayBefore.hwm,
    legacyBeforeMb: legacyBefore,
    legacyPeakMb: legacyPeak,
    legacyIncreaseMb: legacyPeak - legacyBefore,
  };
}
