/** The final table, figure | target | PGlite | PostgreSQL, for the console and as markdown. */
import type { ExportFigures, LatencyFigures, Throughput } from './api.ts';
import type { AssetFigures } from './assets.ts';
import type { BrowserFigures } from './browser.ts';
import { percentile } from './client.ts';
import type { MixFigures } from './mix.ts';
import type { ProcurementFigures } from './procurement.ts';
import { ORDER_LINES, RECEIVED_UNITS } from './procurement.ts';
import type { ReportFigures } from './reports.ts';
import { BROWSER_RUNS, HOME_BRANCH, MIX_SECONDS, ONLY, PAGE_SIZE, SCALE } from './settings.ts';

export interface HalfFigures {
  database: string;
  /** Seconds the seed took in this run, or null when a seeded database was reused. */
  seedSeconds: number | null;
  latency: LatencyFigures;
  export: ExportFigures;
  throughput: { gateway: Throughput; direct: Throughput };
  browser: BrowserFigures;
  mix: MixFigures;
  assets: AssetFigures;
  procurement: ProcurementFigures;
  reports: ReportFigures;
  /** How long the half took, start to stop. */
  seconds: number;
}

/** BENCH_ONLY=procurement or reports: figure 7 or figure 8 alone. */
export type SoloHalf = Pick<HalfFigures, 'database' | 'seedSeconds' | 'seconds'> &
  Partial<Pick<HalfFigures, 'procurement' | 'reports'>>;
type ProcurementHalf = Pick<HalfFigures, 'procurement'>;
type ReportsHalf = Pick<HalfFigures, 'reports'>;

/** One database's figures: all of them, or figure 7's or 8's alone. */
export type Measured = HalfFigures | SoloHalf;

/** A column of the table: the figures, or why there are none. */
export type Column = Measured | { skipped: string };

interface Cell {
  text: string;
  /** Whether the target is met; undefined when the figure has no target. */
  met?: boolean;
}

interface Row<Figures = HalfFigures> {
  figure: string;
  target: string;
  cell: (half: Figures) => Cell;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const mb = (value: number) => `${Math.round(value)} MB`;
const rate = (value: number) => value.toFixed(value < 20 ? 1 : 0);
/** Sub-millisecond times to the microsecond. */
const fine = (value: number) => (value < 1 ? `${value.toFixed(3)} ms` : ms(value));
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

const ROWS: Row[] = [
  {
    figure: `${HOME_BRANCH}'s orders (SEED_SCALE=${whole(SCALE)})`,
    target: '≥ 100,000',
    cell: (h) => ({ text: whole(h.latency.orders), met: h.latency.orders >= 100_000 }),
  },
  {
    figure: `First page (${PAGE_SIZE} rows), gateway, 1 connection: p50 / p95`,
    target: 'p95 ≤ 150 ms',
    cell: ({ latency: { firstPage } }) => ({
      text: `${ms(firstPage.gateway.p50)} / ${ms(firstPage.gateway.p95)}`,
      met: firstPage.gateway.p95 <= 150,
    }),
  },
  {
    figure: 'First page, legacy-api direct: p50 / p95',
    target: '',
    cell: ({ latency: { firstPage } }) => ({
      text: `${ms(firstPage.direct.p50)} / ${ms(firstPage.direct.p95)}`,
    }),
  },
  {
    figure: 'First page: gateway p50 ÷ direct p50',
    target: '≤ 1.15×',
    cell: ({ latency: { firstPage } }) => {
      const ratio = firstPage.gateway.p50 / firstPage.direct.p50;
      return { text: `${ratio.toFixed(2)}×`, met: ratio <= 1.15 };
    },
  },
  {
    figure: 'the same just after start (cold): gateway p50 / direct p50',
    target: '',
    cell: ({ latency: { firstPageCold: cold } }) => ({
      text: `${ms(cold.gateway.p50)} / ${ms(cold.direct.p50)} = ${(cold.gateway.p50 / cold.direct.p50).toFixed(2)}×`,
    }),
  },
  {
    figure: 'Search of a few hundred rows, gateway: p95',
    target: '≤ 300 ms',
    cell: ({ latency: { search } }) => ({
      text: `${ms(search.gateway.p95)} ("${search.term}": ${whole(search.matched)} rows)`,
      met: search.gateway.p95 <= 300,
    }),
  },
  {
    figure: 'Search, legacy-api direct: p95',
    target: '',
    cell: ({ latency: { search } }) => ({ text: ms(search.direct.p95) }),
  },
  {
    figure: 'Last page sorted by date, gateway: p95',
    target: '≤ 300 ms',
    cell: ({ latency: { lastPage } }) => ({
      text: `${ms(lastPage.gateway.p95)} (page ${whole(lastPage.page)})`,
      met: lastPage.gateway.p95 <= 300,
    }),
  },
  {
    figure: 'Last page sorted by date, legacy-api direct: p95',
    target: '',
    cell: ({ latency: { lastPage } }) => ({ text: ms(lastPage.direct.p95) }),
  },
  {
    figure: 'First page at 50 connections: gateway / direct',
    target: '',
    cell: ({ throughput: { gateway, direct } }) => ({
      text: `${rate(gateway.rps)} / ${rate(direct.rps)} req/s`,
    }),
  },
  {
    figure: 'Throughput: gateway ÷ direct',
    target: '≥ 0.85×',
    cell: ({ throughput: { gateway, direct } }) => {
      const ratio = gateway.rps / direct.rps;
      return { text: `${ratio.toFixed(2)}×`, met: ratio >= 0.85 };
    },
  },
  {
    figure: `Browser: Search → first ${HOME_BRANCH} row, median of ${BROWSER_RUNS}`,
    target: '≤ 1.5 s',
    cell: ({ browser }) =>
      'skipped' in browser
        ? { text: `not run: ${browser.skipped}` }
        : { text: `${(browser.median / 1000).toFixed(2)} s`, met: browser.median <= 1500 },
  },
  {
    figure: `Export of ${HOME_BRANCH}'s whole list through the gateway`,
    target: '≥ 50,000 rows/s',
    cell: ({ export: e }) => ({
      text: `${whole(e.rowsPerSecond)} rows/s (${whole(e.rows)} rows, ${e.seconds.toFixed(1)} s; median of ${(e.runs ?? []).map((rate) => whole(rate)).join(', ')})`,
      met: e.rowsPerSecond >= 50_000 && e.rows >= 100_000,
    }),
  },
  {
    figure: "Export: the gateway's peak RSS (VmHWM)",
    target: '≤ 256 MB',
    cell: ({ export: e }) => ({
      text: `${mb(e.gatewayPeakMb)} (${mb(e.gatewayBeforeMb)} before the exports)`,
      met: e.gatewayPeakMb <= 256,
    }),
  },
  {
    figure: "Export: legacy-api's RSS above its level before",
    target: '≤ 128 MB',
    cell: ({ export: e }) => ({
      text: `+${mb(e.legacyIncreaseMb)} (${mb(e.legacyBeforeMb)} → ${mb(e.legacyPeakMb)})`,
      met: e.legacyIncreaseMb <= 128,
    }),
  },
  {
    figure: `Mixed load, 50 connections, ${MIX_SECONDS} s: throughput`,
    target: '(issue: ~56 req/s on PGlite before)',
    cell: ({ mix }) => ({ text: `${rate(mix.rps)} req/s (${whole(mix.requests)} requests)` }),
  },
  {
    figure: 'Mixed load: p50 / p99',
    target: '',
    cell: ({ mix }) => ({ text: `${ms(mix.all.p50)} / ${ms(mix.all.p99)}` }),
  },
  {
    figure: 'Mixed load: errors',
    target: '',
    cell: ({ mix }) => {
      const errors = Object.entries(mix.errors);
      const total = errors.reduce((sum, [, count]) => sum + count, 0);
      return {
        text:
          total === 0
            ? '0'
            : `${whole(total)} of ${whole(mix.requests)} (${((100 * total) / mix.requests).toFixed(1)}%): ${errors.map(([kind, count]) => `${kind} ×${count}`).join('; ')}`,
      };
    },
  },
  {
    figure: 'Assets in the register (all branches)',
    target: '≥ 300,000',
    cell: ({ assets }) => ({ text: whole(assets.assets), met: assets.assets >= 300_000 }),
  },
  {
    figure: `Register, all branches, first page (${PAGE_SIZE} rows), gateway: p50 / p95`,
    target: 'p95 ≤ 150 ms',
    cell: ({ assets: { firstPage } }) => ({
      text: `${ms(firstPage.gateway.p50)} / ${ms(firstPage.gateway.p95)} (direct p95 ${ms(firstPage.direct.p95)})`,
      met: firstPage.gateway.p95 <= 150,
    }),
  },
  ...(['tag', 'serial'] as const).map(
    (kind): Row => ({
      figure: `Register searched for an exact ${kind === 'tag' ? 'tag' : 'serial number'}, gateway: p95`,
      target: '≤ 50 ms',
      cell: ({ assets }) => ({
        text: `${ms(assets[kind].gateway.p95)} ("${assets[kind].term}": ${whole(assets[kind].matched)} rows; direct p95 ${ms(assets[kind].direct.p95)})`,
        met: assets[kind].gateway.p95 <= 50,
      }),
    }),
  ),
  {
    figure: 'Register, free-text search, gateway: p95',
    target: '≤ 300 ms',
    cell: ({ assets: { freeText } }) => ({
      text: `${ms(freeText.gateway.p95)} ("${freeText.term}": ${whole(freeText.matched)} rows; direct p95 ${ms(freeText.direct.p95)})`,
      met: freeText.gateway.p95 <= 300,
    }),
  },
  {
    figure: 'QR labels for 240 assets (10 A4 sheets), slowest of 3',
    target: '≤ 2 s',
    cell: ({ assets: { labels } }) => {
      const slowest = Math.max(...labels.ms);
      return {
        text: `${(slowest / 1000).toFixed(2)} s (${labels.count} labels, ${Math.round(labels.bytes / 1024)} KB)`,
        met: slowest <= 2000 && labels.count === 240,
      };
    },
  },
  {
    figure: 'Bulk upload check of 10,000 rows',
    target: '≤ 20 s',
    cell: ({ assets: { bulk } }) => ({
      text: `${bulk.seconds.toFixed(1)} s (${whole(bulk.problems)} rows with problems)`,
      met: bulk.seconds <= 20,
    }),
  },
  {
    figure: "the register's first page meanwhile: p50 / p95 (before: p50 / p95)",
    target: 'answered throughout',
    cell: ({ assets: { bulk } }) => ({
      text: `${ms(bulk.during.p50)} / ${ms(bulk.during.p95)}, ${bulk.during.samples} requests (${ms(bulk.before.p50)} / ${ms(bulk.before.p95)})`,
      met: bulk.during.samples > 0 && bulk.during.p95 <= 1000,
    }),
  },
];

/** Figure 7, procurement (bench/scale/procurement.ts): also printed alone (BENCH_ONLY). */
const PROCUREMENT_ROWS: Row<ProcurementHalf>[] = [
  {
    figure: `Order totals of ${ORDER_LINES} lines (computePurchaseOrderTotals, the form's live totals): p50 / p95`,
    target: 'p95 ≤ 16 ms (a frame)',
    cell: ({ procurement: { totals } }) => ({
      text: `${fine(totals.latency.p50)} / ${fine(totals.latency.p95)} over ${whole(totals.runs)} runs in Node (first call, cold, ${fine(totals.firstMs)})`,
      met: totals.latency.p95 <= 16,
    }),
  },
  ...(['created', 'changed'] as const).map(
    (kind): Row<ProcurementHalf> => ({
      figure:
        kind === 'created'
          ? `Saving a ${ORDER_LINES}-line order through the gateway (savePurchaseOrder, manager), a new draft: p50 / p95`
          : 'the same order saved again with a change (its lines replaced): p50 / p95',
      target: 'p95 ≤ 300 ms',
      cell: ({ procurement: { save } }) => ({
        text: `${ms(save[kind].p50)} / ${ms(save[kind].p95)} (${save[kind].samples} saves${kind === 'created' ? `, ${Math.round(save.bytes / 1024)} KB request` : ''})`,
        met: save[kind].samples >= 30 && save[kind].p95 <= 300,
      }),
    }),
  ),
  {
    figure: `PDF of a ${ORDER_LINES}-line approved order (GET /purchase-orders/<id>/order.pdf): p95 of 10`,
    target: '≤ 1 s',
    cell: ({ procurement: { pdf } }) => {
      const p95 = percentile(pdf.ms, 95);
      return {
        text: `${seconds(p95)} (p50 ${seconds(percentile(pdf.ms, 50))}, first ${seconds(pdf.ms[0] ?? Number.NaN)}; ${pdf.pages} pages, ${Math.round(pdf.bytes / 1024)} KB)`,
        met: p95 <= 1000,
      };
    },
  },
  {
    figure: `Goods receive note creating ${whole(RECEIVED_UNITS)} assets (saveGoodsReceiptNote): slowest of 3`,
    target: '≤ 3 s',
    cell: ({ procurement: { receipt } }) => {
      const slowest = Math.max(...receipt.seconds);
      return {
        text: `${slowest.toFixed(2)} s (${receipt.seconds.map((run) => run.toFixed(2)).join(', ')} s; ${receipt.accepted.map(whole).join(', ')} accepted)`,
        met: slowest <= 3 && receipt.accepted.every((units) => units === RECEIVED_UNITS),
      };
    },
  },
  {
    figure:
      "the purchase-order list's first page meanwhile: p50 / p95, slowest (before: p50 / p95)",
    target: 'answered throughout',
    cell: ({ procurement: { receipt } }) => ({
      text: `${ms(receipt.during.p50)} / ${ms(receipt.during.p95)}, slowest ${ms(receipt.slowestDuring)}, ${receipt.during.samples} requests (${ms(receipt.before.p50)} / ${ms(receipt.before.p95)})`,
      met: receipt.during.samples > receipt.seconds.length && receipt.during.p95 <= 1000,
    }),
  },
];

/** Figure 8, reports (bench/scale/reports.ts): also printed alone (BENCH_ONLY=reports). */
const REPORT_ROWS: Row<ReportsHalf>[] = [
  {
    figure: `Dashboard of ${HOME_BRANCH} (dashboard(branchId)): p50 / p95`,
    target: '≤ 1 s',
    cell: ({ reports: { dashboard } }) => ({
      text: `${ms(dashboard.p50)} / ${ms(dashboard.p95)}`,
      met: dashboard.p95 <= 1000,
    }),
  },
  ...(
    [
      ['finance', `Finance report of ${HOME_BRANCH}, this financial year: p50 / p95`],
      ['branchAsset', `Branch asset report of ${HOME_BRANCH}, register and movement: p50 / p95`],
      [
        'registerPage',
        `Fixed asset register of ${HOME_BRANCH}, first page with both books' totals: p50 / p95`,
      ],
    ] as const
  ).map(
    ([key, figure]): Row<ReportsHalf> => ({
      figure,
      target: '≤ 2 s',
      cell: ({ reports }) => ({
        text: `${ms(reports[key].p50)} / ${ms(reports[key].p95)}${key === 'registerPage' ? ` (${whole(reports.branchAssets)} assets; the first, reading and working them out, ${ms(reports.registerCold)})` : ''}`,
        met: reports[key].p95 <= 2000 && (key !== 'registerPage' || reports.registerCold <= 2000),
      }),
    }),
  ),
  {
    figure: 'Fixed asset register of the whole company, both books, one year: slowest of 3',
    target: '≤ 30 s',
    cell: ({ reports: { company } }) => {
      const slowest = Math.max(...company.seconds);
      return {
        text: `${slowest.toFixed(1)} s for ${whole(company.assets)} assets (${company.seconds.map((run) => run.toFixed(1)).join(', ')} s)`,
        met: slowest <= 30,
      };
    },
  },
  {
    figure: "the purchase-order list's first page meanwhile: p50 / p95 (before: p50 / p95)",
    target: 'not blocked',
    cell: ({ reports: { company } }) => ({
      text: `${ms(company.during.p50)} / ${ms(company.during.p95)}, ${company.during.samples} requests, ${company.failures} failed (${ms(company.before.p50)} / ${ms(company.before.p95)})`,
      met:
        company.failures === 0 &&
        company.during.samples > company.seconds.length &&
        company.during.p95 <= 1000,
    }),
  },
  {
    figure: "The whole company's register as Excel (GET /reports/depreciation.xlsx)",
    target: 'export targets',
    cell: ({ reports: { export: e } }) => ({
      text: `${whole(e.rows)} rows in ${e.seconds.toFixed(1)} s (${whole(Math.round(e.rowsPerSecond))} rows/s, ${(e.bytes / 1048576).toFixed(1)} MB); gateway VmHWM ${mb(e.gatewayPeakMb)}`,
    }),
  },
];

/** After every figure. */
const CLOSING_ROWS: Row[] = [
  {
    figure: 'Login page, cold cache',
    target: '≤ 350 KB',
    cell: () => ({ text: 'printed by apps/web/bench/login-transfer.ts' }),
  },
  {
    figure: `Seeding SEED_SCALE=${whole(SCALE)}`,
    target: 'minutes',
    cell: ({ seedSeconds }) => ({
      text: seedSeconds === null ? 'reused' : `${(seedSeconds / 60).toFixed(1)} min`,
    }),
  },
];

function textOf(cell: () => Cell): string {
  try {
    const { text, met } = cell();
    return met === undefined ? text : `${text} ${met ? '✓' : '✗ missed'}`;
  } catch (error) {
    return `n/a (${(error as Error).message})`;
  }
}

/** A row's cell in a column: a row of figures 1–6 has none in a column of figure 7 alone. */
function cellOf(row: Row, column: Column): string {
  if ('skipped' in column) return `not run: ${column.skipped}`;
  if (!('latency' in column)) return 'not run: BENCH_ONLY';
  return textOf(() => row.cell(column));
}

function soloCellOf<Part extends 'procurement' | 'reports'>(
  part: Part,
  row: Row<Pick<HalfFigures, Part>>,
  column: Column,
): string {
  if ('skipped' in column) return `not run: ${column.skipped}`;
  const figures = column[part];
  if (figures === undefined) return `not run: BENCH_ONLY`;
  return textOf(() => row.cell({ [part]: figures } as Pick<HalfFigures, Part>));
}

function table(columns: readonly [Column, Column]): string[][] {
  const line = (row: Row | Row<ProcurementHalf> | Row<ReportsHalf>, cells: string[]) => [
    row.figure,
    row.target,
    ...cells,
  ];
  const procurement = PROCUREMENT_ROWS.map((row) =>
    line(
      row,
      columns.map((column) => soloCellOf('procurement', row, column)),
    ),
  );
  const reports = REPORT_ROWS.map((row) =>
    line(
      row,
      columns.map((column) => soloCellOf('reports', row, column)),
    ),
  );
  const others = (rows: Row[]) =>
    rows.map((row) =>
      line(
        row,
        columns.map((column) => cellOf(row, column)),
      ),
    );
  // Figure 7 or 8 alone: its rows only.
  const all = columns.some((column) => 'latency' in column);
  const solo = ONLY === 'reports' ? reports : procurement;
  return [
    ['figure', 'target', 'PGlite', 'PostgreSQL'],
    ...(all ? [...others(ROWS), ...procurement, ...reports, ...others(CLOSING_ROWS)] : solo),
  ];
}

export function consoleTable(columns: readonly [Column, Column]): string {
  const cells = table(columns);
  const widths = (cells[0] ?? []).map((_, index) =>
    Math.max(...cells.map((row) => (row[index] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join(' | ')
      .trimEnd();
  const [head = [], ...body] = cells;
  return [line(head), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join(
    '\n',
  );
}

export function markdownTable(
  columns: readonly [Column, Column],
  notes: readonly string[],
): string {
  const escaped = (cell: string) => cell.replaceAll('|', '\\|');
  const [head = [], ...body] = table(columns);
  return [
    `# Scale bench (apps/bff/bench/scale.ts), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    ...notes.map((note) => `- ${note}`),
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...body.map((row) => `| ${row.map(escaped).join(' | ')} |`),
    '',
    ...details(columns),
  ].join('\n');
}

/** The figures behind the table's cells: each request kind of the mixed load, throughput runs. */
function details(columns: readonly [Column, Column]): string[] {
  return columns.flatMap((column) => {
    if ('skipped' in column) return [];
    const { procurement } = column;
    const procurementDetails = procurement
      ? [
          `- figure 7: the PDF of ${procurement.pdf.lines} lines, each of ${procurement.pdf.ms.length} runs: ${procurement.pdf.ms.map((run) => ms(run)).join(', ')}`,
        ]
      : [];
    if (!('latency' in column)) return [`## ${column.database}`, '', ...procurementDetails, ''];
    const { mix, throughput, browser, export: e } = column;
    return [
      `## ${column.database}`,
      '',
      `- export: ${(e.bytes / 1048576).toFixed(1)} MB; the gateway's RSS ${mb(e.gatewayBeforeMb)} before, sampled peak ${mb(e.gatewaySampledPeakMb)}`,
      ...('skipped' in browser
        ? []
        : [
            `- browser, Search → first row: ${browser.runs.map((run) => ms(run)).join(', ')}; the last /graphql answer after the click ended at ${browser.graphql.map((run) => ms(run)).join(', ')}`,
          ]),
      ...Object.entries(throughput).map(
        ([name, run]) =>
          `- first page at 50 connections, ${name}: ${run.rps.toFixed(1)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, connections ÷ rate ${Math.round(run.littleMs)} ms, failures ${run.failures}, legacy-api's queue worked off ${(run.drainMs / 1000).toFixed(1)} s after the run`,
      ),
      `- mixed load: ${mix.decided} of ${mix.pool} pending orders verified`,
      ...Object.entries(mix.byKind).map(
        ([kind, figures]) =>
          `- mixed load, ${kind}: ${whole(figures.samples)} requests, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}`,
      ),
      ...procurementDetails,
      '',
    ];
  });
}
