import { describe, expect, it } from 'vitest';
import {
  aBranch,
  aLogin,
  anAsset,
  anAssetLocation,
  aStaffMember,
  aVendor,
  CHECKLIST_DONE,
  useBranchLogins,
} from '../test/factories.ts';
import { anOrderThrough, orderParts } from '../test/procurement.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Installations (docs/workflows.md): recorded for In stock assets of a branch, signed off by a
 * second user with the approve grant — then the assets are In use from the installation's date,
 * at its location — or sent back. Every step on each asset's timeline and in the audit log; every
 * refusal changes nothing. The file makes its own branch, logins and assets.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'viewer', 'verifier', 'approver'] as const);
const { token } = logins;

/** A second manager of the branch and an administrator: the users who sign off. */
let signers: { manager: string; admin: string; managerId: number } | undefined;
async function signer(which: 'manager' | 'admin') {
  if (!signers) {
    const second = await aLogin(api.db, { role: 'manager', branches: [logins.branch()] });
    const admin = await aLogin(api.db, { role: 'admin', branches: [logins.branch()] });
    signers = {
      manager: await api.login(second.username, second.password),
      admin: await api.login(admin.username, admin.password),
      managerId: second.userId,
    };
  }
  return signers[which];
}

const INSTALLED_AT = '2026-11-20T10:30:00+05:30';

async function someAssets(count: number, status: 'IN_STOCK' | 'IN_USE' = 'IN_STOCK') {
  const assets = [];
  for (let index = 0; index < count; index += 1)
    assets.push(await anAsset(api.db, { branch: logins.branch(), status }));
  return assets;
}

async function installation(assets: readonly { id: number }[], changes = {}) {
  const room = await anAssetLocation(api.db, { branch: logins.branch(), name: undefined });
  const vendor = await aVendor(api.db);
  return {
    room,
    body: {
      Branch: logins.branch(),
      Assets: assets.map((asset) => asset.id),
      InstalledAt: INSTALLED_AT,
      Location: room.id,
      InstallerKind: 'VENDOR',
      Vendor: vendor,
      EngineerName: 'Ravi Kumar',
      ...CHECKLIST_DONE,
      ManualHandedOver: false,
      Remarks: 'Installed in the ICU bay 3',
      ...changes,
    },
  };
}

async function recorded(assets: readonly { id: number }[], changes = {}) {
  const { body, room } = await installation(assets, changes);
  const saved = await api.call('assetInstallationSave', token('manager'), body);
  expect(saved.flag, saved.output).toBe(1);
  const detail = saved.records;
  if (!detail) throw new Error('no installation');
  return { detail, room };
}

const statusOf = async (id: number) =>
  await api.db
    .selectFrom('assets')
    .select(['assetStatus', 'putToUseDate', 'locationId', 'warrantyStart', 'warrantyEnd'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const eventsOf = async (id: number) =>
  await api.db
    .selectFrom('assetEvents')
    .select(['kind', 'reason', 'changes'])
    .where('assetId', '=', id)
    .orderBy('id')
    .execute();

describe('an installation', () => {
  it('is recorded, numbered by the branch and year, and changes nothing of the assets until sign-off', async () => {
    const assets = await someAssets(2);
    const { detail } = await recorded(assets);
    expect(detail.InstallationNumber).toMatch(/^INS\/TST-\d+\/2026-27\/\d{4}$/);
    expect(detail).toMatchObject({
      StatusCode: 'PENDING',
      StatusTxt: 'Awaiting Sign-off',
      InstalledAtTxt: '20-11-2026 10:30',
      InstalledByName: expect.stringMatching(/^Ravi Kumar \(.+\)$/),
      AssetCount: 2,
      SignOffFlag: false,
      ReportFlag: true,
      ManualHandedOver: false,
      DemoGiven: true,
    });
    for (const asset of assets) {
      expect((await statusOf(asset.id)).assetStatus).toBe('IN_STOCK');
      expect((await eventsOf(asset.id)).map((event) => event.kind)).toEqual([
        'INSTALLATION_RECORDED',
      ]);
    }
    expect(await api.auditOf('asset_installation', detail.AssetInstallationId)).toMatchObject([
      { action: 'recorded', toStatus: 'PENDING' },
    ]);
  });

  it('signed off by a second manager puts its assets in use from its date, at its location', async () => {
    const assets = await someAssets(2);
    const { detail, room } = await recorded(assets);
    const shown = await api.call('assetInstallationShow', await signer('manager'), {
      AssetInstallation: detail.AssetInstallationId,
    });
    expect(shown.records?.SignOffFlag).toBe(true);
    const decided = await api.call('assetInstallationSignOff', await signer('manager'), {
      AssetInstallation: detail.AssetInstallationId,
      Decision: 'SIGN_OFF',
    });
    expect(decided.flag, decided.output).toBe(1);
    expect(decided.output).toBe(`${detail.InstallationNumber} signed off: 2 assets in use.`);
    expect(decided.records).toMatchObject({
      StatusCode: 'SIGNED_OFF',
      SignOffFlag: false,
      ReportFlag: false,
      Assets: [{ AssetStatus: 'IN_USE' }, { AssetStatus: 'IN_USE' }],
    });
    for (const asset of assets) {
      expect(await statusOf(asset.id)).toMatchObject({
        assetStatus: 'IN_USE',
        putToUseDate: '2026-11-20',
        locationId: room.id,
      });
      const events = await eventsOf(asset.id);
      expect(events.map((event) => event.kind)).toEqual(['INSTALLATION_RECORDED', 'INSTALLED']);
      expect(events[1]?.changes).toMatchObject({
        AssetStatus: ['IN_STOCK', 'IN_USE'],
        PutToUseDate: [null, '2026-11-20'],
        LocationName: [expect.any(String), room.name],
      });
    }
    expect(
      (await api.auditOf('asset_installation', detail.AssetInstallationId)).map((e) => e.action),
    ).toEqual(['recorded', 'signed_off']);
  });

  it('sent back keeps its assets in stock, and they may be recorded again', async () => {
    const assets = await someAssets(1);
    const { detail } = await recorded(assets);
    await api.expectRefusedWithoutChange(
      () =>
        api.call('assetInstallationSignOff', token('manager'), {
          AssetInstallation: detail.AssetInstallationId,
          Decision: 'SEND_BACK',
        }),
      { status: 422, output: /Remarks.*is required when sending an installation back/ },
    );
    const sent = await api.call('assetInstallationSignOff', await signer('manager'), {
      AssetInstallation: detail.AssetInstallationId,
      Decision: 'SEND_BACK',
      Remarks: 'Earthing not tested; test it and record again',
    });
    expect(sent.flag, sent.output).toBe(1);
    expect(sent.records?.StatusCode).toBe('SENT_BACK');
    expect(sent.records?.DecisionRemarks).toBe('Earthing not tested; test it and record again');
    expect((await statusOf(assets[0]?.id ?? 0)).assetStatus).toBe('IN_STOCK');
    const again = await recorded(assets);
    expect(again.detail.InstallationNumber).not.toBe(detail.InstallationNumber);
  });

  it('restarts the warranty from the installation when it says so, for the months its order line gave', async () => {
    const parts = await orderParts(api.db);
    const flow = { api, token, branch: logins.branch };
    const order = await anOrderThrough(flow, parts, 'approved');
    const [monitors] = (
      await api.db
        .selectFrom('purchaseOrderLines')
        .select('id')
        .where('purchaseOrderId', '=', order.id)
        .orderBy('lineNo')
        .execute()
    ).map((line) => line.id);
    const storekeeper = await aStaffMember(api.db, { branches: [logins.branch()] });
    const stores = await anAssetLocation(api.db, { branch: logins.branch() });
    const note = await api.call('goodsReceiptNoteSave', token('manager'), {
      PurchaseOrder: order.id,
      BilledBranch: logins.branch(),
      ReceivedDate: '2026-11-10',
      InvoiceNumber: 'INV-77',
      InvoiceDate: '2026-11-09',
      ReceivedBy: storekeeper.id,
      Lines: [
        { PurchaseOrderLine: monitors, Received: 1, Accepted: 1, Rejected: 0, Location: stores.id },
      ],
    });
    expect(note.flag, note.output).toBe(1);
    const noteId = note.records?.GoodsReceiptNoteId ?? 0;
    const assetId = note.records?.Lines[0]?.Assets[0]?.AssetId ?? 0;
    expect(await statusOf(assetId)).toMatchObject({
      warrantyStart: '2026-11-10',
      warrantyEnd: '2028-11-09',
    });
    const candidates = await api.call('assetInstallationCandidates', token('manager'), {
      Branch: logins.branch(),
      GoodsReceiptNote: noteId,
    });
    expect(candidates.records?.Assets.map((asset) => asset.AssetId)).toEqual([assetId]);
    expect(candidates.records?.Notes).toContainEqual(
      expect.objectContaining({ GoodsReceiptNoteId: noteId, Waiting: 1 }),
    );
    const { detail } = await recorded([{ id: assetId }], {
      GoodsReceiptNote: noteId,
      WarrantyFromInstallation: true,
    });
    const waiting = await api.call('assetInstallationCandidates', token('manager'), {
      Branch: logins.branch(),
      GoodsReceiptNote: noteId,
    });
    expect(waiting.records?.Assets).toEqual([]);
    await api.call('assetInstallationSignOff', await signer('admin'), {
      AssetInstallation: detail.AssetInstallationId,
      Decision: 'SIGN_OFF',
    });
    expect(await statusOf(assetId)).toMatchObject({
      assetStatus: 'IN_USE',
      putToUseDate: '2026-11-20',
      warrantyStart: '2026-11-20',
      warrantyEnd: '2028-11-19',
    });
  });

  it('refuses, changing nothing: the wrong roles, the recorder signing off, assets not in stock or already waiting', async () => {
    const [stock, other] = await someAssets(2);
    const [inUse] = await someAssets(1, 'IN_USE');
    const foreignBranch = (await aBranch(api.db)).id;
    const foreign = await anAsset(api.db, { branch: foreignBranch, status: 'IN_STOCK' });
    const foreignRoom = await anAssetLocation(api.db, { branch: foreignBranch });
    if (!stock || !other || !inUse) throw new Error('no assets');
    const { detail } = await recorded([stock]);
    const { body } = await installation([other]);
    const save =
      (changes: Record<string, unknown>, login = token('manager')) =>
      () =>
        api.call('assetInstallationSave', login, { ...body, ...changes });
    await api.expectEachRefusedWithoutChange([
      [save({}, token('viewer')), 'Your role may not record installations.'],
      [
        save({ Assets: [inUse.id] }),
        `Asset ${inUse.tag} is In use: only an asset In stock can be installed.`,
      ],
      [
        save({ Assets: [other.id, stock.id] }),
        `Asset ${stock.tag} is already in installation ${detail.InstallationNumber} waiting for sign-off.`,
      ],
      [save({ Assets: [foreign.id] }), /^Asset .+ is not an asset of branch TST-\d+\.$/],
      [save({ Branch: foreignBranch }), 'You do not work in that branch.'],
      [save({ Location: foreignRoom.id }), /^Location \d+ is not a location of branch TST-\d+\.$/],
      [save({ Vendor: 999_999_999 }), 'Vendor 999999999 does not exist.'],
      [
        save({ InstalledAt: '2099-01-01T10:00:00+05:30' }),
        'The installation time is in the future.',
      ],
      [save({ EngineerName: '' }), /EngineerName.*is required when the vendor installed/, 422],
      [
        save({ InstallerKind: 'STAFF' }),
        /InstalledBy.*is required when a staff member installed/,
        422,
      ],
      [save({ Assets: [] }), /Assets.*must name at least one asset/, 422],
      [
        () =>
          api.call('assetInstallationSignOff', token('manager'), {
            AssetInstallation: detail.AssetInstallationId,
            Decision: 'SIGN_OFF',
          }),
        'The user who recorded an installation cannot sign it off: a second user does.',
      ],
      [
        () =>
          api.call('assetInstallationSignOff', token('approver'), {
            AssetInstallation: detail.AssetInstallationId,
            Decision: 'SIGN_OFF',
          }),
        'Your role may not sign off installations.',
      ],
    ]);
  });

  it('cannot be signed off once an asset has moved on: it is sent back instead', async () => {
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const { detail } = await recorded([asset]);
    const marked = await api.call('assetOutOfOrder', token('manager'), {
      Asset: asset.id,
      Reason: 'Dropped while unpacking',
    });
    expect(marked.flag, marked.output).toBe(1);
    // Made before the attempt, which must change nothing (the signer's login is made once, lazily).
    const secondManager = await signer('manager');
    await api.expectRefusedWithoutChange(
      () =>
        api.call('assetInstallationSignOff', secondManager, {
          AssetInstallation: detail.AssetInstallationId,
          Decision: 'SIGN_OFF',
        }),
      { output: `Asset ${asset.tag} is Out of order now: send the installation back.` },
    );
  });

  it('decided by two users at once is decided exactly once', async () => {
    const assets = await someAssets(3);
    const { detail } = await recorded(assets);
    const [first, second] = await Promise.all([
      api.call('assetInstallationSignOff', await signer('manager'), {
        AssetInstallation: detail.AssetInstallationId,
        Decision: 'SIGN_OFF',
      }),
      api.call('assetInstallationSignOff', await signer('admin'), {
        AssetInstallation: detail.AssetInstallationId,
        Decision: 'SEND_BACK',
        Remarks: 'Wrong room',
      }),
    ]);
    expect([first.flag, second.flag].sort()).toEqual([0, 1]);
    const refused = first.flag === 0 ? first : second;
    expect(refused.output).toMatch(
      /is no longer waiting for sign-off \(it is (Signed Off|Sent Back)\)\.$/,
    );
    expect(
      (await api.auditOf('asset_installation', detail.AssetInstallationId)).map((e) => e.action),
    ).toHaveLength(2);
  });

  it('is listed for its branch, newest first, searched by tag and filtered by status', async () => {
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const { detail } = await recorded([asset], { InstalledAt: '2026-11-21T09:00:00+05:30' });
    const list = await api.call('assetInstallationLists', token('viewer'), {
      Branch: logins.branch(),
      Page: 1,
      ItemsPerPage: 5,
      Search: asset.tag.toLowerCase(),
    });
    expect(list.flag, list.output).toBe(1);
    expect(list.records?.TotalCount).toBe(1);
    expect(list.records?.TableData[0]).toMatchObject({
      InstallationNumber: detail.InstallationNumber,
      AssetTags: asset.tag,
      SignOffFlag: false,
    });
    const pending = await api.call('assetInstallationLists', token('manager'), {
      Branch: logins.branch(),
      Page: 1,
      ItemsPerPage: 100,
      Filters: { StatusCode: 'PENDING' },
    });
    const rows = pending.records?.TableData ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.StatusCode === 'PENDING')).toBe(true);
    const dates = rows.map((row) => row.InstalledAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      (
        await api.call('assetInstallationLists', token('manager'), {
          Branch: (await aBranch(api.db)).id,
        })
      ).output,
    ).toBe('You do not work in that branch.');
  });
});
