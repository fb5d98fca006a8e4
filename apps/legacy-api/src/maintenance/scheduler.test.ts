import { addDays, indianDate, visitDates } from '@branch-assets/domain';
import { sql } from 'kysely';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { insertJob } from '../job-orders/save.ts';
import {
  aBranch,
  aLogin,
  anAsset,
  aStaffMember,
  aVendor,
  useBranchLogins,
} from '../test/factories.ts';
import { type Refusal, useTestApi } from '../test/test-api.ts';
import { runScheduler } from './scheduler.ts';

/*
 * The preventive scheduler (docs/workflows.md): a contract's visit, and the job of an asset's
 * schedule, are created the lead days before they are due, each exactly once, also when two
 * instances run at once; a FIXED schedule keeps its series whenever its jobs are done, a
 * COMPLETION one counts from the last completion; a schedule anchored long ago or a scheduler
 * that did not run for months makes one job, not a burst of back jobs; an asset already on an
 * open job is skipped. Most runs are for a fixed day (runScheduler's `today`); each test dates its
 * contracts and schedules in a year of its own, so a run of one test finds nothing of another's
 * to do, and every test starts with every schedule switched off for the same reason.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'viewer'] as const);
const { token } = logins;

beforeEach(async () => {
  await api.db.updateTable('maintenanceSchedules').set({ active: false }).execute();
});

let serial = 0;

/** Assets in use of the branch, under warranty to 2099 so that their jobs start without a quote. */
async function someAssets(count: number, branch = logins.branch()) {
  const assets = [];
  for (let index = 0; index < count; index += 1)
    assets.push(await anAsset(api.db, { branch, status: 'IN_USE', warrantyEnd: '2099-12-31' }));
  return assets;
}

async function contract(
  assets: readonly { id: number }[],
  dates: { StartDate: string; EndDate: string; VisitsPerYear: number },
) {
  serial += 1;
  const answer = await api.call('maintenanceContractStore', token('manager'), {
    Branch: logins.branch(),
    Vendor: await aVendor(api.db),
    ContractType: 'AMC',
    ContractNumber: `AMC/S/${serial}`,
    ContractValue: '48000.00',
    GstRate: 18,
    PaymentSchedule: 'ANNUAL_ADVANCE',
    ResponseHours: 48,
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

async function schedule(asset: { id: number }, changes: Record<string, unknown>) {
  const answer = await api.call('maintenanceScheduleStore', token('manager'), {
    Asset: asset.id,
    JobType: 'PREVENTIVE',
    Every: 1,
    Unit: 'MONTH',
    Anchor: 'FIXED',
    LeadDays: 7,
    ...changes,
  });
  expect(answer.flag, answer.output).toBe(1);
  const row = answer.records?.at(-1);
  if (!row) throw new Error('no schedule');
  return row;
}

const jobsOf = (match: { scheduleId?: number; visitContractId?: number }) =>
  api.db
    .selectFrom('jobOrders')
    .select([
      'id',
      'jobNumber',
      'jobType',
      'priority',
      'status',
      'coverage',
      'contractId',
      'scheduleId',
      'visitContractId',
      'dueDate',
      'assigneeKind',
      'vendorId',
      'raisedBy',
      'problem',
      sql<
        number[]
      >`(select array_agg(ja.asset_id order by ja.asset_id) from job_order_assets ja where ja.job_order_id = job_orders.id)`.as(
        'assetIds',
      ),
    ])
    .$if(match.scheduleId !== undefined, (query) =>
      query.where('scheduleId', '=', match.scheduleId ?? 0),
    )
    .$if(match.visitContractId !== undefined, (query) =>
      query.where('visitContractId', '=', match.visitContractId ?? 0),
    )
    .orderBy('dueDate')
    .execute();

const dueDates = async (match: { scheduleId?: number; visitContractId?: number }) =>
  (await jobsOf(match)).map((job) => job.dueDate);

const run = async (today: string, instance = 'test') => {
  const answer = await runScheduler(api.db, { today, instance });
  expect(answer.Error).toBeNull();
  return answer.JobsCreated;
};

let technician: number | undefined;

async function move(jobId: number, Step: string, changes: Record<string, unknown> = {}) {
  const answer = await api.call('jobOrderMove', token('manager'), {
    JobOrder: jobId,
    Step,
    ...changes,
  });
  expect(answer.flag, answer.output).toBe(1);
}

/**
 * The job resolved as the workshop does it (assigned to a technician when it is not yet, started,
 * resolved) and, given `on`, resolved that day as far as the record goes. Resolved, it still
 * holds its assets until it is closed (see {@link done}).
 */
async function resolved(jobId: number, on?: string) {
  const { status } = await api.db
    .selectFrom('jobOrders')
    .select('status')
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  if (status === 'OPEN') {
    technician ??= (await aStaffMember(api.db, { branches: [logins.branch()] })).id;
    await move(jobId, 'ASSIGN', { AssigneeKind: 'STAFF', Staff: technician });
  }
  await move(jobId, 'START');
  await move(jobId, 'RESOLVE', { Remarks: 'Serviced as scheduled' });
  if (on !== undefined)
    await api.db
      .updateTable('jobOrders')
      .set({ resolvedAt: new Date(`${on}T11:00:00+05:30`) })
      .where('id', '=', jobId)
      .execute();
}

/** The job resolved (on `on`) and closed: its assets are free for the next one. */
async function done(jobId: number, on?: string) {
  await resolved(jobId, on);
  await move(jobId, 'CLOSE', { Remarks: 'Checked by the ward' });
}

async function only<Row>(rows: Promise<Row[]>): Promise<Row> {
  const all = await rows;
  expect(all).toHaveLength(1);
  const [row] = all;
  if (!row) throw new Error('no row');
  return row;
}

describe('the preventive scheduler', () => {
  it("creates a contract's visit seven days ahead as one preventive job for its vendor, once", async () => {
    const assets = await someAssets(2);
    const amc = await contract(assets, {
      StartDate: '2011-04-01',
      EndDate: '2012-03-31',
      VisitsPerYear: 4,
    });
    const visits = { visitContractId: amc.MaintenanceContractId };
    // Eight days before the first visit (30 June): not yet.
    expect(await run('2011-06-22')).toBe(0);
    expect(await jobsOf(visits)).toEqual([]);
    expect(await run('2011-06-23')).toBe(1);
    const job = await only(jobsOf(visits));
    expect(job).toMatchObject({
      jobType: 'PREVENTIVE',
      priority: 'P4',
      status: 'ASSIGNED',
      coverage: 'CONTRACT',
      contractId: amc.MaintenanceContractId,
      scheduleId: null,
      dueDate: '2011-06-30',
      assigneeKind: 'VENDOR',
      vendorId: amc.VendorId,
      raisedBy: null,
      problem: `Preventive visit due 2011-06-30 under contract ${amc.ContractNumber}.`,
      assetIds: assets.map((asset) => asset.id).sort((a, b) => a - b),
    });
    expect(
      await api.db
        .selectFrom('jobOrderSteps')
        .select(['step', 'fromStatus', 'toStatus', 'userId'])
        .where('jobOrderId', '=', job.id)
        .execute(),
    ).toEqual([{ step: 'SCHEDULED', fromStatus: null, toStatus: 'ASSIGNED', userId: null }]);
    expect(await api.auditOf('job_order', job.id)).toMatchObject([
      { action: 'raised', userId: null, toStatus: 'ASSIGNED', branchId: logins.branch() },
    ]);
    // A scheduled visit does not take the assets out of service until the work starts.
    for (const asset of assets)
      expect(
        (
          await api.db
            .selectFrom('assets')
            .select('assetStatus')
            .where('id', '=', asset.id)
            .executeTakeFirstOrThrow()
        ).assetStatus,
      ).toBe('IN_USE');

    // Run again, the same day or on the day itself: nothing new.
    expect(await run('2011-06-23')).toBe(0);
    expect(await run('2011-06-30')).toBe(0);
    expect(await dueDates(visits)).toEqual(['2011-06-30']);

    const shown = async () =>
      (
        await api.call('maintenanceContractShow', token('viewer'), {
          MaintenanceContract: amc.MaintenanceContractId,
        })
      ).records?.Visits;
    expect((await shown())?.[0]).toEqual({
      DueDate: '2011-06-30',
      JobOrderId: job.id,
      JobNumber: job.jobNumber,
      StatusCode: 'ASSIGNED',
      CompletedOn: null,
    });
    await done(job.id, '2011-07-02');
    expect((await shown())?.[0]).toMatchObject({ StatusCode: 'CLOSED', CompletedOn: '2011-07-02' });

    // The next quarter's visit, seven days before 30 September.
    expect(await run('2011-09-22')).toBe(0);
    expect(await run('2011-09-23')).toBe(1);
    expect(await dueDates(visits)).toEqual(['2011-06-30', '2011-09-30']);
    expect((await shown())?.map((visit) => visit.JobOrderId !== null)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // After the contract's end, nothing.
    expect(await run('2012-04-01')).toBe(0);
  });

  it('run by two instances at once creates each job once', async () => {
    const [covered, scheduled] = await someAssets(2);
    if (!covered || !scheduled) throw new Error('no assets');
    const amc = await contract([covered], {
      StartDate: '2012-07-01',
      EndDate: '2013-06-30',
      VisitsPerYear: 4,
    });
    const plan = await schedule(scheduled, { AnchorDate: '2012-09-28', Anchor: 'FIXED' });
    const runs = await Promise.all(
      ['instance-one', 'instance-two'].map((instance) =>
        runScheduler(api.db, { today: '2012-09-24', instance }),
      ),
    );
    expect(runs.map((answer) => answer.Error)).toEqual([null, null]);
    expect(runs.reduce((sum, answer) => sum + answer.JobsCreated, 0)).toBe(2);
    expect(await dueDates({ visitContractId: amc.MaintenanceContractId })).toEqual(['2012-09-30']);
    expect(await dueDates({ scheduleId: plan.MaintenanceScheduleId })).toEqual(['2012-09-28']);
    const recorded = await api.db
      .selectFrom('schedulerRuns')
      .select(['instance', 'runDate', 'jobsCreated', 'error'])
      .where('instance', 'in', ['instance-one', 'instance-two'])
      .where(sql<boolean>`finished_at is not null`)
      .orderBy('instance')
      .execute();
    expect(recorded.map((row) => [row.instance, row.runDate, row.error])).toEqual([
      ['instance-one', '2012-09-24', null],
      ['instance-two', '2012-09-24', null],
    ]);
    // Again at once: nothing more.
    const again = await Promise.all(
      ['instance-one', 'instance-two'].map((instance) =>
        runScheduler(api.db, { today: '2012-09-25', instance }),
      ),
    );
    expect(again.map((answer) => [answer.JobsCreated, answer.Error])).toEqual([
      [0, null],
      [0, null],
    ]);
  });

  it('keeps a FIXED schedule on its series whether its jobs are done early or late', async () => {
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    // Monthly from 31 January: the series keeps to each month's last day.
    const plan = await schedule(asset, {
      JobType: 'CALIBRATION',
      Anchor: 'FIXED',
      AnchorDate: '2014-01-31',
      LeadDays: 5,
    });
    const mine = { scheduleId: plan.MaintenanceScheduleId };
    expect(await run('2014-01-25')).toBe(0);
    expect(await run('2014-01-26')).toBe(1);
    const first = await only(jobsOf(mine));
    expect(first).toMatchObject({
      jobType: 'CALIBRATION',
      status: 'OPEN',
      coverage: 'WARRANTY',
      visitContractId: null,
      assigneeKind: null,
      dueDate: '2014-01-31',
      problem: `Calibration of ${asset.tag} due 2014-01-31.`,
      assetIds: [asset.id],
    });
    expect(await run('2014-01-26')).toBe(0);

    // Done early, on 28 January: the next is still due on 28 February. Resolved, the job holds
    // the asset until it is closed.
    await resolved(first.id, '2014-01-28');
    expect(await run('2014-02-22')).toBe(0);
    expect(await run('2014-02-23')).toBe(0);
    await move(first.id, 'CLOSE', { Remarks: 'Certificate filed' });
    expect(await run('2014-02-23')).toBe(1);
    expect(await dueDates(mine)).toEqual(['2014-01-31', '2014-02-28']);
    const second = (await jobsOf(mine))[1];
    // Done late, on 10 March: the next is due on 31 March, not a month after 10 March.
    await done(second?.id ?? 0, '2014-03-10');
    expect(await run('2014-03-25')).toBe(0);
    expect(await run('2014-03-26')).toBe(1);
    expect(await run('2014-03-27')).toBe(0);
    expect(await dueDates(mine)).toEqual(['2014-01-31', '2014-02-28', '2014-03-31']);

    const listed = await api.call('maintenanceScheduleLists', token('viewer'), {
      Asset: asset.id,
    });
    expect(listed.flag, listed.output).toBe(1);
    expect(listed.records).toMatchObject([
      {
        MaintenanceScheduleId: plan.MaintenanceScheduleId,
        JobType: 'CALIBRATION',
        Anchor: 'FIXED',
        AnchorDate: '2014-01-31',
        LeadDays: 5,
        Active: true,
        LastJobNumber: (await jobsOf(mine))[2]?.jobNumber,
      },
    ]);
  });

  it('counts a COMPLETION schedule from the last completion; a cancelled job counts as done on its due date', async () => {
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const plan = await schedule(asset, { Anchor: 'COMPLETION', AnchorDate: '2016-01-10' });
    const mine = { scheduleId: plan.MaintenanceScheduleId };
    expect(await run('2016-01-03')).toBe(1);
    const [first] = await jobsOf(mine);
    expect(first?.dueDate).toBe('2016-01-10');
    // Done ten days late: the next falls due a month after, on 20 February.
    await done(first?.id ?? 0, '2016-01-20');
    expect(await run('2016-02-10')).toBe(0);
    expect(await run('2016-02-12')).toBe(0);
    expect(await run('2016-02-13')).toBe(1);
    expect(await dueDates(mine)).toEqual(['2016-01-10', '2016-02-20']);
    // While it is open, nothing more falls due, however late it gets.
    expect(await run('2016-03-25')).toBe(0);
    const second = (await jobsOf(mine))[1];
    await move(second?.id ?? 0, 'CANCEL', { Remarks: 'Machine sent to the vendor' });
    // Cancelled: counted from its due date, 20 February, so 20 March is due (overdue, once).
    expect(await run('2016-03-25')).toBe(1);
    expect(await run('2016-03-26')).toBe(0);
    expect(await dueDates(mine)).toEqual(['2016-01-10', '2016-02-20', '2016-03-20']);
  });

  it('makes one job, not a burst of back jobs, for a schedule anchored long ago or after months without a run', async () => {
    const [fixed, completion] = await someAssets(2);
    if (!fixed || !completion) throw new Error('no assets');
    const series = await schedule(fixed, { Anchor: 'FIXED', AnchorDate: '2010-01-15' });
    const once = await schedule(completion, { Anchor: 'COMPLETION', AnchorDate: '2010-01-15' });
    expect(await run('2018-03-12')).toBe(2);
    // FIXED: the first date of the series from today; COMPLETION: its anchor, however late.
    expect(await dueDates({ scheduleId: series.MaintenanceScheduleId })).toEqual(['2018-03-15']);
    expect(await dueDates({ scheduleId: once.MaintenanceScheduleId })).toEqual(['2010-01-15']);
    expect(await run('2018-03-13')).toBe(0);

    // Done, then no run from April to August: one overdue job stands for every missed date.
    const [job] = await jobsOf({ scheduleId: series.MaintenanceScheduleId });
    await done(job?.id ?? 0, '2018-03-15');
    expect(await run('2018-09-01')).toBe(1);
    expect(await dueDates({ scheduleId: series.MaintenanceScheduleId })).toEqual([
      '2018-03-15',
      '2018-08-15',
    ]);
    // 15 September is within the lead days, but the asset is still on the 15 August job.
    expect(await run('2018-09-09')).toBe(0);
  });

  it('skips assets already on an open job, and creates their jobs once they are free', async () => {
    const [free, busy, repairing] = await someAssets(3);
    if (!free || !busy || !repairing) throw new Error('no assets');
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'UNDER_REPAIR' })
      .where('id', '=', repairing.id)
      .execute();
    const breakdown = await api.call('jobOrderStore', token('manager'), {
      Branch: logins.branch(),
      Assets: [busy.id],
      JobType: 'BREAKDOWN',
      Priority: 'P2',
      Problem: 'No display',
    });
    expect(breakdown.flag, breakdown.output).toBe(1);
    const amc = await contract([free, busy, repairing], {
      StartDate: '2019-01-01',
      EndDate: '2019-12-31',
      VisitsPerYear: 12,
    });
    const plan = await schedule(busy, { Anchor: 'FIXED', AnchorDate: '2019-02-01' });
    expect(await run('2019-01-28')).toBe(1);
    // The visit names only the asset that is free; the busy asset's own schedule waits.
    const visit = await only(jobsOf({ visitContractId: amc.MaintenanceContractId }));
    expect(visit).toMatchObject({ dueDate: '2019-01-31', assetIds: [free.id] });
    expect(await dueDates({ scheduleId: plan.MaintenanceScheduleId })).toEqual([]);
    await move(breakdown.records?.JobOrderId ?? 0, 'CANCEL', {
      Remarks: 'Loose cable, fixed on the spot',
    });
    expect(await run('2019-01-29')).toBe(1);
    expect(await dueDates({ scheduleId: plan.MaintenanceScheduleId })).toEqual(['2019-02-01']);
    // The January visit is not made again for the asset that was busy.
    expect(await dueDates({ visitContractId: amc.MaintenanceContractId })).toEqual(['2019-01-31']);
  });

  it('is run by an administrator through the API and its runs are shown to them; a manager may do neither', async () => {
    const admin = await aLogin(api.db, { role: 'admin', branches: [logins.branch()] });
    const adminToken = await api.login(admin.username, admin.password);
    const today = indianDate(new Date());
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const dates = {
      StartDate: addDays(today, -30),
      EndDate: addDays(today, 334),
      VisitsPerYear: 12,
    };
    const amc = await contract([asset], dates);
    const due = visitDates(dates.StartDate, dates.EndDate, 12)
      .filter((date) => date <= addDays(today, 7))
      .at(-1);

    const ran = await api.call('maintenanceSchedulerRun', adminToken);
    expect(ran.flag, ran.output).toBe(1);
    expect(ran.output).toBe('1 preventive jobs created.');
    expect(ran.records).toMatchObject({
      RunDate: today,
      JobsCreated: 1,
      Error: null,
      Instance: expect.stringMatching(/:\d+$/),
      FinishedAt: expect.any(String),
    });
    expect(await dueDates({ visitContractId: amc.MaintenanceContractId })).toEqual([due]);
    const again = await api.call('maintenanceSchedulerRun', adminToken);
    expect(again.output).toBe('0 preventive jobs created.');

    const status = await api.call('maintenanceSchedulerStatus', adminToken);
    expect(status.flag, status.output).toBe(1);
    expect(status.records?.slice(0, 2)).toEqual([again.records, ran.records]);

    const runs = await api.count('schedulerRuns');
    const refusals: Refusal[] = [
      [
        () => api.call('maintenanceSchedulerRun', token('manager')),
        'Only an administrator sees the scheduler.',
      ],
      [
        () => api.call('maintenanceSchedulerStatus', token('manager')),
        'Only an administrator sees the scheduler.',
      ],
    ];
    await api.expectEachRefusedWithoutChange(refusals);
    expect(await api.count('schedulerRuns')).toBe(runs);
  });

  it('has its schedules set by those who write contracts, on assets of their branches', async () => {
    const [asset] = await someAssets(1);
    const other = await aBranch(api.db);
    const [foreign] = await someAssets(1, other.id);
    if (!asset || !foreign) throw new Error('no assets');
    const plan = await schedule(asset, {
      JobType: 'ELECTRICAL_SAFETY',
      Every: 1,
      Unit: 'YEAR',
      Anchor: 'COMPLETION',
      AnchorDate: '2020-05-01',
    });
    expect(plan).toMatchObject({
      JobType: 'ELECTRICAL_SAFETY',
      Unit: 'YEAR',
      Anchor: 'COMPLETION',
      NextDue: '2020-05-01',
      LastJobNumber: null,
    });
    // A FIXED schedule anchored long ago is next due on the first of its dates from today, the
    // date the scheduler will make its first job for, not on its anchor date.
    const [monthly] = await someAssets(1);
    if (!monthly) throw new Error('no asset');
    const [year, month, day] = indianDate(new Date()).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    const fifteenth = (y: number, m: number) =>
      m > 12 ? `${y + 1}-01-15` : `${y}-${String(m).padStart(2, '0')}-15`;
    expect((await schedule(monthly, { Anchor: 'FIXED', AnchorDate: '2010-01-15' })).NextDue).toBe(
      day <= 15 ? fifteenth(year, month) : fifteenth(year, month + 1),
    );
    const changed = await api.call('maintenanceScheduleStore', token('manager'), {
      MaintenanceSchedule: plan.MaintenanceScheduleId,
      Asset: asset.id,
      JobType: 'ELECTRICAL_SAFETY',
      Every: 6,
      Unit: 'MONTH',
      Anchor: 'COMPLETION',
      AnchorDate: '2020-05-01',
      Active: false,
    });
    expect(changed.flag, changed.output).toBe(1);
    expect(changed.records).toMatchObject([
      { MaintenanceScheduleId: plan.MaintenanceScheduleId, Every: 6, Active: false, NextDue: null },
    ]);
    expect(
      (await api.auditOf('maintenance_schedule', plan.MaintenanceScheduleId)).map(
        (entry) => entry.action,
      ),
    ).toEqual(['created', 'updated']);
    const body = {
      Asset: asset.id,
      JobType: 'PREVENTIVE',
      Every: 1,
      Unit: 'MONTH',
      Anchor: 'FIXED',
      AnchorDate: '2020-05-01',
    };
    const [elsewhere] = await someAssets(1);
    const store =
      (changes: Record<string, unknown>, login = token('manager')) =>
      () =>
        api.call('maintenanceScheduleStore', login, { ...body, ...changes });
    const before = await api.count('maintenanceSchedules');
    await api.expectEachRefusedWithoutChange([
      [store({}, token('viewer')), 'Your role may not write maintenance contracts.'],
      [store({ Asset: foreign.id }), `Asset ${foreign.id} does not exist.`],
      [
        store({ MaintenanceSchedule: plan.MaintenanceScheduleId, Asset: elsewhere?.id }),
        'Preventive schedule not found.',
      ],
      [store({ Every: 0 }), /Every.*must be at least 1/, 422],
      [store({ LeadDays: 91 }), /LeadDays.*must be at most 90 days/, 422],
      [store({ Unit: 'HOUR' }), /Unit.*must be DAY, WEEK, MONTH or YEAR/, 422],
      [
        () => api.call('maintenanceScheduleLists', token('manager'), { Asset: foreign.id }),
        `Asset ${foreign.id} does not exist.`,
      ],
    ]);
    expect(await api.count('maintenanceSchedules')).toBe(before);
  });
});

describe.runIf(inject('databaseKind') === 'postgres')(
  'the preventive scheduler on PostgreSQL',
  () => {
    it('waits for a job another instance is raising on an asset, then leaves the asset out', async () => {
      const [asset] = await someAssets(1);
      if (!asset) throw new Error('no asset');
      const plan = await schedule(asset, { Anchor: 'FIXED', AnchorDate: '2021-06-10' });
      const branch = await api.db
        .selectFrom('branches')
        .select(['id', 'code'])
        .where('id', '=', logins.branch())
        .executeTakeFirstOrThrow();
      // Another instance is raising a job on the asset: it holds the asset's row until it commits.
      const other = await api.db.startTransaction().execute();
      const [locked] = await other
        .selectFrom('assets')
        .select(['id', 'tag', 'assetStatus'])
        .where('id', '=', asset.id)
        .forUpdate()
        .execute();
      if (!locked) throw new Error('no asset');
      const running = runScheduler(api.db, { today: '2021-06-05', instance: 'waiting' });
      // Until the run waits for that row (asking again at once: no sleep).
      for (let asked = 0; ; asked += 1) {
        if (asked > 100_000) throw new Error('the run never waited for the asset');
        const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(api.db);
        if ((rows[0]?.waiting ?? 0) > 0) break;
      }
      await insertJob(
        other,
        {
          branch,
          assetIds: [asset.id],
          jobType: 'BREAKDOWN',
          priority: 'P1',
          problem: 'Alarm sounding',
          userId: logins.userId('manager'),
        },
        [locked],
      );
      await other.commit().execute();
      const answer = await running;
      expect(answer.Error).toBeNull();
      expect(await dueDates({ scheduleId: plan.MaintenanceScheduleId })).toEqual([]);
      const open = await api.db
        .selectFrom('jobOrderAssets as ja')
        .innerJoin('jobOrders as j', 'j.id', 'ja.jobOrderId')
        .select('j.jobType')
        .where('ja.assetId', '=', asset.id)
        .execute();
      expect(open).toEqual([{ jobType: 'BREAKDOWN' }]);
    });
  },
);
