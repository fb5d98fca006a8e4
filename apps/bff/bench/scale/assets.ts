/**
 * Figure 6, the asset register (issue 16's targets): the administrator's all-branch register at
 * 1 connection through the gateway and directly (first page, a search by an exact tag and by an
 * exact serial number, a free-text search), labels for 240 assets (10 A4 sheets), and the check of
 * a 10,000-row bulk upload with the first page timed meanwhile (does the check hold others up?).
 */
import { bulkDescription } from '@branch-assets/legacy-contract';
import { request } from 'undici';
import { type Context, type Paired, pairedCalls } from './api.ts';
import { dataOf, graphql, type Latency, latencyOf, legacyCall } from './client.ts';
import { HOME_BRANCH, PAGE_SIZE } from './settings.ts';

const ASSET_LIST = `query AssetList($page: Int, $pageSize: Int, $search: String, $branchId: ID) {
  assets(page: $page, pageSize: $pageSize, search: $search, branchId: $branchId) {
    rows {
      id tag name assetTypeName brandName model serialNumber branchName locationName
      custodianName categoryName subCategoryName assetStatus assetStatusText warrantyState
      warrantyStateText criticality
    }
    headers { text value align sortable }
    totalCount page pageSize
    options { itemKey itemsPerPage itemsPerPageOptions downloadable excelFileName }
    exportUrl canCreate
  }
}`;

interface AssetRow {
  id: string;
  tag: string;
  serialNumber: string | null;
  assetTypeName: string;
  brandName: string;
  categoryName: string;
  subCategoryName: string;
  locationName: string;
}

interface AssetPage {
  rows: AssetRow[];
  totalCount: number;
}

/** A free-text search as staff type it: a kind of equipment and a room. */
const FREE_TEXT = process.env.BENCH_ASSET_SEARCH?.trim() || 'monitor icu';
const LABELS = 240;
const BULK_ROWS = 10_000;

export interface Searched extends Paired {
  term: string;
  matched: number;
}

export interface AssetFigures {
  assets: number;
  firstPage: Paired;
  tag: Searched;
  serial: Searched;
  freeText: Searched;
  labels: { count: number; bytes: number; ms: number[] };
  bulk: {
    rows: number;
    seconds: number;
    problems: number;
    /** The first page, one request at a time, before the check and while it ran. */
    before: Latency;
    during: Latency;
  };
}

async function assets(
  context: Context,
  variables: { page?: number; pageSize?: number; search?: string; branchId?: string },
): Promise<AssetPage> {
  const answer = await graphql<{ assets: AssetPage }>(
    context.gateway.one,
    context.gateway.url,
    context.token,
    ASSET_LIST,
    { pageSize: PAGE_SIZE, ...variables },
  );
  return dataOf(answer, `assets ${JSON.stringify(variables)}`).assets;
}

/** The register's first page, or a search of it, through the gateway and directly in turns. */
async function timed(context: Context, search?: string): Promise<Paired> {
  const body = {
    UserInterface: 1,
    Page: 1,
    ItemsPerPage: PAGE_SIZE,
    ...(search && { Search: search }),
  };
  return pairedCalls(
    () =>
      legacyCall(context.legacy.one, context.legacy.url, 'asset/lists', body, context.legacyToken),
    () => assets(context, { search }),
  );
}

async function searched(context: Context, term: string): Promise<Searched> {
  const matched = (await assets(context, { search: term, pageSize: 1 })).totalCount;
  return { term, matched, ...(await timed(context, term)) };
}

async function labels(context: Context, ids: readonly string[]): Promise<AssetFigures['labels']> {
  const ms: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const response = await request(
      `${context.gateway.url}/labels/assets.pdf?ids=${ids.join(',')}`,
      {
        dispatcher: context.gateway.one,
        headers: { authorization: `Bearer ${context.token}` },
      },
    );
    const body = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200) throw new Error(`labels: HTTP ${response.statusCode}`);
    ms.push(performance.now() - started);
    bytes = body.length;
  }
  return { count: ids.length, bytes, ms };
}

/** A file of new assets like the sample row, each with its own serial number. */
function bulkFile(sample: AssetRow): Buffer {
  const headers = bulkDescription('assetBulkUpload').columns.map((column) => column.header);
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const run = Date.now().toString(36).toUpperCase();
  const row = (index: number): Record<string, string> => ({
    Name: `${sample.assetTypeName} ${index + 1}`,
    Branch: HOME_BRANCH,
    Location: sample.locationName,
    Category: sample.categoryName,
    'Sub-category': sample.subCategoryName,
    'Asset Type': sample.assetTypeName,
    Brand: sample.brandName,
    'Serial Number': `BENCH-${run}-${index + 1}`,
    Cost: '125000.00',
    'Put To Use Date': '2025-04-01',
    'Warranty Start': '2025-04-01',
    'Warranty End': '2028-03-31',
    Criticality: 'Medium',
    Condition: 'Good',
    Status: 'In use',
  });
  const lines = [headers.map(quote).join(',')];
  for (let index = 0; index < BULK_ROWS; index += 1) {
    const cells = row(index);
    lines.push(headers.map((header) => quote(cells[header] ?? '')).join(','));
  }
  return Buffer.from(lines.join('\r\n'));
}

/** Checks (does not commit) the file, timing the register's first page meanwhile. */
async function bulkCheck(context: Context, sample: AssetRow): Promise<AssetFigures['bulk']> {
  const file = bulkFile(sample);
  const firstPage = () => assets(context, { branchId: context.home });
  const before: number[] = [];
  for (let index = 0; index < 30; index += 1) {
    const started = performance.now();
    await firstPage();
    before.push(performance.now() - started);
  }
  const started = performance.now();
  let done = false;
  const check = request(
    `${context.gateway.url}/uploads/asset-bulk?fileName=assets.csv&commit=false`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${context.token}`, 'content-type': 'text/csv' },
      body: file,
    },
  ).then(async (response) => {
    const answer = (await response.body.json()) as {
      record?: { rowCount: number; errorCount: number };
      message?: string;
    };
    done = true;
    if (response.statusCode !== 200)
      throw new Error(
        `bulk check: HTTP ${response.statusCode} ${JSON.stringify(answer).slice(0, 300)}`,
      );
    return answer;
  });
  const during: number[] = [];
  while (!done) {
    const at = performance.now();
    await firstPage();
    if (!done) during.push(performance.now() - at);
  }
  const answer = await check;
  const seconds = (performance.now() - started) / 1000;
  if (answer.record?.rowCount !== BULK_ROWS)
    throw new Error(`bulk check: ${answer.record?.rowCount} rows read of ${BULK_ROWS}`);
  return {
    rows: BULK_ROWS,
    seconds,
    problems: answer.record.errorCount,
    before: latencyOf(before),
    during: latencyOf(during),
  };
}

export async function assetFigures(context: Context): Promise<AssetFigures> {
  const first = await assets(context, { pageSize: 100 });
  const withSerial = first.rows.find((row) => row.serialNumber) ?? first.rows[0];
  const sample = (await assets(context, { branchId: context.home, pageSize: 1 })).rows[0];
  if (!withSerial?.serialNumber || !sample)
    throw new Error('the register has no assets to measure');
  const tagged = first.rows.at(-1) ?? withSerial;
  const ids = (await assets(context, { pageSize: LABELS })).rows.map((row) => row.id);
  return {
    assets: first.totalCount,
    firstPage: await timed(context),
    tag: await searched(context, tagged.tag),
    serial: await searched(context, withSerial.serialNumber),
    freeText: await searched(context, FREE_TEXT),
    labels: await labels(context, ids),
    bulk: await bulkCheck(context, sample),
  };
}
