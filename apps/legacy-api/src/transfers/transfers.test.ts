import { describe, expect, it } from 'vitest';
import {
  aBranch,
  aLogin,
  anAccessory,
  anAsset,
  anAssetLocation,
  aVendor,
  CHECKLIST_DONE,
} from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Transfers between branches (docs/workflows.md): requested, approved by a second user of the
 * source branch, dispatched with a gate pass (assets In transit, accessories out of stock),
 * received at the destination item by item with a shortage found later; every refusal changes
 * nothing; of two users acting at once exactly one wins. The file makes its own two branches and
 * their logins.
 */

const api = useTestApi({ reference: true });

interface Side {
  branch: number;
  code: string;
  manager: string;
  managerId: number;
  approver: string;
  viewer: string;
}

let sides: { from: Side; to: Side } | undefined;
async function branches() {
  if (!sides) {
    const side = async (): Promise<Side> => {
      const branch = await aBranch(api.db);
      const login = async (role: string) => {
        const made = await aLogin(api.db, { role, branches: [branch.id] });
        return { token: await api.login(made.username, made.password), id: made.userId };
      };
      const manager = await login('manager');
      return {
        branch: branch.id,
        code: branch.code,
        manager: manager.token,
        managerId: manager.id,
        approver: (await login('manager')).token,
        viewer: (await login('viewer')).token,
      };
    };
    sides = { from: await side(), to: await side() };
  }
  return sides;
}

async function requested(assets: readonly { id: number }[], accessories: object[] = []) {
  const { from, to } = await branches();
  const answer = await api.call('assetTransferStore', from.manager, {
    FromBranch: from.branch,
    ToBranch: to.branch,
    Assets: assets.map((asset) => asset.id),
    Accessories: accessories,
    Reason: 'ICU expansion at the destination',
    NeededBy: '2026-12-15',
  });
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no transfer');
  return detail;
}

async function approved(assets: readonly { id: number }[], accessories: object[] = []) {
  const { from } = await branches();
  const detail = await requested(assets, accessories);
  const answer = await api.call('assetTransferDecide', from.approver, {
    AssetTransfer: detail.AssetTransferId,
    Decision: 'APPROVE',
  });
  expect(answer.flag, answer.output).toBe(1);
  return detail;
}

async function dispatched(assets: readonly { id: number }[], accessories: object[] = []) {
  const { from } = await branches();
  const detail = await approved(assets, accessories);
  const answer = await api.call('assetTransferDispatch', from.manager, {
    AssetTransfer: detail.AssetTransferId,
    Vehicle: 'TN 09 AB 1234 (hospital van)',
  });
  expect(answer.flag, answer.output).toBe(1);
  return answer.records ?? detail;
}

const assetNow = (id: number) =>
  api.db
    .selectFrom('assets')
    .select(['branchId', 'assetStatus', 'locationId', 'condition'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const stockOf = async (accessoryId: number, branchId: number) =>
  (
    await api.db
      .selectFrom('accessoryStock')
      .select('onHand')
      .where('accessoryId', '=', accessoryId)
      .where('branchId', '=', branchId)
      .executeTakeFirst()
  )?.onHand ?? 0;

describe('a transfer between branches', () => {
  it('goes requested → approved → dispatched → received short → received, assets and stock moving with it', async () => {
    const { from, to } = await branches();
    const inUse = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const inStock = await anAsset(api.db, { branch: from.branch, status: 'IN_STOCK' });
    const pads = await anAccessory(api.db, {
      stock: { branch: from.branch, onHand: 10, userId: from.managerId },
    });
    // Numbered after the branch's earlier transfers (the file's other tests may have made some first).
    const next = (await api.count('assetTransfers', { fromBranchId: from.branch })) + 1;
    const request = await requested([inUse, inStock], [{ Accessory: pads.id, Quantity: 4 }]);
    expect(request).toMatchObject({
      TransferNumber: expect.stringMatching(
        new RegExp(`^TRF/${from.code}/\\d{4}-\\d{2}/${String(next).padStart(4, '0')}$`),
      ),
      StatusCode: 'REQUESTED',
      AssetCount: 2,
      DecideFlag: false,
    });
    const shown = await api.call('assetTransferShow', from.approver, {
      AssetTransfer: request.AssetTransferId,
    });
    expect(shown.records?.DecideFlag).toBe(true);
    await api.call('assetTransferDecide', from.approver, {
      AssetTransfer: request.AssetTransferId,
      Decision: 'APPROVE',
    });
    const sent = await api.call('assetTransferDispatch', from.manager, {
      AssetTransfer: request.AssetTransferId,
      Vehicle: 'TN 09 AB 1234',
    });
    expect(sent.flag, sent.output).toBe(1);
    expect(sent.records).toMatchObject({
      StatusCode: 'IN_TRANSIT',
      GatePassNumber: request.TransferNumber.replace('TRF/', 'GP/'),
      Vehicle: 'TN 09 AB 1234',
    });
    expect((await assetNow(inUse.id)).assetStatus).toBe('IN_TRANSIT');
    expect(await stockOf(pads.id, from.branch)).toBe(6);

    const room = await anAssetLocation(api.db, { branch: to.branch, name: 'Receiving Bay' });
    const first = await api.call('assetTransferReceive', to.manager, {
      AssetTransfer: request.AssetTransferId,
      Items: [
        { Asset: inUse.id, Outcome: 'RECEIVED', Condition: 'GOOD', Location: room.id },
        { Asset: inStock.id, Outcome: 'SHORT', Remarks: 'Not in the van' },
      ],
      Accessories: [{ Accessory: pads.id, Received: 4 }],
    });
    expect(first.flag, first.output).toBe(1);
    expect(first.output).toBe(`${request.TransferNumber} received short: 1 assets not yet here.`);
    expect(first.records).toMatchObject({ StatusCode: 'RECEIVED_SHORT', ShortCount: 1 });
    expect(await assetNow(inUse.id)).toMatchObject({
      branchId: to.branch,
      assetStatus: 'IN_USE',
      locationId: room.id,
    });
    expect(await assetNow(inStock.id)).toMatchObject({
      branchId: from.branch,
      assetStatus: 'IN_TRANSIT',
    });
    expect(await stockOf(pads.id, to.branch)).toBe(4);

    const found = await api.call('assetTransferReceive', to.manager, {
      AssetTransfer: request.AssetTransferId,
      Items: [
        { Asset: inStock.id, Outcome: 'DAMAGED', Location: room.id, Remarks: 'Casing cracked' },
      ],
    });
    expect(found.flag, found.output).toBe(1);
    expect(found.records?.StatusCode).toBe('RECEIVED');
    expect(await assetNow(inStock.id)).toMatchObject({
      branchId: to.branch,
      assetStatus: 'OUT_OF_ORDER',
      condition: 'POOR',
    });
    const events = await api.db
      .selectFrom('assetEvents')
      .select(['kind', 'changes'])
      .where('assetId', '=', inUse.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.kind)).toEqual([
      'TRANSFER_REQUESTED',
      'TRANSFER_APPROVED',
      'TRANSFER_DISPATCHED',
      'TRANSFER_RECEIVED',
    ]);
    expect(events[3]?.changes).toMatchObject({
      AssetStatus: ['IN_TRANSIT', 'IN_USE'],
      BranchName: [from.code, to.code],
    });
    expect(
      (await api.auditOf('asset_transfer', request.AssetTransferId)).map((entry) => entry.action),
    ).toEqual(['requested', 'approved', 'dispatched', 'received', 'received']);
    const movements = await api.db
      .selectFrom('accessoryMovements')
      .select(['reason', 'quantity', 'branchId'])
      .where('transferId', '=', request.AssetTransferId)
      .orderBy('id')
      .execute();
    expect(movements).toEqual([
      { reason: 'TRANSFERRED_OUT', quantity: -4, branchId: from.branch },
      { reason: 'TRANSFERRED_IN', quantity: 4, branchId: to.branch },
    ]);
  });

  it('writes off a shortage never found by condemning it; an asset merely in transit cannot be', async () => {
    const { from, to } = await branches();
    const lost = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const moving = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const request = await dispatched([lost]);
    await dispatched([moving]);
    const room = await anAssetLocation(api.db, { branch: to.branch });
    const short = await api.call('assetTransferReceive', to.manager, {
      AssetTransfer: request.AssetTransferId,
      Items: [{ Asset: lost.id, Outcome: 'SHORT', Remarks: 'Not in the van' }],
    });
    expect(short.records?.StatusCode).toBe('RECEIVED_SHORT');
    const admin = await aLogin(api.db, { role: 'admin', branches: [from.branch, to.branch] });
    const committee = await api.login(admin.username, admin.password);
    const condemn = (asset: number) =>
      api.call('assetCondemn', committee, {
        Asset: asset,
        CondemnedOn: '2026-11-20',
        Reason: 'Lost in transit, not found after a search at both branches',
        Condition: 'POOR',
        CommitteeRemarks: 'Write off; the transporter is liable',
      });
    const refused = await condemn(moving.id);
    expect(refused.flag).toBe(0);
    expect(refused.output).toMatch(/cannot be condemned while it is In transit/);

    const written = await condemn(lost.id);
    expect(written.flag, written.output).toBe(1);
    expect((await assetNow(lost.id)).assetStatus).toBe('CONDEMNED');
    const after = await api.call('assetTransferShow', to.manager, {
      AssetTransfer: request.AssetTransferId,
    });
    expect(after.records).toMatchObject({ StatusCode: 'RECEIVED', ShortCount: 0 });
    expect(after.records?.Assets[0]).toMatchObject({ Outcome: 'WRITTEN_OFF' });
    const receiveAgain = await api.call('assetTransferReceive', to.manager, {
      AssetTransfer: request.AssetTransferId,
      Items: [{ Asset: lost.id, Outcome: 'RECEIVED', Location: room.id }],
    });
    expect(receiveAgain.flag).toBe(0);
  });

  it('is listed outgoing at the source and incoming at the destination, with what waits for each', async () => {
    const { from, to } = await branches();
    const asset = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const detail = await dispatched([asset]);
    const list = (token: string, Branch: number, Direction: string) =>
      api.call('assetTransferLists', token, {
        Branch,
        Direction,
        Page: 1,
        ItemsPerPage: 50,
        Search: detail.TransferNumber,
      });
    const outgoing = await list(from.manager, from.branch, 'OUTGOING');
    expect(outgoing.records?.TableData.map((row) => [row.TransferNumber, row.ReceiveFlag])).toEqual(
      [[detail.TransferNumber, false]],
    );
    const incoming = await list(to.manager, to.branch, 'INCOMING');
    expect(incoming.records?.TableData[0]).toMatchObject({
      TransferNumber: detail.TransferNumber,
      ReceiveFlag: true,
      GatePassNumber: detail.GatePassNumber,
    });
    expect((await list(to.manager, to.branch, 'OUTGOING')).records?.TotalCount).toBe(0);
  });

  it('refuses, changing nothing: wrong branch, wrong role, wrong state, the requester approving, stock too short', async () => {
    const { from, to } = await branches();
    const asset = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const repairing = await anAsset(api.db, { branch: from.branch, status: 'UNDER_REPAIR' });
    const elsewhere = await anAsset(api.db, { branch: to.branch, status: 'IN_USE' });
    const request = await requested([asset]);
    const body = { FromBranch: from.branch, ToBranch: to.branch, Reason: 'More beds' };
    const stranger = (await aBranch(api.db)).id;
    const few = await anAccessory(api.db, {
      stock: { branch: from.branch, onHand: 1, userId: from.managerId },
    });
    const tooMany = await approved([], [{ Accessory: few.id, Quantity: 3 }]);
    const installing = await anAsset(api.db, { branch: from.branch, status: 'IN_STOCK' });
    const installation = await api.call('assetInstallationSave', from.manager, {
      Branch: from.branch,
      Assets: [installing.id],
      InstalledAt: '2026-11-20T10:00:00+05:30',
      Location: (await anAssetLocation(api.db, { branch: from.branch })).id,
      InstallerKind: 'VENDOR',
      Vendor: await aVendor(api.db),
      EngineerName: 'Ravi Kumar',
      ...CHECKLIST_DONE,
    });
    expect(installation.flag, installation.output).toBe(1);
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('assetTransferStore', from.manager, { ...body, Assets: [installing.id] }),
        `Asset ${installing.tag} is in installation ${installation.records?.InstallationNumber} waiting for sign-off.`,
      ],
      [
        () => api.call('assetTransferStore', from.viewer, { ...body, Assets: [asset.id] }),
        'Your role may not request transfers.',
      ],
      [
        () => api.call('assetTransferStore', from.manager, { ...body, Assets: [asset.id] }),
        `Asset ${asset.tag} is already on transfer ${request.TransferNumber}.`,
      ],
      [
        () => api.call('assetTransferStore', from.manager, { ...body, Assets: [repairing.id] }),
        `Asset ${repairing.tag} cannot be transferred while it is Under repair.`,
      ],
      [
        () => api.call('assetTransferStore', from.manager, { ...body, Assets: [elsewhere.id] }),
        `Asset ${elsewhere.tag} is not an asset of branch ${from.code}.`,
      ],
      [
        () =>
          api.call('assetTransferStore', from.manager, {
            ...body,
            FromBranch: stranger,
            ToBranch: stranger + 100_000,
            Assets: [asset.id],
          }),
        'You do not work in either branch.',
      ],
      [
        () =>
          api.call('assetTransferStore', from.manager, {
            ...body,
            ToBranch: from.branch,
            Assets: [asset.id],
          }),
        /ToBranch.*must be another branch/,
        422,
      ],
      [
        () =>
          api.call('assetTransferDecide', from.manager, {
            AssetTransfer: request.AssetTransferId,
            Decision: 'APPROVE',
          }),
        'The user who requested a transfer cannot approve it: a second user does.',
      ],
      [
        () =>
          api.call('assetTransferDecide', to.approver, {
            AssetTransfer: request.AssetTransferId,
            Decision: 'APPROVE',
          }),
        'You do not work in that branch.',
      ],
      [
        () =>
          api.call('assetTransferDispatch', from.manager, {
            AssetTransfer: request.AssetTransferId,
            Vehicle: 'Van',
          }),
        'Only an approved transfer can be dispatched (it is Requested).',
      ],
      [
        () =>
          api.call('assetTransferReceive', to.manager, {
            AssetTransfer: request.AssetTransferId,
            Items: [{ Asset: asset.id, Outcome: 'RECEIVED' }],
          }),
        'Only a transfer in transit can be received (it is Requested).',
      ],
      [
        () =>
          api.call('assetTransferDispatch', from.manager, {
            AssetTransfer: tooMany.AssetTransferId,
            Vehicle: 'Van',
          }),
        new RegExp(`^Only 1 Nos of .+ are in stock at ${from.code}; 3 cannot leave\\.$`),
      ],
    ]);
  });

  it('is cancelled before dispatch, not after; a receipt at the source or of an asset not on it is refused', async () => {
    const { from, to } = await branches();
    const first = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const request = await requested([first]);
    const cancelled = await api.call('assetTransferCancel', to.manager, {
      AssetTransfer: request.AssetTransferId,
      Reason: 'The destination bought its own',
    });
    expect(cancelled.records?.StatusCode).toBe('CANCELLED');
    // Cancelled, the asset may go on another transfer.
    const again = await dispatched([first]);
    const other = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const room = await anAssetLocation(api.db, { branch: to.branch });
    await api.expectEachRefusedWithoutChange([
      [
        () =>
          api.call('assetTransferCancel', from.manager, {
            AssetTransfer: again.AssetTransferId,
            Reason: 'Too late',
          }),
        'A dispatched transfer cannot be cancelled.',
      ],
      [
        () =>
          api.call('assetTransferReceive', from.manager, {
            AssetTransfer: again.AssetTransferId,
            Items: [{ Asset: first.id, Outcome: 'RECEIVED', Location: room.id }],
          }),
        'Your role may not receive transfers at this branch.',
      ],
      [
        () =>
          api.call('assetTransferReceive', to.manager, {
            AssetTransfer: again.AssetTransferId,
            Items: [{ Asset: other.id, Outcome: 'RECEIVED', Location: room.id }],
          }),
        `Asset ${other.tag} is not waiting on this transfer.`,
      ],
      [
        () =>
          api.call('assetTransferReceive', to.manager, {
            AssetTransfer: again.AssetTransferId,
            Items: [{ Asset: first.id, Outcome: 'RECEIVED' }],
          }),
        `Asset ${first.tag}: say where at ${to.code} it now stands.`,
      ],
    ]);
  });

  it('decided by two users at once is decided once; received by two at once, once', async () => {
    const { from, to } = await branches();
    const asset = await anAsset(api.db, { branch: from.branch, status: 'IN_USE' });
    const request = await requested([asset]);
    const admin = await aLogin(api.db, { role: 'admin', branches: [from.branch] });
    const adminToken = await api.login(admin.username, admin.password);
    const decisions = await Promise.all([
      api.call('assetTransferDecide', from.approver, {
        AssetTransfer: request.AssetTransferId,
        Decision: 'APPROVE',
      }),
      api.call('assetTransferDecide', adminToken, {
        AssetTransfer: request.AssetTransferId,
        Decision: 'REJECT',
        Remarks: 'Not now',
      }),
    ]);
    expect(decisions.map((answer) => answer.flag).sort()).toEqual([0, 1]);

    const moving = await dispatched([
      await anAsset(api.db, { branch: from.branch, status: 'IN_USE' }),
    ]);
    const room = await anAssetLocation(api.db, { branch: to.branch });
    const item = moving.Assets[0]?.AssetId ?? 0;
    const receipts = await Promise.all(
      [to.manager, to.approver].map((token) =>
        api.call('assetTransferReceive', token, {
          AssetTransfer: moving.AssetTransferId,
          Items: [{ Asset: item, Outcome: 'RECEIVED', Location: room.id }],
        }),
      ),
    );
    expect(receipts.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    expect(
      (await api.auditOf('asset_transfer', moving.AssetTransferId)).filter(
        (entry) => entry.action === 'received',
      ),
    ).toHaveLength(1);
  });
});
