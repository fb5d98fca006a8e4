import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { aBranch, aLogin } from '@branch-assets/legacy-api/testing';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fieldNamesOf } from '../graphql/paging.ts';
import { aBranchWithOrders, type BranchWithOrders } from '../test/branch-data.ts';
import { graphql } from '../test/gql/index.ts';
import {
  type Client,
  type Login,
  loggedIn,
  type RunningGateway,
  startGateway,
  tokenFor,
  useStack,
} from '../test/harness.ts';
import { startLegacyWithoutPaging } from '../test/legacy-without-paging.ts';
import { rowValues, readWorkbook as workbookOf } from '../test/workbook.ts';
import { contentDisposition, safeFileName } from './lists.ts';
import { writeWorkbook } from './workbook.ts';

const ExportList = graphql(`
  query ExportList($branchId: ID!) {
    purchaseOrders(branchId: $branchId, pageSize: 1000) {
      rows { id number }
      headers { text value }
      options { downloadable excelFileName excelFields }
      exportUrl
    }
  }
`);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------------------------------------
// A small proxy in front of legacy-api, to change or hold the answers of the purchase order list
// (design §8: faults are injected in front of the real server, the gateway's client is not mocked).

interface ListAnswer {
  flag: number;
  output: string;
  records: {
    TableData: Record<string, unknown>[];
    TableOptions: Record<string, unknown>;
  } | null;
}

interface FaultProxy {
  url: string;
  /** Runs on every purchase-order list answer before it is passed on: may change it, or wait. */
  onList: ((answer: ListAnswer) => Promise<void> | void) | null;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<FaultProxy> {
  const proxy: FaultProxy = { url: '', onList: null, close: async () => undefined };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    const upstream = await fetch(`${target}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      ...(request.method === 'GET' ? {} : { body: Buffer.concat(chunks) }),
    });
    let body = Buffer.from(await upstream.arrayBuffer());
    if (request.url === '/api/purchase-order/lists' && proxy.onList) {
      const answer = JSON.parse(body.toString('utf8')) as ListAnswer;
      await proxy.onList(answer);
      body = Buffer.from(JSON.stringify(answer));
    }
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return proxy;
}

// ---------------------------------------------------------------------------------------------

const stack = useStack(['admin']);

/**
 * The tests' own branches, only read: `chennai` with more orders than a page of 12 (three of every
 * state, named so that a search for "chennai" finds them), `second` with one of each, `foreign`
 * with none; a viewer of `chennai` and a manager of `second`.
 */
let chennai: BranchWithOrders;
let second: BranchWithOrders;
let foreign: { id: number };
let logins: Record<'viewer' | 'manager', Login>;
const clients = new Map<'viewer' | 'manager', Client>();

beforeAll(async () => {
  chennai = await aBranchWithOrders(stack.db, { count: 18, name: 'Chennai Export Branch' });
  second = await aBranchWithOrders(stack.db);
  foreign = await aBranch(stack.db);
  logins = {
    viewer: await aLogin(stack.db, { role: 'viewer', branches: [chennai.branch.id] }),
    manager: await aLogin(stack.db, { role: 'manager', branches: [second.branch.id] }),
  };
  for (const role of ['viewer', 'manager'] as const)
    clients.set(role, await stack.clientOf(logins[role]));
});

function as(role: 'admin' | 'viewer' | 'manager'): Client {
  const client = role === 'admin' ? stack.users.admin : clients.get(role);
  if (!client) throw new Error(`no ${role}: the logins are made in beforeAll`);
  return client;
}

/** The id of one of the tests' branches, as the gateway takes it. */
function branch(which: 'chennai' | 'second' | 'foreign'): string {
  const made = { chennai: chennai?.branch, second: second?.branch, foreign }[which];
  if (!made) throw new Error(`no branch ${which}: the branches are made in beforeAll`);
  return String(made.id);
}

const exportPath = (branchId: string) => `/exports/purchase-orders.xlsx?branchId=${branchId}`;

async function refusal(response: Response): Promise<{ code: string; message: string }> {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { code: error.code, message: error.message };
}

/** The list straight from legacy-api, with a token of the user's own. */
async function legacyList(username: string, branchId: string): Promise<ListAnswer> {
  const token = await tokenFor(stack.gateway.url, username);
  const response = await fetch(`${stack.legacy.url}/api/purchase-order/lists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ UserInterface: 1, Branch: Number(branchId) }),
  });
  return (await response.json()) as ListAnswer;
}

describe('GET /exports/purchase-orders.xlsx', () => {
  it('as admin: the list of the branch as a workbook, column for column and row for row', async () => {
    const branchId = branch('chennai');
    const list = (await as('admin').graphql(ExportList, { branchId })).data?.purchaseOrders;
    if (!list) throw new Error('no list');
    expect(list.options.downloadable).toBe(true);
    expect(list.exportUrl).toBe(exportPath(branchId));
    expect(list.rows.map((row) => row.number).sort()).toEqual(
      chennai.orders.map((order) => order.poNumber).sort(),
    );

    const response = await as('admin').fetch(exportPath(branchId));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const fileName = list.options.excelFileName;
    expect(fileName).toMatch(
      new RegExp(`^PurchaseOrders_${chennai.branch.code}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );

    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['My Worksheet']);
    const sheet = workbook.getWorksheet('My Worksheet');
    if (!sheet) throw new Error('no worksheet');

    // The header row: ExcelFields in order, each titled by its table header.
    const headerTexts = list.options.excelFields.map(
      (field) => list.headers.find((header) => header.value === field)?.text,
    );
    expect(rowValues(sheet, 1)).toEqual(headerTexts);
    expect(headerTexts).toEqual([
      'PO Number',
      'PO Date',
      'Billed To',
      'Shipped To',
      'Vendor',
      'Verification',
      'Approval',
      'Status',
    ]);

    // One row per order, in the list's order, each cell the list's own value.
    expect(sheet.actualRowCount).toBe(1 + list.rows.length);
    const legacyRows = (await legacyList('admin', branchId)).records?.TableData ?? [];
    expect(legacyRows.map((row) => row.PurchaseOrderNumber)).toEqual(
      list.rows.map((row) => row.number),
    );
    // Dates are real spreadsheet dates (day first), the rest the list's own text.
    const sheetValue = (value: unknown) => {
      const date = typeof value === 'string' ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(value) : null;
      return date
        ? new Date(Date.UTC(Number(date[3]), Number(date[2]) - 1, Number(date[1])))
        : value;
    };
    // The list speaks GraphQL names; the legacy rows are compared by their own.
    const legacyNames = fieldNamesOf('purchaseOrderLists');
    for (const [index, row] of legacyRows.entries()) {
      expect(rowValues(sheet, index + 2)).toEqual(
        list.options.excelFields.map((field) =>
          sheetValue(row[legacyNames.toLegacy.get(field) as keyof typeof row]),
        ),
      );
    }
    expect(rowValues(sheet, 2)[0]).toBe(list.rows[0]?.number);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd-mm-yyyy');
    // The numbers' column is as wide as the longest number.
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(
      Math.max(...list.rows.map((row) => row.number.length)),
    );
  });

  it('a bearer client can export too', async () => {
    const token = await tokenFor(stack.gateway.url, 'admin');
    const response = await fetch(`${stack.gateway.url}${exportPath(branch('second'))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const workbook = await workbookOf(response);
    expect(workbook.getWorksheet('My Worksheet')?.actualRowCount).toBe(1 + second.orders.length);
  });

  it('is refused (403 FORBIDDEN) when the list’s DownloadFlag is off, as for the viewer', async () => {
    const branchId = branch('chennai');
    const list = (await as('viewer').graphql(ExportList, { branchId })).data?.purchaseOrders;
    expect(list?.options.downloadable).toBe(false);
    expect(list?.exportUrl).toBeNull();
    const response = await as('viewer').fetch(exportPath(branchId));
    expect(response.status).toBe(403);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await refusal(response)).toEqual({
      code: 'FORBIDDEN',
      message: 'Downloading this list is not allowed for your role.',
    });
  });

  it('is 401 UNAUTHENTICATED without a session', async () => {
    const response = await fetch(`${stack.gateway.url}${exportPath(branch('chennai'))}`);
    expect(response.status).toBe(401);
    expect((await refusal(response)).code).toBe('UNAUTHENTICATED');
  });

  it('is refused for a branch the user does not work in', async () => {
    const response = await as('manager').fetch(exportPath(branch('foreign')));
    expect(response.status).toBe(422);
    expect(await refusal(response)).toEqual({
      code: 'REJECTED',
      message: 'You do not work in that branch.',
    });
  });

  it.each(['abc', '0', '-1', '1.5', '', '1e3', '12345678901', '1&branchId=2'])(
    'a malformed branchId (%j) is 400 BAD_USER_INPUT',
    async (value) => {
      const response = await as('admin').fetch(
        `/exports/purchase-orders.xlsx?branchId=${encodeURIComponent(value)}`,
      );
      expect(response.status).toBe(400);
      expect(await refusal(response)).toEqual({
        code: 'BAD_USER_INPUT',
        message: 'branchId must be a positive whole number',
      });
    },
  );

  it('a missing branchId is 400; an unknown list or format is 404', async () => {
    const missing = await as('admin').fetch('/exports/purchase-orders.xlsx');
    expect(missing.status).toBe(400);
    expect((await refusal(missing)).code).toBe('BAD_USER_INPUT');
    for (const path of [
      '/exports/no-such-list.xlsx?branchId=1',
      '/exports/purchase-orders.csv?branchId=1',
    ])
      expect((await as('admin').fetch(path)).status).toBe(404);
  });
});

const ShownList = graphql(`
  query ExportShownList($branchId: ID!, $search: String, $sortBy: String, $sortDesc: Boolean, $status: PurchaseOrderState) {
    purchaseOrders(branchId: $branchId, search: $search, sortBy: $sortBy, sortDesc: $sortDesc, status: $status, pageSize: 1000) {
      totalCount
      rows { number }
      exportUrl
    }
  }
`);

describe('the rows on screen, every page of them', () => {
  it.each([
    [{ sortBy: 'vendorName' }],
    [{ sortBy: 'dateText', sortDesc: true, search: '2026' }],
    [{ status: 'APPROVED' as const, search: 'chennai' }],
    [{ search: 'pending' }],
  ])('exports the filtered rows in the list’s order: %j', async (view) => {
    const answer = await as('admin').graphql(ShownList, { branchId: branch('chennai'), ...view });
    const list = answer.data?.purchaseOrders;
    if (!list?.exportUrl) throw new Error('no list');
    expect(list.totalCount).toBeGreaterThan(0);
    const sortBy = 'sortBy' in view ? view.sortBy : undefined;
    expect(list.exportUrl).toContain(sortBy ? `sortBy=${sortBy}` : 'branchId');
    const sheet = (await workbookOf(await as('admin').fetch(list.exportUrl))).getWorksheet(
      'My Worksheet',
    );
    if (!sheet) throw new Error('no sheet');
    const numbers = Array.from({ length: sheet.actualRowCount - 1 }, (_, index) =>
      String(rowValues(sheet, index + 2)[0]),
    );
    expect(numbers).toEqual(list.rows.map((row) => row.number));
  });

  /**
   * A gateway exporting pages of 4 from a legacy server that does not know `unknown` (test/legacy-
   * without-paging.ts), the admin's client of it and the list on screen; the proxy closes after the test.
   */
  async function exportBehind(
    unknown: readonly string[],
    view: { sortBy?: string } = {},
    cutStreamAfterBytes?: number,
  ) {
    const proxy = await startLegacyWithoutPaging(stack.legacy.url, unknown, cutStreamAfterBytes);
    onTestFinished(() => proxy.close());
    const small = await stack.gatewayWith({ EXPORT_PAGE_SIZE: '4', LEGACY_API_URL: proxy.url });
    const client = await loggedIn(small.url, 'admin');
    const list = (await client.graphql(ShownList, { branchId: branch('chennai'), ...view })).data
      ?.purchaseOrders;
    if (!list?.exportUrl) throw new Error('no list');
    return { proxy, small, client, list, url: list.exportUrl };
  }

  /** The PO numbers of a downloaded workbook, in order. */
  async function numbersOf(download: Response): Promise<string[]> {
    const sheet = (await workbookOf(download)).getWorksheet('My Worksheet');
    if (!sheet) throw new Error('no sheet');
    return Array.from({ length: sheet.actualRowCount - 1 }, (_, index) =>
      String(rowValues(sheet, index + 2)[0]),
    );
  }

  it('streams the rest of the list in one call after the first page, holding a page at a time', async () => {
    const { proxy, small, client, list, url } = await exportBehind([]);
    expect(list.totalCount).toBeGreaterThan(12);
    const calls = proxy.listCalls;
    expect(await numbersOf(await client.fetch(url))).toEqual(list.rows.map((row) => row.number));
    // The first page, then the rest streamed: two calls, not one per page.
    expect(proxy.listCalls - calls).toBe(2);
    expect(small.app.exportRowsHeld.most).toBeGreaterThan(0);
    expect(small.app.exportRowsHeld.most).toBeLessThanOrEqual(4);
    expect(small.app.exportRowsHeld.now).toBe(0);
  });

  it("streams only the workbook's columns of each row (Fields), and the same workbook from a server that streams whole rows", async () => {
    const narrow = await exportBehind([]);
    const whole = await exportBehind(['Fields']);
    const [narrowRows, wholeRows] = await Promise.all(
      [narrow, whole].map(async ({ client, url }) => {
        const sheet = (await workbookOf(await client.fetch(url))).getWorksheet('My Worksheet');
        if (!sheet) throw new Error('no sheet');
        return Array.from({ length: sheet.actualRowCount }, (_, index) =>
          rowValues(sheet, index + 1),
        );
      }),
    );
    expect(narrowRows).toHaveLength(narrow.list.totalCount + 1);
    expect(narrowRows).toEqual(wholeRows);
    // The header row's titles are the columns the stream asked for, as the list's headers name them.
    expect(narrow.proxy.streamedFields).toEqual([
      [
        'PurchaseOrderNumber',
        'PurchaseOrderDateTxt',
        'BilledBranchName',
        'ShippedBranchName',
        'VendorName',
        'VerifiedStatusTxt',
        'ApprovalStatusTxt',
        'StatusTxt',
      ],
    ]);
  });

  it('a stream cut off half-way is a failed download, never a shorter workbook', async () => {
    const { small, client, url } = await exportBehind([], {}, 600);
    await expect(client.fetch(url).then((response) => workbookOf(response))).rejects.toThrow();
    expect(small.app.exportRowsHeld.now).toBe(0);
  });

  it('against a server that pages but does not stream, reads a page at a time: at most three pages held', async () => {
    const { proxy, small, client, list, url } = await exportBehind(['Stream']);
    const calls = proxy.listCalls;
    expect(await numbersOf(await client.fetch(url))).toHaveLength(list.totalCount);
    // The first page, the stream asked for and answered as one page, then the rest by After.
    expect(proxy.listCalls - calls).toBe(1 + Math.ceil(list.totalCount / 4));
    expect(small.app.exportRowsHeld.most).toBeGreaterThan(0);
    // One being written, one waiting, one just arrived.
    expect(small.app.exportRowsHeld.most).toBeLessThanOrEqual(12);
    expect(small.app.exportRowsHeld.now).toBe(0);
  });

  it('against a server that pages by number only (no After, so no Stream), reads every page by number', async () => {
    const { client, list, url } = await exportBehind(['After', 'Stream'], { sortBy: 'vendorName' });
    expect(await numbersOf(await client.fetch(url))).toEqual(list.rows.map((row) => row.number));
  });

  it('refuses a sort by a column the list does not have', async () => {
    const response = await as('admin').fetch(
      `${exportPath(branch('chennai'))}&sortBy=NoSuchColumn`,
    );
    expect(response.status).toBe(400);
    expect((await refusal(response)).code).toBe('BAD_USER_INPUT');
  });
});

describe('the file name', () => {
  it('is made safe for Content-Disposition, whatever ExcelFileName holds', async () => {
    const proxy = await startProxy(stack.legacy.url);
    const fronted = await startGateway(proxy.url);
    try {
      const admin = await loggedIn(fronted.url, 'admin');
      proxy.onList = (answer) => {
        if (answer.records)
          answer.records.TableOptions.ExcelFileName =
            '../Orders "Q1"\r\nSet-Cookie: x=1; ஆணைகள்\\<2026>.xlsx';
      };
      const response = await admin.fetch(exportPath(branch('chennai')));
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([]);
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''\S+$/);
      const ascii = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
      expect(ascii).not.toMatch(/[\\/"<>]/);
      expect(ascii.endsWith('.xlsx')).toBe(true);
      const utf8 = decodeURIComponent(/filename\*=UTF-8''(\S+)$/.exec(disposition)?.[1] ?? '');
      expect(utf8).toContain('ஆணைகள்');
      expect(utf8).not.toMatch(/[\\/"<>\r\n]/);
      expect(utf8.endsWith('.xlsx')).toBe(true);
      // The workbook itself is unaffected.
      expect((await workbookOf(response)).worksheets[0]?.name).toBe('My Worksheet');
    } finally {
      await fronted.close();
      await proxy.close();
    }
  });

  it('safeFileName and contentDisposition', () => {
    expect(safeFileName('PurchaseOrders_BR-01_2026-04-01.xlsx')).toBe(
      'PurchaseOrders_BR-01_2026-04-01.xlsx',
    );
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd.xlsx');
    expect(safeFileName('a"b\r\nc.xls')).toBe('a_b_c.xlsx');
    expect(safeFileName('...')).toBe('export.xlsx');
    expect(safeFileName('x'.repeat(300))).toBe(`${'x'.repeat(120)}.xlsx`);
    expect(contentDisposition('ஆணைகள் 1.xlsx')).toBe(
      `attachment; filename="______ 1.xlsx"; filename*=UTF-8''${encodeURIComponent('ஆணைகள் 1.xlsx')}`,
    );
  });
});

const LARGE_ROWS = 15_000;

/** LARGE_ROWS rows made of `rows`, each with 1,500 characters of random text as its vendor. */
function largeRows(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return Array.from({ length: LARGE_ROWS }, (_, index) => ({
    ...rows[index % rows.length],
    VendorName: randomBytes(1125).toString('base64'),
  }));
}

describe('writeWorkbook', () => {
  const columns = [
    { field: 'PurchaseOrderNumber', header: 'PO Number' },
    { field: 'VendorName', header: 'Vendor' },
  ];
  const rows = () => [largeRows([{ PurchaseOrderNumber: 'PO/1' }]).slice(0, 5000)];

  it('waits while nobody reads, and finishes when reading resumes', async () => {
    const output = new PassThrough();
    let settled = false;
    const writing = writeWorkbook(output, columns, rows()).finally(() => {
      settled = true;
    });
    // Until the output is full and the compressor has handed over what it had (a busy machine may
    // take a while), then a little longer: by then the writer must be waiting, not working.
    let buffered = -1;
    for (let turn = 0; turn < 100; turn += 1) {
      await setTimeout(50);
      if (output.writableNeedDrain && output.readableLength === buffered) break;
      buffered = output.readableLength;
    }
    await setTimeout(300);
    expect(settled).toBe(false);
    expect(output.writableNeedDrain).toBe(true);
    expect(output.readableLength).toBe(buffered);
    // What waits is small: the rest of the 7 MB workbook is not written ahead.
    expect(buffered).toBeLessThan(1024 * 1024);
    const chunks: Buffer[] = [];
    const ended = once(output, 'end');
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    expect(await writing).toBe(5000);
    await ended;
    const sheet = (await workbookOf(Buffer.concat(chunks))).getWorksheet('My Worksheet');
    expect(sheet?.actualRowCount).toBe(5001);
    expect(rowValues(sheet as ExcelJS.Worksheet, 1)).toEqual(['PO Number', 'Vendor']);
  });

  it('stops with an error, instead of waiting for ever with the rows, when the output is destroyed', async () => {
    const output = new PassThrough();
    let received = 0;
    output.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 100_000) output.destroy();
    });
    const outcome = await Promise.race([
      writeWorkbook(output, columns, rows()).then(
        () => 'finished',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      setTimeout(5000, 'still running after 5 s'),
    ]);
    expect(outcome).toBe('the output closed before the workbook was written');
  });
});

describe('EXPORT_CONCURRENCY', () => {
  let proxy: FaultProxy;
  let limited: RunningGateway;
  let admin: Client;

  beforeAll(async () => {
    proxy = await startProxy(stack.legacy.url);
    limited = await startGateway(proxy.url, { EXPORT_CONCURRENCY: '1' });
    admin = await loggedIn(limited.url, 'admin');
  });
  afterAll(async () => {
    await limited?.close();
    await proxy?.close();
  });

  async function expectBusy(response: Response) {
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('5');
    expect((await refusal(response)).code).toBe('RATE_LIMITED');
  }

  /** Starts a download and stops reading once the headers are in: the rest stays unread. */
  async function startDownload(path: string): Promise<IncomingMessage> {
    const request = get(`${limited.url}${path}`, { headers: { cookie: admin.cookieHeader() } });
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    return response;
  }

  /**
   * Starts the download of a list far larger than every buffer between the gateway and a reader
   * that has stopped reading (random text does not compress), so it cannot finish unread.
   */
  async function startLargeDownload(): Promise<IncomingMessage> {
    proxy.onList = (answer) => {
      if (answer.records) answer.records.TableData = largeRows(answer.records.TableData);
    };
    try {
      return await startDownload(exportPath(branch('chennai')));
    } finally {
      proxy.onList = null;
    }
  }

  async function readAll(response: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Waits (briefly) until an export is accepted again. */
  async function expectSlotFree() {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await admin.fetch(exportPath(branch('second')));
      if (response.status === 200) {
        await response.arrayBuffer();
        return;
      }
      expect(response.status).toBe(429);
      await response.arrayBuffer();
      await setTimeout(100);
    }
    throw new Error('the export slot was never released');
  }

  it('a second export while the first waits for the legacy server gets 429 with Retry-After', async () => {
    let reached!: () => void;
    const waiting = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    proxy.onList = async () => {
      reached();
      await released;
    };
    try {
      const first = admin.fetch(exportPath(branch('chennai')));
      await waiting;
      proxy.onList = null;
      await expectBusy(await admin.fetch(exportPath(branch('second'))));
      release();
      const done = await first;
      expect(done.status).toBe(200);
      expect((await workbookOf(done)).worksheets[0]?.actualRowCount).toBeGreaterThan(1);
    } finally {
      proxy.onList = null;
      release();
    }
    await expectSlotFree();
  });

  it('a second export while the first is still streaming gets 429; the first then completes', async () => {
    const first = await startLargeDownload();
    expect(first.statusCode).toBe(200);
    await expectBusy(await admin.fetch(exportPath(branch('second'))));
    const workbook = await workbookOf(await readAll(first));
    const sheet = workbook.getWorksheet('My Worksheet');
    expect(sheet?.actualRowCount).toBe(1 + LARGE_ROWS);
    expect(String(sheet?.getRow(LARGE_ROWS + 1).getCell(5).value)).toMatch(/^[A-Za-z0-9+/]{1500}$/);
    await expectSlotFree();
  });

  it('a download abandoned half-way frees its slot', async () => {
    const first = await startLargeDownload();
    expect(first.statusCode).toBe(200);
    await expectBusy(await admin.fetch(exportPath(branch('second'))));
    first.destroy();
    await expectSlotFree();
  });

  it('a refused export frees its slot at once', async () => {
    const manager = await loggedIn(limited.url, logins.manager.username, logins.manager.password);
    expect((await manager.fetch(exportPath(branch('foreign')))).status).toBe(422);
    const viewer = await loggedIn(limited.url, logins.viewer.username, logins.viewer.password);
    expect((await viewer.fetch(exportPath(branch('chennai')))).status).toBe(403);
    const ok = await admin.fetch(exportPath(branch('second')));
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });
});
