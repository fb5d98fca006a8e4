/** One database's figures: legacy-api and the gateway started on it, figures 1–7, both stopped. */
import { type Context, exportRuns, latencies, throughput } from './api.ts';
import { assetFigures } from './assets.ts';
import { type BrowserFigures, browserFigures } from './browser.ts';
import { closeTarget, dataOf, gatewayToken, graphql, legacyToken, target } from './client.ts';
import { pinPostgres, postgresSeeded } from './database.ts';
import { mixedLoad } from './mix.ts';
import { type Pinning, type Service, startGateway, startLegacy } from './processes.ts';
import { type ProcurementFigures, procurementFigures } from './procurement.ts';
import type { Measured } from './report.ts';
import { type ReportFigures, reportFigures } from './reports.ts';
import { EXPORT_RUNS, HOME_BRANCH, MIX_SECONDS, ONLY, SCALE } from './settings.ts';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const list = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(', ');

function describeBrowser(browser: BrowserFigures): string {
  if ('skipped' in browser) return `skipped: ${browser.skipped}`;
  const operations = Object.entries(browser.operations)
    .map(([name, count]) => `${name} ×${count}`)
    .join(', ');
  return [
    `Search → rows: ${list(browser.runs)} ms (median ${browser.median.toFixed(0)})`,
    `the last /graphql answer after the click ended at ${list(browser.graphql)} ms (${browser.requests.join(', ')} requests: ${operations})`,
    `login → rows ${list(browser.loginToRows)} ms`,
  ].join('; ');
}

/** Figure 7, logged as it is measured. */
async function procurement(
  context: Context,
  log: (text: string) => void,
): Promise<ProcurementFigures> {
  log('7. procurement');
  const figures = await procurementFigures(context);
  const { totals, save, pdf, receipt } = figures;
  log(
    `   totals of ${totals.lines} lines: p50 ${totals.latency.p50.toFixed(3)} ms, p95 ${totals.latency.p95.toFixed(3)} ms over ${totals.runs} runs (first call ${totals.firstMs.toFixed(2)} ms)`,
  );
  log(
    `   saving ${save.lines} lines: a new draft p50 ${ms(save.created.p50)} p95 ${ms(save.created.p95)}; saved again p50 ${ms(save.changed.p50)} p95 ${ms(save.changed.p95)} (${save.created.samples} + ${save.changed.samples} saves)`,
  );
  log(`   PDF of ${pdf.lines} lines (${pdf.pages} pages, ${pdf.bytes} bytes): ${list(pdf.ms)} ms`);
  log(
    `   goods receive notes of ${receipt.units} assets each: ${receipt.seconds.map((run) => run.toFixed(2)).join(', ')} s (${receipt.accepted.join(', ')} accepted); the list's first page meanwhile p50 ${ms(receipt.during.p50)} p95 ${ms(receipt.during.p95)}, slowest ${ms(receipt.slowestDuring)} (${receipt.during.samples} requests; before p50 ${ms(receipt.before.p50)} p95 ${ms(receipt.before.p95)})`,
  );
  return figures;
}

/** Figure 8, logged as it is measured. */
async function reports(context: Context, log: (text: string) => void): Promise<ReportFigures> {
  log('8. reports');
  const figures = await reportFigures(context);
  const { dashboard, finance, branchAsset, registerPage, company, export: e } = figures;
  log(`   dashboard p50 ${ms(dashboard.p50)} p95 ${ms(dashboard.p95)}`);
  log(`   finance report p50 ${ms(finance.p50)} p95 ${ms(finance.p95)}`);
  log(`   branch asset report p50 ${ms(branchAsset.p50)} p95 ${ms(branchAsset.p95)}`);
  log(
    `   fixed asset register, first page of ${figures.branchAssets} assets: first ${ms(figures.registerCold)}, then p50 ${ms(registerPage.p50)} p95 ${ms(registerPage.p95)}`,
  );
  log(
    `   whole company, ${company.assets} assets, both books: ${company.seconds.map((run) => run.toFixed(1)).join(', ')} s; the order list meanwhile p50 ${ms(company.during.p50)} p95 ${ms(company.during.p95)} (${company.during.samples} requests, ${company.failures} failed; before p50 ${ms(company.before.p50)})`,
  );
  log(
    `   its Excel: ${e.rows} rows, ${(e.bytes / 1048576).toFixed(1)} MB in ${e.seconds.toFixed(1)} s (${Math.round(e.rowsPerSecond)} rows/s); gateway VmHWM ${e.gatewayPeakMb.toFixed(0)} MB`,
  );
  return figures;
}

export async function runHalf(options: {
  database: string;
  env: { DATA_DIR: string } | { DATABASE_URL: string };
  pinning: Pinning | null;
  /** Seconds a seed took before this half (PGlite's cache), or null. */
  seedSeconds: number | null;
}): Promise<Measured> {
  const { database, env, pinning } = options;
  const started = performance.now();
  const log = (text: string) => console.log(`[${database}] ${text}`);
  const services: Service[] = [];
  try {
    const seeding = 'DATABASE_URL' in env && !postgresSeeded(env.DATABASE_URL);
    log(
      `starting legacy-api${seeding ? `, seeding SEED_SCALE=${SCALE} into the empty database` : ''}`,
    );
    if ('DATABASE_URL' in env && pinning) pinPostgres(env.DATABASE_URL, pinning.legacy);
    const legacyService = await startLegacy(env, { cpus: pinning?.legacy, seedScale: SCALE });
    services.push(legacyService);
    const seedSeconds = seeding ? legacyService.startMs / 1000 : options.seedSeconds;
    if ('DATABASE_URL' in env) {
      if (pinning) {
        // Again: the postmaster's children started before it was pinned.
        const pinned = pinPostgres(env.DATABASE_URL, pinning.legacy);
        log(
          pinned
            ? `PostgreSQL's ${pinned} processes pinned to core ${pinning.legacy} with legacy-api`
            : 'PostgreSQL not pinned (not a local server, or not allowed)',
        );
      }
    }
    log(`legacy-api answered after ${(legacyService.startMs / 1000).toFixed(1)} s`);
    const gatewayService = await startGateway(legacyService.url, pinning?.rest);
    services.push(gatewayService);
    const gateway = target(gatewayService.url);
    const legacy = target(legacyService.url);
    try {
      const token = await gatewayToken(gateway, 'admin');
      const branches = dataOf(
        await graphql<{ branchOptions: { value: string; text: string }[] }>(
          gateway.one,
          gateway.url,
          token,
          '{ branchOptions { value text } }',
          {},
        ),
        'branchOptions',
      ).branchOptions;
      const branchIds = new Map(branches.map((b) => [b.text.split(' ')[0] ?? '', b.value]));
      const home = branchIds.get(HOME_BRANCH);
      if (!home) throw new Error(`no branch ${HOME_BRANCH}`);
      const context: Context = {
        gateway,
        legacy,
        gatewayService,
        legacyService,
        token,
        legacyToken: await legacyToken(legacy, 'admin'),
        branchIds,
        home,
      };

      if (ONLY === 'reports')
        return {
          database,
          seedSeconds,
          reports: await reports(context, log),
          seconds: (performance.now() - started) / 1000,
        };
      if (ONLY === 'procurement')
        return {
          database,
          seedSeconds,
          procurement: await procurement(context, log),
          seconds: (performance.now() - started) / 1000,
        };

      log('1. the list at 1 connection');
      const latency = await latencies(context);
      const { firstPage, search, lastPage } = latency;
      log(`   ${HOME_BRANCH}: ${latency.orders} orders`);
      for (const [name, figures] of [
        ['first page just after start', latency.firstPageCold],
        ['first page, warm', firstPage],
        [`search "${search.term}" (${search.matched} rows)`, search],
        [`last page by date (page ${lastPage.page})`, lastPage],
      ] as const)
        log(
          `   ${name}: gateway p50 ${ms(figures.gateway.p50)} p95 ${ms(figures.gateway.p95)} p99 ${ms(figures.gateway.p99)}; direct p50 ${ms(figures.direct.p50)} p95 ${ms(figures.direct.p95)} p99 ${ms(figures.direct.p99)}`,
        );

      // The export before the runs at 50 connections: the gateway's VmHWM is then the export's.
      log('3. export of the whole list');
      const exported = await exportRuns(context, EXPORT_RUNS);
      log(
        `   ${exported.rows} rows, ${(exported.bytes / 1048576).toFixed(1)} MB, ${EXPORT_RUNS} exports: ${list(exported.runs ?? [])} rows/s, median ${exported.seconds.toFixed(2)} s = ${Math.round(exported.rowsPerSecond)} rows/s; gateway VmHWM ${exported.gatewayPeakMb.toFixed(0)} MB (sampled peak ${exported.gatewaySampledPeakMb.toFixed(0)} MB; before the export RSS ${exported.gatewayBeforeMb.toFixed(0)} MB, VmHWM ${exported.gatewayPeakBeforeMb.toFixed(0)} MB); legacy-api ${exported.legacyBeforeMb.toFixed(0)} → ${exported.legacyPeakMb.toFixed(0)} MB`,
      );

      log('2. first page at 50 connections');
      // A list call answers "quickly" within three times its p50 at 1 connection.
      const rates = await throughput(context, Math.max(500, 3 * firstPage.direct.p50));
      for (const [name, run] of Object.entries(rates))
        log(
          `   ${name}: ${run.rps.toFixed(1)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, connections÷rate ${run.littleMs.toFixed(0)} ms, failures ${run.failures}; legacy-api worked off its queue ${(run.drainMs / 1000).toFixed(1)} s after the run`,
        );

      log('4. browser');
      const browser = await browserFigures(gateway.url).catch(
        (error: Error): BrowserFigures => ({
          skipped: `failed: ${error.message.split('\n')[0]}`,
        }),
      );
      log(`   ${describeBrowser(browser)}`);

      log(`5. mixed load, 50 connections, ${MIX_SECONDS} s`);
      const verifier = await gatewayToken(gateway, 'verifier');
      const searches = latency.searchTerms.length > 0 ? latency.searchTerms : [latency.search];
      const mix = await mixedLoad(context, verifier, searches, latency.orders);
      log(
        `   ${mix.requests} requests in ${mix.seconds.toFixed(1)} s: ${mix.rps.toFixed(1)} req/s, p50 ${ms(mix.all.p50)}, p99 ${ms(mix.all.p99)}; ${mix.decided} of ${mix.pool} pending orders verified`,
      );
      for (const [kind, figures] of Object.entries(mix.byKind))
        log(
          `   ${kind}: ${figures.samples} requests, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}`,
        );
      for (const [kind, count] of Object.entries(mix.errors)) log(`   error ${kind}: ${count}`);

      log('6. the asset register, all branches');
      const assets = await assetFigures(context);
      for (const [name, figures] of [
        [`first page of ${assets.assets} assets`, assets.firstPage],
        [`exact tag "${assets.tag.term}"`, assets.tag],
        [`exact serial "${assets.serial.term}"`, assets.serial],
        [`free text "${assets.freeText.term}" (${assets.freeText.matched} rows)`, assets.freeText],
      ] as const)
        log(
          `   ${name}: gateway p50 ${ms(figures.gateway.p50)} p95 ${ms(figures.gateway.p95)}; direct p50 ${ms(figures.direct.p50)} p95 ${ms(figures.direct.p95)}`,
        );
      log(`   ${assets.labels.count} labels: ${list(assets.labels.ms)} ms`);
      log(
        `   bulk check of ${assets.bulk.rows} rows: ${assets.bulk.seconds.toFixed(1)} s; first page meanwhile p50 ${ms(assets.bulk.during.p50)} p95 ${ms(assets.bulk.during.p95)} (${assets.bulk.during.samples} requests; before p50 ${ms(assets.bulk.before.p50)} p95 ${ms(assets.bulk.before.p95)})`,
      );

      const procured = await procurement(context, log);
      const reported = await reports(context, log);

      return {
        assets,
        procurement: procured,
        reports: reported,
        database,
        seedSeconds,
        latency,
        export: exported,
        throughput: rates,
        browser,
        mix,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await Promise.all([closeTarget(gateway), closeTarget(legacy)]);
    }
  } finally {
    for (const service of services.reverse()) await service.stop();
  }
}
