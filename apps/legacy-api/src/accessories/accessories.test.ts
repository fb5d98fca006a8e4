import { describe, expect, it } from 'vitest';
import {
  aBranch,
  aLogin,
  anAccessory,
  anAsset,
  anAssetType,
  aStaffMember,
  aVendor,
  useBranchLogins,
} from '../test/factories.ts';
import { unchangedUpdate, useTestApi } from '../test/test-api.ts';

/*
 * Accessories and their stock ledger on the reference data and the file's own records
 * (test/factories.ts): a branch with a login of each role, and what the accessories refer to.
 */

const api = useTestApi({ reference: true });
const { token, branch, userId } = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);

const codeOf = async (id: number) =>
  (
    await api.db
      .selectFrom('branches')
      .select('code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).code;

/** A new accessory type counted in `unit`, with a minimum stock. */
async function aType(options: { unit?: string; minimum?: number; active?: boolean } = {}) {
  const name = `Type ${Math.random().toString(36).slice(2, 10)}`;
  const { id } = await api.db
    .insertInto('accessoryTypes')
    .values({
      name,
      unit: (options.unit ?? 'Nos') as 'Nos',
      minimumStock: options.minimum ?? 5,
      active: options.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

const onHand = async (accessoryId: number, branchId: number) =>
  (
    await api.db
      .selectFrom('accessoryStock')
      .select('onHand')
      .where('accessoryId', '=', accessoryId)
      .where('branchId', '=', branchId)
      .executeTakeFirst()
  )?.onHand ?? null;

const move = (who: 'admin' | 'manager' | 'viewer', body: Record<string, unknown>) =>
  api.call('accessoryMovement', token(who), { UserInterface: 1, Branch: branch(), ...body });

describe('accessories', () => {
  it('stores an accessory counted in its type’s unit, with its fits and a branch’s own minimum', async () => {
    const type = await aType({ unit: 'Pair', minimum: 8 });
    const monitor = await anAssetType(api.db);
    const stored = await api.call('accessoryStore', token('manager'), {
      UserInterface: 1,
      AccessoryName: 'Defibrillator pads, adult',
      AccessoryType: type.id,
      Brand: monitor.brandId,
      AssetTypes: [monitor.id],
      Minimums: [{ Branch: branch(), Minimum: 3 }],
    });
    expect([stored.flag, stored.output]).toEqual([
      1,
      expect.stringMatching(/^Accessory .* created\.$/),
    ]);
    const row = stored.records;
    expect(row).toMatchObject({
      AccessoryName: 'Defibrillator pads, adult',
      AccessoryTypeName: type.name,
      Unit: 'Pair',
      AssetTypes: [monitor.id],
      DefaultMinimum: 8,
      Minimums: [{ BranchId: branch(), BranchCode: await codeOf(branch()), Minimum: 3 }],
      OnHand: 0,
      StockTxt: '',
      BelowMinimum: true,
      BelowMinimumTxt: `${await codeOf(branch())} 0 of 3`,
      ActiveStatus: 1,
      EditFlag: true,
      DeleteFlag: false,
    });
    expect(row?.AssetTypesTxt).toMatch(/^Test Asset Type \d+$/);
    expect((await api.auditOf('accessories', row?.AccessoryId ?? 0)).map((a) => a.action)).toEqual([
      'create',
    ]);

    // Written back as shown, nothing changes; a blank minimum goes back to the type's.
    const again = await api.call('accessoryUpdate', token('manager'), {
      ...unchangedUpdate('accessoryUpdate', row ?? {}),
      AssetTypes: row?.AssetTypes,
      Minimums: [{ Branch: branch(), Minimum: '' }],
    });
    expect(again.records).toMatchObject({
      Minimums: [],
      BelowMinimumTxt: expect.stringMatching(/ 0 of 8$/),
    });
  });

  it('refuses, changing nothing, what does not belong together', async () => {
    const type = await aType();
    const sleeping = await aType({ active: false });
    const elsewhere = await aBranch(api.db);
    await anAccessory(api.db);
    const good = { UserInterface: 1, AccessoryName: 'BP cuff, child', AccessoryType: type.id };
    await api.call('accessoryStore', token('admin'), good);
    await api.expectCasesRefusedWithoutChange(
      (change: Record<string, unknown>) =>
        api.call('accessoryStore', token('manager'), { ...good, ...change }),
      [
        [{ AccessoryName: 'bp CUFF, child' }, 'Accessory BP cuff, child already exists.'],
        [{ AccessoryType: 999_999 }, 'Accessory type 999999 does not exist.'],
        [
          { AccessoryType: sleeping.id },
          `Accessory type ${sleeping.name} is InActive: choose another.`,
        ],
        [{ Brand: 999_999 }, 'Brand 999999 does not exist.'],
        [{ AssetTypes: [999_999] }, 'Asset type 999999 does not exist.'],
        [
          { Minimums: [{ Branch: elsewhere.id, Minimum: 2 }] },
          `You do not work in branch ${elsewhere.code} - ${elsewhere.name}.`,
        ],
      ],
    );
    await api.expectCasesRefusedWithoutChange(
      (change: Record<string, unknown>) =>
        api.call('accessoryStore', token('manager'), { ...good, ...change }),
      [
        [{ AccessoryName: '  ' }, 'AccessoryName is required'],
        [
          { Minimums: [{ Branch: branch(), Minimum: -1 }] },
          /^Minimums\.0\.Minimum must be a whole number/,
        ],
      ],
      { status: 422 },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('accessoryStore', token('viewer'), { ...good, AccessoryName: 'Other' }),
      { output: 'You are not allowed to create accessories.' },
    );
  });

  it('keeps its unit once stock was counted in it', async () => {
    const made = await anAccessory(api.db, { stock: { branch: branch(), onHand: 4 } });
    const shown = await api.call('accessoryShow', token('admin'), { Accessory: made.id });
    const boxes = await aType({ unit: 'Box' });
    await api.expectRefusedWithoutChange(
      () =>
        api.call('accessoryUpdate', token('admin'), {
          ...unchangedUpdate('accessoryUpdate', shown.records ?? {}),
          AccessoryType: boxes.id,
        }),
      {
        output: `The unit of ${made.name} cannot change once it has stock movements: choose a type counted in Nos, not ${boxes.name} (Box).`,
      },
    );
  });

  it('refuses to delete an accessory with movements, or an asset type an accessory fits', async () => {
    const moved = await anAccessory(api.db, { stock: { branch: branch(), onHand: 1 } });
    await api.expectRefusedWithoutChange(
      () => api.call('accessoryDestroy', token('admin'), { Accessory: moved.id }),
      { output: `Cannot delete Accessory ${moved.name}: it is used by 1 stock movement.` },
    );
    const fitted = await anAssetType(api.db);
    const unused = await api.call('accessoryStore', token('admin'), {
      UserInterface: 1,
      AccessoryName: `Lead set ${fitted.id}`,
      AccessoryType: (await aType()).id,
      AssetTypes: [fitted.id],
      Minimums: [{ Branch: branch(), Minimum: 1 }],
    });
    await api.expectRefusedWithoutChange(
      () => api.call('assetTypeDestroy', token('admin'), { AssetType: fitted.id }),
      { output: /: it is used by 1 accessory that fits it\.$/ },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('accessoryDestroy', token('manager'), { Accessory: moved.id }),
      { output: 'You are not allowed to delete accessories.' },
    );
    const id = unused.records?.AccessoryId ?? 0;
    const deleted = await api.call('accessoryDestroy', token('admin'), { Accessory: id });
    expect(deleted.flag).toBe(1);
    expect(await api.count('accessoryFits', { accessoryId: id })).toBe(0);
    expect(await api.count('accessoryMinimums', { accessoryId: id })).toBe(0);
  });
});

describe('the stock ledger', () => {
  it('receives, issues, returns, adjusts, consumes and writes off, each in the ledger with who and the stock after it', async () => {
    const made = await anAccessory(api.db, { minimum: 5 });
    const vendor = await aVendor(api.db);
    const nurse = await aStaffMember(api.db, { branches: [branch()] });
    const monitor = await anAsset(api.db, { branch: branch() });
    const code = await codeOf(branch());
    const steps: [Record<string, unknown>, number][] = [
      [{ Reason: 'RECEIVED', Quantity: 10, Vendor: vendor, Reference: 'DC-4471' }, 10],
      [{ Reason: 'ISSUED', Quantity: 3, Staff: nurse.id }, 7],
      [{ Reason: 'ISSUED', Quantity: 2, Asset: monitor.id }, 5],
      [{ Reason: 'RETURNED', Quantity: 1, Staff: nurse.id }, 6],
      [{ Reason: 'ADJUSTED', Quantity: -2, Note: 'Stock-take: two missing' }, 4],
      [{ Reason: 'CONSUMED', Quantity: 1 }, 3],
      [{ Reason: 'DAMAGED', Quantity: 1, Note: 'Cable cut' }, 2],
    ];
    for (const [step, balance] of steps) {
      const answer = await move('manager', { Accessory: made.id, ...step });
      expect([answer.flag, answer.records?.Movement.Balance, answer.records?.Stock.OnHand]).toEqual(
        [1, balance, balance],
      );
    }
    expect(await onHand(made.id, branch())).toBe(2);
    const first = await move('manager', {
      Accessory: made.id,
      Reason: 'ISSUED',
      Quantity: 1,
      Staff: nurse.id,
    });
    expect(first.output).toBe(`${made.name} at ${code}: issued 1 Nos; 1 Nos on hand.`);
    expect(first.records?.Stock).toMatchObject({ Minimum: 5, BelowMinimum: true, MoveFlag: true });

    const ledger = await api.call('accessoryLedger', token('viewer'), {
      Accessory: made.id,
      Page: 1,
      ItemsPerPage: 3,
    });
    expect(ledger.records?.TotalCount).toBe(8);
    expect(
      ledger.records?.TableData.map((row) => [
        row.ReasonTxt,
        row.Quantity,
        row.Balance,
        row.IssuedToTxt,
      ]),
    ).toEqual([
      ['Issued', -1, 1, nurse.name],
      ['Damaged', -1, 2, ''],
      ['Consumed', -1, 3, ''],
    ]);
    const manager = await api.db
      .selectFrom('users')
      .innerJoin('staff', 'staff.id', 'users.staffId')
      .select('staff.name')
      .where('users.id', '=', userId('manager'))
      .executeTakeFirstOrThrow();
    expect(ledger.records?.TableData[0]).toMatchObject({
      UserName: manager.name,
      BranchCode: code,
    });
    const receipts = await api.call('accessoryLedger', token('viewer'), {
      Accessory: made.id,
      Page: 1,
      Filters: { Reason: 'RECEIVED' },
    });
    expect(receipts.records?.TableData).toMatchObject([
      { Quantity: 10, Reference: 'DC-4471', VendorId: vendor },
    ]);
    const toMonitor = await api.call('accessoryLedger', token('viewer'), {
      Accessory: made.id,
      Page: 1,
      Search: monitor.tag.toLowerCase(),
    });
    expect(toMonitor.records?.TableData.map((row) => row.IssuedToTxt)).toEqual([
      `${monitor.tag} ${monitor.name}`,
    ]);
    expect((await api.auditOf('accessories', made.id, 'movement')).length).toBe(8);
  });

  it('refuses, changing nothing, what is not in stock or not of the branch', async () => {
    const made = await anAccessory(api.db, { stock: { branch: branch(), onHand: 2 } });
    const elsewhere = await aBranch(api.db);
    const stranger = await aStaffMember(api.db, { branches: [elsewhere.id] });
    const theirs = await anAsset(api.db, { branch: elsewhere.id });
    const code = await codeOf(branch());
    await api.expectEachRefusedWithoutChange([
      [
        () => move('manager', { Accessory: made.id, Reason: 'CONSUMED', Quantity: 3 }),
        `Only 2 Nos of ${made.name} are in stock at ${code}; 3 cannot be consumed.`,
      ],
      [
        () =>
          move('manager', { Accessory: made.id, Reason: 'ADJUSTED', Quantity: -5, Note: 'Count' }),
        `Only 2 Nos of ${made.name} are in stock at ${code}; 5 cannot be taken off by an adjustment.`,
      ],
      [
        () =>
          move('manager', {
            Accessory: made.id,
            Reason: 'ISSUED',
            Quantity: 1,
            Staff: stranger.id,
          }),
        `Staff member ${stranger.name} does not work in branch ${code} - ${(await api.db.selectFrom('branches').select('name').where('id', '=', branch()).executeTakeFirstOrThrow()).name}.`,
      ],
      [
        () =>
          move('manager', { Accessory: made.id, Reason: 'ISSUED', Quantity: 1, Asset: theirs.id }),
        new RegExp(`^Asset ${theirs.tag} is not an asset of branch ${code} - `),
      ],
      [
        () =>
          move('manager', {
            Accessory: made.id,
            Branch: elsewhere.id,
            Reason: 'RECEIVED',
            Quantity: 1,
          }),
        `You do not work in branch ${elsewhere.code} - ${elsewhere.name}.`,
      ],
      [
        () => move('manager', { Accessory: 999_999, Reason: 'RECEIVED', Quantity: 1 }),
        'Accessory 999999 does not exist.',
      ],
      [
        () => move('viewer', { Accessory: made.id, Reason: 'RECEIVED', Quantity: 1 }),
        'You are not allowed to edit accessories.',
      ],
      [
        () => move('manager', { Accessory: made.id, Reason: 'TRANSFERRED_OUT', Quantity: 1 }),
        /^Reason must be one of RECEIVED, ISSUED, RETURNED, ADJUSTED, CONSUMED, DAMAGED/,
        422,
      ],
      [
        () => move('manager', { Accessory: made.id, Reason: 'DAMAGED', Quantity: 1 }),
        'Note is required for adjusted or damaged',
        422,
      ],
    ]);
    expect(await onHand(made.id, branch())).toBe(2);
  });

  it('lets exactly one of two issues racing for the last units through', async () => {
    const made = await anAccessory(api.db, { stock: { branch: branch(), onHand: 2 } });
    const nurse = await aStaffMember(api.db, { branches: [branch()] });
    const answers = await Promise.all(
      [1, 2].map(() =>
        move('manager', { Accessory: made.id, Reason: 'ISSUED', Quantity: 2, Staff: nurse.id }),
      ),
    );
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    const refused = answers.find((answer) => answer.flag === 0);
    expect(refused?.output).toBe(
      `No ${made.name} is in stock at ${await codeOf(branch())}; 2 cannot be issued.`,
    );
    expect(await onHand(made.id, branch())).toBe(0);
    expect(await api.count('accessoryMovements', { accessoryId: made.id, reason: 'ISSUED' })).toBe(
      1,
    );
    const { sum } = await api.db
      .selectFrom('accessoryMovements')
      .select((eb) => eb.fn.sum<number>('quantity').as('sum'))
      .where('accessoryId', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum)).toBe(0);
  });
});

describe('stock per branch', () => {
  it('lists the caller’s branches only, filters what is below its minimum, and keeps other branches out', async () => {
    const own = (await aBranch(api.db)).id;
    const other = (await aBranch(api.db)).id;
    const manager = await aLogin(api.db, { role: 'manager', branches: [own] });
    const managerToken = await api.login(manager.username, manager.password);
    const low = await anAccessory(api.db, { minimum: 5, stock: { branch: own, onHand: 2 } });
    const plenty = await anAccessory(api.db, { minimum: 5, stock: { branch: own, onHand: 9 } });
    await api.db
      .insertInto('accessoryStock')
      .values({ accessoryId: plenty.id, branchId: other, onHand: 40 })
      .execute();
    await api.db
      .insertInto('accessoryMovements')
      .values({
        accessoryId: plenty.id,
        branchId: other,
        reason: 'RECEIVED',
        quantity: 40,
        balance: 40,
      })
      .execute();
    const ownCode = await codeOf(own);

    const stock = await api.call('accessoryStock', managerToken, {
      Page: 1,
      ItemsPerPage: 100,
      Filters: { BranchId: own },
    });
    const mine = stock.records?.TableData.filter((row) =>
      [low.id, plenty.id].includes(row.AccessoryId),
    );
    expect(
      mine?.map((row) => [row.AccessoryName, row.BranchCode, row.OnHand, row.BelowMinimumTxt]),
    ).toEqual([
      [low.name, ownCode, 2, 'Below minimum'],
      [plenty.name, ownCode, 9, ''],
    ]);
    expect(stock.records?.TableData.every((row) => row.BranchId === own)).toBe(true);
    const short = await api.call('accessoryStock', managerToken, {
      Page: 1,
      ItemsPerPage: 100,
      Filters: { BelowMinimum: true },
    });
    const shortIds = short.records?.TableData.map((row) => row.AccessoryId);
    expect(shortIds).toContain(low.id);
    expect(shortIds).not.toContain(plenty.id);
    const theirs = await api.call('accessoryStock', managerToken, {
      Page: 1,
      Filters: { BranchId: other },
    });
    expect(theirs.records?.TotalCount).toBe(0);

    const list = await api.call('accessoryLists', managerToken, {
      Page: 1,
      ItemsPerPage: 100,
      Search: plenty.name,
    });
    expect(list.records?.TableData).toMatchObject([
      { AccessoryId: plenty.id, OnHand: 9, StockTxt: `${ownCode} 9`, BelowMinimum: false },
    ]);
    const below = await api.call('accessoryLists', managerToken, {
      Page: 1,
      ItemsPerPage: 500,
      Filters: { BelowMinimum: true },
    });
    expect(below.records?.TableData.map((row) => row.AccessoryId)).toContain(low.id);
    const ledger = await api.call('accessoryLedger', managerToken, {
      Accessory: plenty.id,
      Page: 1,
    });
    expect(ledger.records?.TableData.map((row) => row.BranchId)).toEqual([own]);
    await api.expectRefusedWithoutChange(
      () => api.call('accessoryLists', managerToken, { Page: 1, Branch: other }),
      { output: /^You do not work in branch / },
    );
    const options = await api.call('accessoryOptions', managerToken, {});
    expect(options.records?.map((option) => option.text)).toContain(low.name);
  });
});
