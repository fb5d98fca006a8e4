import { addDays, financialYear, indianDate } from '@branch-assets/domain';
import { AnyEnvelope, legacyCalls } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../gallery/test-images.ts';
import { simplePdf } from '../seed/documents.ts';
import {
  aBranch,
  aLogin,
  anAsset,
  aStaffMember,
  aVendor,
  useBranchLogins,
} from '../test/factories.ts';
import { type Attempt, useTestApi } from '../test/test-api.ts';

/*
 * Job orders (docs/workflows.md): raised on assets of a branch, their coverage found from the
 * assets' warranties and the contracts in force; a chargeable job starts only once a second user
 * with the approve grant has approved its quotation; every step moves the job's assets with it
 * (out of order, under repair, back in use, or back to what they were when cancelled), is on
 * their timelines and in the audit log; every refusal changes nothing; of two users acting on one
 * job at once exactly one wins. The file makes its own branches, logins, assets and contracts.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'viewer', 'verifier'] as const);
const { token } = logins;

type Body = Record<string, unknown>;
type Job = { JobOrderId: number; JobNumber: string };
type Status = 'IN_STOCK' | 'IN_USE' | 'OUT_OF_ORDER' | 'UNDER_REPAIR';

const PROBLEM = 'Display flickers and the unit restarts on battery';

/** Another manager of the branch: the second user who approves a quotation, or acts at once. */
let second: { token: string; userId: number } | undefined;
async function secondManager() {
  if (!second) {
    const made = await aLogin(api.db, { role: 'manager', branches: [logins.branch()] });
    second = { token: await api.login(made.username, made.password), userId: made.userId };
  }
  return second;
}

/** A branch of the test's own, with a manager and a viewer: for what counts a branch's jobs. */
async function aBranchOfItsOwn() {
  const branch = await aBranch(api.db);
  const login = async (role: string) => {
    const made = await aLogin(api.db, { role, branches: [branch.id] });
    return api.login(made.username, made.password);
  };
  return {
    id: branch.id,
    code: branch.code,
    manager: await login('manager'),
    viewer: await login('viewer'),
  };
}

const codeOf = async (branchId: number) =>
  (
    await api.db
      .selectFrom('branches')
      .select('code')
      .where('id', '=', branchId)
      .executeTakeFirstOrThrow()
  ).code;

/** A date this many days from today in India. */
const fromToday = (days: number) => addDays(indianDate(new Date()), days);

async function someAssets(
  count: number,
  options: { status?: Status; warrantyEnd?: string; branch?: number } = {},
) {
  const assets = [];
  for (let index = 0; index < count; index += 1)
    assets.push(
      await anAsset(api.db, {
        branch: options.branch ?? logins.branch(),
        status: options.status ?? 'IN_USE',
        ...(options.warrantyEnd ? { warrantyEnd: options.warrantyEnd } : {}),
      }),
    );
  return assets;
}

async function oneAsset(options: Parameters<typeof someAssets>[1] = {}) {
  const [asset] = await someAssets(1, options);
  if (!asset) throw new Error('no asset');
  return asset;
}

/** An asset under warranty for a month yet: a job on it starts without a quotation. */
const aWarrantyAsset = (status: Status = 'IN_USE') =>
  oneAsset({ status, warrantyEnd: fromToday(30) });

/** A maintenance contract of the branch covering the assets, in force from `start` to `end`. */
async function aContract(
  assets: readonly { id: number }[],
  options: { type?: 'AMC' | 'CMC'; start?: string; end?: string } = {},
) {
  const vendorId = await aVendor(api.db);
  const contractNumber = `AMC-T-${vendorId}`;
  const { id } = await api.db
    .insertInto('maintenanceContracts')
    .values({
      branchId: logins.branch(),
      vendorId,
      contractNumber,
      contractType: options.type ?? 'AMC',
      startDate: options.start ?? fromToday(-100),
      endDate: options.end ?? fromToday(265),
      contractValue: '120000.00',
      gstRate: '18',
      paymentSchedule: 'ANNUAL_ADVANCE',
      visitsPerYear: 4,
      responseHours: 24,
      noticeDays: 30,
      renewal: 'MANUAL',
      createdBy: logins.userId('manager'),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('maintenanceContractAssets')
    .values(assets.map((asset) => ({ contractId: id, assetId: asset.id })))
    .execute();
  return { id, contractNumber };
}

async function vendorAssignee() {
  return { AssigneeKind: 'VENDOR', Vendor: await aVendor(api.db), EngineerName: 'Ravi Kumar' };
}

function jobBody(assets: readonly { id: number }[], changes: Body = {}): Body {
  return {
    Branch: logins.branch(),
    Assets: assets.map((asset) => asset.id),
    JobType: 'BREAKDOWN',
    Priority: 'P2',
    Problem: PROBLEM,
    ...changes,
  };
}

async function raised(assets: readonly { id: number }[], changes: Body = {}, login?: string) {
  const answer = await api.call(
    'jobOrderStore',
    login ?? token('manager'),
    jobBody(assets, changes),
  );
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no job order');
  return detail;
}

const move = (job: Job, Step: string, changes: Body = {}, login?: string) =>
  api.call('jobOrderMove', login ?? token('manager'), {
    JobOrder: job.JobOrderId,
    Step,
    ...changes,
  });

async function moved(job: Job, Step: string, changes: Body = {}, login?: string) {
  const answer = await move(job, Step, changes, login);
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no job order');
  return detail;
}

async function shown(job: Job, login?: string) {
  const answer = await api.call('jobOrderShow', login ?? token('manager'), {
    JobOrder: job.JobOrderId,
  });
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no job order');
  return detail;
}

const statusOf = async (id: number) =>
  (
    await api.db
      .selectFrom('assets')
      .select('assetStatus')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).assetStatus;

const eventsOf = async (id: number) =>
  await api.db
    .selectFrom('assetEvents')
    .select(['kind', 'reason', 'changes'])
    .where('assetId', '=', id)
    .orderBy('id')
    .execute();

const actionsOf = async (job: Job) =>
  (await api.auditOf('job_order', job.JobOrderId)).map((entry) => entry.action);

/**
 * Moves the job's moments back in the database: raised `minutes` ago, answered and resolved that
 * many minutes after it was raised when said — a job raised days ago, as it would stand now.
 */
async function raisedAgo(
  job: Job,
  minutes: number,
  later?: { responded: number; resolved: number },
) {
  const raisedAt = Date.now() - minutes * 60_000;
  const after = (offset: number) => new Date(raisedAt + offset * 60_000);
  // The raising moment is written once by the database; a test alone rewrites it.
  await sql`update job_orders set raised_at = ${new Date(raisedAt)} where id = ${job.JobOrderId}`.execute(
    api.db,
  );
  if (!later) return;
  await api.db
    .updateTable('jobOrders')
    .set({ respondedAt: after(later.responded), resolvedAt: after(later.resolved) })
    .where('id', '=', job.JobOrderId)
    .execute();
}

/*
 * The shared fingerprint (test-api.ts) does not cover job orders, assets or their timelines: a
 * refusal here must leave those as they were too.
 */
const JOB_TABLES = [
  'job_orders',
  'job_order_assets',
  'job_order_steps',
  'job_order_lines',
  'assets',
  'asset_events',
  'documents',
];

async function jobTables() {
  const entries = await Promise.all(
    JOB_TABLES.map(async (table) => {
      const { rows } = await sql<{ digest: string | null }>`
        select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(
        api.db,
      );
      return [table, rows[0]?.digest ?? null] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function eachRefused(refusals: readonly (readonly [Attempt, string | RegExp, number?])[]) {
  for (const [attempt, output, status] of refusals) {
    const before = await jobTables();
    await api.expectRefusedWithoutChange(
      attempt,
      status === undefined ? { output } : { output, status },
    );
    expect(await jobTables()).toEqual(before);
  }
}

describe('raising a job order', () => {
  it('numbers it by the branch and year, takes its assets out of order, and records it on their timelines and in the audit log', async () => {
    const own = await aBranchOfItsOwn();
    const working = await oneAsset({ branch: own.id });
    const broken = await oneAsset({ branch: own.id, status: 'OUT_OF_ORDER' });
    const answer = await api.call('jobOrderStore', own.manager, {
      ...jobBody([working, broken], { Priority: 'P1' }),
      Branch: own.id,
    });
    expect(answer.flag, answer.output).toBe(1);
    const job = answer.records;
    if (!job) throw new Error('no job order');
    const number = `JOB/${own.code}/${financialYear(indianDate(new Date()))}/0001`;
    expect(answer.output).toBe(`${number} raised (chargeable).`);
    const [first] = [working, broken].sort((a, b) => a.tag.localeCompare(b.tag));
    expect(job).toMatchObject({
      JobNumber: number,
      BranchId: own.id,
      BranchCode: own.code,
      JobTypeCode: 'BREAKDOWN',
      Priority: 'P1',
      Problem: PROBLEM,
      StatusCode: 'OPEN',
      StatusTxt: 'Open',
      CoverageCode: 'CHARGEABLE',
      ContractId: null,
      AssetCount: 2,
      AssetSummary: `${first?.tag} · ${first?.name} +1`,
      AssigneeName: null,
      RaisedByName: expect.stringMatching(/^Test Person \d+$/),
      RaisedOnTxt: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
      RespondedAt: null,
      ResolvedAt: null,
      ResponseBreached: false,
      ResolutionBreached: false,
      NetAmount: '0.00',
      Steps: [{ Step: 'RAISED', FromStatus: null, ToStatus: 'OPEN', Remarks: PROBLEM }],
      Lines: [],
    });
    expect(
      job.Assets.map((asset) => [asset.AssetId, asset.AssetStatus, asset.PreviousStatus]),
    ).toEqual(
      expect.arrayContaining([
        [working.id, 'OUT_OF_ORDER', 'IN_USE'],
        [broken.id, 'OUT_OF_ORDER', 'OUT_OF_ORDER'],
      ]),
    );
    expect(await statusOf(working.id)).toBe('OUT_OF_ORDER');
    expect(await eventsOf(working.id)).toEqual([
      {
        kind: 'JOB_RAISED',
        reason: `${number}: ${PROBLEM}`,
        changes: { AssetStatus: ['IN_USE', 'OUT_OF_ORDER'] },
      },
    ]);
    expect(await eventsOf(broken.id)).toEqual([
      { kind: 'JOB_RAISED', reason: `${number}: ${PROBLEM}`, changes: {} },
    ]);
    expect(await api.auditOf('job_order', job.JobOrderId)).toMatchObject([
      { action: 'raised', fromStatus: null, toStatus: 'OPEN', branchId: own.id },
    ]);

    // The next job of the branch takes the next number; named who does the work, it is assigned.
    const next = await api.call('jobOrderStore', own.manager, {
      ...jobBody([await oneAsset({ branch: own.id })], await vendorAssignee()),
      Branch: own.id,
    });
    expect(next.records).toMatchObject({
      JobNumber: number.replace(/0001$/, '0002'),
      StatusCode: 'ASSIGNED',
      AssigneeKind: 'VENDOR',
      EngineerName: 'Ravi Kumar',
      AssigneeName: expect.stringMatching(/^Ravi Kumar \(Test Vendor \d+\)$/),
      Steps: [{ Step: 'RAISED', ToStatus: 'ASSIGNED' }],
    });
  });

  it('finds its coverage: warranty while every warranty runs, a contract in force, else chargeable', async () => {
    const coverage = async (assets: readonly { id: number }[]) => {
      const job = await raised(assets);
      return [job.CoverageCode, job.ContractId];
    };
    const expired = fromToday(-1);
    expect(await coverage([await aWarrantyAsset()])).toEqual(['WARRANTY', null]);
    expect(await coverage([await oneAsset({ warrantyEnd: expired })])).toEqual([
      'CHARGEABLE',
      null,
    ]);

    const covered = await oneAsset({ warrantyEnd: expired });
    const amc = await aContract([covered]);
    const job = await raised([covered]);
    expect(job).toMatchObject({
      CoverageCode: 'CONTRACT',
      ContractId: amc.id,
      ContractNumber: amc.contractNumber,
    });

    // Under warranty and under a contract together: the contract pays.
    const alsoCovered = await oneAsset();
    const other = await aContract([alsoCovered]);
    expect(await coverage([await aWarrantyAsset(), alsoCovered])).toEqual(['CONTRACT', other.id]);

    // A CMC is preferred to an AMC covering the same asset.
    const both = await oneAsset();
    await aContract([both], { type: 'AMC' });
    const cmc = await aContract([both], { type: 'CMC' });
    expect(await coverage([both])).toEqual(['CONTRACT', cmc.id]);

    // A contract ended or not yet begun covers nothing; one uncovered asset makes it chargeable.
    const lapsed = await oneAsset();
    await aContract([lapsed], { start: fromToday(-400), end: expired });
    const early = await oneAsset();
    await aContract([early], { start: fromToday(2), end: fromToday(366) });
    expect(await coverage([lapsed])).toEqual(['CHARGEABLE', null]);
    expect(await coverage([early])).toEqual(['CHARGEABLE', null]);
    expect(await coverage([await aWarrantyAsset(), await oneAsset()])).toEqual([
      'CHARGEABLE',
      null,
    ]);
  });

  it('refuses, changing nothing: the wrong branch, busy or unavailable assets, the wrong role, bad input', async () => {
    const asset = await oneAsset();
    const busy = await oneAsset();
    const busyJob = await raised([busy]);
    const foreignBranch = await aBranch(api.db);
    const foreign = await oneAsset({ branch: foreignBranch.id });
    const code = await codeOf(logins.branch());
    const unavailable: Record<string, { tag: string; id: number }> = {};
    for (const status of ['UNDER_REPAIR', 'IN_TRANSIT', 'CONDEMNED', 'DISPOSED'] as const) {
      const made = await oneAsset();
      await api.db
        .updateTable('assets')
        .set({ assetStatus: status })
        .where('id', '=', made.id)
        .execute();
      unavailable[status] = made;
    }
    const stranger = await aStaffMember(api.db, { branches: [foreignBranch.id] });
    const raise =
      (changes: Body, login = token('manager')) =>
      () =>
        api.call('jobOrderStore', login, jobBody([asset], changes));
    const tagOf = (status: string) => unavailable[status]?.tag ?? '';
    const idOf = (status: string) => unavailable[status]?.id ?? 0;
    await eachRefused([
      [raise({}, token('viewer')), 'Your role may not raise job orders.'],
      [raise({}, token('verifier')), 'Your role may not raise job orders.'],
      [raise({ Branch: foreignBranch.id }), 'You do not work in that branch.'],
      [
        raise({ Assets: [asset.id, foreign.id] }),
        `Asset ${foreign.tag} is not an asset of branch ${code}.`,
      ],
      [
        raise({ Assets: [asset.id, busy.id] }),
        `Asset ${busy.tag} is already on job order ${busyJob.JobNumber}.`,
      ],
      [
        raise({ Assets: [idOf('UNDER_REPAIR')] }),
        `Asset ${tagOf('UNDER_REPAIR')} cannot have a job order while it is Under repair.`,
      ],
      [
        raise({ Assets: [idOf('IN_TRANSIT')] }),
        `Asset ${tagOf('IN_TRANSIT')} cannot have a job order while it is In transit.`,
      ],
      [
        raise({ Assets: [idOf('CONDEMNED')] }),
        `Asset ${tagOf('CONDEMNED')} cannot have a job order while it is Condemned.`,
      ],
      [
        raise({ Assets: [idOf('DISPOSED')] }),
        `Asset ${tagOf('DISPOSED')} cannot have a job order while it is Disposed.`,
      ],
      [raise({ Assets: [999_999_999] }), 'Asset 999999999 does not exist.'],
      [
        raise({ AssigneeKind: 'STAFF', Staff: stranger.id }),
        'The technician must be a staff member of the branch.',
      ],
      [
        raise({ AssigneeKind: 'VENDOR', Vendor: 999_999_999, EngineerName: 'Ravi' }),
        'Vendor 999999999 does not exist.',
      ],
      [raise({ Problem: undefined }), /^Problem is required$/, 422],
      [raise({ Problem: '   ' }), /^Problem is required$/, 422],
      [
        raise({ AssigneeKind: 'VENDOR', Vendor: await aVendor(api.db) }),
        /^AssigneeKind must name the vendor and its engineer/,
        422,
      ],
      [raise({ AssigneeKind: 'STAFF' }), /^AssigneeKind must name the vendor/, 422],
      [raise({ Assets: [] }), /^Assets must name at least one asset$/, 422],
      [raise({ Priority: 'P5' }), /^Priority must be P1, P2, P3 or P4$/, 422],
      [raise({ JobType: 'REPAIR' }), /^JobType must be one of BREAKDOWN/, 422],
      [
        raise({
          Lines: [{ Kind: 'PART', Description: 'Fuse', Quantity: 0, Rate: '10', GstRate: 18 }],
        }),
        /^Lines\.0\.Quantity must be more than 0$/,
        422,
      ],
      [
        raise({
          Lines: [{ Kind: 'PART', Description: 'Fuse', Quantity: 1, Rate: '10', GstRate: 7 }],
        }),
        /^Lines\.0\.GstRate must be one of 0, 5, 12, 18, 28$/,
        422,
      ],
      [
        raise({
          Lines: [{ Kind: 'PART', Description: 'Fuse', Quantity: 1, Rate: '-10', GstRate: 18 }],
        }),
        /^Lines\.0\.Rate cannot be negative$/,
        422,
      ],
    ]);
    // A user who does not work in the branch at all, though their role may raise jobs.
    const outsider = await aLogin(api.db, { role: 'manager', branches: [foreignBranch.id] });
    await eachRefused([
      [
        raise({}, await api.login(outsider.username, outsider.password)),
        'You do not work in that branch.',
      ],
    ]);
  });

  it('raised for one asset by two users at once is raised once; two jobs at once get two numbers', async () => {
    const asset = await oneAsset();
    const [first, again] = await Promise.all([
      api.call('jobOrderStore', token('manager'), jobBody([asset])),
      api.call('jobOrderStore', (await secondManager()).token, jobBody([asset])),
    ]);
    expect([first.flag, again.flag].sort()).toEqual([0, 1]);
    const winner = first.flag === 1 ? first : again;
    const loser = first.flag === 1 ? again : first;
    expect(loser.output).toBe(
      `Asset ${asset.tag} is already on job order ${winner.records?.JobNumber}.`,
    );
    expect(await api.count('jobOrderAssets', { assetId: asset.id })).toBe(1);
    expect((await eventsOf(asset.id)).map((event) => event.kind)).toEqual(['JOB_RAISED']);

    const own = await aBranchOfItsOwn();
    const pair = await Promise.all(
      [own.manager, own.manager].map(async (login) =>
        api.call('jobOrderStore', login, {
          ...jobBody([await oneAsset({ branch: own.id })]),
          Branch: own.id,
        }),
      ),
    );
    expect(pair.map((answer) => answer.flag)).toEqual([1, 1]);
    expect(pair.map((answer) => answer.records?.JobNumber.slice(-4)).sort()).toEqual([
      '0001',
      '0002',
    ]);
  });
});

describe('a job order’s steps', () => {
  it('go open → assigned → in progress → waiting for parts → resumed → resolved → closed, its asset with them', async () => {
    const asset = await aWarrantyAsset();
    const job = await raised([asset]);
    expect(job.CoverageCode).toBe('WARRANTY');
    expect(job.AllowedSteps).toEqual(['ASSIGN', 'CANCEL']);
    const vendor = await vendorAssignee();
    const assigned = await move(job, 'ASSIGN', vendor);
    expect([assigned.flag, assigned.output]).toEqual([1, `${job.JobNumber} assigned.`]);
    expect(assigned.records).toMatchObject({
      StatusCode: 'ASSIGNED',
      VendorId: vendor.Vendor,
      EngineerName: 'Ravi Kumar',
      AllowedSteps: ['ASSIGN', 'START', 'QUOTE', 'CANCEL'],
    });
    expect(await statusOf(asset.id)).toBe('OUT_OF_ORDER');

    const started = await move(job, 'START');
    expect(started.output).toBe(`${job.JobNumber} started.`);
    expect(started.records).toMatchObject({
      StatusCode: 'IN_PROGRESS',
      StatusTxt: 'In Progress',
      RespondedAt: expect.any(String),
      AllowedSteps: ['QUOTE', 'WAIT_PARTS', 'RESOLVE', 'CANCEL'],
      Assets: [{ AssetId: asset.id, AssetStatus: 'UNDER_REPAIR', PreviousStatus: 'IN_USE' }],
    });
    const respondedAt = started.records?.RespondedAt;
    expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');

    const waiting = await moved(job, 'WAIT_PARTS', { Remarks: 'Power board ordered' });
    expect(waiting).toMatchObject({
      StatusCode: 'WAITING_PARTS',
      AllowedSteps: ['RESUME', 'CANCEL'],
    });
    expect(await statusOf(asset.id)).toBe('OUT_OF_ORDER');

    const resumed = await moved(job, 'RESUME');
    expect(resumed).toMatchObject({ StatusCode: 'IN_PROGRESS', RespondedAt: respondedAt });
    expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');

    await eachRefused([
      [
        () => move(job, 'RESOLVE'),
        /^Remarks is required for this step \(what was done, or why\)$/,
        422,
      ],
    ]);
    const resolved = await moved(job, 'RESOLVE', { Remarks: 'Replaced the power board' });
    expect(resolved).toMatchObject({
      StatusCode: 'RESOLVED',
      Resolution: 'Replaced the power board',
      ResolvedAt: expect.any(String),
      RespondedAt: respondedAt,
      AllowedSteps: ['CLOSE', 'REOPEN'],
    });
    expect(await statusOf(asset.id)).toBe('IN_USE');

    const closed = await move(job, 'CLOSE');
    expect(closed.output).toBe(`${job.JobNumber} closed.`);
    expect(closed.records).toMatchObject({
      StatusCode: 'CLOSED',
      ClosedAt: expect.any(String),
      AllowedSteps: [],
    });
    expect(await statusOf(asset.id)).toBe('IN_USE');
    expect(
      closed.records?.Steps.map((step) => [step.Step, step.FromStatus, step.ToStatus]),
    ).toEqual([
      ['RAISED', null, 'OPEN'],
      ['ASSIGN', 'OPEN', 'ASSIGNED'],
      ['START', 'ASSIGNED', 'IN_PROGRESS'],
      ['WAIT_PARTS', 'IN_PROGRESS', 'WAITING_PARTS'],
      ['RESUME', 'WAITING_PARTS', 'IN_PROGRESS'],
      ['RESOLVE', 'IN_PROGRESS', 'RESOLVED'],
      ['CLOSE', 'RESOLVED', 'CLOSED'],
    ]);
    const events = await eventsOf(asset.id);
    expect(events.map((event) => [event.kind, event.changes])).toEqual([
      ['JOB_RAISED', { AssetStatus: ['IN_USE', 'OUT_OF_ORDER'] }],
      ['JOB_ASSIGN', {}],
      ['JOB_START', { AssetStatus: ['OUT_OF_ORDER', 'UNDER_REPAIR'] }],
      ['JOB_WAIT_PARTS', { AssetStatus: ['UNDER_REPAIR', 'OUT_OF_ORDER'] }],
      ['JOB_RESUME', { AssetStatus: ['OUT_OF_ORDER', 'UNDER_REPAIR'] }],
      ['JOB_RESOLVE', { AssetStatus: ['UNDER_REPAIR', 'IN_USE'] }],
      ['JOB_CLOSE', {}],
    ]);
    expect(events[5]?.reason).toBe(`${job.JobNumber}: Replaced the power board`);
    expect(await api.auditOf('job_order', job.JobOrderId)).toMatchObject([
      { action: 'raised', toStatus: 'OPEN' },
      { action: 'assign', fromStatus: 'OPEN', toStatus: 'ASSIGNED' },
      { action: 'start', fromStatus: 'ASSIGNED', toStatus: 'IN_PROGRESS' },
      { action: 'wait_parts', toStatus: 'WAITING_PARTS', reason: 'Power board ordered' },
      { action: 'resume', toStatus: 'IN_PROGRESS' },
      { action: 'resolve', toStatus: 'RESOLVED', reason: 'Replaced the power board' },
      { action: 'close', fromStatus: 'RESOLVED', toStatus: 'CLOSED' },
    ]);
    // Closed, the job no longer holds its asset.
    expect((await raised([asset])).StatusCode).toBe('OPEN');
  });

  it('on an installation issue keep an asset in stock until it is worked on, and return it to stock', async () => {
    const asset = await aWarrantyAsset('IN_STOCK');
    const technician = await aStaffMember(api.db, { branches: [logins.branch()] });
    const job = await raised([asset], {
      JobType: 'INSTALLATION_ISSUE',
      AssigneeKind: 'STAFF',
      Staff: technician.id,
    });
    expect(job).toMatchObject({ StatusCode: 'ASSIGNED', AssigneeName: technician.name });
    expect(await statusOf(asset.id)).toBe('IN_STOCK');
    await moved(job, 'START');
    expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');
    await moved(job, 'RESOLVE', { Remarks: 'Re-seated the display cable' });
    expect(await statusOf(asset.id)).toBe('IN_STOCK');
  });

  it('reopen a resolved job: its asset is out of order again, and its first response stands', async () => {
    const asset = await aWarrantyAsset();
    const job = await raised([asset], await vendorAssignee());
    const started = await moved(job, 'START');
    await moved(job, 'RESOLVE', { Remarks: 'Recalibrated' });
    await eachRefused([[() => move(job, 'REOPEN'), /^Remarks is required for this step/, 422]]);
    const reopened = await move(job, 'REOPEN', { Remarks: 'Fault came back the same evening' });
    expect(reopened.output).toBe(`${job.JobNumber} reopened.`);
    expect(reopened.records).toMatchObject({
      StatusCode: 'REOPENED',
      ResolvedAt: null,
      ClosedAt: null,
      RespondedAt: started.RespondedAt,
      AllowedSteps: ['ASSIGN', 'START', 'QUOTE', 'CANCEL'],
    });
    expect(await statusOf(asset.id)).toBe('OUT_OF_ORDER');
    const again = await moved(job, 'START');
    expect(again.RespondedAt).toBe(started.RespondedAt);
    expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');
    await moved(job, 'RESOLVE', { Remarks: 'Replaced the sensor' });
    expect((await moved(job, 'CLOSE')).StatusCode).toBe('CLOSED');
    expect(await actionsOf(job)).toEqual([
      'raised',
      'start',
      'resolve',
      'reopen',
      'start',
      'resolve',
      'close',
    ]);
  });

  it('cancel a job: its assets go back to what they were when it was raised; a resolved job is not cancelled', async () => {
    const working = await aWarrantyAsset();
    const broken = await aWarrantyAsset('OUT_OF_ORDER');
    const stocked = await aWarrantyAsset('IN_STOCK');
    const job = await raised([working, broken, stocked], await vendorAssignee());
    await moved(job, 'START');
    for (const asset of [working, broken, stocked])
      expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');
    await eachRefused([[() => move(job, 'CANCEL'), /^Remarks is required for this step/, 422]]);
    const cancelled = await move(job, 'CANCEL', { Remarks: 'Raised on the wrong unit' });
    expect(cancelled.output).toBe(`${job.JobNumber} cancelled.`);
    expect(cancelled.records).toMatchObject({
      StatusCode: 'CANCELLED',
      DowntimeMinutes: 0,
      ResponseBreached: false,
      ResolutionBreached: false,
      AllowedSteps: [],
    });
    expect(await statusOf(working.id)).toBe('IN_USE');
    expect(await statusOf(broken.id)).toBe('OUT_OF_ORDER');
    expect(await statusOf(stocked.id)).toBe('IN_STOCK');
    expect((await eventsOf(working.id)).at(-1)).toEqual({
      kind: 'JOB_CANCEL',
      reason: `${job.JobNumber}: Raised on the wrong unit`,
      changes: { AssetStatus: ['UNDER_REPAIR', 'IN_USE'] },
    });
    // Cancelled, it no longer holds its assets.
    expect((await raised([working, broken])).AssetCount).toBe(2);

    const resolved = await raised([stocked], await vendorAssignee());
    await moved(resolved, 'START');
    await moved(resolved, 'RESOLVE', { Remarks: 'Done' });
    await eachRefused([
      [
        () => move(resolved, 'CANCEL', { Remarks: 'Too late' }),
        `Job order ${resolved.JobNumber} cannot be cancelled now (it is Resolved).`,
      ],
    ]);
  });

  it('are refused from the wrong state, naming the job’s state, and to the wrong users, changing nothing', async () => {
    const asset = await aWarrantyAsset();
    const job = await raised([asset]);
    const foreign = await aBranch(api.db);
    const outsider = await aLogin(api.db, { role: 'manager', branches: [foreign.id] });
    const outsiderToken = await api.login(outsider.username, outsider.password);
    const stranger = await aStaffMember(api.db, { branches: [foreign.id] });
    await eachRefused([
      [() => move(job, 'START'), `Job order ${job.JobNumber} cannot be started now (it is Open).`],
      [
        () => move(job, 'RESOLVE', { Remarks: 'Done' }),
        `Job order ${job.JobNumber} cannot be resolved now (it is Open).`,
      ],
      [() => move(job, 'CLOSE'), `Job order ${job.JobNumber} cannot be closed now (it is Open).`],
      [() => move(job, 'RESUME'), `Job order ${job.JobNumber} cannot resume now (it is Open).`],
    ]);
    await moved(job, 'ASSIGN', await vendorAssignee());
    await moved(job, 'START');
    await eachRefused([
      [
        () => move(job, 'CLOSE'),
        `Job order ${job.JobNumber} cannot be closed now (it is In Progress).`,
      ],
      [
        () => move(job, 'APPROVE_QUOTE', {}, token('manager')),
        `Job order ${job.JobNumber} cannot have its quotation approved now (it is In Progress).`,
      ],
      [() => move(job, 'WAIT_PARTS', {}, token('viewer')), 'Your role may not work on job orders.'],
      [
        () => move(job, 'APPROVE_QUOTE', {}, token('verifier')),
        'Your role may not approve quotations.',
      ],
      [() => move(job, 'WAIT_PARTS', {}, outsiderToken), 'Job order not found.'],
      [() => move({ ...job, JobOrderId: 999_999_999 }, 'WAIT_PARTS'), 'Job order not found.'],
      [() => move(job, 'ASSIGN'), /^AssigneeKind is required to assign the job$/, 422],
      [
        () => move(job, 'ASSIGN', { AssigneeKind: 'VENDOR', Vendor: 1 }),
        /^AssigneeKind must name the vendor and its engineer/,
        422,
      ],
      [() => move(job, 'FIX'), /^Step must be one of ASSIGN, START/, 422],
      [() => move(job, 'QUOTE'), /^QuoteAmount is required for a quotation/, 422],
      [
        () => move(job, 'QUOTE', { QuoteAmount: '-100', QuoteGst: '0' }),
        /^QuoteAmount cannot be negative$/,
        422,
      ],
    ]);
    await moved(job, 'WAIT_PARTS');
    await eachRefused([
      [
        () => move(job, 'ASSIGN', { AssigneeKind: 'STAFF', Staff: stranger.id }),
        `Job order ${job.JobNumber} cannot be assigned now (it is Waiting For Parts).`,
      ],
    ]);
    expect(await actionsOf(job)).toEqual(['raised', 'assign', 'start', 'wait_parts']);
  });

  it('leave an asset that has left the job as it is: a transferred or condemned asset is not brought back', async () => {
    // Resolved, the asset works again and may leave on a transfer; reopening cannot pull it back.
    const asset = await aWarrantyAsset();
    const job = await raised([asset], await vendorAssignee());
    await moved(job, 'START');
    await moved(job, 'RESOLVE', { Remarks: 'Replaced the fuse' });
    const transfer = await api.call('assetTransferStore', token('manager'), {
      FromBranch: logins.branch(),
      ToBranch: (await aBranch(api.db)).id,
      Assets: [asset.id],
      Reason: 'Needed at the new wing',
    });
    expect(transfer.flag, transfer.output).toBe(1);
    const AssetTransfer = transfer.records?.AssetTransferId;
    const other = await secondManager();
    for (const [call, login, body] of [
      ['assetTransferDecide', other.token, { AssetTransfer, Decision: 'APPROVE' }],
      ['assetTransferDispatch', token('manager'), { AssetTransfer, Vehicle: 'Hospital van' }],
    ] as const) {
      const answer = await api.call(call, login, body);
      expect(answer.flag, answer.output).toBe(1);
    }
    expect(await statusOf(asset.id)).toBe('IN_TRANSIT');
    await eachRefused([
      [
        () => move(job, 'REOPEN', { Remarks: 'Trips again' }),
        `Asset ${asset.tag} is In transit now: job order ${job.JobNumber} can only be closed.`,
      ],
    ]);
    expect((await moved(job, 'CLOSE')).StatusCode).toBe('CLOSED');
    expect(await statusOf(asset.id)).toBe('IN_TRANSIT');

    // Condemned while waiting for the engineer, the asset is not put under repair; cancelling the
    // job leaves it condemned.
    const [kept, condemned] = await someAssets(2, { warrantyEnd: fromToday(30) });
    if (!kept || !condemned) throw new Error('no assets');
    const open = await raised([kept, condemned], await vendorAssignee());
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'CONDEMNED' })
      .where('id', '=', condemned.id)
      .execute();
    await eachRefused([
      [
        () => move(open, 'START'),
        `Asset ${condemned.tag} is Condemned now: job order ${open.JobNumber} can only be cancelled.`,
      ],
    ]);
    const cancelled = await moved(open, 'CANCEL', { Remarks: 'Unit condemned' });
    expect(cancelled.StatusCode).toBe('CANCELLED');
    expect(await statusOf(kept.id)).toBe('IN_USE');
    expect(await statusOf(condemned.id)).toBe('CONDEMNED');
  });

  it('taken by two users at once on one job: exactly one wins', async () => {
    const asset = await aWarrantyAsset();
    const job = await raised([asset], await vendorAssignee());
    await moved(job, 'START');
    await moved(job, 'RESOLVE', { Remarks: 'Replaced the fuse' });
    const other = await secondManager();
    const [close, reopen] = await Promise.all([
      move(job, 'CLOSE'),
      move(job, 'REOPEN', { Remarks: 'Still trips' }, other.token),
    ]);
    expect([close.flag, reopen.flag].sort()).toEqual([0, 1]);
    const refused = close.flag === 0 ? close : reopen;
    expect(refused.output).toMatch(
      new RegExp(
        `^Job order ${job.JobNumber} cannot be (closed|reopened) now \\(it is (Closed|Reopened)\\)\\.$`,
      ),
    );
    const state = (await shown(job)).StatusCode;
    expect(state).toBe(close.flag === 1 ? 'CLOSED' : 'REOPENED');
    expect(await statusOf(asset.id)).toBe(close.flag === 1 ? 'IN_USE' : 'OUT_OF_ORDER');
    const actions = await actionsOf(job);
    expect(actions.slice(0, 3)).toEqual(['raised', 'start', 'resolve']);
    expect(actions.slice(3)).toEqual([close.flag === 1 ? 'close' : 'reopen']);
    expect(await api.count('jobOrderSteps', { jobOrderId: job.JobOrderId })).toBe(4);
    expect((await eventsOf(asset.id)).map((event) => event.kind)).toHaveLength(4);
  });
});

describe('a chargeable job order', () => {
  it('starts only once a second user with the approve grant approves its quotation', async () => {
    const asset = await oneAsset();
    const job = await raised([asset], await vendorAssignee());
    const other = await secondManager();
    expect(job).toMatchObject({
      CoverageCode: 'CHARGEABLE',
      StatusCode: 'ASSIGNED',
      AllowedSteps: ['ASSIGN', 'QUOTE', 'CANCEL'],
    });
    await eachRefused([
      [
        () => move(job, 'START'),
        'A chargeable job needs an approved quotation before the work starts.',
      ],
    ]);
    const quoted = await move(job, 'QUOTE', {
      QuoteAmount: '12500',
      QuoteGst: 2250,
      Remarks: 'Power board and labour',
    });
    expect(quoted.output).toBe(`${job.JobNumber} quoted: waiting for approval.`);
    expect(quoted.records).toMatchObject({
      StatusCode: 'WAITING_APPROVAL',
      QuoteAmount: '12500.00',
      QuoteGst: '2250.00',
      QuoteRemarks: 'Power board and labour',
      QuoteDecision: null,
      QuotedByName: expect.stringMatching(/^Test Person \d+$/),
      AllowedSteps: ['CANCEL'],
    });
    expect(await statusOf(asset.id)).toBe('OUT_OF_ORDER');
    expect((await shown(job, other.token)).AllowedSteps).toEqual([
      'APPROVE_QUOTE',
      'REJECT_QUOTE',
      'CANCEL',
    ]);
    expect((await shown(job, token('viewer'))).AllowedSteps).toEqual([]);
    await eachRefused([
      [
        () => move(job, 'APPROVE_QUOTE'),
        'The user who entered a quotation cannot approve it: a second user does.',
      ],
      [
        () => move(job, 'REJECT_QUOTE', { Remarks: 'Too dear' }),
        'The user who entered a quotation cannot approve it: a second user does.',
      ],
      [
        () => move(job, 'APPROVE_QUOTE', {}, token('viewer')),
        'Your role may not approve quotations.',
      ],
      [
        () => move(job, 'START'),
        `Job order ${job.JobNumber} cannot be started now (it is Waiting For Approval).`,
      ],
      [() => move(job, 'REJECT_QUOTE', {}, other.token), /^Remarks is required for this step/, 422],
    ]);

    const rejected = await move(
      job,
      'REJECT_QUOTE',
      { Remarks: 'Too dear: ask again' },
      other.token,
    );
    expect(rejected.output).toBe(`${job.JobNumber} quotation rejected.`);
    expect(rejected.records).toMatchObject({ StatusCode: 'ASSIGNED', QuoteDecision: 'REJECTED' });
    await eachRefused([
      [
        () => move(job, 'START'),
        'A chargeable job needs an approved quotation before the work starts.',
      ],
    ]);

    await moved(job, 'QUOTE', { QuoteAmount: 9800, QuoteGst: 1764 });
    const approved = await move(job, 'APPROVE_QUOTE', {}, other.token);
    expect(approved.output).toBe(`${job.JobNumber} quotation approved.`);
    expect(approved.records).toMatchObject({
      StatusCode: 'ASSIGNED',
      QuoteAmount: '9800.00',
      QuoteDecision: 'APPROVED',
      QuoteDecidedByName: expect.stringMatching(/^Test Person \d+$/),
      AllowedSteps: ['ASSIGN', 'START', 'QUOTE', 'CANCEL'],
    });
    expect((await moved(job, 'START')).StatusCode).toBe('IN_PROGRESS');
    expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');

    // A quotation asked for during the work returns the job to the work once decided.
    await moved(job, 'QUOTE', { QuoteAmount: 1500, QuoteGst: 270, Remarks: 'Worn fan too' });
    expect(await statusOf(asset.id)).toBe('OUT_OF_ORDER');
    expect((await moved(job, 'APPROVE_QUOTE', {}, other.token)).StatusCode).toBe('IN_PROGRESS');
    expect(await statusOf(asset.id)).toBe('UNDER_REPAIR');
    expect(await api.auditOf('job_order', job.JobOrderId)).toMatchObject([
      { action: 'raised' },
      { action: 'quote', userId: logins.userId('manager') },
      { action: 'reject_quote', userId: other.userId, reason: 'Too dear: ask again' },
      { action: 'quote' },
      { action: 'approve_quote', userId: other.userId },
      { action: 'start' },
      { action: 'quote', fromStatus: 'IN_PROGRESS', toStatus: 'WAITING_APPROVAL' },
      { action: 'approve_quote', fromStatus: 'WAITING_APPROVAL', toStatus: 'IN_PROGRESS' },
    ]);
  });
});

describe('correcting an open job order', () => {
  it('changes its problem, priority and lines; the detail prices the lines', async () => {
    const asset = await oneAsset();
    const job = await raised([asset], {
      Lines: [{ Kind: 'LABOUR', Description: 'Inspection', Quantity: 1, Rate: 500, GstRate: 18 }],
    });
    expect(job).toMatchObject({
      NetAmount: '500.00',
      GstAmount: '90.00',
      ChargeableAmount: '590.00',
    });
    const answer = await api.call(
      'jobOrderStore',
      token('manager'),
      jobBody([asset], {
        JobOrder: job.JobOrderId,
        Priority: 'P1',
        Problem: 'Unit dead: no power at all',
        Lines: [
          { Kind: 'PART', Description: 'Power board', Quantity: 2, Rate: '1500.50', GstRate: 18 },
          {
            Kind: 'LABOUR',
            Description: 'Engineer visit',
            Quantity: 1.5,
            Rate: 800,
            GstRate: 18,
            Chargeable: false,
          },
          { Kind: 'PART', Description: 'Fuse', Quantity: '0.125', Rate: '40', GstRate: 5 },
        ],
      }),
    );
    expect(answer.flag, answer.output).toBe(1);
    expect(answer.output).toBe(`${job.JobNumber} saved.`);
    expect(answer.records).toMatchObject({
      JobNumber: job.JobNumber,
      Priority: 'P1',
      Problem: 'Unit dead: no power at all',
      StatusCode: 'OPEN',
      Lines: [
        {
          Kind: 'PART',
          Description: 'Power board',
          Quantity: expect.stringMatching(/^2(\.0+)?$/),
          Rate: '1500.50',
          GstRate: 18,
          Chargeable: true,
          Amount: '3001.00',
          Gst: '540.18',
        },
        { Kind: 'LABOUR', Chargeable: false, Amount: '1200.00', Gst: '216.00' },
        { Kind: 'PART', Description: 'Fuse', Amount: '5.00', Gst: '0.25' },
      ],
      // 3001 + 1200 + 5; 540.18 + 216 + 0.25; what the branch pays: 3541.18 + 5.25.
      NetAmount: '4206.00',
      GstAmount: '756.43',
      ChargeableAmount: '3546.43',
    });
    expect(answer.records?.Steps).toHaveLength(1);
    expect(await actionsOf(job)).toEqual(['raised', 'corrected']);
    expect(await api.count('jobOrderLines', { jobOrderId: job.JobOrderId })).toBe(3);

    // Without lines it has none; the assets and their statuses stay as they were.
    const cleared = await api.call(
      'jobOrderStore',
      token('manager'),
      jobBody([asset], { JobOrder: job.JobOrderId }),
    );
    expect(cleared.records).toMatchObject({
      Lines: [],
      NetAmount: '0.00',
      ChargeableAmount: '0.00',
    });
    expect(await statusOf(asset.id)).toBe('OUT_OF_ORDER');
  });

  it('refuses, changing nothing: other assets or type, a closed job, the wrong role or branch', async () => {
    const asset = await aWarrantyAsset();
    const job = await raised([asset], await vendorAssignee());
    const done = await raised([await aWarrantyAsset()], await vendorAssignee());
    await moved(done, 'START');
    await moved(done, 'RESOLVE', { Remarks: 'Fixed' });
    await moved(done, 'CLOSE');
    const foreign = await aBranch(api.db);
    const correct =
      (changes: Body, login = token('manager')) =>
      () =>
        api.call(
          'jobOrderStore',
          login,
          jobBody([asset], { JobOrder: job.JobOrderId, ...changes }),
        );
    const fixed = `Job order ${job.JobNumber}: its assets and type are fixed once raised; cancel it and raise another.`;
    await eachRefused([
      [correct({ Assets: [asset.id, (await oneAsset()).id] }), fixed],
      [correct({ JobType: 'CALIBRATION' }), fixed],
      [
        correct({ JobOrder: done.JobOrderId, Assets: done.Assets.map((a) => a.AssetId) }),
        `Job order ${done.JobNumber} can no longer be changed (it is Closed).`,
      ],
      [correct({}, token('viewer')), 'Your role may not raise job orders.'],
      [correct({ Branch: foreign.id }), 'You do not work in that branch.'],
      [correct({ JobOrder: 999_999_999 }), 'Job order not found.'],
      [correct({ Problem: '' }), /^Problem is required$/, 422],
    ]);
  });
});

describe('the job order list', () => {
  it('answers a branch’s jobs newest first, filtered, searched and paged, with the steps each user may take', async () => {
    const own = await aBranchOfItsOwn();
    const ownJob = async (changes: Body = {}) => {
      const answer = await api.call('jobOrderStore', own.manager, {
        ...jobBody([await oneAsset({ branch: own.id, warrantyEnd: fromToday(30) })], changes),
        Branch: own.id,
      });
      expect(answer.flag, answer.output).toBe(1);
      const detail = answer.records;
      if (!detail) throw new Error('no job order');
      return detail;
    };
    const step = async (job: Job, Step: string, changes: Body = {}) => {
      const answer = await move(job, Step, changes, own.manager);
      expect(answer.flag, answer.output).toBe(1);
    };
    const open = await ownJob({ Priority: 'P4' });
    const late = await ownJob({ Priority: 'P1', JobType: 'CALIBRATION' });
    await raisedAgo(late, 2 * 24 * 60);
    const resolved = await ownJob(await vendorAssignee());
    await step(resolved, 'START');
    await step(resolved, 'RESOLVE', { Remarks: 'Fixed' });
    const cancelled = await ownJob();
    await step(cancelled, 'CANCEL', { Remarks: 'Duplicate' });

    const list = async (request: Body, login = own.manager) => {
      const answer = await api.call('jobOrderLists', login, { Branch: own.id, ...request });
      expect(answer.flag, answer.output).toBe(1);
      const records = answer.records;
      if (!records) throw new Error('no list');
      return { ...records, output: answer.output };
    };
    const numbers = async (request: Body) =>
      (await list({ Page: 1, ItemsPerPage: 50, ...request })).TableData.map((row) => row.JobNumber);

    const all = await list({ Page: 1, ItemsPerPage: 50 });
    expect(all.output).toBe('4 job orders.');
    expect(all.TotalCount).toBe(4);
    // Newest first: the late job was raised two days ago.
    expect(all.TableData.map((row) => row.JobNumber)).toEqual([
      cancelled.JobNumber,
      resolved.JobNumber,
      open.JobNumber,
      late.JobNumber,
    ]);
    expect(await numbers({ Filters: { Open: true } })).toEqual([
      resolved.JobNumber,
      open.JobNumber,
      late.JobNumber,
    ]);
    expect(await numbers({ Filters: { Open: false } })).toEqual([cancelled.JobNumber]);
    expect(await numbers({ Filters: { StatusCode: 'RESOLVED' } })).toEqual([resolved.JobNumber]);
    expect(await numbers({ Filters: { Breached: true } })).toEqual([late.JobNumber]);
    expect(await numbers({ Filters: { Breached: false } })).toEqual([
      cancelled.JobNumber,
      resolved.JobNumber,
      open.JobNumber,
    ]);
    expect(await numbers({ Filters: { Priority: 'P1', JobTypeCode: 'CALIBRATION' } })).toEqual([
      late.JobNumber,
    ]);
    expect(
      await numbers({ Filters: { Asset: open.Assets[0]?.AssetId, CoverageCode: 'WARRANTY' } }),
    ).toEqual([open.JobNumber]);
    expect(await numbers({ Search: open.Assets[0]?.AssetTag.toLowerCase() })).toEqual([
      open.JobNumber,
    ]);
    expect(await numbers({ Search: late.JobNumber })).toEqual([late.JobNumber]);
    expect(await numbers({ Search: 'ravi kumar' })).toEqual([resolved.JobNumber]);

    const page = await list({ Page: 2, ItemsPerPage: 1 });
    expect(page.TotalCount).toBe(4);
    expect(page.TableData.map((row) => row.JobNumber)).toEqual([resolved.JobNumber]);
    expect(page.TableData[0]).toMatchObject({
      StatusCode: 'RESOLVED',
      StatusTxt: 'Resolved',
      AssigneeName: expect.stringMatching(/^Ravi Kumar \(Test Vendor \d+\)$/),
      AllowedSteps: ['CLOSE', 'REOPEN'],
    });
    const rowOf = (rows: readonly { JobNumber: string }[], job: Job) =>
      rows.find((row) => row.JobNumber === job.JobNumber);
    expect(rowOf(all.TableData, late)).toMatchObject({
      ResponseBreached: true,
      ResolutionBreached: true,
      AllowedSteps: ['ASSIGN', 'CANCEL'],
    });
    expect(rowOf(all.TableData, cancelled)).toMatchObject({ AllowedSteps: [] });

    // The viewer sees the same rows and may take no step.
    const viewed = await list({ Page: 1, ItemsPerPage: 50 }, own.viewer);
    expect(viewed.TableData).toHaveLength(4);
    expect(viewed.TableData.every((row) => row.AllowedSteps.length === 0)).toBe(true);

    await eachRefused([
      [
        () => api.call('jobOrderLists', token('manager'), { Branch: own.id }),
        'You do not work in that branch.',
      ],
      [
        () => api.call('jobOrderLists', token('verifier'), { Branch: logins.branch() }),
        'Your role may not list job orders.',
      ],
      [
        () => api.call('jobOrderShow', token('manager'), { JobOrder: open.JobOrderId }),
        'Job order not found.',
      ],
      [
        () => api.call('jobOrderShow', token('verifier'), { JobOrder: open.JobOrderId }),
        'Your role may not list job orders.',
      ],
    ]);
  });
});

describe('a job order’s service level', () => {
  it('shows an old P1 job past both targets, its downtime counting on', async () => {
    const job = await raised([await oneAsset()], { Priority: 'P1' });
    await raisedAgo(job, 2 * 24 * 60);
    const detail = await shown(job);
    const raisedAt = Date.parse(detail.RaisedAt);
    expect(Date.parse(detail.ResponseDueAt) - raisedAt).toBe(30 * 60_000);
    expect(Date.parse(detail.ResolutionDueAt) - raisedAt).toBe(8 * 60 * 60_000);
    expect(detail).toMatchObject({ ResponseBreached: true, ResolutionBreached: true });
    expect(detail.DowntimeMinutes).toBeGreaterThanOrEqual(2 * 24 * 60);
    expect(detail.DowntimeMinutes).toBeLessThan(2 * 24 * 60 + 60);
  });

  it('shows a job answered and resolved in time as met, its downtime fixed at the resolution', async () => {
    const job = await raised([await aWarrantyAsset()], {
      Priority: 'P1',
      ...(await vendorAssignee()),
    });
    await moved(job, 'START');
    await moved(job, 'RESOLVE', { Remarks: 'Replaced the battery' });
    await raisedAgo(job, 2 * 24 * 60, { responded: 10, resolved: 7 * 60 });
    expect(await shown(job)).toMatchObject({
      ResponseBreached: false,
      ResolutionBreached: false,
      DowntimeMinutes: 7 * 60,
    });
    // Answered late and resolved late: both targets missed, whatever the time now.
    await raisedAgo(job, 2 * 24 * 60, { responded: 31, resolved: 8 * 60 + 1 });
    expect(await shown(job)).toMatchObject({
      ResponseBreached: true,
      ResolutionBreached: true,
      DowntimeMinutes: 8 * 60 + 1,
    });
  });

  it('starts a preventive job’s clock on its due day: worked on before it, it is early, not broken', async () => {
    const job = await raised([await aWarrantyAsset()], {
      JobType: 'PREVENTIVE',
      Priority: 'P3',
      ...(await vendorAssignee()),
    });
    const due = fromToday(5);
    await api.db
      .updateTable('jobOrders')
      .set({ dueDate: due })
      .where('id', '=', job.JobOrderId)
      .execute();
    const waiting = await shown(job);
    expect(waiting).toMatchObject({ DueDate: due, ResponseBreached: false, DowntimeMinutes: 0 });
    expect(Date.parse(waiting.ResponseDueAt)).toBe(
      Date.parse(`${due}T00:00:00+05:30`) + 8 * 60 * 60_000,
    );
    // The vendor comes early: started and resolved days before the due day.
    const started = await moved(job, 'START');
    expect(started).toMatchObject({ ResponseBreached: false, DowntimeMinutes: 0 });
    const resolved = await moved(job, 'RESOLVE', { Remarks: 'Serviced ahead of the visit' });
    expect(resolved).toMatchObject({
      StatusCode: 'RESOLVED',
      ResponseBreached: false,
      ResolutionBreached: false,
      DowntimeMinutes: 0,
    });
  });
});

describe('a job order’s service report', () => {
  async function attach(job: Job, login: string) {
    const { body, contentType } = await multipartBody(
      { UserInterface: '1', JobOrder: String(job.JobOrderId) },
      [
        {
          field: 'File',
          name: 'report.pdf',
          type: 'application/pdf',
          bytes: Buffer.from(simplePdf('Service report', ['Replaced the power board'])),
        },
      ],
    );
    const response = await api.app.inject({
      method: 'POST',
      url: `/${legacyCalls.jobOrderReportStore.path}`,
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${login}` },
    });
    const envelope = AnyEnvelope.parse(response.json());
    return { status: response.statusCode, flag: envelope.flag, output: envelope.output };
  }

  it('is attached to a job not yet closed, by a user who may raise jobs', async () => {
    const job = await raised([await aWarrantyAsset()], await vendorAssignee());
    const answer = await attach(job, token('manager'));
    expect([answer.flag, answer.output]).toEqual([1, 'Service report attached.']);
    const url = (await shown(job)).ReportUrl ?? '';
    expect(url).toMatch(/^files\/job-orders\/[0-9a-f]{24}\.pdf$/);
    // Served, as a document of the job's branch, to those who work in it.
    const served = await api.app.inject({
      method: 'GET',
      url: `/${url}`,
      headers: { authorization: `Bearer ${token('viewer')}` },
    });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'application/pdf']);
    await eachRefused([
      [() => attach(job, token('viewer')), 'Your role may not raise job orders.'],
    ]);
    await moved(job, 'START');
    await moved(job, 'RESOLVE', { Remarks: 'Fixed' });
    await moved(job, 'CLOSE');
    await eachRefused([
      [
        () => attach(job, token('manager')),
        `Job order ${job.JobNumber} is closed: its service report stays as it is.`,
      ],
    ]);
  });
});
