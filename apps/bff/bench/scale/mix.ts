/**
 * Figure 5: a mixed load through the gateway at 50 connections: list pages of CHN-ANN at random
 * pages, searches, small exports (a search of a few hundred rows) and decisions (the verifier
 * verifies pending orders of the branches they work in, each once). Requests per second, p50/p99,
 * and the errors by kind (non-2xx answers, GraphQL errors, failed connections).
 */
import { type Context, LIST_QUERY, type ListRow, list, type Search } from './api.ts';
import { dataOf, download, graphql, type Latency, latencyOf } from './client.ts';
import { CONNECTIONS, MIX_SECONDS, PAGE_SIZE } from './settings.ts';

const KINDS = ['list page', 'search', 'export', 'decision'] as const;
type Kind = (typeof KINDS)[number];
/** Shares of the mix (out of 100). */
const WEIGHTS: Record<Kind, number> = { 'list page': 50, search: 25, export: 5, decision: 20 };
/** Pending orders fetched for the decisions: more than 50 connections decide in the run. */
const POOL = 5000;

const VERIFY = `mutation VerifyPurchaseOrder($input: PurchaseOrderDecisionInput!) {
  verifyPurchaseOrder(input: $input) {
    message
    purchaseOrder {
      id number billedBranchId billedBranchName shippedBranchName dateText vendorName documentUrl
      status { text background color }
      verification { text background color }
      approval { text background color }
      actions { preview verify approve edit cancel }
    }
  }
}`;

export interface MixFigures {
  seconds: number;
  requests: number;
  rps: number;
  all: Latency;
  byKind: Record<string, Latency>;
  /** Failed requests by what failed: `<kind>: HTTP 429`, `<kind>: GraphQL RATE_LIMITED`, … */
  errors: Record<string, number>;
  pool: number;
  decided: number;
}

/** Pending orders the verifier may verify, in the branches they work in (CHN-ANN first). */
async function pendingPool(context: Context, verifierToken: string): Promise<ListRow[]> {
  const answer = await graphql<{ branchOptions: { value: string; text: string }[] }>(
    context.gateway.one,
    context.gateway.url,
    verifierToken,
    '{ branchOptions { value text } }',
    {},
  );
  const branches = dataOf(answer, 'branchOptions').branchOptions.map((option) => option.value);
  branches.sort((a, b) => Number(b === context.home) - Number(a === context.home));
  const pool: ListRow[] = [];
  for (const branchId of branches) {
    for (let page = 1; pool.length < POOL; page += 1) {
      const { rows } = await list(
        context,
        { branchId, status: 'PENDING', pageSize: 1000, page },
        context.gateway.one,
        verifierToken,
      );
      pool.push(...rows.filter((row) => row.actions.verify));
      if (rows.length < 1000) break;
    }
    if (pool.length >= POOL) break;
  }
  // Shuffled, so the decisions fall across the branches and years.
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [pool[index], pool[other]] = [pool[other] as ListRow, pool[index] as ListRow];
  }
  return pool;
}

function pickKind(): Kind {
  let roll = Math.random() * 100;
  for (const kind of KINDS) {
    roll -= WEIGHTS[kind];
    if (roll < 0) return kind;
  }
  return 'list page';
}

export async function mixedLoad(
  context: Context,
  verifierToken: string,
  /** Searches of a few hundred rows (or at least the one of figure 1). */
  searches: readonly Search[],
  orders: number,
): Promise<MixFigures> {
  const pool = await pendingPool(context, verifierToken);
  const poolSize = pool.length;
  const exportUrls = await Promise.all(
    searches.map(async ({ term }) => {
      const { exportUrl } = await list(context, {
        branchId: context.home,
        search: term,
        pageSize: 1,
      });
      if (!exportUrl) throw new Error('admin may not download the list');
      return `${context.gateway.url}${exportUrl}`;
    }),
  );
  const pages = Math.max(1, Math.ceil(orders / PAGE_SIZE));
  const random = <T>(items: readonly T[]): T =>
    items[Math.floor(Math.random() * items.length)] as T;
  const { gateway } = context;

  /** One request of the kind; an error's kind, or null when it succeeded. */
  async function one(kind: Kind): Promise<string | null> {
    const listed = async (variables: Record<string, unknown>) => {
      const answer = await graphql(gateway.many, gateway.url, context.token, LIST_QUERY, {
        branchId: context.home,
        pageSize: PAGE_SIZE,
        ...variables,
      });
      return answerError(answer);
    };
    if (kind === 'list page') return listed({ page: 1 + Math.floor(Math.random() * pages) });
    if (kind === 'search') return listed({ search: random(searches).term });
    if (kind === 'export') {
      const result = await download(gateway.many, random(exportUrls), context.token);
      return result.status === 200 ? null : `HTTP ${result.status}`;
    }
    const order = pool.pop();
    if (!order) return listed({ page: 1 });
    const answer = await graphql(gateway.many, gateway.url, verifierToken, VERIFY, {
      input: {
        id: order.id,
        number: order.number,
        billedBranchId: order.billedBranchId,
        decision: 'ACCEPT',
        reason: 'Checked by the scale bench.',
      },
    });
    return answerError(answer);
  }

  const times: number[] = [];
  const byKind = new Map<string, number[]>();
  const errors: Record<string, number> = {};
  let decided = 0;
  const started = performance.now();
  const deadline = started + MIX_SECONDS * 1000;
  async function worker() {
    while (performance.now() < deadline) {
      let kind: string = pickKind();
      if (kind === 'decision' && pool.length === 0) kind = 'list page (no order left to decide)';
      const at = performance.now();
      let error: string | null;
      try {
        error = await one(kind as Kind);
      } catch (failure) {
        error = `network ${(failure as { code?: string }).code ?? (failure as Error).message}`;
      }
      const ms = performance.now() - at;
      times.push(ms);
      const samples = byKind.get(kind) ?? [];
      samples.push(ms);
      byKind.set(kind, samples);
      if (error) errors[`${kind}: ${error}`] = (errors[`${kind}: ${error}`] ?? 0) + 1;
      else if (kind === 'decision') decided += 1;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    requests: times.length,
    rps: times.length / seconds,
    all: latencyOf(times),
    byKind: Object.fromEntries([...byKind].map(([kind, samples]) => [kind, latencyOf(samples)])),
    errors,
    pool: poolSize,
    decided,
  };
}

function answerError(answer: { status: number; errors?: { extensions?: { code?: string } }[] }) {
  const code = answer.errors?.[0]?.extensions?.code;
  if (answer.status !== 200) return `HTTP ${answer.status}${code ? ` ${code}` : ''}`;
  if (answer.errors?.length) return `GraphQL ${code ?? 'error'}`;
  return null;
}
