import { describe, expect, it } from 'vitest';
import {
  aBranch,
  aLogin,
  anAsset,
  anAssetLocation,
  anAssetType,
  aPurchaseOrder,
  aStaffMember,
  useBranchLogins,
} from '../test/factories.ts';
import { unchangedUpdate, useTestApi } from '../test/test-api.ts';

/*
 * The asset register's calls on the reference data and the file's own records (test/factories.ts):
 * a branch with a login of each role, and what its assets refer to.
 */

const api = useTestApi({ reference: true });
const { token, branch, userId } = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);

/** A complete, valid new asset of the file's branch, in a new room, of a new type and brand. */
async function newAsset(overrides: Record<string, unknown> = {}) {
  const type = await anAssetType(api.db);
  const location = await anAssetLocation(api.db, { branch: branch() });
  return {
    UserInterface: 1,
    AssetName: 'Patient monitor, bed 4',
    AssetType: type.id,
    Brand: type.brandId,
    Model: 'IntelliVue MX450',
    SerialNumber: `DE-${Math.random().toString(36).slice(2, 10)}`,
    Branch: branch(),
    Location: location.id,
    PurchaseDate: '2025-06-01',
    Cost: '185000.50',
    WarrantyStart: '2025-06-01',
    WarrantyEnd: '2028-05-31',
    UsefulLifeYears: 7,
    Criticality: 'HIGH',
    Condition: 'GOOD',
    ...overrides,
  };
}

const codeOf = async (id: number) =>
  (
    await api.db
      .selectFrom('branches')
      .select('code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).code;

describe('assets', () => {
  it('stores an asset with the next tag of its branch, In stock, on its timeline and in the audit log', async () => {
    const code = await codeOf(branch());
    const first = await api.call('assetStore', token('manager'), await newAsset());
    expect([first.flag, first.output]).toEqual([1, expect.stringMatching(/^Asset .* created\.$/)]);
    const second = await api.call('assetStore', token('manager'), await newAsset());
    const [one, two] = [first.records, second.records];
    expect(one).toMatchObject({
      AssetName: 'Patient monitor, bed 4',
      AssetStatus: 'IN_STOCK',
      AssetStatusTxt: 'In stock',
      Cost: '185000.50',
      CriticalityTxt: 'High',
      WarrantyState: 'IN_WARRANTY',
      BranchId: branch(),
      CustodianId: null,
      ActiveStatus: 1,
    });
    const number = Number(one?.AssetTag.slice(code.length + 1));
    expect(one?.AssetTag).toBe(`${code}-${String(number).padStart(6, '0')}`);
    expect(two?.AssetTag).toBe(`${code}-${String(number + 1).padStart(6, '0')}`);
    const events = await api.call('assetEvents', token('viewer'), { Asset: one?.AssetId });
    expect(events.records).toMatchObject([
      { Kind: 'CREATED', Changes: { AssetStatus: [null, 'IN_STOCK'] } },
    ]);
    expect((await api.auditOf('asset', one?.AssetId ?? 0)).map((row) => row.action)).toEqual([
      'create',
    ]);
  });

  it('never gives a deleted asset’s tag again', async () => {
    const created = await api.call('assetStore', token('admin'), await newAsset());
    const tag = created.records?.AssetTag ?? '';
    const deleted = await api.call('assetDestroy', token('admin'), {
      Asset: created.records?.AssetId,
    });
    expect(deleted.flag).toBe(1);
    const again = await api.call('assetStore', token('admin'), await newAsset());
    expect(again.records?.AssetTag).not.toBe(tag);
    expect(again.records?.AssetTag.localeCompare(tag)).toBe(1);
    expect(await api.count('assetEvents', { assetId: created.records?.AssetId ?? 0 })).toBe(0);
  });

  it('takes an opening balance In use with its put-to-use date', async () => {
    const stored = await api.call(
      'assetStore',
      token('admin'),
      await newAsset({ AssetStatus: 'IN_USE', PutToUseDate: '2020-04-01' }),
    );
    expect(stored.records).toMatchObject({ AssetStatus: 'IN_USE', PutToUseDate: '2020-04-01' });
  });

  it('refuses, changing nothing, what does not belong together', async () => {
    const good = await newAsset();
    const elsewhere = await aBranch(api.db);
    const theirRoom = await anAssetLocation(api.db, { branch: elsewhere.id });
    const stranger = await aStaffMember(api.db, { branches: [elsewhere.id] });
    const theirOrder = await aPurchaseOrder(api.db, {
      branch: elsewhere.id,
      createdBy: userId('admin'),
    });
    const held = await anAsset(api.db, {
      branch: branch(),
      type: { id: Number(good.AssetType), brandId: Number(good.Brand) },
      serialNumber: 'HELD-001',
    });
    const label = `${elsewhere.code} - ${elsewhere.name}`;
    const mine = `${await codeOf(branch())}`;
    await api.expectCasesRefusedWithoutChange(
      (change: Record<string, unknown>) =>
        api.call('assetStore', token('manager'), { ...good, ...change }),
      [
        [{ Branch: elsewhere.id, Location: theirRoom.id }, `You do not work in branch ${label}.`],
        [
          { Location: theirRoom.id },
          new RegExp(`^Location ${theirRoom.name} is not a location of branch ${mine} - `),
        ],
        [
          { Custodian: stranger.id },
          new RegExp(`^Custodian ${stranger.id} is not a staff member of branch ${mine} - `),
        ],
        [
          { PurchaseOrder: theirOrder.id },
          new RegExp(`^Purchase order ${theirOrder.poNumber} is not an order of branch`),
        ],
        [
          { SerialNumber: 'held-001' },
          new RegExp(`already has an asset with serial number held-001: ${held.tag}\\.$`),
        ],
        [{ WarrantyEnd: '2025-05-31' }, 'Warranty end 2025-05-31 is before its start 2025-06-01.'],
        [{ AssetStatus: 'IN_USE' }, 'An asset in use needs its put-to-use date.'],
        [
          { AssetStatus: 'UNDER_REPAIR' },
          'A new asset is In stock or In use; the other statuses come from their workflows.',
        ],
      ],
    );
    await api.expectCasesRefusedWithoutChange(
      (change: Record<string, unknown>) =>
        api.call('assetStore', token('manager'), { ...good, ...change }),
      [
        [{ Cost: '-5' }, /Cost must not be negative/],
        [{ Criticality: 'URGENT' }, /Criticality/],
        [{ WarrantyEnd: '31-05-2028' }, /WarrantyEnd must be a date like 2026-04-01/],
      ],
      { status: 422 },
    );
    await api.expectRefusedWithoutChange(() => api.call('assetStore', token('viewer'), good), {
      output: 'You are not allowed to create assets.',
    });
  });

  it('records an edit field by field, a new custodian and a new room as events of their own', async () => {
    const stored = await api.call('assetStore', token('manager'), await newAsset());
    const row = stored.records;
    if (!row) throw new Error('not stored');
    const room = await anAssetLocation(api.db, { branch: branch() });
    const nurse = await aStaffMember(api.db, { branches: [branch()] });
    const updated = await api.call('assetUpdate', token('manager'), {
      ...unchangedUpdate('assetUpdate', row),
      Location: room.id,
      Custodian: nurse.id,
      Condition: 'FAIR',
      Notes: 'Screen scratched',
    });
    expect(updated.records).toMatchObject({
      LocationName: room.name,
      CustodianName: nurse.name,
      ConditionTxt: 'Fair',
      AssetTag: row.AssetTag,
    });
    const events = await api.call('assetEvents', token('manager'), { Asset: row.AssetId });
    expect(events.records?.map((event) => [event.Kind, event.Changes])).toEqual([
      ['EDITED', { Condition: ['GOOD', 'FAIR'], Notes: [null, 'Screen scratched'] }],
      ['LOCATION', { LocationName: [row.LocationName, room.name] }],
      ['CUSTODY', { CustodianName: [null, nurse.name] }],
      ['CREATED', { AssetStatus: [null, 'IN_STOCK'] }],
    ]);
    // Written back as shown: nothing changes, nothing is recorded.
    const again = await api.call(
      'assetUpdate',
      token('manager'),
      unchangedUpdate('assetUpdate', updated.records ?? {}),
    );
    expect(again.flag).toBe(1);
    expect(await api.count('assetEvents', { assetId: row.AssetId })).toBe(4);
  });

  it('refuses an edit that changes the status or the branch', async () => {
    const asset = await anAsset(api.db, { branch: branch() });
    const shown = await api.call('assetShow', token('admin'), { Asset: asset.id });
    const body = unchangedUpdate('assetUpdate', shown.records ?? {});
    const elsewhere = await aBranch(api.db);
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('assetUpdate', token('admin'), { ...body, AssetStatus: 'DISPOSED' }),
        'The status of an asset changes only through its workflows.',
      ],
      [
        () => api.call('assetUpdate', token('admin'), { ...body, Branch: elsewhere.id }),
        'An asset moves to another branch by a transfer, not by editing it.',
      ],
    ]);
  });

  it('marks an asset Out of order with a reason and puts it back in use, each on its timeline', async () => {
    const asset = await anAsset(api.db, { branch: branch(), status: 'IN_USE' });
    const broken = await api.call('assetOutOfOrder', token('manager'), {
      Asset: asset.id,
      Reason: 'No display after power surge',
    });
    expect([broken.flag, broken.records?.AssetStatus]).toEqual([1, 'OUT_OF_ORDER']);
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('assetOutOfOrder', token('manager'), { Asset: asset.id, Reason: 'Again' }),
        'Only an asset In use or In stock can be marked Out of order (it is Out of order).',
      ],
      [
        () => api.call('assetBackInUse', token('viewer'), { Asset: asset.id, Reason: 'Fixed' }),
        'You are not allowed to edit assets.',
      ],
      [
        () => api.call('assetBackInUse', token('manager'), { Asset: asset.id, Reason: '' }),
        /Reason is required/,
        422,
      ],
    ]);
    const fixed = await api.call('assetBackInUse', token('manager'), {
      Asset: asset.id,
      Reason: 'Power board replaced',
    });
    expect(fixed.records?.AssetStatusTxt).toBe('In use');
    const events = await api.call('assetEvents', token('viewer'), { Asset: asset.id });
    expect(events.records?.map((event) => [event.Kind, event.Changes, event.Reason])).toEqual([
      ['STATUS', { AssetStatus: ['OUT_OF_ORDER', 'IN_USE'] }, 'Power board replaced'],
      ['STATUS', { AssetStatus: ['IN_USE', 'OUT_OF_ORDER'] }, 'No display after power surge'],
    ]);
    const audit = await api.auditOf('asset', asset.id);
    expect(audit.map((row) => [row.action, row.fromStatus, row.toStatus])).toEqual([
      ['out_of_order', 'IN_USE', 'OUT_OF_ORDER'],
      ['back_in_use', 'OUT_OF_ORDER', 'IN_USE'],
    ]);
  });

  it('lets exactly one of two simultaneous Out of order marks through', async () => {
    const asset = await anAsset(api.db, { branch: branch(), status: 'IN_USE' });
    const answers = await Promise.all(
      ['first', 'second'].map((reason) =>
        api.call('assetOutOfOrder', token('manager'), { Asset: asset.id, Reason: reason }),
      ),
    );
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    expect(await api.count('assetEvents', { assetId: asset.id, kind: 'STATUS' })).toBe(1);
  });
});

describe('bulk edit', () => {
  it('moves several assets to a room, gives them a custodian and a condition, each on its timeline', async () => {
    const room = await anAssetLocation(api.db, { branch: branch() });
    const nurse = await aStaffMember(api.db, { branches: [branch()] });
    const assets = [
      await anAsset(api.db, { branch: branch() }),
      await anAsset(api.db, { branch: branch() }),
    ];
    const answer = await api.call('assetBulkUpdate', token('manager'), {
      Assets: assets.map((asset) => asset.id),
      Location: room.id,
      Custodian: nurse.id,
      Condition: 'FAIR',
    });
    expect(answer.output).toBe('2 assets changed.');
    expect(
      answer.records?.map((row) => [row.LocationName, row.CustodianName, row.Condition]),
    ).toEqual([
      [room.name, nurse.name, 'FAIR'],
      [room.name, nurse.name, 'FAIR'],
    ]);
    for (const asset of assets) {
      const kinds = await api.db
        .selectFrom('assetEvents')
        .select('kind')
        .where('assetId', '=', asset.id)
        .orderBy('id')
        .execute();
      expect(kinds.map((event) => event.kind)).toEqual(['CUSTODY', 'LOCATION', 'EDITED']);
    }
    const cleared = await api.call('assetBulkUpdate', token('manager'), {
      Assets: assets.map((asset) => asset.id),
      ClearCustodian: 1,
    });
    expect(cleared.records?.map((row) => row.CustodianId)).toEqual([null, null]);
  });

  it('changes all or none: another branch’s room, assets of two branches, nothing to change, a viewer', async () => {
    const elsewhere = await aBranch(api.db);
    const mine = await anAsset(api.db, { branch: branch() });
    const theirRoom = await anAssetLocation(api.db, { branch: elsewhere.id });
    const admin = await aLogin(api.db, { role: 'admin', branches: [branch()] });
    const adminToken = await api.login(admin.username, admin.password);
    const theirs = await anAsset(api.db, { branch: elsewhere.id });
    await api.expectEachRefusedWithoutChange([
      [
        () =>
          api.call('assetBulkUpdate', token('manager'), {
            Assets: [mine.id],
            Location: theirRoom.id,
          }),
        new RegExp(`^Location ${theirRoom.name} is not a location of branch `),
      ],
      [
        () =>
          api.call('assetBulkUpdate', adminToken, {
            Assets: [mine.id, theirs.id],
            Location: theirRoom.id,
          }),
        'The assets are of several branches: a location or a custodian is given to assets of one branch.',
      ],
      [
        () => api.call('assetBulkUpdate', token('manager'), { Assets: [mine.id] }),
        'Say what to change: a location, a custodian, a condition or notes.',
      ],
      [
        () =>
          api.call('assetBulkUpdate', token('viewer'), { Assets: [mine.id], Condition: 'POOR' }),
        'You are not allowed to edit assets.',
      ],
      [
        () =>
          api.call('assetBulkUpdate', token('manager'), {
            Assets: [mine.id, theirs.id],
            Condition: 'POOR',
          }),
        `Asset ${theirs.id} does not exist.`,
      ],
    ]);
  });
});

describe('the asset list', () => {
  it('pages, searches, sorts and filters in SQL, in the caller’s branches only', async () => {
    const own = (await aBranch(api.db)).id;
    const manager = await aLogin(api.db, { role: 'manager', branches: [own] });
    const managerToken = await api.login(manager.username, manager.password);
    const type = await anAssetType(api.db);
    const made = [];
    for (let index = 0; index < 12; index += 1)
      made.push(
        await anAsset(api.db, {
          branch: own,
          type,
          serialNumber: `ROW-${index}`,
          status: index < 3 ? 'OUT_OF_ORDER' : 'IN_USE',
          ...(index === 0 ? { warrantyEnd: '2001-01-01' } : {}),
        }),
      );
    // Another branch's asset: not the manager's.
    await anAsset(api.db, { branch: branch(), serialNumber: 'ROW-OTHER' });
    const list = (body: Record<string, unknown>) =>
      api.call('assetLists', managerToken, { UserInterface: 1, ...body });

    const first = await list({ Page: 1, ItemsPerPage: 5 });
    expect(first.records?.TotalCount).toBe(12);
    expect(first.records?.TableData.map((row) => row.AssetTag)).toEqual(
      made.slice(0, 5).map((asset) => asset.tag),
    );
    const last = await list({ Page: 3, ItemsPerPage: 5 });
    expect(last.records?.TableData.map((row) => row.AssetTag)).toEqual(
      made.slice(10).map((asset) => asset.tag),
    );
    const search = await list({ Page: 1, Search: 'row-1' });
    expect(search.records?.TableData.map((row) => row.SerialNumber).sort()).toEqual([
      'ROW-1',
      'ROW-10',
      'ROW-11',
    ]);
    const broken = await list({ Page: 1, Filters: { AssetStatus: 'OUT_OF_ORDER' } });
    expect(broken.records?.TotalCount).toBe(3);
    const bySearch = await list({ Page: 1, Search: 'out of order' });
    expect(bySearch.records?.TotalCount).toBe(3);
    const expired = await list({ Page: 1, Filters: { WarrantyState: 'EXPIRED' } });
    expect(expired.records?.TableData.map((row) => [row.AssetTag, row.WarrantyStateTxt])).toEqual([
      [made[0]?.tag, 'Expired'],
    ]);
    const byTag = await list({ Page: 1, Filters: { AssetTag: made[4]?.tag.toLowerCase() } });
    expect(byTag.records?.TableData.map((row) => row.AssetId)).toEqual([made[4]?.id]);
    const sorted = await list({ Page: 1, ItemsPerPage: 3, SortBy: 'SerialNumber', SortDesc: true });
    expect(sorted.records?.TableData.map((row) => row.SerialNumber)).toEqual([
      'ROW-9',
      'ROW-8',
      'ROW-7',
    ]);
    const category = await list({
      Page: 1,
      Filters: { CategoryId: first.records?.TableData[0]?.CategoryId },
    });
    expect(category.records?.TotalCount).toBe(12);
    const other = await list({ Page: 1, Search: 'ROW-OTHER' });
    expect(other.records?.TotalCount).toBe(0);
    const shown = await api.call('assetShow', managerToken, {
      Asset: await api.idOf('assets', 'serialNumber', 'ROW-OTHER'),
    });
    expect(shown.output).toMatch(/^Asset \d+ does not exist\.$/);
    // A selection read at once: only the assets asked for, of the caller's branches.
    const otherId = await api.idOf('assets', 'serialNumber', 'ROW-OTHER');
    const asked = await list({ Page: 1, Assets: [made[7]?.id, otherId, made[2]?.id] });
    expect(asked.records?.TableData.map((row) => row.AssetId)).toEqual([made[2]?.id, made[7]?.id]);
    expect(asked.records?.TotalCount).toBe(2);
    const none = await list({ Assets: [] });
    expect(none.output).toMatch(/^Assets /);
  });

  it('scopes the register to every branch but those the caller does not work in', async () => {
    const outside = (await aBranch(api.db)).id;
    // More branches in than out, whatever else the database holds.
    for (let index = 0; index < 3; index += 1) await aBranch(api.db);
    const kept = await anAsset(api.db, { branch: branch(), serialNumber: 'SCOPE-IN' });
    const hidden = await anAsset(api.db, { branch: outside, serialNumber: 'SCOPE-OUT' });
    // Every active branch but one: the scope is written as "not in" the one.
    const branches = await api.db
      .selectFrom('branches')
      .select('id')
      .where('active', '=', true)
      .where('id', '<>', outside)
      .execute();
    const most = await aLogin(api.db, { role: 'manager', branches: branches.map((b) => b.id) });
    const token = await api.login(most.username, most.password);
    const found = await api.call('assetLists', token, {
      UserInterface: 1,
      Page: 1,
      Search: 'scope-',
    });
    expect(found.records?.TableData.map((row) => row.AssetId)).toEqual([kept.id]);
    expect(
      (
        await api.call('assetLists', token, { UserInterface: 1, Assets: [hidden.id, kept.id] })
      ).records?.TableData.map((row) => row.AssetId),
    ).toEqual([kept.id]);
  });
});

describe('asset locations', () => {
  it('keeps each branch’s rooms: unique names per branch, in-use refusal, options by branch', async () => {
    const store = (body: Record<string, unknown>) =>
      api.call('assetLocationStore', token('manager'), { UserInterface: 1, ...body });
    const icu = await store({ AssetLocationName: 'ICU', Branch: branch() });
    expect([icu.flag, icu.records?.AssetLocationName, icu.records?.BranchId]).toEqual([
      1,
      'ICU',
      branch(),
    ]);
    const elsewhere = await aBranch(api.db);
    await api.expectEachRefusedWithoutChange([
      [
        () => store({ AssetLocationName: 'icu', Branch: branch() }),
        /^Location ICU already exists in branch /,
      ],
      [
        () => store({ AssetLocationName: 'OT-1', Branch: elsewhere.id }),
        `You do not work in branch ${elsewhere.code} - ${elsewhere.name}.`,
      ],
    ]);
    const id = icu.records?.AssetLocationId ?? 0;
    await anAsset(api.db, { branch: branch(), location: id });
    await api.expectRefusedWithoutChange(
      () => api.call('assetLocationDestroy', token('admin'), { AssetLocation: id }),
      { output: `Cannot delete Location ICU (${await codeOf(branch())}): it is used by 1 asset.` },
    );
    const options = await api.call('assetLocationOptions', token('viewer'), { Branch: branch() });
    expect(options.records?.map((option) => option.text)).toContain('ICU');
  });
});
