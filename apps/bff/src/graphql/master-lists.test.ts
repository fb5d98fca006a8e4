import { aBranch, aLogin, aMasterRecord, aPurchaseOrder } from '@branch-assets/legacy-api/testing';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

const MasterRecordsQuery = graphql(`
  query MasterRecordsOf($list: MasterList!, $parentId: ID, $grandparentId: ID) {
    masterListPage(list: $list) { title permitted }
    masterRecords(list: $list, parentId: $parentId, grandparentId: $grandparentId, pageSize: 1000) {
      rows { id list name parentId parentName taxRate gstStateCode unit minimumStock depreciationClass active status { text background color } canEdit canDelete }
      headers { text value }
      options { itemsPerPage downloadable excelFileName }
      canCreate
      nameField
      parentField
      exportUrl
    }
  }
`);

const MasterOptionsQuery = graphql(`
  query MasterOptionsOf($list: MasterList!, $parentId: ID) {
    masterOptions(list: $list, parentId: $parentId) { value text }
  }
`);

const SaveMasterRecord = graphql(`
  mutation SaveMasterRecordOf($input: MasterRecordInput!) {
    saveMasterRecord(input: $input) { message record { id name parentId taxRate unit minimumStock depreciationClass active status { text } } }
  }
`);

const DeleteMasterRecord = graphql(`
  mutation DeleteMasterRecordOf($list: MasterList!, $id: ID!) {
    deleteMasterRecord(list: $list, id: $id) { message }
  }
`);

const stack = useStack(['admin']);
const { admin } = stack.users;

/** A viewer whose records are the file's own: they only read and are refused. */
const viewer = useLogin(stack, 'viewer').client;

/** Each list of the gateway, and its name as the factories' aMasterRecord takes it. */
const LISTS = {
  DESIGNATION: 'designation',
  BRAND: 'brand',
  ASSET_CATEGORY: 'assetCategory',
  SUB_CATEGORY: 'subCategory',
  ASSET_TYPE: 'assetType',
  STATE: 'state',
  DISTRICT: 'district',
  CITY: 'city',
  ACCESSORY_TYPE: 'accessoryType',
} as const;

describe('master lists through the gateway', () => {
  it('lists every list for the admin, with its page, headers, flags and export link', async () => {
    for (const list of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
      const made = await aMasterRecord(stack.db, LISTS[list]);
      const answer = await admin.graphql(MasterRecordsQuery, { list });
      expect(answer.errors, list).toBeUndefined();
      const result = answer.data?.masterRecords;
      expect(answer.data?.masterListPage.permitted, list).toBe(true);
      expect(
        result?.rows.find((row) => row.id === String(made.id)),
        list,
      ).toMatchObject({ name: made.name, parentId: made.parentId ? String(made.parentId) : null });
      expect(
        result?.rows.every((row) => row.list === list && row.name !== ''),
        list,
      ).toBe(true);
      expect(result?.canCreate, list).toBe(true);
      expect(result?.exportUrl, list).toMatch(/^\/exports\/[a-z-]+\.xlsx$/);
      expect(result?.headers.length, list).toBeGreaterThan(0);
    }
    const subCategory = await aMasterRecord(stack.db, 'subCategory');
    const made = await aMasterRecord(stack.db, 'assetType', { parent: subCategory.id });
    const types = await admin.graphql(MasterRecordsQuery, { list: 'ASSET_TYPE' });
    const type = types.data?.masterRecords.rows.find((row) => row.id === String(made.id));
    expect(type?.parentId).toBe(String(subCategory.id));
    expect(type?.parentName).toBe(subCategory.name);
    expect(type?.taxRate).toBe('18.00');
    expect(type?.status).toEqual({ text: 'Active', background: '#DDF6E8', color: '#197B45' });
    expect(types.data?.masterRecords.nameField).toBe('name');
    expect(types.data?.masterRecords.parentField).toBe('parentName');
    const headerValues = types.data?.masterRecords.headers.map((header) => header.value);
    expect(headerValues).toEqual(
      expect.arrayContaining(['name', 'parentName', 'taxRate', 'status']),
    );
  });

  it('creates, renames, deactivates and deletes a brand; a duplicate is REJECTED with the server message', async () => {
    const created = await admin.graphql(SaveMasterRecord, {
      input: { list: 'BRAND', name: 'Gateway Test Brand' },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data?.saveMasterRecord.record.id ?? '';
    expect(created.data?.saveMasterRecord.record).toMatchObject({
      name: 'Gateway Test Brand',
      active: true,
      parentId: null,
      taxRate: null,
    });
    const duplicate = await admin.graphql(SaveMasterRecord, {
      input: { list: 'BRAND', name: 'gateway test brand' },
    });
    expectRefused(duplicate, 'REJECTED', /already exists/);

    const renamed = await admin.graphql(SaveMasterRecord, {
      input: { list: 'BRAND', id, name: 'Gateway Test Brand 2', active: false },
    });
    expect(renamed.data?.saveMasterRecord.record).toMatchObject({
      id,
      name: 'Gateway Test Brand 2',
      active: false,
      status: { text: 'InActive' },
    });
    const options = await admin.graphql(MasterOptionsQuery, { list: 'BRAND' });
    expect(options.data?.masterOptions.some((option) => option.value === id)).toBe(false);

    const deleted = await admin.graphql(DeleteMasterRecord, { list: 'BRAND', id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.deleteMasterRecord.message).toBeTruthy();
    const after = await admin.graphql(MasterRecordsQuery, { list: 'BRAND' });
    expect(after.data?.masterRecords.rows.some((row) => row.id === id)).toBe(false);
  });

  it('keeps an accessory type with its unit and minimum stock, checked as the contract says', async () => {
    const name = `Gateway Cuff ${Date.now()}`;
    const created = await admin.graphql(SaveMasterRecord, {
      input: { list: 'ACCESSORY_TYPE', name, unit: 'Pair', minimumStock: 12 },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.saveMasterRecord.record).toMatchObject({
      name,
      unit: 'Pair',
      minimumStock: 12,
      taxRate: null,
      active: true,
    });
    const id = created.data?.saveMasterRecord.record.id ?? '';
    for (const [input, message] of [
      [{ unit: 'Dozen', minimumStock: 1 }, /^Unit must be one of Nos, Set, Pair, Box, Metre/],
      [{ unit: 'Box', minimumStock: -1 }, /^MinimumStock must be a whole number from 0/],
      [{ minimumStock: 1 }, /^Unit /],
    ] as const) {
      const refused = await admin.graphql(SaveMasterRecord, {
        input: { list: 'ACCESSORY_TYPE', id, name, ...input },
      });
      expectRefused(refused, 'BAD_USER_INPUT', message);
    }
    const listed = await admin.graphql(MasterRecordsQuery, { list: 'ACCESSORY_TYPE' });
    const list = listed.data?.masterRecords;
    expect(list?.headers.map((header) => header.value)).toEqual([
      'actions',
      'name',
      'unit',
      'minimumStock',
      'status',
    ]);
    expect(list?.rows.find((row) => row.id === id)).toMatchObject({
      unit: 'Pair',
      minimumStock: 12,
    });
    const deleted = await admin.graphql(DeleteMasterRecord, { list: 'ACCESSORY_TYPE', id });
    expect(deleted.errors).toBeUndefined();
  });

  it('keeps a sub-category with its depreciation class: plant and machinery unless given, kept when left out', async () => {
    const category = await aMasterRecord(stack.db, 'assetCategory');
    const parentId = String(category.id);
    const name = `Gateway Laptops ${Date.now()}`;
    const created = await admin.graphql(SaveMasterRecord, {
      input: { list: 'SUB_CATEGORY', name, parentId },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data?.saveMasterRecord.record).toMatchObject({
      name,
      parentId,
      depreciationClass: 'plantAndMachinery',
      taxRate: null,
    });
    const id = created.data?.saveMasterRecord.record.id ?? '';
    const classed = await admin.graphql(SaveMasterRecord, {
      input: { list: 'SUB_CATEGORY', id, name, parentId, depreciationClass: 'computers' },
    });
    expect(classed.data?.saveMasterRecord.record.depreciationClass).toBe('computers');
    // Renamed without a class (null or absent): the class stays.
    const renamed = await admin.graphql(SaveMasterRecord, {
      input: { list: 'SUB_CATEGORY', id, name: `${name} 2`, parentId, depreciationClass: null },
    });
    expect(renamed.data?.saveMasterRecord.record.depreciationClass).toBe('computers');
    const refused = await admin.graphql(SaveMasterRecord, {
      input: { list: 'SUB_CATEGORY', id, name, parentId, depreciationClass: 'Laptops' },
    });
    expectRefused(
      refused,
      'BAD_USER_INPUT',
      /^DepreciationClass must be one of medicalEquipment, /,
    );
    const listed = await admin.graphql(MasterRecordsQuery, { list: 'SUB_CATEGORY', parentId });
    const list = listed.data?.masterRecords;
    expect(list?.headers.map((header) => header.value)).toEqual([
      'actions',
      'name',
      'parentName',
      'depreciationClass',
      'status',
    ]);
    expect(list?.rows.find((row) => row.id === id)?.depreciationClass).toBe('computers');
    // Other lists have none.
    const brands = await admin.graphql(MasterRecordsQuery, { list: 'BRAND' });
    expect(brands.data?.masterRecords.rows.every((row) => row.depreciationClass === null)).toBe(
      true,
    );
  });

  it('lists the cities of a state, and exports them so', async () => {
    // A state of its own with two districts and a city in each; and a city of another state.
    const state = await aMasterRecord(stack.db, 'state');
    const made = [];
    for (const _ of [1, 2]) {
      const district = await aMasterRecord(stack.db, 'district', { parent: state.id });
      made.push(await aMasterRecord(stack.db, 'city', { parent: district.id }));
    }
    await aMasterRecord(stack.db, 'city');
    const stateId = String(state.id);
    const districts = await admin.graphql(MasterOptionsQuery, {
      list: 'DISTRICT',
      parentId: stateId,
    });
    const ownDistricts = new Set(districts.data?.masterOptions.map((option) => option.value));
    expect(ownDistricts.size).toBe(2);
    const cities = await admin.graphql(MasterRecordsQuery, {
      list: 'CITY',
      grandparentId: stateId,
    });
    const rows = cities.data?.masterRecords.rows ?? [];
    expect(rows.map((row) => row.id).sort()).toEqual(made.map((city) => String(city.id)).sort());
    for (const row of rows) expect(ownDistricts.has(row.parentId ?? '')).toBe(true);
    const all = await admin.graphql(MasterRecordsQuery, { list: 'CITY' });
    expect(rows.length).toBeLessThan(all.data?.masterRecords.rows.length ?? 0);
    const url = cities.data?.masterRecords.exportUrl ?? '';
    expect(url).toContain(`grandparentId=${stateId}`);
    const sheet = await downloadSheet(admin, url);
    expect(sheet.actualRowCount - 1).toBe(rows.length);
  });

  it('refuses to delete a brand still in use, naming the reason', async () => {
    // An order's line is of a brand of its own.
    const branch = await aBranch(stack.db);
    const raiser = await aLogin(stack.db, { role: 'manager', branches: [branch.id] });
    const order = await aPurchaseOrder(stack.db, { branch: branch.id, createdBy: raiser.userId });
    const used = await stack.db
      .selectFrom('purchaseOrderLines')
      .innerJoin('brands', 'brands.id', 'purchaseOrderLines.brandId')
      .select(['brands.id', 'brands.name'])
      .where('purchaseOrderLines.purchaseOrderId', '=', order.id)
      .executeTakeFirstOrThrow();
    const brands = await admin.graphql(MasterRecordsQuery, { list: 'BRAND' });
    expect(brands.data?.masterRecords.rows.find((row) => row.id === String(used.id))?.name).toBe(
      used.name,
    );
    const refused = await admin.graphql(DeleteMasterRecord, { list: 'BRAND', id: String(used.id) });
    expectRefused(
      refused,
      'REJECTED',
      `Cannot delete Brand ${used.name}: it is used by 1 purchase order line.`,
    );
  });

  it('children need a parent; options and lists filter by it', async () => {
    const missing = await admin.graphql(SaveMasterRecord, {
      input: { list: 'SUB_CATEGORY', name: 'Orphan' },
    });
    expect(errorCode(missing)).toBe('BAD_USER_INPUT');
    // A category of its own with two sub-categories, and a sub-category of another category.
    const made = await aMasterRecord(stack.db, 'assetCategory');
    const own = [
      await aMasterRecord(stack.db, 'subCategory', { parent: made.id }),
      await aMasterRecord(stack.db, 'subCategory', { parent: made.id }),
    ];
    await aMasterRecord(stack.db, 'subCategory');
    const categories = await admin.graphql(MasterOptionsQuery, { list: 'ASSET_CATEGORY' });
    const category = categories.data?.masterOptions.find(
      (option) => option.value === String(made.id),
    );
    expect(category).toEqual({ value: String(made.id), text: made.name });
    const children = await admin.graphql(MasterRecordsQuery, {
      list: 'SUB_CATEGORY',
      parentId: category?.value ?? '',
    });
    const rows = children.data?.masterRecords.rows ?? [];
    expect(rows.map((row) => row.id).sort()).toEqual(own.map((row) => String(row.id)).sort());
    expect(rows.every((row) => row.parentId === category?.value)).toBe(true);
    expect(children.data?.masterRecords.exportUrl).toBe(
      `/exports/sub-categories.xlsx?parentId=${category?.value}`,
    );
    const type = await admin.graphql(SaveMasterRecord, {
      input: {
        list: 'ASSET_TYPE',
        name: 'Gateway Test Type',
        parentId: rows[0]?.id,
        taxRate: '12.50',
      },
    });
    expect(type.errors?.[0]?.message ?? null).toBeNull();
    expect(type.data?.saveMasterRecord.record).toMatchObject({
      taxRate: '12.50',
      parentId: rows[0]?.id,
    });
    const badRate = await admin.graphql(SaveMasterRecord, {
      input: { list: 'ASSET_TYPE', name: 'Bad Rate', parentId: rows[0]?.id, taxRate: '101.00' },
    });
    expect(['BAD_USER_INPUT', 'REJECTED']).toContain(errorCode(badRate));
  });

  it('states carry their GST state code; a code already used is REJECTED', async () => {
    const state = await aMasterRecord(stack.db, 'state');
    const district = await aMasterRecord(stack.db, 'district', { parent: state.id });
    await aMasterRecord(stack.db, 'district');
    const { gstCode } = await stack.db
      .selectFrom('states')
      .select('gstCode')
      .where('id', '=', state.id)
      .executeTakeFirstOrThrow();
    const states = await admin.graphql(MasterRecordsQuery, { list: 'STATE' });
    const first = states.data?.masterRecords.rows.find((row) => row.id === String(state.id));
    expect(first).toMatchObject({ name: state.name, gstStateCode: gstCode });
    expect(first?.gstStateCode).toMatch(/^\d\d$/);
    const taken = await admin.graphql(SaveMasterRecord, {
      input: { list: 'STATE', name: 'Newland', gstStateCode: first?.gstStateCode },
    });
    expectRefused(
      taken,
      'REJECTED',
      `GST state code ${first?.gstStateCode} is already used by State ${first?.name}.`,
    );
    const districts = await admin.graphql(MasterRecordsQuery, {
      list: 'DISTRICT',
      parentId: first?.id,
    });
    expect(districts.data?.masterRecords.rows.map((row) => row.id)).toEqual([String(district.id)]);
    expect(districts.data?.masterRecords.rows.every((row) => row.parentId === first?.id)).toBe(
      true,
    );
  });

  it('the viewer reads but may not create, change or delete', async () => {
    const list = await viewer.graphql(MasterRecordsQuery, { list: 'BRAND' });
    expect(list.errors).toBeUndefined();
    expect(list.data?.masterRecords.canCreate).toBe(false);
    expect(list.data?.masterRecords.rows.every((row) => !row.canEdit && !row.canDelete)).toBe(true);
    const refused = await viewer.graphql(SaveMasterRecord, {
      input: { list: 'BRAND', name: 'Viewer Brand' },
    });
    expectRefused(refused, 'REJECTED', /not allowed/);
  });

  it('exports each master list as a workbook with its rows', async () => {
    for (const name of ['DESIGNATION', 'STATE', 'DISTRICT', 'CITY'] as const) {
      const made = await aMasterRecord(stack.db, LISTS[name]);
      const list = await admin.graphql(MasterRecordsQuery, { list: name });
      expect(
        list.data?.masterRecords.rows.map((row) => row.name),
        name,
      ).toContain(made.name);
      const url = list.data?.masterRecords.exportUrl ?? '';
      const sheet = await downloadSheet(admin, url);
      expect(sheet.actualRowCount - 1, name).toBe(list.data?.masterRecords.rows.length);
      expect(sheet.getRow(2).getCell(1).value, name).toBe(list.data?.masterRecords.rows[0]?.name);
    }
  });

  it('a visitor is UNAUTHENTICATED', async () => {
    const visitor = stack.visitor();
    expectRefused(await visitor.graphql(MasterRecordsQuery, { list: 'BRAND' }), 'UNAUTHENTICATED');
  });
});
