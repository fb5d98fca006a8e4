import { DEPRECIATION_CLASS_CODES } from '@branch-assets/domain';
import {
  type LegacyCallName,
  legacyCalls,
  type MasterListName,
  masterLists,
} from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { foreignKeys } from '../db/references.ts';
import {
  aBranch,
  aCity,
  aFreeGstStateCode,
  aMasterRecord,
  anAccessory,
  aPurchaseOrder,
  aStaffMember,
  useBranchLogins,
} from '../test/factories.ts';
import { expectExactKeys, useTestApi } from '../test/test-api.ts';
import { MASTER_LISTS } from './routes.ts';

/*
 * The file starts from the reference data (which has the states and nothing of the other lists)
 * and makes the records each test reads, collides with or deletes, and what uses them
 * (test/factories.ts), instead of the demo's brands, categories, designations and places.
 */

const USERS = ['admin', 'manager', 'viewer', 'verifier'] as const;
type DemoUser = (typeof USERS)[number];
type Action = 'Lists' | 'Show' | 'Store' | 'Update' | 'Destroy' | 'Options';

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, USERS);
const { token } = logins;

interface Answer {
  status: number;
  flag: number;
  output: string;
  raw: unknown;
}

/** A master-list call by list and action, with the body as a plain record. */
function call(
  list: MasterListName,
  action: Action,
  user: DemoUser,
  body: Record<string, unknown> = {},
): Promise<Answer> {
  const name = `${list}${action}` as LegacyCallName;
  return api.call(name, token(user), { UserInterface: 1, ...body });
}

type Row = Record<string, unknown>;

async function rows(list: MasterListName, body: Record<string, unknown> = {}): Promise<Row[]> {
  const answer = await call(list, 'Lists', 'admin', body);
  expect([answer.status, answer.flag]).toEqual([200, 1]);
  return (answer.raw as { TableData: Row[] }).TableData;
}

const adminId = () => logins.userId('admin');

/** A new record of the list, as the list gives it. */
async function aRecord(list: MasterListName, parent?: number): Promise<Row> {
  const { id } = await aMasterRecord(api.db, list, parent === undefined ? {} : { parent });
  const row = (await rows(list)).find((candidate) => candidate[masterLists[list].fields.id] === id);
  if (!row) throw new Error(`${list} ${id} is not listed`);
  return row;
}

/** The fields a new record of each list needs, besides its name: its parent is a new one. */
async function fieldsFor(list: MasterListName): Promise<Record<string, unknown>> {
  const made = (parent: MasterListName) => aMasterRecord(api.db, parent).then((row) => row.id);
  if (list === 'subCategory')
    return { Category: await made('assetCategory'), DepreciationClass: 'computers' };
  if (list === 'assetType') return { SubCategory: await made('subCategory'), TaxRate: 18 };
  if (list === 'state') return { GstStateCode: await aFreeGstStateCode(api.db) };
  if (list === 'district') return { State: await api.idOf('states', 'gstCode', '33') };
  if (list === 'city') return { District: await made('district') };
  if (list === 'accessoryType') return { Unit: 'Pair', MinimumStock: 4 };
  return {};
}

/** The id of the one line of a new purchase order, with its brand and asset type. */
async function anOrderLine() {
  const branch = await aBranch(api.db);
  const order = await aPurchaseOrder(api.db, { branch: branch.id, createdBy: adminId() });
  return api.db
    .selectFrom('purchaseOrderLines')
    .select(['brandId', 'assetTypeId'])
    .where('purchaseOrderId', '=', order.id)
    .executeTakeFirstOrThrow();
}

/**
 * A new record of each list and one thing that refers to it (by a foreign key of the database),
 * so that deleting it is refused; null for a list nothing refers to yet (accessory types, until
 * accessories come).
 */
const IN_USE: Record<MasterListName, (() => Promise<number>) | null> = {
  designation: async () => {
    const designation = await aMasterRecord(api.db, 'designation');
    const branch = await aBranch(api.db);
    await aStaffMember(api.db, { branches: [branch.id], designation: designation.id });
    return designation.id;
  },
  brand: async () => (await anOrderLine()).brandId ?? 0,
  assetCategory: async () => (await aMasterRecord(api.db, 'subCategory')).parentId ?? 0,
  subCategory: async () => (await aMasterRecord(api.db, 'assetType')).parentId ?? 0,
  assetType: async () => (await anOrderLine()).assetTypeId ?? 0,
  state: async () => {
    const state = await aMasterRecord(api.db, 'state');
    await aMasterRecord(api.db, 'district', { parent: state.id });
    return state.id;
  },
  district: async () => (await aMasterRecord(api.db, 'city')).parentId ?? 0,
  city: async () => {
    const city = await aCity(api.db);
    await aBranch(api.db, { city });
    return city.id;
  },
  accessoryType: async () => (await anAccessory(api.db)).accessoryTypeId,
};

/**
 * A new record of the list in use; null for a list nothing refers to yet. A list whose table the
 * database's foreign keys refer to must have its way of being used in IN_USE.
 */
async function usedId(list: MasterListName): Promise<number | null> {
  const table = MASTER_LISTS.find((description) => description.name === list)?.table;
  const uses = (await foreignKeys(api.db)).filter((key) => key.referenced === table && key.blocks);
  const make = IN_USE[list];
  if (!make) {
    if (uses.length > 0)
      throw new Error(`${table} is referred to: say in IN_USE how to use a ${list}`);
    return null;
  }
  return make();
}

let spares = 0;
/** A record made to be deleted. */
async function spareId(list: MasterListName, nameField: string): Promise<number> {
  const { fields } = masterLists[list];
  spares += 1;
  const made = await call(list, 'Store', 'admin', {
    ...(await fieldsFor(list)),
    [nameField]: `Spare ${spares}`,
  });
  return (made.raw as Row)[fields.id] as number;
}

const LISTS = MASTER_LISTS.map((description) => ({
  list: description.name,
  entity: description.entity,
  fields: masterLists[description.name].fields,
  title: masterLists[description.name].spec.title,
  plural: masterLists[description.name].spec.plural,
}));

describe('the registry', () => {
  it('has the six calls of every master list at its legacy path', () => {
    const paths = LISTS.flatMap(({ list }) =>
      (['Lists', 'Show', 'Store', 'Update', 'Destroy', 'Options'] as const).map(
        (action) => legacyCalls[`${list}${action}` as LegacyCallName].path,
      ),
    );
    expect(paths).toContain('api/designation/lists');
    expect(paths).toContain('api/brand/options');
    expect(paths).toContain('api/asset-category/store');
    expect(paths).toContain('api/category-sub/update');
    expect(paths).toContain('api/asset-type/destroy');
    expect(new Set(paths).size).toBe(6 * MASTER_LISTS.length);
  });

  it('keeps the legacy grant modules, audit entities, headers, spreadsheet names and parents', () => {
    // Derived from the contract's names and titles; these are what the grants, the audit log and
    // the users' downloaded files already hold.
    expect(
      MASTER_LISTS.map((list) => [
        list.name,
        list.module,
        list.entity,
        list.nameHeader,
        list.excelFileName,
        list.parent && `${list.parent.table}.${list.parent.column}`,
      ]),
    ).toEqual([
      ['designation', 'designation', 'designation', 'Designation', 'Designations', null],
      ['brand', 'brand', 'brand', 'Brand', 'Brands', null],
      ['assetCategory', 'asset_category', 'category', 'Category', 'AssetCategories', null],
      [
        'subCategory',
        'category',
        'sub_category',
        'Sub-category',
        'SubCategories',
        'categories.category_id',
      ],
      [
        'assetType',
        'asset_type',
        'asset_type',
        'Asset type',
        'AssetTypes',
        'sub_categories.sub_category_id',
      ],
      ['state', 'state', 'state', 'State', 'States', null],
      ['district', 'district', 'district', 'District', 'Districts', 'states.state_id'],
      ['city', 'city', 'city', 'City', 'Cities', 'districts.district_id'],
      [
        'accessoryType',
        'accessory_type',
        'accessory_type',
        'Accessory type',
        'AccessoryTypes',
        null,
      ],
    ]);
  });
});

describe.each(LISTS)('$list', ({ list, entity, fields, title, plural }) => {
  it('lists every record with the table headers and options of a legacy list', async () => {
    const made = [await aRecord(list), await aRecord(list)];
    const answer = await call(list, 'Lists', 'admin');
    expect([answer.status, answer.flag]).toEqual([200, 1]);
    const payload = answer.raw as {
      TableData: Row[];
      TableHeader: { value: string }[];
      TableOptions: Record<string, unknown>;
    };
    const table = MASTER_LISTS.find((description) => description.name === list)?.table ?? '';
    const { rows: counted } = await sql<{ count: number }>`
      select count(*) as count from ${sql.table(table)}`.execute(api.db);
    expect(payload.TableData.length).toBe(Number(counted[0]?.count));
    expect(payload.TableData).toEqual(expect.arrayContaining(made));
    expect(answer.output).toBe(`${payload.TableData.length} ${plural}.`);
    const keys = [
      fields.id,
      fields.name,
      ...(fields.parent ? [fields.parent.id, fields.parent.name] : []),
      ...fields.extra,
      'ActiveStatus',
      'ActiveStatusTxt',
      'EditFlag',
      'DeleteFlag',
    ];
    for (const row of payload.TableData) {
      expectExactKeys(row, keys);
      expect(row).toMatchObject({ ActiveStatus: 1, ActiveStatusTxt: 'Active', EditFlag: true });
    }
    const values = payload.TableHeader.map((header) => header.value);
    expect(values[0]).toBe('Actions');
    expect(values.at(-1)).toBe('ActiveStatusTxt');
    expect(payload.TableOptions).toMatchObject({
      ItemKey: fields.id,
      ItemsPerPage: 10,
      DownloadFlag: true,
      ExcelFileName: expect.stringMatching(/^[A-Za-z]+_\d{4}-\d{2}-\d{2}\.xlsx$/),
      ExcelFields: Object.fromEntries(
        values.slice(1).map((value, index) => [String(index), value]),
      ),
    });
    const viewer = await call(list, 'Lists', 'viewer');
    expect(viewer.flag).toBe(1);
    const viewerPayload = viewer.raw as {
      TableData: Row[];
      TableOptions: { DownloadFlag: boolean };
    };
    expect(viewerPayload.TableOptions.DownloadFlag).toBe(false);
    expect(viewerPayload.TableData[0]).toMatchObject({ EditFlag: false, DeleteFlag: false });
  });

  it('stores, shows, updates, lists as options and destroys, each write audited', async () => {
    const extra = await fieldsFor(list);
    const stored = await call(list, 'Store', 'admin', { [fields.name]: '  Zeta Test  ', ...extra });
    expect([stored.flag, stored.output]).toEqual([1, `${title} Zeta Test created.`]);
    const record = stored.raw as Row;
    const id = record[fields.id] as number;
    expect(record).toMatchObject({ [fields.name]: 'Zeta Test', ActiveStatus: 1 });
    if (list === 'assetType') expect(record.TaxRate).toBe('18.00');
    if (list === 'subCategory') expect(record.DepreciationClass).toBe('computers');

    const shown = await call(list, 'Show', 'viewer', { [fields.key]: id });
    expect([shown.flag, shown.output]).toEqual([1, 'Zeta Test']);
    expect(shown.raw).toEqual({ ...record, EditFlag: false, DeleteFlag: false });

    const updated = await call(list, 'Update', 'admin', {
      [fields.key]: String(id),
      [fields.name]: 'Zeta Renamed',
      ActiveStatus: '0',
      ...extra,
    });
    expect([updated.flag, updated.output]).toEqual([1, `${title} Zeta Renamed updated.`]);
    expect(updated.raw).toMatchObject({ ActiveStatus: 0, ActiveStatusTxt: 'InActive' });

    // Inactive: still listed, no longer an option; ActiveStatus left out keeps it as it is.
    expect((await rows(list)).map((row) => row[fields.id])).toContain(id);
    const options = async () => {
      const answer = await call(list, 'Options', 'viewer');
      expect(answer.flag).toBe(1);
      return (answer.raw as { value: number; text: string }[]).map((option) => option.value);
    };
    expect(await options()).not.toContain(id);
    const kept = await call(list, 'Update', 'admin', {
      [fields.key]: id,
      [fields.name]: 'Zeta Renamed',
      ...extra,
    });
    expect(kept.raw).toMatchObject({ ActiveStatus: 0 });
    await call(list, 'Update', 'admin', {
      [fields.key]: id,
      [fields.name]: 'Zeta Renamed',
      ActiveStatus: 1,
      ...extra,
    });
    expect(await options()).toContain(id);

    const destroyed = await call(list, 'Destroy', 'admin', { [fields.key]: id });
    expect([destroyed.flag, destroyed.output, destroyed.raw]).toEqual([
      1,
      `${title} Zeta Renamed deleted.`,
      null,
    ]);
    const gone = await call(list, 'Show', 'admin', { [fields.key]: id });
    expect([gone.flag, gone.output]).toEqual([0, `${title} ${id} does not exist.`]);

    const audit = await api.auditOf(entity, id);
    expect(audit.map((entry) => [entry.action, entry.toStatus])).toEqual([
      ['create', 'Active'],
      ['edit', 'InActive'],
      ['edit', 'InActive'],
      ['edit', 'Active'],
      ['delete', null],
    ]);
    const userId = await adminId();
    for (const entry of audit) expect(entry.userId).toBe(userId);
    expect(audit[1]?.details).toMatchObject({
      before: { [fields.name]: 'Zeta Test', ActiveStatus: 1 },
      after: { [fields.name]: 'Zeta Renamed', ActiveStatus: 0 },
    });
  });

  it('refuses a name already taken, whatever its case, without changing anything', async () => {
    const existing = await aRecord(list);
    const name = String(existing[fields.name]);
    const parent = fields.parent
      ? { [fields.parent.key]: existing[fields.parent.id] }
      : await fieldsFor(list);
    const body = {
      ...(await fieldsFor(list)),
      ...parent,
      [fields.name]: ` ${name.toUpperCase()} `,
    };
    const expected = fields.parent
      ? `${title} ${name.toUpperCase()} already exists under ${fields.parent.title.toLowerCase()} ${String(existing[fields.parent.name])}.`
      : `${title} ${name.toUpperCase()} already exists.`;
    await api.expectRefusedWithoutChange(() => call(list, 'Store', 'admin', body), {
      output: expected,
    });
    const other = await aRecord(
      list,
      fields.parent ? (existing[fields.parent.id] as number) : undefined,
    );
    await api.expectRefusedWithoutChange(
      () => call(list, 'Update', 'admin', { ...body, [fields.key]: other[fields.id] }),
      { output: expected },
    );
    // Renaming a record to its own name in another case is no conflict.
    const same = await call(list, 'Update', 'admin', {
      ...body,
      [fields.name]: name,
      [fields.key]: existing[fields.id],
      ...(list === 'assetType' ? { TaxRate: existing.TaxRate } : {}),
      ...(list === 'state' ? { GstStateCode: existing.GstStateCode } : {}),
    });
    expect(same.flag).toBe(1);
  });

  it('refuses an invalid body with 422 naming the field, without changing anything', async () => {
    const extra = await fieldsFor(list);
    await api.expectRefusedWithoutChange(() => call(list, 'Store', 'admin', extra), {
      status: 422,
      output: `${fields.name} is required`,
    });
    await api.expectRefusedWithoutChange(
      () => call(list, 'Store', 'admin', { ...extra, [fields.name]: 'x'.repeat(101) }),
      { status: 422, output: `${fields.name} must be at most 100 characters` },
    );
    await api.expectRefusedWithoutChange(
      () => call(list, 'Store', 'admin', { ...extra, [fields.name]: 'Ok', ActiveStatus: 3 }),
      { status: 422, output: 'ActiveStatus must be 1 or 0' },
    );
    await api.expectRefusedWithoutChange(
      () => call(list, 'Update', 'admin', { ...extra, [fields.name]: 'Ok' }),
      { status: 422, output: `${fields.key} is required` },
    );
    await api.expectRefusedWithoutChange(
      () => call(list, 'Destroy', 'admin', { [fields.key]: 'abc' }),
      { status: 422, output: `${fields.key} must be a positive whole number` },
    );
  });

  it('refuses an unknown record on show, update and destroy', async () => {
    const expected = `${title} 999999 does not exist.`;
    const extra = await fieldsFor(list);
    expect((await call(list, 'Show', 'admin', { [fields.key]: 999999 })).output).toBe(expected);
    await api.expectRefusedWithoutChange(
      () => call(list, 'Update', 'admin', { ...extra, [fields.key]: 999999, [fields.name]: 'X' }),
      { output: expected },
    );
    await api.expectRefusedWithoutChange(
      () => call(list, 'Destroy', 'admin', { [fields.key]: 999999 }),
      { output: expected },
    );
  });

  it('refuses to delete a record in use without changing anything; one nothing can use goes', async () => {
    const id = await usedId(list);
    if (id === null) {
      // No table refers to this list yet (accessory types until accessories come): its records
      // are never in use, and a delete takes the record.
      const spare = await spareId(list, fields.name);
      const deleted = await call(list, 'Destroy', 'admin', { [fields.key]: spare });
      expect([deleted.flag, deleted.output]).toEqual([1, expect.stringMatching(/ deleted\.$/)]);
      expect((await rows(list)).some((row) => row[fields.id] === spare)).toBe(false);
      return;
    }
    const used = (await rows(list)).find((row) => row[fields.id] === id);
    if (!used) throw new Error('no record');
    await api.expectRefusedWithoutChange(
      () => call(list, 'Destroy', 'admin', { [fields.key]: used[fields.id] }),
      {
        output: new RegExp(
          `^Cannot delete ${title} ${String(used[fields.name]).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: it is used by \\d+ [a-z -]+(, \\d+ [a-z -]+)*( and \\d+ [a-z -]+)?\\.$`,
        ),
      },
    );
  });
});

describe('delete refusals name what uses the record', () => {
  it('counts purchase order lines for a brand, staff for a designation, children for a category', async () => {
    const { brandId } = await anOrderLine();
    const brand = await api.db
      .selectFrom('brands')
      .select('name')
      .where('id', '=', brandId)
      .executeTakeFirstOrThrow();
    await api.expectRefusedWithoutChange(
      () => call('brand', 'Destroy', 'admin', { Brand: brandId }),
      { output: `Cannot delete Brand ${brand.name}: it is used by 1 purchase order line.` },
    );
    const designation = await aMasterRecord(api.db, 'designation');
    const branch = await aBranch(api.db);
    for (let staff = 0; staff < 2; staff += 1)
      await aStaffMember(api.db, { branches: [branch.id], designation: designation.id });
    await api.expectRefusedWithoutChange(
      () => call('designation', 'Destroy', 'admin', { Designation: designation.id }),
      { output: `Cannot delete Designation ${designation.name}: it is used by 2 staff members.` },
    );
    const category = await aMasterRecord(api.db, 'assetCategory');
    for (let child = 0; child < 3; child += 1)
      await aMasterRecord(api.db, 'subCategory', { parent: category.id });
    await api.expectRefusedWithoutChange(
      () => call('assetCategory', 'Destroy', 'admin', { Category: category.id }),
      { output: `Cannot delete Category ${category.name}: it is used by 3 sub-categories.` },
    );
  });
});

describe('children', () => {
  it('refuse an unknown parent on store and update, without changing anything', async () => {
    await api.expectRefusedWithoutChange(
      () => call('subCategory', 'Store', 'admin', { SubCategoryName: 'Orphans', Category: 99 }),
      { output: 'Category 99 does not exist.' },
    );
    await api.expectRefusedWithoutChange(
      () =>
        call('assetType', 'Store', 'admin', {
          AssetTypeName: 'Orphan',
          SubCategory: 9999,
          TaxRate: 5,
        }),
      { output: 'Sub-category 9999 does not exist.' },
    );
    const type = await aRecord('assetType');
    await api.expectRefusedWithoutChange(
      () =>
        call('assetType', 'Update', 'admin', {
          AssetType: type.AssetTypeId,
          AssetTypeName: 'Orphan',
          SubCategory: 9999,
          TaxRate: 5,
        }),
      { output: 'Sub-category 9999 does not exist.' },
    );
  });

  it('are unique by name under their parent only, and filter lists and options by parent', async () => {
    const { id: first } = await aMasterRecord(api.db, 'assetCategory');
    const { id: second } = await aMasterRecord(api.db, 'assetCategory');
    await aMasterRecord(api.db, 'subCategory', { parent: second });
    const underFirst = await call('subCategory', 'Store', 'admin', {
      SubCategoryName: 'Shared Name',
      Category: first,
    });
    const underSecond = await call('subCategory', 'Store', 'admin', {
      SubCategoryName: 'shared name',
      Category: second,
    });
    expect([underFirst.flag, underSecond.flag]).toEqual([1, 1]);
    const listed = await rows('subCategory', { Category: second });
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) expect(row.CategoryId).toBe(second);
    const options = await call('subCategory', 'Options', 'viewer', { Category: first });
    const values = (options.raw as { value: number }[]).map((option) => option.value);
    expect(values).toContain((underFirst.raw as Row).SubCategoryId);
    expect(values).not.toContain((underSecond.raw as Row).SubCategoryId);
    const all = await call('subCategory', 'Options', 'viewer');
    expect((all.raw as unknown[]).length).toBeGreaterThan(values.length);
  });

  it('keep GST state codes two digits and unique', async () => {
    const taken = await api.db
      .selectFrom('states')
      .select(['gstCode', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await api.expectRefusedWithoutChange(
      () => call('state', 'Store', 'admin', { StateName: 'Newland', GstStateCode: taken.gstCode }),
      { output: `GST state code ${taken.gstCode} is already used by State ${taken.name}.` },
    );
    for (const GstStateCode of ['7', '123', 'AB']) {
      await api.expectRefusedWithoutChange(
        () => call('state', 'Store', 'admin', { StateName: 'Newland', GstStateCode }),
        { status: 422, output: 'GstStateCode must be the two-digit GST state code' },
      );
    }
  });

  it('validate the tax rate of an asset type', async () => {
    const { id: SubCategory } = await aMasterRecord(api.db, 'subCategory');
    for (const TaxRate of [101, '12.345', 'abc', -1]) {
      await api.expectRefusedWithoutChange(
        () => call('assetType', 'Store', 'admin', { AssetTypeName: 'Rated', SubCategory, TaxRate }),
        { status: 422, output: /^TaxRate must be a percentage/ },
      );
    }
    await api.expectRefusedWithoutChange(
      () => call('assetType', 'Store', 'admin', { AssetTypeName: 'Rated', TaxRate: 5 }),
      { status: 422, output: 'SubCategory is required' },
    );
  });
});

describe('a city list by state', () => {
  it('lists the cities of every district of the state, and of one district under it', async () => {
    // Kerala's districts and cities are this test's alone; another state has one.
    const [mine] = [
      await aCity(api.db, { stateCode: '32' }),
      await aCity(api.db, { stateCode: '32' }),
    ];
    await aCity(api.db);
    const kerala = await api.idOf('states', 'name', 'Kerala');
    const districts = await api.db
      .selectFrom('districts')
      .select('id')
      .where('stateId', '=', kerala)
      .execute();
    const inKerala = await rows('city', { State: kerala });
    expect(inKerala.length).toBe(2);
    const keralaDistricts = new Set(districts.map((district) => district.id));
    for (const row of inKerala) expect(keralaDistricts.has(row.DistrictId as number)).toBe(true);
    expect(inKerala.length).toBeLessThan((await rows('city')).length);
    const both = await rows('city', { State: kerala, District: mine?.districtId });
    expect(both.map((row) => row.CityId)).toEqual([mine?.id]);
    // A district of another state under Kerala: nothing.
    const elsewhere = await api.db
      .selectFrom('districts')
      .select('id')
      .where('stateId', '<>', kerala)
      .executeTakeFirstOrThrow();
    expect(await rows('city', { State: kerala, District: elsewhere.id })).toEqual([]);
  });
});

describe('accessory types', () => {
  it('take a unit of the list and a whole minimum stock', async () => {
    for (const [fields, output] of [
      [{ Unit: 'Dozen', MinimumStock: 1 }, /^Unit must be one of Nos, Set, Pair, Box, Metre/],
      [
        { Unit: 'Box', MinimumStock: 2.5 },
        /^MinimumStock must be a whole number from 0 to 1000000/,
      ],
      [{ Unit: 'Box', MinimumStock: 1_000_001 }, /^MinimumStock must be a whole number/],
      [{ MinimumStock: 1 }, /^Unit /],
    ] as const) {
      await api.expectRefusedWithoutChange(
        () => call('accessoryType', 'Store', 'admin', { AccessoryTypeName: 'Cuff', ...fields }),
        { status: 422, output },
      );
    }
    const stored = await call('accessoryType', 'Store', 'admin', {
      AccessoryTypeName: 'Pulse oximeter clip',
      Unit: 'Nos',
      MinimumStock: '3',
    });
    expect(stored.raw).toMatchObject({ Unit: 'Nos', MinimumStock: 3, ActiveStatus: 1 });
  });
});

describe('sub-categories', () => {
  it('carry a depreciation class: plant and machinery unless given, kept when left out of a change', async () => {
    const { id: Category } = await aMasterRecord(api.db, 'assetCategory');
    // The legacy app sends no class: a new sub-category is plant and machinery.
    const plain = await call('subCategory', 'Store', 'admin', {
      SubCategoryName: 'Unclassed',
      Category,
    });
    expect(plain.flag).toBe(1);
    const id = (plain.raw as Row).SubCategoryId as number;
    expect(plain.raw).toMatchObject({ DepreciationClass: 'plantAndMachinery' });
    const stored = () =>
      api.db
        .selectFrom('subCategories')
        .select('depreciationClass')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((row) => row.depreciationClass);
    expect(await stored()).toBe('plantAndMachinery');

    const classed = await call('subCategory', 'Update', 'admin', {
      SubCategory: id,
      SubCategoryName: 'Unclassed',
      Category,
      DepreciationClass: 'lifeSavingMedicalEquipment',
    });
    expect(classed.raw).toMatchObject({ DepreciationClass: 'lifeSavingMedicalEquipment' });
    // A change without the class (the legacy app renaming it) leaves the class as it is.
    const renamed = await call('subCategory', 'Update', 'admin', {
      SubCategory: id,
      SubCategoryName: 'Ventilators',
      Category,
    });
    expect(renamed.raw).toMatchObject({
      SubCategoryName: 'Ventilators',
      DepreciationClass: 'lifeSavingMedicalEquipment',
    });
    expect(await stored()).toBe('lifeSavingMedicalEquipment');
    const listed = (await rows('subCategory', { Category })).find(
      (row) => row.SubCategoryId === id,
    );
    expect(listed?.DepreciationClass).toBe('lifeSavingMedicalEquipment');
    const answer = await call('subCategory', 'Lists', 'admin', { Category });
    const headers = (answer.raw as { TableHeader: { text: string; value: string }[] }).TableHeader;
    expect(headers).toContainEqual({ text: 'Depreciation Class', value: 'DepreciationClass' });
  });

  it('refuse a depreciation class not of the list, naming the field, without changing anything', async () => {
    const { id: Category } = await aMasterRecord(api.db, 'assetCategory');
    const existing = await aRecord('subCategory', Category);
    const output = `DepreciationClass must be one of ${DEPRECIATION_CLASS_CODES.join(', ')}`;
    for (const DepreciationClass of ['Computers', 'buildings', 3, null]) {
      await api.expectRefusedWithoutChange(
        () =>
          call('subCategory', 'Store', 'admin', {
            SubCategoryName: 'Badly classed',
            Category,
            DepreciationClass,
          }),
        { status: 422, output },
      );
      await api.expectRefusedWithoutChange(
        () =>
          call('subCategory', 'Update', 'admin', {
            SubCategory: existing.SubCategoryId,
            SubCategoryName: existing.SubCategoryName,
            Category,
            DepreciationClass,
          }),
        { status: 422, output },
      );
    }
  });
});

describe('permissions by role', () => {
  const FULL = ['Lists', 'Show', 'Options', 'Store', 'Update', 'Destroy'] as const;
  const EXPECTED: Record<DemoUser, Record<MasterListName, readonly Action[]>> = {
    admin: {
      designation: FULL,
      brand: FULL,
      assetCategory: FULL,
      subCategory: FULL,
      assetType: FULL,
      state: FULL,
      district: FULL,
      city: FULL,
      accessoryType: FULL,
    },
    manager: {
      designation: [],
      brand: ['Lists', 'Show', 'Options', 'Store', 'Update'],
      assetCategory: [],
      subCategory: ['Lists', 'Show', 'Options', 'Store', 'Update'],
      assetType: ['Lists', 'Show', 'Options', 'Store', 'Update'],
      state: [],
      district: [],
      city: [],
      accessoryType: ['Lists', 'Show', 'Options', 'Store', 'Update'],
    },
    viewer: {
      designation: ['Lists', 'Show', 'Options'],
      brand: ['Lists', 'Show', 'Options'],
      assetCategory: ['Lists', 'Show', 'Options'],
      subCategory: ['Lists', 'Show', 'Options'],
      assetType: ['Lists', 'Show', 'Options'],
      state: ['Lists', 'Show', 'Options'],
      district: ['Lists', 'Show', 'Options'],
      city: ['Lists', 'Show', 'Options'],
      accessoryType: ['Lists', 'Show', 'Options'],
    },
    verifier: {
      designation: [],
      brand: [],
      assetCategory: [],
      subCategory: [],
      assetType: [],
      state: [],
      district: [],
      city: [],
      accessoryType: [],
    },
  };
  const VERB: Record<Action, string> = {
    Lists: 'list',
    Show: 'list',
    Options: 'list',
    Store: 'create',
    Update: 'edit',
    Destroy: 'delete',
  };
  const cases = USERS.flatMap((user) => LISTS.map((entry) => ({ user, ...entry })));

  it.each(cases)('$user on $list', async ({ user, list, fields, plural }) => {
    const record = await aRecord(list);
    const extra = await fieldsFor(list);
    const used = await usedId(list);
    const bodies: Record<Action, Record<string, unknown>> = {
      Lists: {},
      Show: { [fields.key]: record[fields.id] },
      Options: {},
      Store: { ...extra, [fields.name]: `Made by ${user}` },
      Update: {
        // Fields of its own: a unique one (a GST state code) must not be the one Store just took.
        ...(await fieldsFor(list)),
        ...(fields.parent ? { [fields.parent.key]: record[fields.parent.id] } : {}),
        [fields.key]: record[fields.id],
        [fields.name]: record[fields.name],
      },
      // A record in use: an allowed delete is refused for the use, not for the grant; a list
      // nothing refers to deletes a record of its own.
      Destroy: { [fields.key]: used ?? (await spareId(list, fields.name)) },
    };
    const allowed = EXPECTED[user][list];
    for (const action of FULL) {
      const refusal = `You are not allowed to ${VERB[action]} ${plural}.`;
      if (allowed.includes(action)) {
        const answer = await call(list, action, user, bodies[action]);
        if (action === 'Destroy')
          expect(answer.output).toMatch(used === null ? / deleted\.$/ : /^Cannot delete /);
        else expect([action, answer.flag]).toEqual([action, 1]);
      } else {
        await api.expectRefusedWithoutChange(() => call(list, action, user, bodies[action]), {
          output: refusal,
        });
      }
    }
  });
});

describe('concurrent writes', () => {
  it('store the same name once: the other gets the duplicate message', async () => {
    const answers = await Promise.all(
      ['Race Brand', 'RACE BRAND', 'race brand'].map((BrandName) =>
        call('brand', 'Store', 'admin', { BrandName }),
      ),
    );
    expect(answers.filter((answer) => answer.flag === 1)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.flag !== 1)) {
      expect(answer.output).toMatch(/^Brand (Race Brand|RACE BRAND|race brand) already exists\.$/);
    }
    const stored = await api.db
      .selectFrom('brands')
      .select('id')
      .where(sql<boolean>`lower(name) = 'race brand'`)
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe('API version 2', () => {
  it('accepts a form-encoded store with the token in the body', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: `/${legacyCalls.brandStore.path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token('admin')}&UserInterface=2&BrandName=Form%20Brand&ActiveStatus=1`,
    });
    expect(response.json()).toMatchObject({
      flag: 1,
      output: 'Brand Form Brand created.',
      records: { BrandName: 'Form Brand', ActiveStatus: 1 },
    });
  });
});
