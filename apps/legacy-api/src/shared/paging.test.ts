import {
  type LegacyCallName,
  legacyCalls,
  MAX_ITEMS_PER_PAGE,
  pageRows,
  STREAM_CONTENT_TYPE,
  sortableColumns,
  type TableHeader,
} from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '../gallery/test-images.ts';
import {
  aBranch,
  aCompany,
  aGalleryImage,
  aMasterRecord,
  anAccessory,
  anAsset,
  anAssetLocation,
  aPurchaseOrder,
  aStaffMember,
  aVendor,
  FACTORY_ORDER_STATES,
  useBranchLogins,
} from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * The paging fields of every table list (the contract's extension): each call answers exactly
 * what the contract's in-memory pageRows makes of its whole answer — for the lists paged in SQL
 * (purchase orders) that is the check that both mean the same; for the others it checks the call
 * wires the fields through. Bad values are 422 naming the field, and change nothing.
 *
 * The file starts from the reference data (the states, menus and roles) and makes, before its
 * tests, more than a page of every other list (test/factories.ts): companies, branches, staff,
 * vendors, records of every master list, assets in their rooms, gallery images, and orders of the administrator's branch
 * in every state, of different dates and vendors.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['admin', 'manager'] as const);
const admin = () => logins.token('admin');

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** How many rows the file makes of each list (a page is 10 rows unless asked). */
const ROWS = 12;
const ORDER_STATES = FACTORY_ORDER_STATES;

beforeAll(async () => {
  const branch = logins.branch();
  const createdBy = logins.userId('admin');
  for (let index = 0; index < ROWS; index += 1) {
    const company = await aCompany(api.db, index % 2 === 0 ? {} : { gstinState: '33' });
    await aBranch(api.db, { company, stateCode: ['33', '29', '32'][index % 3] ?? '33' });
    await aStaffMember(api.db, { branches: [branch] });
    await aVendor(api.db, { stateCode: ['33', '29', '32'][index % 3] ?? '33' });
    for (const list of [
      'designation',
      'brand',
      'assetCategory',
      'subCategory',
      'assetType',
      'district',
      'city',
      'accessoryType',
    ] as const)
      await aMasterRecord(api.db, list);
    // Assets in a room each, of three statuses and warranties ended, ending and running.
    await anAsset(api.db, {
      branch,
      status: (['IN_USE', 'OUT_OF_ORDER', 'IN_STOCK'] as const)[index % 3],
      warrantyEnd: new Date(Date.now() + (index * 40 - 100) * 86_400_000)
        .toISOString()
        .slice(0, 10),
      ...(index % 4 === 0 ? { serialNumber: `sn-lower-${index}` } : {}),
    });
    await aPurchaseOrder(api.db, {
      branch,
      createdBy,
      state: ORDER_STATES[index % ORDER_STATES.length],
      poDate: new Date(Date.now() - (index * 9 + 1) * 86_400_000).toISOString().slice(0, 10),
    });
  }
  // Accessories with stock in the branch, and one with a ledger of more than a page.
  for (let index = 0; index < ROWS; index += 1)
    await anAccessory(api.db, {
      minimum: (index % 3) * 5,
      stock: { branch, onHand: index + 1, userId: createdBy },
    });
  const ledger = await anAccessory(api.db, { stock: { branch, onHand: 50, userId: createdBy } });
  ledgerAccessory = ledger.id;
  for (let index = 0; index < ROWS; index += 1) {
    const answer = await api.call('accessoryMovement', admin(), {
      Accessory: ledger.id,
      Branch: branch,
      ...(index % 3 === 0
        ? { Reason: 'RECEIVED', Quantity: index + 2, Reference: `GRN ${index}` }
        : index % 3 === 1
          ? { Reason: 'CONSUMED', Quantity: 1 }
          : { Reason: 'ADJUSTED', Quantity: -1, Note: `Stock-take ${index}` }),
    });
    expect(answer.flag, answer.output).toBe(1);
  }
  // Goods receive notes against approved orders: one a day over the last days, two cancelled.
  const room = (await anAssetLocation(api.db, { branch })).id;
  const storekeeper = (await aStaffMember(api.db, { branches: [branch] })).id;
  for (let index = 0; index < ROWS; index += 1) {
    const order = await aPurchaseOrder(api.db, {
      branch,
      createdBy,
      state: 'approved',
      poDate: daysAgo(40),
    });
    const line = await api.db
      .selectFrom('purchaseOrderLines')
      .select('id')
      .where('purchaseOrderId', '=', order.id)
      .executeTakeFirstOrThrow();
    const saved = await api.call('goodsReceiptNoteSave', admin(), {
      PurchaseOrder: order.id,
      ReceivedDate: daysAgo(index + 1),
      InvoiceNumber: `INV-${(index * 7919) % 1000}`,
      InvoiceDate: daysAgo(index + 2),
      ReceivedBy: storekeeper,
      Lines: [
        {
          PurchaseOrderLine: line.id,
          Received: 1 + (index % 2),
          Accepted: 1,
          Rejected: index % 2,
          RejectionReason: 'Dented',
          Location: room,
        },
      ],
    });
    expect(saved.flag, saved.output).toBe(1);
    if (index % 5 === 0)
      await api.call('goodsReceiptNoteCancel', admin(), {
        GoodsReceiptNote: saved.records?.GoodsReceiptNoteId,
        Reason: 'Wrong order.',
      });
  }
  // Installations of one or two assets each, at different times, places and installers: some
  // signed off or sent back by the branch's manager (a second user).
  const installer = await aVendor(api.db);
  for (let index = 0; index < ROWS; index += 1) {
    const assets = [];
    for (let count = 0; count <= index % 2; count += 1)
      assets.push((await anAsset(api.db, { branch, status: 'IN_STOCK' })).id);
    const byVendor = index % 3 !== 0;
    const saved = await api.call('assetInstallationSave', admin(), {
      Branch: branch,
      Assets: assets,
      InstalledAt: `${daysAgo(index + 1)}T${String(8 + index).padStart(2, '0')}:15:00+05:30`,
      Location: (await anAssetLocation(api.db, { branch })).id,
      InstallerKind: byVendor ? 'VENDOR' : 'STAFF',
      ...(byVendor
        ? { Vendor: installer, EngineerName: `Engineer ${(index * 37) % 100}` }
        : { InstalledBy: storekeeper }),
      PhysicalConditionOk: true,
      PowerEarthingOk: true,
      AccessoriesPresent: index % 2 === 0,
      DemoGiven: true,
      StaffTrained: true,
      ManualHandedOver: true,
    });
    expect(saved.flag, saved.output).toBe(1);
    if (index % 3 !== 2)
      await api.call('assetInstallationSignOff', logins.token('manager'), {
        AssetInstallation: saved.records?.AssetInstallationId,
        Decision: index % 3 === 0 ? 'SIGN_OFF' : 'SEND_BACK',
        Remarks: 'Checked.',
      });
  }
  // Transfers out of the branch to others, in several states (approved by the branch's manager).
  const destination = (await aBranch(api.db)).id;
  for (let index = 0; index < ROWS; index += 1) {
    const asset = await anAsset(api.db, { branch, status: 'IN_USE' });
    const requested = await api.call('assetTransferStore', admin(), {
      FromBranch: branch,
      ToBranch: destination,
      Assets: [asset.id],
      Reason: `Needed at the other branch ${index}`,
    });
    expect(requested.flag, requested.output).toBe(1);
    const id = requested.records?.AssetTransferId;
    if (index % 3 === 0) continue;
    await api.call('assetTransferDecide', logins.token('manager'), {
      AssetTransfer: id,
      Decision: index % 4 === 1 ? 'REJECT' : 'APPROVE',
      Remarks: 'Checked.',
    });
    if (index % 3 === 2)
      await api.call('assetTransferDispatch', admin(), {
        AssetTransfer: id,
        Vehicle: `Van ${index}`,
      });
  }
  // Job orders of every type and priority, some assigned, some moved on, and contracts.
  const jobTypes = ['BREAKDOWN', 'PREVENTIVE', 'CALIBRATION', 'ELECTRICAL_SAFETY'] as const;
  for (let index = 0; index < ROWS; index += 1) {
    const asset = await anAsset(api.db, { branch, status: 'IN_USE' });
    const raised = await api.call('jobOrderStore', admin(), {
      Branch: branch,
      Assets: [asset.id],
      JobType: jobTypes[index % jobTypes.length],
      Priority: `P${(index % 4) + 1}`,
      Problem: `Fault ${(index * 53) % 100} reported by the ward`,
      ...(index % 2 === 0
        ? { AssigneeKind: 'VENDOR', Vendor: installer, EngineerName: `Engineer ${index}` }
        : { AssigneeKind: 'STAFF', Staff: storekeeper }),
    });
    expect(raised.flag, raised.output).toBe(1);
    if (index % 3 === 0)
      await api.call('jobOrderMove', admin(), {
        JobOrder: raised.records?.JobOrderId,
        Step: 'CANCEL',
        Remarks: 'Raised twice.',
      });
    const contract = await api.call('maintenanceContractStore', admin(), {
      Branch: branch,
      Vendor: installer,
      ContractType: index % 2 === 0 ? 'AMC' : 'CMC',
      ContractNumber: `AMC/${(index * 71) % 1000}`,
      StartDate: daysAgo(300 + index * 40),
      EndDate: daysAgo(index * 40 - 200),
      ContractValue: `${(index * 7919) % 100000}.50`,
      GstRate: 18,
      PaymentSchedule: 'ANNUAL_ADVANCE',
      VisitsPerYear: index % 5,
      ResponseHours: 24,
      NoticeDays: 30,
      Renewal: 'MANUAL',
      Assets: [asset.id],
    });
    expect(contract.flag, contract.output).toBe(1);
  }
  // Physical audits of as many rooms, some submitted, some cancelled.
  for (let index = 0; index < ROWS; index += 1) {
    const room = await anAssetLocation(api.db, {
      branch,
      name: `Audit room ${(index * 37) % 100}`,
    });
    for (let unit = 0; unit <= index % 3; unit += 1)
      await anAsset(api.db, { branch, location: room.id, status: 'IN_USE' });
    const started = await api.call('assetAuditStart', admin(), {
      Branch: branch,
      Location: room.id,
      DueDate: daysAgo(-(index * 9)),
      Auditors: [createdBy],
    });
    expect(started.flag, started.output).toBe(1);
    const audit = started.records?.AssetAuditId;
    if (index % 3 === 1) await api.call('assetAuditSubmit', admin(), { AssetAudit: audit });
    if (index % 3 === 2)
      await api.call('assetAuditCancel', admin(), { AssetAudit: audit, Reason: 'Room closed.' });
  }
  for (const kind of ['asset_photo', 'company_logo', 'asset_photo', 'branch_logo'] as const)
    await aGalleryImage(api.db, { kind, uploadedBy: createdBy });
  // And three images uploaded as a client does, of two kinds.
  for (const [Title, Kind] of [
    ['Ward B monitor', 'asset_photo'],
    ['Anna Nagar logo', 'branch_logo'],
    ['ECG machine', 'asset_photo'],
  ]) {
    const { body, contentType } = await multipartBody(
      { UserInterface: '1', Title: String(Title), Kind: String(Kind) },
      [{ field: 'File', name: 'image.png', type: 'image/png', bytes: await pngImage(64, 48) }],
    );
    const response = await api.app.inject({
      method: 'POST',
      url: `/${legacyCalls.galleryStore.path}`,
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${admin()}` },
    });
    expect(response.json()).toMatchObject({ flag: 1 });
  }
});

/**
 * Every table list that takes the paging fields (the fixed asset register takes a page too, but
 * answers a report, not a table: reports/depreciation.test.ts pages it).
 */
const PAGED_CALLS = (Object.keys(legacyCalls) as LegacyCallName[]).filter((name) => {
  const request: unknown = legacyCalls[name].request;
  const records = (legacyCalls[name].records as { shape?: object }).shape;
  const paged =
    typeof request === 'object' && request !== null && 'shape' in request
      ? Object.hasOwn((request as { shape: object }).shape, 'Page')
      : false;
  return paged && records !== undefined && 'TableData' in records;
});

/**
 * Lists read by pages only: accessory stock is keyed by accessory and branch together (no one id
 * to read After), and is not downloaded, the one use of After and Stream.
 */
const READ_BY_PAGES_ONLY: ReadonlySet<LegacyCallName> = new Set(['accessoryStock']);

/** The accessory whose ledger is paged (made before the tests). */
let ledgerAccessory = 0;

/**
 * The fields a call needs beside the paging ones: the branch of a branch's orders, the accessory of
 * a ledger.
 */
async function baseBody(name: LegacyCallName): Promise<Record<string, unknown>> {
  if (
    name === 'purchaseOrderLists' ||
    name === 'goodsReceiptNoteLists' ||
    name === 'assetInstallationLists' ||
    name === 'assetTransferLists' ||
    name === 'jobOrderLists' ||
    name === 'maintenanceContractLists' ||
    name === 'assetAuditLists'
  )
    return { UserInterface: 1, Branch: logins.branch() };
  if (name === 'accessoryLedger') return { UserInterface: 1, Accessory: ledgerAccessory };
  return { UserInterface: 1 };
}

interface Answer {
  TableData: Record<string, unknown>[];
  TableHeader: TableHeader[];
  TotalCount?: number;
}

async function list(name: LegacyCallName, paging: Record<string, unknown> = {}) {
  const answer = await api.call(name, admin(), { ...(await baseBody(name)), ...paging });
  expect(answer.status, answer.output).toBe(200);
  expect(answer.flag, answer.output).toBe(1);
  const raw = answer.raw as Answer & { TableOptions: { ItemKey: string } };
  return { records: raw, raw };
}

describe('paging fields of every list call', () => {
  it('covers every table list of the contract', () => {
    const tableLists = (Object.keys(legacyCalls) as LegacyCallName[]).filter((name) => {
      const records: unknown = legacyCalls[name].records;
      const shape = (records as { shape?: object }).shape;
      // The permission grid is a list payload of one role's grants, downloaded whole.
      return shape !== undefined && 'TableData' in shape && name !== 'menuPermissionGrid';
    });
    expect(tableLists.length).toBeGreaterThanOrEqual(14);
    expect(PAGED_CALLS.sort()).toEqual(tableLists.sort());
  });

  describe.each(PAGED_CALLS)('%s', (name) => {
    it('answers every row and no TotalCount without paging fields, as the legacy server does', async () => {
      const { records } = await list(name);
      expect(records.TotalCount).toBeUndefined();
      expect(records.TableData.length).toBeGreaterThan(0);
    });

    it('pages, sorts by each column both ways and searches as the contract says', async () => {
      const whole = (await list(name)).records;
      const expectPage = async (paging: Record<string, unknown>) => {
        const { records } = await list(name, paging);
        const expected = pageRows(whole.TableData, paging, {
          headers: whole.TableHeader,
          defaultPageSize: 10,
        });
        expect(records.TotalCount, JSON.stringify(paging)).toBe(expected.total);
        expect(records.TableData, JSON.stringify(paging)).toEqual(expected.rows);
      };
      await expectPage({ Page: 1, ItemsPerPage: 3 });
      await expectPage({ Page: 2, ItemsPerPage: 3 });
      await expectPage({ Page: 1 });
      // Past the end: an empty page, the count still there.
      await expectPage({ Page: 10_000, ItemsPerPage: 5 });
      for (const column of sortableColumns(whole.TableHeader)) {
        await expectPage({ SortBy: column, ItemsPerPage: 4 });
        await expectPage({ SortBy: column, SortDesc: true, ItemsPerPage: 4, Page: 2 });
      }
      // A word of the first row's first column, in other case, and a word nothing shows.
      const [column] = sortableColumns(whole.TableHeader);
      const word = String(whole.TableData[0]?.[column ?? ''] ?? '').slice(0, 4);
      await expectPage({ Search: word.toUpperCase(), ItemsPerPage: 50 });
      await expectPage({ Search: `  ${word.toLowerCase()}  `, ItemsPerPage: 50 });
      await expectPage({ Search: 'zzqx-nothing-shows-this', ItemsPerPage: 50 });
      // LIKE's wildcards and escape are plain characters to a search.
      for (const plain of ['%', '_', '\\', `${word}%`]) {
        await expectPage({ Search: plain, ItemsPerPage: 50 });
      }
    });

    it.skipIf(READ_BY_PAGES_ONLY.has(name))(
      'reads the whole list page after page (After the last row read), in any order',
      async () => {
        const whole = (await list(name)).records;
        const key = (await list(name, { Page: 1 })).raw.TableOptions.ItemKey;
        const [column] = sortableColumns(whole.TableHeader);
        for (const view of [{}, { SortBy: column, SortDesc: true }, { Search: 'a' }]) {
          const expected = pageRows(
            whole.TableData,
            { ...view, ItemsPerPage: 1000 },
            {
              headers: whole.TableHeader,
              defaultPageSize: 10,
            },
          ).rows;
          const first = (await list(name, { ...view, Page: 1, ItemsPerPage: 4 })).records;
          const read = [...first.TableData];
          let last = first.TableData.at(-1);
          while (last) {
            const next = (await list(name, { ...view, After: last[key], ItemsPerPage: 4 })).records;
            expect(next.TotalCount).toBeUndefined();
            read.push(...next.TableData);
            last = next.TableData.length === 4 ? next.TableData.at(-1) : undefined;
          }
          expect(read, JSON.stringify(view)).toEqual(expected);
        }
      },
    );

    it.skipIf(READ_BY_PAGES_ONLY.has(name))(
      'streams every page to the end in one answer with Stream (NDJSON, then the last line)',
      async () => {
        const whole = (await list(name)).records;
        const [column] = sortableColumns(whole.TableHeader);
        for (const view of [{ Page: 1 }, { SortBy: column, SortDesc: true }, { Search: 'a' }]) {
          const expected = pageRows(
            whole.TableData,
            { ...view, Page: 1, ItemsPerPage: 1000 },
            { headers: whole.TableHeader, defaultPageSize: 10 },
          ).rows;
          const response = await api.app.inject({
            method: 'POST',
            url: `/${legacyCalls[name].path}`,
            payload: { ...(await baseBody(name)), ...view, ItemsPerPage: 4, Stream: true },
            headers: { authorization: `Bearer ${admin()}` },
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toContain(STREAM_CONTENT_TYPE);
          const lines = response.body
            .trimEnd()
            .split('\n')
            .map((line) => JSON.parse(line));
          const end = lines.pop();
          expect(end).toEqual({ flag: 1, output: `${expected.length} rows.`, records: null });
          for (const page of lines.slice(0, -1)) expect(page).toHaveLength(4);
          expect(lines.flat(), JSON.stringify(view)).toEqual(expected);
        }
        // With Fields: each row as its key and the fields asked for, in that order.
        const key = (await list(name, { Page: 1 })).raw.TableOptions.ItemKey;
        const fields = sortableColumns(whole.TableHeader).slice(0, 2).reverse();
        const response = await api.app.inject({
          method: 'POST',
          url: `/${legacyCalls[name].path}`,
          payload: {
            ...(await baseBody(name)),
            Page: 1,
            ItemsPerPage: 4,
            Stream: true,
            Fields: fields,
          },
          headers: { authorization: `Bearer ${admin()}` },
        });
        const lines = response.body.trimEnd().split('\n').slice(0, -1);
        const rows = lines.flatMap((line) => JSON.parse(line) as Record<string, unknown>[]);
        const picked = [key, ...fields.filter((field) => field !== key)];
        expect(rows.map((row) => Object.keys(row))).toEqual(rows.map(() => picked));
        expect(rows).toEqual(
          whole.TableData.map((row) =>
            Object.fromEntries(picked.map((field) => [field, row[field]])),
          ),
        );
      },
    );

    it('with Stream, a refusal of the first page is an ordinary answer, not a stream', async () => {
      const response = await api.app.inject({
        method: 'POST',
        url: `/${legacyCalls[name].path}`,
        payload: { ...(await baseBody(name)), SortBy: 'NoSuchColumn', Stream: true },
        headers: { authorization: `Bearer ${admin()}` },
      });
      expect(response.statusCode).toBe(422);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ flag: 0, output: expect.stringMatching(/^SortBy/) });
    });

    it('refuses Fields naming what its rows do not have', async () => {
      for (const [paging, output] of [
        [{ Stream: true, Fields: ['NoSuchField'] }, /^Fields names NoSuchField, which is not/],
        [{ Stream: true, Fields: [] }, /^Fields must name at least one row field/],
      ] as const) {
        const response = await api.app.inject({
          method: 'POST',
          url: `/${legacyCalls[name].path}`,
          payload: { ...(await baseBody(name)), ...paging },
          headers: { authorization: `Bearer ${admin()}` },
        });
        expect(response.statusCode, JSON.stringify(paging)).toBe(422);
        expect(response.json()).toMatchObject({ flag: 0, output: expect.stringMatching(output) });
      }
    });

    it('the last page of a long sort is the end of the list (read backwards)', async () => {
      const whole = (await list(name)).records;
      const size = 3;
      const last = Math.max(1, Math.ceil(whole.TableData.length / size));
      const [column] = sortableColumns(whole.TableHeader);
      const { records } = await list(name, { Page: last, ItemsPerPage: size, SortBy: column });
      const expected = pageRows(
        whole.TableData,
        { Page: last, ItemsPerPage: size, SortBy: column },
        { headers: whole.TableHeader, defaultPageSize: 10 },
      );
      expect(records.TableData).toEqual(expected.rows);
    });

    it.each([
      [{ Page: 0 }, 'Page must be a whole number from 1'],
      [{ Page: 'two' }, 'Page must be a whole number from 1'],
      [
        { ItemsPerPage: MAX_ITEMS_PER_PAGE + 1 },
        `ItemsPerPage must be a whole number from 1 to ${MAX_ITEMS_PER_PAGE}`,
      ],
      [{ ItemsPerPage: -1 }, `ItemsPerPage must be a whole number from 1 to ${MAX_ITEMS_PER_PAGE}`],
      [{ SortBy: 'NoSuchColumn' }, 'SortBy must be one of'],
      [{ SortBy: 'Drop table;' }, 'SortBy must be a column name'],
      [{ SortDesc: 'maybe' }, 'SortDesc must be true or false'],
      [{ Search: 'x'.repeat(101) }, 'Search must be at most 100 characters'],
      [{ Filters: { NoSuchField: 'x' } }, 'Filters.NoSuchField is not a filter of this list'],
      [{ Filters: 'not json' }, 'Filters must be an object of row field to value'],
      [{ After: 2_000_000_000 }, 'After is not a row of this list'],
    ])('refuses %j with 422 naming the field', async (paging, message) => {
      const answer = await api.call(name, admin(), { ...(await baseBody(name)), ...paging });
      expect(answer.status).toBe(422);
      expect(answer.flag).toBe(0);
      expect(answer.output).toContain(message);
    });
  });
});

describe('filters', () => {
  it('keeps the purchase orders whose overall status the chip shows, with any case', async () => {
    const whole = (await list('purchaseOrderLists')).records;
    const { records } = await list('purchaseOrderLists', {
      Filters: { StatusTxt: 'pending' },
      ItemsPerPage: 100,
    });
    const pending = whole.TableData.filter((row) => row.StatusTxt === 'Pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(records.TotalCount).toBe(pending.length);
    expect(records.TableData).toEqual(pending);
  });

  it('keeps the vendors of one state, and the images of one kind', async () => {
    const vendors = (await list('vendorLists')).records.TableData;
    const stateId = vendors[0]?.StateId;
    const { records } = await list('vendorLists', {
      Filters: { StateId: stateId },
      ItemsPerPage: 100,
    });
    expect(records.TableData).toEqual(vendors.filter((row) => row.StateId === stateId));
    const images = (await list('galleryLists')).records.TableData;
    const kind = images.find((row) => row.Kind === 'branch_logo')?.Kind;
    expect(kind).toBe('branch_logo');
    const logos = await list('galleryLists', { Filters: JSON.stringify({ Kind: kind }) });
    expect(logos.records.TotalCount).toBe(images.filter((row) => row.Kind === kind).length);
  });

  it('searches purchase orders by date, vendor, status text and several words at once', async () => {
    const whole = (await list('purchaseOrderLists')).records.TableData;
    const first = whole[0];
    if (!first) throw new Error('no orders');
    for (const search of [
      String(first.PurchaseOrderDateTxt),
      String(first.PurchaseOrderDateTxt).slice(3),
      String(first.VendorName).split(' ')[0],
      'waiting',
      `${String(first.VendorName).split(' ')[0]} ${String(first.StatusTxt)}`,
    ]) {
      const { records } = await list('purchaseOrderLists', { Search: search, ItemsPerPage: 500 });
      const expected = pageRows(
        whole,
        { Search: search, ItemsPerPage: 500 },
        {
          headers: (await list('purchaseOrderLists')).records.TableHeader,
          defaultPageSize: 10,
        },
      );
      expect(records.TableData.length, search).toBeGreaterThan(0);
      expect(records.TableData, search).toEqual(expected.rows);
    }
  });
});
