import { addDays, addMonths, indianDate, noticeDate, visitDates } from '@branch-assets/domain';
import { SERVER_TEXTS } from '@branch-assets/i18n/server';
import { aBranch, aLogin, anAsset, aVendor } from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

/*
 * Maintenance contracts, preventive schedules, the scheduler, notifications and the AMC report
 * through the gateway (docs/workflows.md), as the people involved: the branch's manager records
 * and renews contracts and sets schedules, an administrator runs the scheduler (a manager may
 * not), a viewer only reads. The schema's names, the legacy refusals as REJECTED and the
 * contract's as BAD_USER_INPUT naming the field, the list with its status filter and download.
 */

const SaveContract = graphql(`
  mutation SaveContractOf($input: MaintenanceContractInput!) {
    saveMaintenanceContract(input: $input) {
      message
      contract {
        id number vendorName contractType startDate endDate daysLeft contractValue gstRate
        gstAmount totalValue assetCount visitsPerYear status { code text } canRenew canEdit
        noticeBy renewal createdByName previousContractId previousContractNumber
        assets { id tag assetStatus }
      }
    }
  }
`);

const RenewContract = graphql(`
  mutation RenewContractOf($input: RenewMaintenanceContractInput!) {
    renewMaintenanceContract(input: $input) {
      message
      contract {
        id number startDate endDate status { code } previousContractId previousContractNumber
        nextContractNumber assetCount
      }
    }
  }
`);

const Contract = graphql(`
  query ContractOf($id: ID!) {
    maintenanceContract(id: $id) {
      number status { code text } canRenew canEdit nextContractId nextContractNumber
      visits { dueDate jobOrderId jobNumber jobStatus completedOn }
    }
  }
`);

const Contracts = graphql(`
  query ContractsOf($branchId: ID!, $status: ContractState, $search: String) {
    maintenanceContracts(branchId: $branchId, status: $status, search: $search) {
      rows { id number status { code text } daysLeft assetCount canRenew canEdit }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const SaveSchedule = graphql(`
  mutation SaveScheduleOf($input: PreventiveScheduleInput!) {
    savePreventiveSchedule(input: $input) {
      id assetId jobType every unit anchor anchorDate leadDays active nextDue lastJobNumber
    }
  }
`);

const Schedules = graphql(`
  query SchedulesOf($assetId: ID!) {
    preventiveSchedules(assetId: $assetId) { id jobType active nextDue lastJobNumber }
  }
`);

const RunScheduler = graphql(`
  mutation RunSchedulerOf {
    runScheduler { startedAt finishedAt runDate jobsCreated instance error }
  }
`);

const SchedulerRuns = graphql(`
  query SchedulerRunsOf {
    schedulerRuns { startedAt finishedAt runDate jobsCreated error }
  }
`);

const AssetJobs = graphql(`
  query AssetJobsOf($branchId: ID!, $assetId: ID) {
    jobOrders(branchId: $branchId, assetId: $assetId) {
      rows { number jobType priority coverage dueDate assetCount status { code } }
      totalCount
    }
  }
`);

const MoveVisit = graphql(`
  mutation MoveVisitOf($input: MoveJobOrderInput!) {
    moveJobOrder(input: $input) { jobOrder { status { code } } }
  }
`);

const Notifications = graphql(`
  query NotificationsOf($unreadOnly: Boolean) {
    notifications(unreadOnly: $unreadOnly) {
      notifications { key kind text values { name value } link branchCode since urgent read }
      unreadCount
    }
  }
`);

const MarkRead = graphql(`
  mutation MarkReadOf($keys: [String!]) {
    markNotificationsRead(keys: $keys) { unreadCount }
  }
`);

const AmcReport = graphql(`
  query AmcReportOf($branchIds: [ID!]!, $asOf: Date!) {
    amcReport(branchIds: $branchIds, asOf: $asOf) {
      asOf
      contracts {
        id number branchCode vendorName contractType startDate endDate daysLeft contractValue
        assetCount coveredValue costPercent visitsDue visitsDone status { code text }
      }
      branches {
        branchId branchCode assetsInUse underWarranty underContract uncovered uncoveredValue
      }
    }
  }
`);

const stack = useStack([]);
const clients = {} as Record<'manager' | 'admin' | 'viewer', Client>;
let branch = 0;
let vendor = 0;

const TAMIL = { 'accept-language': 'ta' };
const tam = SERVER_TEXTS.tam.statuses;

beforeAll(async () => {
  branch = (await aBranch(stack.db)).id;
  const roles = { manager: 'manager', admin: 'admin', viewer: 'viewer' };
  for (const [who, role] of Object.entries(roles))
    clients[who as keyof typeof clients] = await stack.clientOf(
      await aLogin(stack.db, { role, branches: [branch] }),
    );
  vendor = await aVendor(stack.db);
});

/** India's date this many days from today. */
const fromToday = (days: number) => addDays(indianDate(new Date()), days);

/** A contract number no other call gives (all of one length: none is a part of another). */
let numbered = 0;
function contractNumber() {
  numbered += 1;
  return `AMC/TEST/${String(numbered).padStart(4, '0')}`;
}

/** A new branch of the test's own and its manager: what counts a branch's records. */
async function aBranchOfItsOwn() {
  const own = await aBranch(stack.db);
  const manager = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [own.id] }),
  );
  return { ...own, manager };
}

function contractInput(
  assets: readonly { id: number }[],
  changes: Record<string, unknown> = {},
  branchId = branch,
) {
  return {
    branchId: String(branchId),
    vendorId: String(vendor),
    contractType: 'AMC' as const,
    number: contractNumber(),
    startDate: fromToday(-10),
    endDate: fromToday(354),
    contractValue: '48000.00',
    gstRate: 18,
    paymentSchedule: 'QUARTERLY' as const,
    visitsPerYear: 4,
    responseHours: 24,
    noticeDays: 30,
    renewal: 'MANUAL' as const,
    assetIds: assets.map((asset) => String(asset.id)),
    remarks: 'Labour only; spares billed at list price less 10%',
    ...changes,
  };
}

async function saved(client: Client, input: ReturnType<typeof contractInput>) {
  const answer = await client.graphql(SaveContract, { input });
  expect(answer.errors).toBeUndefined();
  const result = answer.data?.saveMaintenanceContract;
  if (!result) throw new Error('no contract');
  return result;
}

describe('maintenance contracts through the gateway', () => {
  it('records a contract, shows its visits, and lists it by its state in the caller’s language', async () => {
    const assets = [
      await anAsset(stack.db, { branch }),
      await anAsset(stack.db, { branch, status: 'IN_STOCK' }),
    ];
    const input = contractInput(assets);
    const { message, contract } = await saved(clients.manager, input);
    expect(message).toBe(`Contract ${input.number} saved.`);
    expect(contract).toMatchObject({
      number: input.number,
      contractType: 'AMC',
      startDate: input.startDate,
      endDate: input.endDate,
      daysLeft: 354,
      contractValue: '48000.00',
      gstRate: 18,
      gstAmount: '8640.00',
      totalValue: '56640.00',
      assetCount: 2,
      visitsPerYear: 4,
      status: { code: 'ACTIVE', text: 'Active' },
      canRenew: true,
      canEdit: true,
      noticeBy: noticeDate(input.endDate, 30),
      renewal: 'MANUAL',
      createdByName: expect.any(String),
      previousContractId: null,
    });
    expect(contract.assets.map((asset) => asset.tag).sort()).toEqual(
      assets.map((asset) => asset.tag).sort(),
    );

    // Its quarterly visits, the first nearly three months ahead: none made by the scheduler yet.
    const shown = await clients.viewer.graphql(Contract, { id: contract.id }, TAMIL);
    expect(shown.errors).toBeUndefined();
    expect(shown.data?.maintenanceContract).toMatchObject({
      status: { code: 'ACTIVE', text: tam.CONTRACT_ACTIVE },
      canRenew: false,
      canEdit: false,
      nextContractNumber: null,
    });
    expect(shown.data?.maintenanceContract.visits).toEqual(
      visitDates(input.startDate, input.endDate, 4).map((dueDate) => ({
        dueDate,
        jobOrderId: null,
        jobNumber: null,
        jobStatus: null,
        completedOn: null,
      })),
    );
    expect(shown.data?.maintenanceContract.visits).toHaveLength(4);

    const list = async (
      client: Client,
      status?: 'ACTIVE' | 'ENDING',
      headers: Record<string, string> = {},
    ) => {
      const answer = await client.graphql(
        Contracts,
        { branchId: String(branch), search: input.number, ...(status ? { status } : {}) },
        headers,
      );
      expect(answer.errors).toBeUndefined();
      const contracts = answer.data?.maintenanceContracts;
      if (!contracts) throw new Error('no list');
      return contracts;
    };
    const active = await list(clients.manager, 'ACTIVE', TAMIL);
    expect(active.totalCount).toBe(1);
    expect(active.rows).toMatchObject([
      {
        id: contract.id,
        number: input.number,
        status: { code: 'ACTIVE', text: tam.CONTRACT_ACTIVE },
        daysLeft: 354,
        assetCount: 2,
        canRenew: true,
        canEdit: true,
      },
    ]);
    expect(active.canCreate).toBe(true);
    expect(active.exportUrl).toMatch(
      new RegExp(`^/exports/maintenance-contracts\\.xlsx\\?branchId=${branch}&`),
    );
    expect(active.exportUrl).toContain('status=ACTIVE');
    const sheet = await downloadSheet(
      clients.manager,
      active.exportUrl ?? '',
      /MaintenanceContracts_/,
    );
    expect(sheet.actualRowCount - 1).toBe(1);
    expect(sheet.getRow(2).values).toContain(input.number);
    expect((await list(clients.manager, 'ENDING')).totalCount).toBe(0);

    const viewerList = await list(clients.viewer);
    expect(viewerList).toMatchObject({
      totalCount: 1,
      canCreate: false,
      exportUrl: null,
      rows: [{ canRenew: false, canEdit: false }],
    });
  });

  it('renews a contract ending soon as a new contract linked to it; the old one shows Renewed', async () => {
    const asset = await anAsset(stack.db, { branch });
    const input = contractInput([asset], {
      startDate: fromToday(-345),
      endDate: fromToday(20),
      visitsPerYear: 0,
    });
    const { contract: old } = await saved(clients.manager, input);
    expect(old.status).toEqual({ code: 'ENDING', text: 'Ending Soon' });
    const renewal = {
      id: old.id,
      contractType: 'CMC' as const,
      number: contractNumber(),
      startDate: addDays(input.endDate, 1),
      endDate: addDays(input.endDate, 365),
      contractValue: '52000.00',
      gstRate: 18,
      paymentSchedule: 'ANNUAL_ADVANCE' as const,
      visitsPerYear: 2,
      responseHours: 12,
      noticeDays: 45,
      renewal: 'TACIT' as const,
      assetIds: [String(asset.id)],
    };
    expectRefused(
      await clients.manager.graphql(RenewContract, {
        input: { ...renewal, startDate: input.endDate },
      }),
      'REJECTED',
      `A renewal starts after the contract it renews ends (${input.endDate}).`,
    );
    expectRefused(
      await clients.viewer.graphql(RenewContract, { input: renewal }),
      'REJECTED',
      'Your role may not write maintenance contracts.',
    );

    const renewed = await clients.manager.graphql(RenewContract, { input: renewal });
    expect(renewed.errors).toBeUndefined();
    expect(renewed.data?.renewMaintenanceContract).toMatchObject({
      message: `Contract ${input.number} renewed as ${renewal.number}.`,
      contract: {
        number: renewal.number,
        startDate: renewal.startDate,
        endDate: renewal.endDate,
        status: { code: 'UPCOMING' },
        previousContractId: old.id,
        previousContractNumber: input.number,
        nextContractNumber: null,
        assetCount: 1,
      },
    });
    const next = renewed.data?.renewMaintenanceContract.contract;

    const before = await clients.manager.graphql(Contract, { id: old.id }, TAMIL);
    expect(before.data?.maintenanceContract).toMatchObject({
      status: { code: 'RENEWED', text: tam.CONTRACT_RENEWED },
      nextContractId: next?.id,
      nextContractNumber: renewal.number,
      canRenew: false,
      canEdit: false,
    });
    expectRefused(
      await clients.manager.graphql(RenewContract, {
        input: { ...renewal, number: contractNumber() },
      }),
      'REJECTED',
      `Contract ${input.number} is renewed already by ${renewal.number}.`,
    );
    expectRefused(
      await clients.manager.graphql(SaveContract, { input: { ...input, id: old.id } }),
      'REJECTED',
      'A renewed contract cannot be changed: its successor continues it.',
    );
    const listed = await clients.manager.graphql(Contracts, {
      branchId: String(branch),
      status: 'RENEWED',
      search: input.number,
    });
    expect(listed.data?.maintenanceContracts.rows.map((row) => row.id)).toEqual([old.id]);
  });

  it('refuses malformed terms as BAD_USER_INPUT naming the field, and the viewer’s writes', async () => {
    const asset = await anAsset(stack.db, { branch });
    const refusals: [Record<string, unknown>, string][] = [
      [
        { startDate: fromToday(10), endDate: fromToday(9) },
        'EndDate must be on or after the start date',
      ],
      [{ visitsPerYear: 13 }, 'VisitsPerYear must be at most 12 (monthly)'],
      [{ assetIds: [] }, 'Assets must name at least one covered asset'],
      [{ number: '' }, 'ContractNumber is required'],
      [{ vendorId: 'V-1' }, 'vendorId must be a positive whole number.'],
    ];
    for (const [changes, message] of refusals)
      expectRefused(
        await clients.manager.graphql(SaveContract, { input: contractInput([asset], changes) }),
        'BAD_USER_INPUT',
        message,
      );
    expectRefused(
      await clients.viewer.graphql(SaveContract, { input: contractInput([asset]) }),
      'REJECTED',
      'Your role may not write maintenance contracts.',
    );
    const input = contractInput([asset]);
    await saved(clients.manager, input);
    expectRefused(
      await clients.manager.graphql(SaveContract, { input }),
      'REJECTED',
      `Contract ${input.number} of this vendor starting ${input.startDate} exists already.`,
    );
  });
});

describe('preventive schedules through the gateway', () => {
  it('sets schedules on an asset with their next due dates, and switches one off', async () => {
    const asset = await anAsset(stack.db, { branch });
    const assetId = String(asset.id);
    const first = await clients.manager.graphql(SaveSchedule, {
      input: {
        assetId,
        jobType: 'PREVENTIVE',
        every: 6,
        unit: 'MONTH',
        anchor: 'FIXED',
        anchorDate: fromToday(30),
      },
    });
    expect(first.errors).toBeUndefined();
    expect(first.data?.savePreventiveSchedule).toEqual([
      {
        id: expect.any(String),
        assetId,
        jobType: 'PREVENTIVE',
        every: 6,
        unit: 'MONTH',
        anchor: 'FIXED',
        anchorDate: fromToday(30),
        leadDays: 7,
        active: true,
        nextDue: fromToday(30),
        lastJobNumber: null,
      },
    ]);
    const id = first.data?.savePreventiveSchedule[0]?.id ?? '';
    const second = await clients.manager.graphql(SaveSchedule, {
      input: {
        assetId,
        jobType: 'CALIBRATION',
        every: 1,
        unit: 'YEAR',
        anchor: 'COMPLETION',
        anchorDate: fromToday(60),
        leadDays: 14,
      },
    });
    expect(second.data?.savePreventiveSchedule.map((row) => [row.jobType, row.nextDue])).toEqual([
      ['PREVENTIVE', fromToday(30)],
      ['CALIBRATION', fromToday(60)],
    ]);

    const off = await clients.manager.graphql(SaveSchedule, {
      input: {
        id,
        assetId,
        jobType: 'PREVENTIVE',
        every: 6,
        unit: 'MONTH',
        anchor: 'FIXED',
        anchorDate: fromToday(30),
        active: false,
      },
    });
    expect(off.errors).toBeUndefined();
    const listed = await clients.viewer.graphql(Schedules, { assetId });
    expect(listed.data?.preventiveSchedules).toEqual([
      { id, jobType: 'PREVENTIVE', active: false, nextDue: null, lastJobNumber: null },
      {
        id: expect.any(String),
        jobType: 'CALIBRATION',
        active: true,
        nextDue: fromToday(60),
        lastJobNumber: null,
      },
    ]);

    const schedule = {
      assetId,
      jobType: 'PREVENTIVE' as const,
      every: 1,
      unit: 'WEEK' as const,
      anchor: 'FIXED' as const,
      anchorDate: fromToday(30),
    };
    expectRefused(
      await clients.manager.graphql(SaveSchedule, { input: { ...schedule, leadDays: 91 } }),
      'BAD_USER_INPUT',
      'LeadDays must be at most 90 days',
    );
    expectRefused(
      await clients.manager.graphql(SaveSchedule, { input: { ...schedule, every: 0 } }),
      'BAD_USER_INPUT',
      'Every must be at least 1',
    );
    expectRefused(
      await clients.viewer.graphql(SaveSchedule, { input: schedule }),
      'REJECTED',
      'Your role may not write maintenance contracts.',
    );
    expect(
      (await clients.viewer.graphql(Schedules, { assetId })).data?.preventiveSchedules,
    ).toHaveLength(2);
  });
});

describe('the preventive scheduler through the gateway', () => {
  it('is run by an administrator only, creates each due job once, and lists its runs', async () => {
    const own = await aBranchOfItsOwn();
    const covered = [
      await anAsset(stack.db, { branch: own.id }),
      await anAsset(stack.db, { branch: own.id }),
    ];
    // Quarterly visits from 100 days ago: the first fell due about ten days ago.
    const input = contractInput(
      covered,
      { startDate: fromToday(-100), endDate: fromToday(264) },
      own.id,
    );
    const { contract } = await saved(own.manager, input);
    const visit = visitDates(input.startDate, input.endDate, 4)
      .filter((date) => date <= fromToday(7))
      .at(-1);
    expect(visit).toBeDefined();
    const calibrated = await anAsset(stack.db, { branch: own.id });
    await own.manager.graphql(SaveSchedule, {
      input: {
        assetId: String(calibrated.id),
        jobType: 'CALIBRATION',
        every: 1,
        unit: 'YEAR',
        anchor: 'FIXED',
        anchorDate: fromToday(3),
      },
    });

    expectRefused(
      await own.manager.graphql(RunScheduler),
      'REJECTED',
      'Only an administrator sees the scheduler.',
    );
    expectRefused(
      await clients.manager.graphql(SchedulerRuns),
      'REJECTED',
      'Only an administrator sees the scheduler.',
    );

    const first = await clients.admin.graphql(RunScheduler);
    expect(first.errors).toBeUndefined();
    const run = first.data?.runScheduler;
    expect(run).toMatchObject({
      runDate: fromToday(0),
      finishedAt: expect.any(String),
      instance: expect.any(String),
      error: null,
    });
    // This test's visit and calibration at least; the demo's records may be due too.
    expect(run?.jobsCreated).toBeGreaterThanOrEqual(2);
    const again = await clients.admin.graphql(RunScheduler);
    expect(again.data?.runScheduler).toMatchObject({ jobsCreated: 0, error: null });

    const runs = await clients.admin.graphql(SchedulerRuns);
    expect(runs.data?.schedulerRuns.slice(0, 2)).toEqual([
      {
        startedAt: again.data?.runScheduler.startedAt,
        finishedAt: again.data?.runScheduler.finishedAt,
        runDate: fromToday(0),
        jobsCreated: 0,
        error: null,
      },
      {
        startedAt: run?.startedAt,
        finishedAt: run?.finishedAt,
        runDate: fromToday(0),
        jobsCreated: run?.jobsCreated,
        error: null,
      },
    ]);

    // One visit for both covered assets, the contract's to pay for, with its vendor.
    const shown = await own.manager.graphql(Contract, { id: contract.id });
    const visits = shown.data?.maintenanceContract.visits ?? [];
    const made = visits.filter((entry) => entry.jobNumber !== null);
    expect(made).toEqual([
      {
        dueDate: visit,
        jobOrderId: expect.any(String),
        jobNumber: expect.stringMatching(`^JOB/${own.code}/`),
        jobStatus: 'ASSIGNED',
        completedOn: null,
      },
    ]);
    const visitJobs = await own.manager.graphql(AssetJobs, {
      branchId: String(own.id),
      assetId: String(covered[0]?.id),
    });
    expect(visitJobs.data?.jobOrders.rows).toEqual([
      {
        number: made[0]?.jobNumber,
        jobType: 'PREVENTIVE',
        priority: 'P4',
        coverage: 'CONTRACT',
        dueDate: visit,
        assetCount: 2,
        status: { code: 'ASSIGNED' },
      },
    ]);
    const calibrations = await own.manager.graphql(AssetJobs, {
      branchId: String(own.id),
      assetId: String(calibrated.id),
    });
    expect(calibrations.data?.jobOrders.rows).toMatchObject([
      { jobType: 'CALIBRATION', dueDate: fromToday(3), assetCount: 1, status: { code: 'OPEN' } },
    ]);
    const schedules = await own.manager.graphql(Schedules, { assetId: String(calibrated.id) });
    expect(schedules.data?.preventiveSchedules).toMatchObject([
      {
        lastJobNumber: calibrations.data?.jobOrders.rows[0]?.number,
        nextDue: addMonths(fromToday(3), 12),
      },
    ]);
  });
});

describe('notifications through the gateway', () => {
  it('tells a branch’s manager of a contract ending within 30 days, and reading it lowers the unread count', async () => {
    const own = await aBranchOfItsOwn();
    const asset = await anAsset(stack.db, { branch: own.id });
    const input = contractInput(
      [asset],
      { startDate: fromToday(-345), endDate: fromToday(20), visitsPerYear: 0 },
      own.id,
    );
    const { contract } = await saved(own.manager, input);
    const key = `contract:${contract.id}:ENDS_IN_30`;

    const feed = async (unreadOnly?: boolean) => {
      const answer = await own.manager.graphql(Notifications, unreadOnly ? { unreadOnly } : {});
      expect(answer.errors).toBeUndefined();
      const found = answer.data?.notifications;
      if (!found) throw new Error('no notifications');
      return found;
    };
    const before = await feed();
    const alert = before.notifications.find((notification) => notification.key === key);
    expect(alert).toEqual({
      key,
      kind: 'CONTRACT_ENDING',
      text: `Contract ${input.number} (${contract.vendorName}) ends in 20 days, on ${input.endDate}.`,
      values: expect.arrayContaining([
        { name: 'number', value: input.number },
        { name: 'vendor', value: contract.vendorName },
        { name: 'date', value: input.endDate },
        { name: 'days', value: '20' },
      ]),
      link: `/amc/view?id=${contract.id}`,
      branchCode: own.code,
      since: addDays(input.endDate, -30),
      urgent: false,
      read: false,
    });
    expect(before.unreadCount).toBeGreaterThanOrEqual(1);
    // Another branch's manager is not told.
    const others = await clients.manager.graphql(Notifications, {});
    expect(others.data?.notifications.notifications.map((n) => n.key)).not.toContain(key);

    const marked = await own.manager.graphql(MarkRead, { keys: [key] });
    expect(marked.errors).toBeUndefined();
    expect(marked.data?.markNotificationsRead.unreadCount).toBe(before.unreadCount - 1);
    const after = await feed();
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(after.notifications.find((notification) => notification.key === key)?.read).toBe(true);
    expect((await feed(true)).notifications.map((notification) => notification.key)).not.toContain(
      key,
    );
    // A key that is not the caller's alert changes nothing.
    const foreign = await own.manager.graphql(MarkRead, { keys: ['contract:999999:ENDS_IN_30'] });
    expect(foreign.data?.markNotificationsRead.unreadCount).toBe(before.unreadCount - 1);

    const all = await own.manager.graphql(MarkRead, {});
    expect(all.data?.markNotificationsRead.unreadCount).toBe(0);
    expect((await feed(true)).notifications).toEqual([]);
  });
});

describe('the AMC report through the gateway', () => {
  it('answers the branch’s contracts with their visits and cost, and its assets by cover', async () => {
    const own = await aBranchOfItsOwn();
    const costed = async (cost: string, options: Parameters<typeof anAsset>[1]) => {
      const asset = await anAsset(stack.db, options);
      await stack.db.updateTable('assets').set({ cost }).where('id', '=', asset.id).execute();
      return asset;
    };
    const covered = await costed('100000.00', { branch: own.id });
    await costed('80000.00', { branch: own.id, warrantyEnd: fromToday(100) });
    await costed('50000.00', { branch: own.id });
    await costed('9999.00', { branch: own.id, status: 'IN_STOCK' });
    const input = contractInput(
      [covered],
      { startDate: fromToday(-100), endDate: fromToday(265), contractValue: '12000.00' },
      own.id,
    );
    const { contract } = await saved(own.manager, input);
    // Its first visit, fallen due about ten days ago, made by the scheduler and done today.
    expect((await clients.admin.graphql(RunScheduler)).errors).toBeUndefined();
    const shown = await own.manager.graphql(Contract, { id: contract.id });
    const visitJob = shown.data?.maintenanceContract.visits.find((visit) => visit.jobOrderId);
    expect(visitJob?.jobStatus).toBe('ASSIGNED');
    const id = visitJob?.jobOrderId ?? '';
    await own.manager.graphql(MoveVisit, { input: { id, step: 'START' } });
    const done = await own.manager.graphql(MoveVisit, {
      input: { id, step: 'RESOLVE', remarks: 'Preventive maintenance done as per checklist' },
    });
    expect(done.data?.moveJobOrder.jobOrder.status.code).toBe('RESOLVED');

    const answer = await own.manager.graphql(
      AmcReport,
      { branchIds: [String(own.id)], asOf: fromToday(0) },
      TAMIL,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.amcReport).toEqual({
      asOf: fromToday(0),
      contracts: [
        {
          id: contract.id,
          number: input.number,
          branchCode: own.code,
          vendorName: contract.vendorName,
          contractType: 'AMC',
          startDate: input.startDate,
          endDate: input.endDate,
          daysLeft: 265,
          contractValue: '12000.00',
          assetCount: 1,
          coveredValue: '100000.00',
          costPercent: 12,
          visitsDue: visitDates(input.startDate, input.endDate, 4).filter(
            (date) => date <= fromToday(0),
          ).length,
          visitsDone: 1,
          status: { code: 'ACTIVE', text: tam.CONTRACT_ACTIVE },
        },
      ],
      branches: [
        {
          branchId: String(own.id),
          branchCode: own.code,
          assetsInUse: 3,
          underWarranty: 1,
          underContract: 1,
          uncovered: 1,
          uncoveredValue: '50000.00',
        },
      ],
    });
    expect(answer.data?.amcReport.contracts[0]?.visitsDue).toBe(1);

    // Before the contract began: nothing in force, every asset in use uncovered but the warranty's.
    const earlier = await own.manager.graphql(AmcReport, {
      branchIds: [String(own.id)],
      asOf: fromToday(-101),
    });
    expect(earlier.data?.amcReport).toMatchObject({
      contracts: [],
      branches: [{ assetsInUse: 3, underWarranty: 1, underContract: 0, uncovered: 2 }],
    });

    expectRefused(
      await clients.viewer.graphql(AmcReport, {
        branchIds: [String(own.id)],
        asOf: fromToday(0),
      }),
      'REJECTED',
      'You do not work in that branch.',
    );
  });
});
