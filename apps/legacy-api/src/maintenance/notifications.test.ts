import { addDays, indianDate } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { loadAccess } from '../access/access.ts';
import { aBranch, aLogin, anAccessory, anAsset, aVendor } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { markRead, notificationsOf } from './notifications.ts';
import { runScheduler } from './scheduler.ts';

/*
 * The notification centre (docs/workflows.md): alerts computed from the records over the user's
 * branches and the modules they may list — contracts ending or ended, warranties ending or ended,
 * assets in use with no cover, preventive jobs due or overdue, transfers waiting for the user,
 * accessories below their minimum — each under a key that names one fact at one threshold, which
 * the user marks read. Most tests ask notificationsOf for a fixed day; the calls (which use
 * today's date in India) are tried with contracts dated from today. Each test makes its own
 * branches and users, so that no other test's records are among their alerts.
 */

const api = useTestApi({ reference: true });

let serial = 0;

interface User {
  userId: number;
  token: string;
}

async function aUser(role: string, branches: readonly number[]): Promise<User> {
  const made = await aLogin(api.db, { role, branches });
  return { userId: made.userId, token: await api.login(made.username, made.password) };
}

/** A new branch and its manager. */
async function aBranchWithManager() {
  const branch = await aBranch(api.db);
  return { ...branch, manager: await aUser('manager', [branch.id]) };
}

/** The user's alerts on `today`, as the notification centre computes them. */
async function alertsOf(user: User, today: string, kinds?: readonly string[]) {
  const all = await notificationsOf(
    api.db,
    await loadAccess(api.db, user.userId),
    user.userId,
    today,
  );
  return kinds ? all.filter((alert) => kinds.includes(alert.Kind)) : all;
}

const keysOf = async (user: User, today: string, kinds?: readonly string[]) =>
  (await alertsOf(user, today, kinds)).map((alert) => alert.Key);

async function contract(
  branch: { id: number; manager: User },
  assets: readonly { id: number }[],
  dates: { StartDate: string; EndDate: string; VisitsPerYear?: number },
) {
  serial += 1;
  const answer = await api.call('maintenanceContractStore', branch.manager.token, {
    Branch: branch.id,
    Vendor: await aVendor(api.db),
    ContractType: 'AMC',
    ContractNumber: `AMC/N/${serial}`,
    ContractValue: '36000.00',
    GstRate: 18,
    PaymentSchedule: 'ANNUAL_ADVANCE',
    VisitsPerYear: 0,
    ResponseHours: 24,
    NoticeDays: 30,
    Renewal: 'MANUAL',
    Assets: assets.map((asset) => asset.id),
    ...dates,
  });
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no contract');
  return detail;
}

const CONTRACT_KINDS = ['CONTRACT_ENDING', 'CONTRACT_ENDED'];

describe('the notification centre', () => {
  it('announces a contract ending at each threshold and for 30 days after its end, under a key per threshold', async () => {
    const branch = await aBranchWithManager();
    const asset = await anAsset(api.db, { branch: branch.id });
    const amc = await contract(branch, [asset], { StartDate: '2029-07-01', EndDate: '2030-06-30' });
    const { manager } = branch;
    const key = (threshold: string) => `contract:${amc.MaintenanceContractId}:${threshold}`;

    // 91 days before its end, nothing; 90 days before, the first alert.
    expect(await keysOf(manager, '2030-03-31', CONTRACT_KINDS)).toEqual([]);
    expect(await keysOf(manager, '2030-04-01', CONTRACT_KINDS)).toEqual([key('ENDS_IN_90')]);
    expect(await keysOf(manager, '2030-05-01', CONTRACT_KINDS)).toEqual([key('ENDS_IN_60')]);
    const [thirty] = await alertsOf(manager, '2030-06-10', CONTRACT_KINDS);
    expect(thirty).toEqual({
      Key: key('ENDS_IN_30'),
      Kind: 'CONTRACT_ENDING',
      Text: `Contract ${amc.ContractNumber} (${amc.VendorName}) ends in 20 days, on 2030-06-30.`,
      Values: { number: amc.ContractNumber, vendor: amc.VendorName, date: '2030-06-30', days: 20 },
      Link: `/amc/view?id=${amc.MaintenanceContractId}`,
      BranchCode: branch.code,
      Since: '2030-05-31',
      Urgent: false,
      Read: false,
    });
    // The last day is ENDS_IN_7, urgent; the day after, ended, for 30 days.
    expect(await alertsOf(manager, '2030-06-30', CONTRACT_KINDS)).toMatchObject([
      { Key: key('ENDS_IN_7'), Kind: 'CONTRACT_ENDING', Urgent: true, Since: '2030-06-23' },
    ]);
    expect(await alertsOf(manager, '2030-07-01', CONTRACT_KINDS)).toMatchObject([
      {
        Key: key('ENDED'),
        Kind: 'CONTRACT_ENDED',
        Text: `Contract ${amc.ContractNumber} (${amc.VendorName}) ended on 2030-06-30.`,
        Since: '2030-07-01',
        Urgent: true,
      },
    ]);
    expect(await keysOf(manager, '2030-07-30', CONTRACT_KINDS)).toEqual([key('ENDED')]);
    expect(await keysOf(manager, '2030-07-31', CONTRACT_KINDS)).toEqual([]);

    // Read at 30 days, it stays read; at 7 days it is a new alert.
    await markRead(api.db, manager.userId, [key('ENDS_IN_30')]);
    expect((await alertsOf(manager, '2030-06-11', CONTRACT_KINDS))[0]).toMatchObject({
      Key: key('ENDS_IN_30'),
      Read: true,
    });
    expect((await alertsOf(manager, '2030-06-25', CONTRACT_KINDS))[0]).toMatchObject({
      Key: key('ENDS_IN_7'),
      Read: false,
    });

    // Renewed, a contract is no longer announced: its successor continues it.
    const renewed = await api.call('maintenanceContractRenew', manager.token, {
      MaintenanceContract: amc.MaintenanceContractId,
      ContractType: 'AMC',
      ContractNumber: `AMC/N/${serial}-R`,
      StartDate: '2030-07-01',
      EndDate: '2031-06-30',
      ContractValue: '38000.00',
      GstRate: 18,
      PaymentSchedule: 'ANNUAL_ADVANCE',
      VisitsPerYear: 0,
      ResponseHours: 24,
      NoticeDays: 30,
      Renewal: 'MANUAL',
      Assets: [asset.id],
    });
    expect(renewed.flag, renewed.output).toBe(1);
    expect(await keysOf(manager, '2030-06-10', CONTRACT_KINDS)).toEqual([]);
    expect(await keysOf(manager, '2031-06-10', CONTRACT_KINDS)).toEqual([
      `contract:${renewed.records?.MaintenanceContractId}:ENDS_IN_30`,
    ]);
  });

  it('announces warranties ending and ended, and the assets in use with no cover, one alert a branch', async () => {
    const branch = await aBranchWithManager();
    const second = await aBranch(api.db);
    const user = await aUser('manager', [branch.id, second.id]);
    const today = '2031-03-01';
    const asset = (warrantyEnd?: string, status?: 'IN_USE' | 'IN_STOCK', at = branch.id) =>
      anAsset(api.db, {
        branch: at,
        status: status ?? 'IN_USE',
        ...(warrantyEnd ? { warrantyEnd } : {}),
      });
    const soon = await asset('2031-03-20');
    const later = await asset('2031-05-01');
    const ended = await asset('2031-02-25');
    const endedLongAgo = await asset('2030-12-01');
    const bare = await asset();
    const covered = await asset();
    await asset(undefined, 'IN_STOCK');
    const condemned = await asset('2031-03-10');
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'CONDEMNED' })
      .where('id', '=', condemned.id)
      .execute();
    await asset(undefined, 'IN_USE', second.id);
    await contract(branch, [covered], { StartDate: '2031-01-01', EndDate: '2031-12-31' });
    // A contract over `bare` that has ended covers it no more.
    await contract(branch, [bare], { StartDate: '2029-01-01', EndDate: '2029-12-31' });

    const warranties = await alertsOf(user, today, ['WARRANTY_ENDING', 'WARRANTY_ENDED']);
    expect(warranties.map((alert) => [alert.Key, alert.Since, alert.Urgent])).toEqual([
      [`warranty:${ended.id}:ENDED`, '2031-02-26', true],
      [`warranty:${soon.id}:ENDS_IN_30`, '2031-02-18', false],
      [`warranty:${later.id}:ENDS_IN_90`, '2031-01-31', false],
    ]);
    expect(warranties[1]).toMatchObject({
      Kind: 'WARRANTY_ENDING',
      Text: `The warranty of ${soon.tag} ${soon.name} ends in 19 days, on 2031-03-20.`,
      Link: `/asset/view?id=${soon.id}`,
      BranchCode: branch.code,
    });
    expect(warranties[0]?.Text).toBe(
      `The warranty of ${ended.tag} ${ended.name} ended on 2031-02-25.`,
    );
    expect(warranties.map((alert) => alert.Key).join()).not.toContain(`:${endedLongAgo.id}:`);

    // In use, with neither: the ended warranties, the long-ended one and the bare asset.
    const cover = await alertsOf(user, today, ['NO_COVER']);
    expect(cover).toEqual(
      [
        {
          Key: `no-cover:${branch.id}:3`,
          Kind: 'NO_COVER',
          Text: `3 assets in use at ${branch.code} have no warranty or maintenance contract.`,
          Values: { count: 3, branch: branch.code },
          Link: `/reports/amc-report?branch=${branch.id}`,
          BranchCode: branch.code,
          Since: today,
          Urgent: false,
          Read: false,
        },
        {
          Key: `no-cover:${second.id}:1`,
          Kind: 'NO_COVER',
          Text: `1 assets in use at ${second.code} have no warranty or maintenance contract.`,
          Values: { count: 1, branch: second.code },
          Link: `/reports/amc-report?branch=${second.id}`,
          BranchCode: second.code,
          Since: today,
          Urgent: false,
          Read: false,
        },
      ].sort((a, b) => a.Key.localeCompare(b.Key)),
    );
    // Read, and then one more asset uncovered: a new fact, a new alert.
    await markRead(api.db, user.userId, [`no-cover:${branch.id}:3`]);
    expect(await keysOf(user, today, ['NO_COVER'])).toContain(`no-cover:${second.id}:1`);
    expect((await alertsOf(user, today, ['NO_COVER'])).at(-1)).toMatchObject({
      Key: `no-cover:${branch.id}:3`,
      Read: true,
    });
    await asset();
    const again = await alertsOf(user, today, ['NO_COVER']);
    expect(again.map((alert) => [alert.Key, alert.Read]).sort()).toEqual(
      [
        [`no-cover:${branch.id}:4`, false],
        [`no-cover:${second.id}:1`, false],
      ].sort(),
    );
  });

  it('announces a preventive job due within seven days, and overdue after its day', async () => {
    const branch = await aBranchWithManager();
    const asset = await anAsset(api.db, { branch: branch.id });
    const amc = await contract(branch, [asset], {
      StartDate: '2032-01-01',
      EndDate: '2032-12-31',
      VisitsPerYear: 4,
    });
    const made = await runScheduler(api.db, { today: '2032-03-25', instance: 'notifications' });
    expect(made).toMatchObject({ JobsCreated: 1, Error: null });
    const job = await api.db
      .selectFrom('jobOrders')
      .select(['id', 'jobNumber'])
      .where('visitContractId', '=', amc.MaintenanceContractId)
      .executeTakeFirstOrThrow();
    const kinds = ['PREVENTIVE_DUE', 'PREVENTIVE_OVERDUE'];
    expect(await alertsOf(branch.manager, '2032-03-23', kinds)).toEqual([]);
    expect(await alertsOf(branch.manager, '2032-03-25', kinds)).toEqual([
      {
        Key: `preventive:${job.id}:DUE`,
        Kind: 'PREVENTIVE_DUE',
        Text: `Preventive job ${job.jobNumber} is due on 2032-03-31.`,
        Values: { number: job.jobNumber, date: '2032-03-31' },
        Link: `/job-order/view?id=${job.id}`,
        BranchCode: branch.code,
        Since: '2032-03-24',
        Urgent: false,
        Read: false,
      },
    ]);
    expect(await alertsOf(branch.manager, '2032-04-01', kinds)).toMatchObject([
      {
        Key: `preventive:${job.id}:OVERDUE`,
        Kind: 'PREVENTIVE_OVERDUE',
        Text: `Preventive job ${job.jobNumber} was due on 2032-03-31.`,
        Since: '2032-04-01',
        Urgent: true,
      },
    ]);
    // Cancelled, it is no longer anyone's to do.
    const cancelled = await api.call('jobOrderMove', branch.manager.token, {
      JobOrder: job.id,
      Step: 'CANCEL',
      Remarks: 'Vendor visit moved',
    });
    expect(cancelled.flag, cancelled.output).toBe(1);
    expect(await alertsOf(branch.manager, '2032-04-01', kinds)).toEqual([]);
  });

  it('tells each user of a transfer waiting for them: the approver, then the requester to dispatch, then the destination to receive', async () => {
    const from = await aBranchWithManager();
    const to = await aBranchWithManager();
    const approver = await aUser('manager', [from.id]);
    const viewer = await aUser('viewer', [from.id, to.id]);
    const asset = await anAsset(api.db, { branch: from.id });
    const requested = await api.call('assetTransferStore', from.manager.token, {
      FromBranch: from.id,
      ToBranch: to.id,
      Assets: [asset.id],
      Reason: 'Ward opening at the destination',
    });
    expect(requested.flag, requested.output).toBe(1);
    const transfer = requested.records;
    if (!transfer) throw new Error('no transfer');
    const today = indianDate(new Date());
    const waiting = (user: User) => alertsOf(user, today, ['TRANSFER_WAITING']);
    expect(await waiting(approver)).toEqual([
      {
        Key: `transfer:${transfer.AssetTransferId}:REQUESTED`,
        Kind: 'TRANSFER_WAITING',
        Text: `Transfer ${transfer.TransferNumber} (${from.code} → ${to.code}) waits for you to approve it.`,
        Values: {
          number: transfer.TransferNumber,
          from: from.code,
          to: to.code,
          action: 'approve',
        },
        Link: `/asset-transfer/view?id=${transfer.AssetTransferId}`,
        BranchCode: from.code,
        Since: today,
        Urgent: false,
        Read: false,
      },
    ]);
    // The requester does not approve their own; the destination and a viewer have nothing to do.
    for (const user of [from.manager, to.manager, viewer]) expect(await waiting(user)).toEqual([]);

    const approved = await api.call('assetTransferDecide', approver.token, {
      AssetTransfer: transfer.AssetTransferId,
      Decision: 'APPROVE',
    });
    expect(approved.flag, approved.output).toBe(1);
    expect(await waiting(approver)).toMatchObject([
      { Key: `transfer:${transfer.AssetTransferId}:APPROVED`, Values: { action: 'dispatch' } },
    ]);
    expect(await waiting(to.manager)).toEqual([]);
    const sent = await api.call('assetTransferDispatch', from.manager.token, {
      AssetTransfer: transfer.AssetTransferId,
      Vehicle: 'Hospital van',
    });
    expect(sent.flag, sent.output).toBe(1);
    expect(await waiting(from.manager)).toEqual([]);
    expect(await waiting(to.manager)).toMatchObject([
      {
        Key: `transfer:${transfer.AssetTransferId}:IN_TRANSIT`,
        Values: { action: 'receive' },
        BranchCode: to.code,
      },
    ]);
  });

  it('announces accessories below their minimum at the branch, the branch minimum before the type one', async () => {
    const branch = await aBranchWithManager();
    const userId = branch.manager.userId;
    const low = await anAccessory(api.db, {
      minimum: 5,
      stock: { branch: branch.id, onHand: 2, userId },
    });
    const enough = await anAccessory(api.db, {
      minimum: 5,
      stock: { branch: branch.id, onHand: 2, userId },
    });
    await api.db
      .insertInto('accessoryMinimums')
      .values({ accessoryId: enough.id, branchId: branch.id, minimum: 2 })
      .execute();
    const out = await anAccessory(api.db, { minimum: 1 });
    await api.db
      .insertInto('accessoryStock')
      .values({ accessoryId: out.id, branchId: branch.id, onHand: 0 })
      .execute();
    const retired = await anAccessory(api.db, {
      minimum: 5,
      stock: { branch: branch.id, onHand: 1, userId },
    });
    await api.db
      .updateTable('accessories')
      .set({ active: false })
      .where('id', '=', retired.id)
      .execute();
    expect(await alertsOf(branch.manager, '2026-01-15', ['ACCESSORY_LOW'])).toEqual([
      {
        Key: `accessory-low:${out.id}:${branch.id}:0`,
        Kind: 'ACCESSORY_LOW',
        Text: `${out.name}: 0 Nos left at ${branch.code}, below the minimum of 1.`,
        Values: { name: out.name, onHand: 0, unit: 'Nos', branch: branch.code, minimum: 1 },
        Link: `/accessories/view?id=${out.id}`,
        BranchCode: branch.code,
        Since: '2026-01-15',
        Urgent: true,
        Read: false,
      },
      {
        Key: `accessory-low:${low.id}:${branch.id}:2`,
        Kind: 'ACCESSORY_LOW',
        Text: `${low.name}: 2 Nos left at ${branch.code}, below the minimum of 5.`,
        Values: { name: low.name, onHand: 2, unit: 'Nos', branch: branch.code, minimum: 5 },
        Link: `/accessories/view?id=${low.id}`,
        BranchCode: branch.code,
        Since: '2026-01-15',
        Urgent: false,
        Read: false,
      },
    ]);
  });

  it('shows a user only the kinds of the modules they may list', async () => {
    const branch = await aBranchWithManager();
    const verifier = await aUser('verifier', [branch.id]);
    const viewer = await aUser('viewer', [branch.id]);
    const covered = await anAsset(api.db, { branch: branch.id, warrantyEnd: '2033-03-20' });
    await anAsset(api.db, { branch: branch.id });
    await contract(branch, [covered], { StartDate: '2032-04-01', EndDate: '2033-03-31' });
    await anAccessory(api.db, {
      minimum: 3,
      stock: { branch: branch.id, onHand: 1, userId: branch.manager.userId },
    });
    const kinds = async (user: User) =>
      [...new Set((await alertsOf(user, '2033-03-10')).map((alert) => alert.Kind))].sort();
    expect(await kinds(branch.manager)).toEqual([
      'ACCESSORY_LOW',
      'CONTRACT_ENDING',
      'NO_COVER',
      'WARRANTY_ENDING',
    ]);
    expect(await kinds(viewer)).toEqual([
      'ACCESSORY_LOW',
      'CONTRACT_ENDING',
      'NO_COVER',
      'WARRANTY_ENDING',
    ]);
    // A purchase verifier lists assets, not contracts, job orders, transfers or accessories.
    expect(await kinds(verifier)).toEqual(['NO_COVER', 'WARRANTY_ENDING']);
  });

  it('through its calls: listed unread first, marked read one by one or all at once, never another user’s', async () => {
    const branch = await aBranchWithManager();
    const colleague = await aUser('manager', [branch.id]);
    const other = await aBranchWithManager();
    const today = indianDate(new Date());
    const asset = await anAsset(api.db, { branch: branch.id, warrantyEnd: addDays(today, 400) });
    const ending = await contract(branch, [asset], {
      StartDate: addDays(today, -300),
      EndDate: addDays(today, 20),
    });
    const ended = await contract(branch, [asset], {
      StartDate: addDays(today, -400),
      EndDate: addDays(today, -3),
    });
    const warranty = await anAsset(api.db, { branch: branch.id, warrantyEnd: addDays(today, 10) });
    const foreign = await contract(other, [await anAsset(api.db, { branch: other.id })], {
      StartDate: addDays(today, -300),
      EndDate: addDays(today, 20),
    });
    const endingKey = `contract:${ending.MaintenanceContractId}:ENDS_IN_30`;
    const endedKey = `contract:${ended.MaintenanceContractId}:ENDED`;
    const warrantyKey = `warranty:${warranty.id}:ENDS_IN_30`;
    const foreignKey = `contract:${foreign.MaintenanceContractId}:ENDS_IN_30`;

    const list = async (user: User, body: Record<string, unknown> = {}) => {
      const answer = await api.call('notificationLists', user.token, body);
      expect(answer.flag, answer.output).toBe(1);
      const records = answer.records;
      if (!records) throw new Error('no notifications');
      return { output: answer.output, ...records };
    };
    const first = await list(branch.manager);
    expect(first.output).toBe('3 unread notifications.');
    expect(first.UnreadCount).toBe(3);
    // The urgent first, then the newest: the contract's 30 days began 10 days ago, the
    // warranty's 20 days ago.
    expect(first.Notifications.map((alert) => [alert.Key, alert.Read])).toEqual([
      [endedKey, false],
      [endingKey, false],
      [warrantyKey, false],
    ]);

    const mark = async (user: User, Keys?: string[]) => {
      const answer = await api.call('notificationsMarkRead', user.token, Keys ? { Keys } : {});
      expect(answer.flag, answer.output).toBe(1);
      return { output: answer.output, unread: answer.records?.UnreadCount };
    };
    expect(await mark(branch.manager, [endingKey])).toEqual({
      output: '1 marked read.',
      unread: 2,
    });
    const after = await list(branch.manager);
    expect(after.UnreadCount).toBe(2);
    expect(after.Notifications.map((alert) => [alert.Key, alert.Read])).toEqual([
      [endedKey, false],
      [warrantyKey, false],
      [endingKey, true],
    ]);
    expect(
      (await list(branch.manager, { UnreadOnly: true })).Notifications.map((a) => a.Key),
    ).toEqual([endedKey, warrantyKey]);
    const limited = await list(branch.manager, { Limit: 1 });
    expect(limited.Notifications.map((alert) => alert.Key)).toEqual([endedKey]);
    expect(limited.UnreadCount).toBe(2);
    // Read by one user, unread for another.
    expect((await list(colleague)).UnreadCount).toBe(3);

    // Keys the user has no alert of, another branch's or made up, are left alone.
    expect(await mark(branch.manager, [foreignKey, 'contract:999999:ENDED'])).toEqual({
      output: '0 marked read.',
      unread: 2,
    });
    expect(
      await api.count('notificationReads', { userId: branch.manager.userId, key: foreignKey }),
    ).toBe(0);
    expect(
      (await list(other.manager)).Notifications.map((alert) => [alert.Key, alert.Read]),
    ).toEqual(expect.arrayContaining([[foreignKey, false]]));

    // No keys: every current alert.
    expect(await mark(branch.manager)).toEqual({ output: '3 marked read.', unread: 0 });
    const all = await list(branch.manager);
    expect(all.UnreadCount).toBe(0);
    expect(all.Notifications.every((alert) => alert.Read)).toBe(true);
    expect(await api.count('notificationReads', { userId: branch.manager.userId })).toBe(3);
    expect((await list(colleague)).UnreadCount).toBe(3);
  });
});
