import { AnyEnvelope, bulkDescription, legacyCalls } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../gallery/test-images.ts';
import {
  anAsset,
  anAssetLocation,
  anAssetType,
  aVendor,
  useBranchLogins,
} from '../test/factories.ts';
import { fingerprint, useTestApi } from '../test/test-api.ts';

/*
 * api/asset/bulk-upload: a register's rows created, or changing the assets they name by tag or by
 * brand and serial number; every problem of every row in one pass; all or nothing.
 */

const api = useTestApi({ reference: true });
const { token, branch } = useBranchLogins(api, ['admin', 'viewer'] as const);
const HEADERS = bulkDescription('assetBulkUpload').columns.map((column) => column.header);

type Cells = Record<string, string>;

/** The names a row gives for the file's branch, room, type and brand. */
const names = { branch: '', room: '', category: '', subCategory: '', type: '', brand: '' };
let typeIds = { id: 0, brandId: 0 };

beforeAll(async () => {
  typeIds = await anAssetType(api.db);
  const room = await anAssetLocation(api.db, { branch: branch(), name: 'Radiology' });
  const row = await api.db
    .selectFrom('assetTypes as t')
    .innerJoin('subCategories as sc', 'sc.id', 't.subCategoryId')
    .innerJoin('categories as c', 'c.id', 'sc.categoryId')
    .select(['t.name as type', 'sc.name as subCategory', 'c.name as category'])
    .where('t.id', '=', typeIds.id)
    .executeTakeFirstOrThrow();
  const brand = await api.db
    .selectFrom('brands')
    .select('name')
    .where('id', '=', typeIds.brandId)
    .executeTakeFirstOrThrow();
  const code = await api.db
    .selectFrom('branches')
    .select('code')
    .where('id', '=', branch())
    .executeTakeFirstOrThrow();
  Object.assign(names, { ...row, branch: code.code, room: room.name, brand: brand.name });
});

function aRow(overrides: Cells = {}): Cells {
  return {
    Name: 'X-ray unit, room 2',
    Branch: names.branch,
    Location: names.room,
    Category: names.category,
    'Sub-category': names.subCategory,
    'Asset Type': names.type,
    Brand: names.brand,
    'Serial Number': `XR-${Math.random().toString(36).slice(2, 9)}`,
    Cost: '1450000.00',
    'Put To Use Date': '2019-07-01',
    'Warranty Start': '2019-07-01',
    'Warranty End': '2022-06-30',
    Criticality: 'High',
    Condition: 'Good',
    Status: 'In use',
    ...overrides,
  };
}

function csv(rows: readonly Cells[]): Buffer {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [HEADERS, ...rows.map((row) => HEADERS.map((header) => row[header] ?? ''))];
  return Buffer.from(lines.map((cells) => cells.map(quote).join(',')).join('\r\n'));
}

async function upload(rows: readonly Cells[], commit: 0 | 1, user: 'admin' | 'viewer' = 'admin') {
  const { body, contentType } = await multipartBody(
    { UserInterface: '1', Commit: String(commit) },
    [{ field: 'File', name: 'assets.csv', type: 'text/csv', bytes: csv(rows) }],
  );
  const response = await api.app.inject({
    method: 'POST',
    url: `/${legacyCalls.assetBulkUpload.path}`,
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token(user)}` },
  });
  const envelope = AnyEnvelope.parse(response.json());
  return {
    flag: envelope.flag,
    output: envelope.output,
    report:
      envelope.flag === 1 ? legacyCalls.assetBulkUpload.records.parse(envelope.records) : null,
  };
}

describe('asset bulk upload', () => {
  it('reports every problem of every row at once and writes nothing', async () => {
    // Named by its brand and serial number, the held asset is the one row 2 would change.
    await anAsset(api.db, { branch: branch(), type: typeIds, serialNumber: 'HELD-9' });
    const before = await fingerprint(api.db);
    const answer = await upload(
      [
        aRow(),
        aRow({
          Location: 'Nowhere',
          Criticality: 'Urgent',
          'Warranty End': '2019-01-01',
          'Serial Number': 'held-9',
        }),
        aRow({ Tag: 'NO-SUCH-000001', Status: '' }),
      ],
      1,
    );
    expect(answer.output).toBe('Nothing was written: 2 of 3 rows have problems.');
    const problems = answer.report?.Rows.map((row) =>
      row.Problems.map((p) => [p.Column, p.Message]),
    );
    expect(problems?.[0]).toEqual([]);
    expect(problems?.[1]).toEqual([
      ['Location', `Location Nowhere does not exist in Branch ${names.branch}.`],
      ['Criticality', 'Criticality must be High or Medium or Low.'],
      ['Warranty End', 'Warranty end 2019-01-01 is before its start 2019-07-01.'],
    ]);
    expect(problems?.[2]).toEqual([
      ['Tag', 'Tag NO-SUCH-000001 is no asset of the register: leave it blank for a new asset.'],
    ]);
    expect(await fingerprint(api.db)).toEqual(before);
  });

  it('creates new assets and changes those named by tag or by brand and serial number', async () => {
    const byTag = await anAsset(api.db, { branch: branch(), type: typeIds, serialNumber: 'OLD-1' });
    const bySerial = await anAsset(api.db, {
      branch: branch(),
      type: typeIds,
      serialNumber: 'OLD-2',
    });
    // The vendor by its GSTIN, in lower case.
    const vendor = await aVendor(api.db);
    const gstin = await api.db
      .selectFrom('vendors')
      .select('gstin')
      .where('id', '=', vendor)
      .executeTakeFirstOrThrow();
    const rows = [
      aRow({ 'Serial Number': 'NEW-1', Vendor: (gstin.gstin ?? '').toLowerCase() }),
      aRow({
        Tag: byTag.tag.toLowerCase(),
        'Serial Number': 'OLD-1',
        Notes: 'Relabelled',
        Status: '',
      }),
      aRow({ 'Serial Number': 'old-2', Condition: 'Poor', Status: '' }),
    ];
    const dryRun = await upload(rows, 0);
    expect(dryRun.output).toBe('All 3 rows can be written; nothing is written until you commit.');
    const answer = await upload(rows, 1);
    expect(answer.output).toBe('1 asset created, 2 assets updated.');
    expect(answer.report).toMatchObject({ Created: 1, Updated: 2, ErrorCount: 0 });
    const changed = await api.db
      .selectFrom('assets')
      .select(['id', 'name', 'notes', 'condition', 'assetStatus'])
      .where('id', 'in', [byTag.id, bySerial.id])
      .orderBy('id')
      .execute();
    expect(changed).toEqual([
      {
        id: byTag.id,
        name: 'X-ray unit, room 2',
        notes: 'Relabelled',
        condition: 'GOOD',
        assetStatus: 'IN_USE',
      },
      {
        id: bySerial.id,
        name: 'X-ray unit, room 2',
        notes: null,
        condition: 'POOR',
        assetStatus: 'IN_USE',
      },
    ]);
    expect(await api.count('assetEvents', { assetId: byTag.id, kind: 'EDITED' })).toBe(1);
    const created = await api.db
      .selectFrom('assets')
      .select(['tag', 'assetStatus', 'putToUseDate', 'vendorId'])
      .where('serialNumber', '=', 'NEW-1')
      .executeTakeFirstOrThrow();
    expect(created).toEqual({
      tag: expect.stringMatching(new RegExp(`^${names.branch}-\\d{6}$`)),
      assetStatus: 'IN_USE',
      putToUseDate: '2019-07-01',
      vendorId: vendor,
    });
  });

  it('is the creators’ alone', async () => {
    const answer = await upload([aRow()], 0, 'viewer');
    expect([answer.flag, answer.output]).toEqual([0, 'You are not allowed to create assets.']);
  });
});
