import {
  addDays,
  financialYear,
  financialYearRange,
  indianDate,
  JOB_STATUS_TEXT,
} from '@branch-assets/domain';
import { SERVER_TEXTS } from '@branch-assets/i18n/server';
import { aBranch, aLogin, anAsset, aVendor } from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

/*
 * Job orders through the gateway (docs/workflows.md), as the people involved: the branch's
 * manager raises and works a job, a second manager approves its quotation, a viewer only reads.
 * The coverage found for it, its steps with their status chips in the caller's language, the
 * legacy refusals as REJECTED and the contract's as BAD_USER_INPUT, the list with its filters and
 * download, the service report uploaded by the gateway's own route, and an asset's reliability.
 */

const RaiseJob = graphql(`
  mutation RaiseJobOf($input: JobOrderInput!) {
    saveJobOrder(input: $input) {
      message
      jobOrder {
        id number status { code text } coverage contractNumber allowedSteps assigneeName
        netAmount gstAmount chargeableAmount canAttachReport
        assets { id assetStatus previousStatus }
      }
    }
  }
`);

const MoveJob = graphql(`
  mutation MoveJobOf($input: MoveJobOrderInput!) {
    moveJobOrder(input: $input) {
      message
      jobOrder {
        status { code text } allowedSteps assigneeName assigneeKind engineerName
        quoteAmount quoteGst quoteDecision quotedByName quoteDecidedByName resolution
        respondedAt resolvedAt closedAt canAttachReport
        assets { assetStatus }
        steps { step fromStatus toStatus userName }
      }
    }
  }
`);

const JobOrder = graphql(`
  query JobOrderOf($id: ID!) {
    jobOrder(id: $id) { number status { code text } allowedSteps reportUrl canAttachReport }
  }
`);

const JobOrders = graphql(`
  query JobOrdersOf(
    $branchId: ID!
    $status: JobStatus
    $open: Boolean
    $breached: Boolean
  ) {
    jobOrders(branchId: $branchId, status: $status, open: $open, breached: $breached) {
      rows {
        id number priority status { code text } responseBreached resolutionBreached allowedSteps
      }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const Reliability = graphql(`
  query ReliabilityOf($assetId: ID!) {
    assetReliability(assetId: $assetId) {
      failures mttrMinutes mtbfDays downtimeHoursThisYear openJobOrderId openJobNumber
    }
  }
`);

const SaveContract = graphql(`
  mutation SaveContractForJobOf($input: MaintenanceContractInput!) {
    saveMaintenanceContract(input: $input) { contract { id number } }
  }
`);

const RequestTransfer = graphql(`
  mutation RequestTransferForJobOf($input: AssetTransferInput!) {
    requestAssetTransfer(input: $input) { transfer { id } }
  }
`);

const DecideTransfer = graphql(`
  mutation DecideTransferForJobOf($input: DecideAssetTransferInput!) {
    decideAssetTransfer(input: $input) { transfer { status { code } } }
  }
`);

const DispatchTransfer = graphql(`
  mutation DispatchTransferForJobOf($input: DispatchAssetTransferInput!) {
    dispatchAssetTransfer(input: $input) { transfer { status { code } } }
  }
`);

const ReceiveTransfer = graphql(`
  mutation ReceiveTransferForJobOf($input: ReceiveAssetTransferInput!) {
    receiveAssetTransfer(input: $input) { transfer { status { code } } }
  }
`);

const Transfer = graphql(`
  query TransferForJobOf($id: ID!) {
    assetTransfer(id: $id) { status { code } assets { assetStatus outcome } }
  }
`);

const stack = useStack([]);
const clients = {} as Record<'raiser' | 'approver' | 'viewer', Client>;
let branch = { id: 0, code: '' };
let vendor = 0;

const TAMIL = { 'accept-language': 'ta' };
const tam = SERVER_TEXTS.tam.statuses;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  branch = await aBranch(stack.db);
  const roles = { raiser: 'manager', approver: 'manager', viewer: 'viewer' };
  for (const [who, role] of Object.entries(roles))
    clients[who as keyof typeof clients] = await stack.clientOf(
      await aLogin(stack.db, { role, branches: [branch.id] }),
    );
  vendor = await aVendor(stack.db);
});

/** India's date this many days from today. */
const fromToday = (days: number) => addDays(indianDate(new Date()), days);

function jobInput(assetIds: readonly number[], changes: Record<string, unknown> = {}) {
  return {
    branchId: String(branch.id),
    assetIds: assetIds.map(String),
    jobType: 'BREAKDOWN' as const,
    priority: 'P2' as const,
    problem: 'Display flickers and the unit restarts on battery',
    ...changes,
  };
}

async function raised(client: Client, input: ReturnType<typeof jobInput>) {
  const answer = await client.graphql(RaiseJob, { input });
  expect(answer.errors).toBeUndefined();
  const job = answer.data?.saveJobOrder.jobOrder;
  if (!job) throw new Error('no job order');
  return { message: answer.data?.saveJobOrder.message, job };
}

async function moved(
  client: Client,
  id: string,
  step: 'ASSIGN' | 'START' | 'QUOTE' | 'APPROVE_QUOTE' | 'RESOLVE' | 'CLOSE' | 'CANCEL',
  changes: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const answer = await client.graphql(MoveJob, { input: { id, step, ...changes } }, headers);
  expect(answer.errors).toBeUndefined();
  const result = answer.data?.moveJobOrder;
  if (!result) throw new Error('no job order');
  return result;
}

const assignment = () => ({
  assigneeKind: 'VENDOR' as const,
  vendorId: String(vendor),
  engineerName: 'Ravi Kumar',
});

/**
 * Moves a job's moments back, as if it had been raised (and answered, resolved) that many minutes
 * ago. The raising moment is the database's own to write (its column type has no update, hence
 * the cast): a test alone rewrites it, as legacy-api's own job order tests do.
 */
async function backdate(
  id: string,
  raisedMinutesAgo: number,
  later?: { respondedMinutesAgo: number; resolvedMinutesAgo: number },
) {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await stack.db
    .updateTable('jobOrders')
    .set({ raisedAt: ago(raisedMinutesAgo) } as never)
    .where('id', '=', Number(id))
    .execute();
  if (later)
    await stack.db
      .updateTable('jobOrders')
      .set({
        respondedAt: ago(later.respondedMinutesAgo),
        resolvedAt: ago(later.resolvedMinutesAgo),
      })
      .where('id', '=', Number(id))
      .execute();
}

describe('a job order through the gateway', () => {
  it('is raised chargeable, quoted, approved by the second manager, worked, resolved and closed; its chips in Tamil', async () => {
    const monitor = await anAsset(stack.db, { branch: branch.id, status: 'IN_USE' });
    const { message, job } = await raised(
      clients.raiser,
      jobInput([monitor.id], {
        priority: 'P1',
        lines: [
          { kind: 'PART', description: 'Display panel', quantity: 1, rate: '7200.00', gstRate: 18 },
        ],
      }),
    );
    expect(job.number).toMatch(
      new RegExp(`^JOB/${branch.code}/${financialYear(indianDate(new Date()))}/\\d{4}$`),
    );
    expect(message).toBe(`${job.number} raised (chargeable).`);
    expect(job).toMatchObject({
      status: { code: 'OPEN', text: JOB_STATUS_TEXT.OPEN },
      coverage: 'CHARGEABLE',
      contractNumber: null,
      allowedSteps: ['ASSIGN', 'CANCEL'],
      assigneeName: null,
      netAmount: '7200.00',
      gstAmount: '1296.00',
      chargeableAmount: '8496.00',
      canAttachReport: true,
      assets: [{ id: String(monitor.id), assetStatus: 'OUT_OF_ORDER', previousStatus: 'IN_USE' }],
    });
    const id = job.id;

    const assigned = await moved(clients.raiser, id, 'ASSIGN', assignment(), TAMIL);
    expect(assigned.jobOrder).toMatchObject({
      status: { code: 'ASSIGNED', text: tam.JOB_ASSIGNED },
      assigneeKind: 'VENDOR',
      engineerName: 'Ravi Kumar',
      assigneeName: expect.stringMatching(/^Ravi Kumar \(.+\)$/),
      // No start before an approved quotation.
      allowedSteps: ['ASSIGN', 'QUOTE', 'CANCEL'],
    });
    expectRefused(
      await clients.raiser.graphql(MoveJob, { input: { id, step: 'START' } }),
      'REJECTED',
      'A chargeable job needs an approved quotation before the work starts.',
    );

    const quoted = await moved(clients.raiser, id, 'QUOTE', {
      quoteAmount: '8500.00',
      quoteGst: '1530.00',
      remarks: 'Panel and labour',
    });
    expect(quoted.message).toBe(`${job.number} quoted: waiting for approval.`);
    expect(quoted.jobOrder).toMatchObject({
      status: { code: 'WAITING_APPROVAL', text: JOB_STATUS_TEXT.WAITING_APPROVAL },
      quoteAmount: '8500.00',
      quoteGst: '1530.00',
      quoteDecision: null,
      allowedSteps: ['CANCEL'],
      assets: [{ assetStatus: 'OUT_OF_ORDER' }],
    });
    expectRefused(
      await clients.raiser.graphql(MoveJob, { input: { id, step: 'APPROVE_QUOTE' } }),
      'REJECTED',
      'The user who entered a quotation cannot approve it: a second user does.',
    );
    expectRefused(
      await clients.viewer.graphql(MoveJob, { input: { id, step: 'APPROVE_QUOTE' } }),
      'REJECTED',
      'Your role may not approve quotations.',
    );
    const pending = await clients.approver.graphql(JobOrder, { id }, TAMIL);
    expect(pending.data?.jobOrder).toMatchObject({
      status: { code: 'WAITING_APPROVAL', text: tam.JOB_WAITING_APPROVAL },
      allowedSteps: ['APPROVE_QUOTE', 'REJECT_QUOTE', 'CANCEL'],
    });

    const approved = await moved(clients.approver, id, 'APPROVE_QUOTE');
    expect(approved.message).toBe(`${job.number} quotation approved.`);
    expect(approved.jobOrder).toMatchObject({
      // Back where it was when quoted.
      status: { code: 'ASSIGNED' },
      quoteDecision: 'APPROVED',
      quotedByName: expect.any(String),
      quoteDecidedByName: expect.any(String),
    });
    expect(approved.jobOrder.quoteDecidedByName).not.toBe(approved.jobOrder.quotedByName);
    expect(approved.jobOrder.allowedSteps).toContain('START');

    const started = await moved(clients.raiser, id, 'START', {}, TAMIL);
    expect(started.jobOrder).toMatchObject({
      status: { code: 'IN_PROGRESS', text: tam.JOB_IN_PROGRESS },
      respondedAt: expect.any(String),
      assets: [{ assetStatus: 'UNDER_REPAIR' }],
    });

    // What was done is required to resolve: the contract's refusal names the field.
    expectRefused(
      await clients.raiser.graphql(MoveJob, { input: { id, step: 'RESOLVE' } }),
      'BAD_USER_INPUT',
      'Remarks is required for this step (what was done, or why)',
    );
    const resolved = await moved(clients.raiser, id, 'RESOLVE', {
      remarks: 'Display panel replaced; burn-in tested for two hours',
    });
    expect(resolved.jobOrder).toMatchObject({
      status: { code: 'RESOLVED', text: JOB_STATUS_TEXT.RESOLVED },
      resolution: 'Display panel replaced; burn-in tested for two hours',
      resolvedAt: expect.any(String),
      assets: [{ assetStatus: 'IN_USE' }],
      allowedSteps: ['CLOSE', 'REOPEN'],
    });

    const closed = await moved(clients.raiser, id, 'CLOSE', {}, TAMIL);
    expect(closed.jobOrder).toMatchObject({
      status: { code: 'CLOSED', text: tam.JOB_CLOSED },
      closedAt: expect.any(String),
      allowedSteps: [],
      canAttachReport: false,
    });
    expect(closed.jobOrder.steps.map((entry) => [entry.step, entry.toStatus])).toEqual([
      ['RAISED', 'OPEN'],
      ['ASSIGN', 'ASSIGNED'],
      ['QUOTE', 'WAITING_APPROVAL'],
      ['APPROVE_QUOTE', 'ASSIGNED'],
      ['START', 'IN_PROGRESS'],
      ['RESOLVE', 'RESOLVED'],
      ['CLOSE', 'CLOSED'],
    ]);
    expectRefused(
      await clients.raiser.graphql(MoveJob, { input: { id, step: 'CLOSE' } }),
      'REJECTED',
      `Job order ${job.number} cannot be closed now (it is Closed).`,
    );
  });

  it('finds its coverage: warranty starts at once, a contract in force is named', async () => {
    const underWarranty = await anAsset(stack.db, {
      branch: branch.id,
      status: 'OUT_OF_ORDER',
      warrantyEnd: fromToday(30),
    });
    const warranty = await raised(clients.raiser, jobInput([underWarranty.id]));
    expect(warranty.message).toBe(`${warranty.job.number} raised (warranty).`);
    expect(warranty.job).toMatchObject({ coverage: 'WARRANTY', contractNumber: null });
    const assigned = await moved(clients.raiser, warranty.job.id, 'ASSIGN', assignment());
    expect(assigned.jobOrder.allowedSteps).toEqual(['ASSIGN', 'START', 'QUOTE', 'CANCEL']);

    const covered = await anAsset(stack.db, { branch: branch.id, status: 'IN_USE' });
    const number = `AMC-JOB-${covered.id}`;
    const contract = await clients.raiser.graphql(SaveContract, {
      input: {
        branchId: String(branch.id),
        vendorId: String(vendor),
        contractType: 'CMC',
        number,
        startDate: fromToday(-30),
        endDate: fromToday(330),
        contractValue: '24000.00',
        gstRate: 18,
        paymentSchedule: 'ANNUAL_ADVANCE',
        visitsPerYear: 0,
        responseHours: 24,
        noticeDays: 30,
        renewal: 'MANUAL',
        assetIds: [String(covered.id)],
      },
    });
    expect(contract.errors).toBeUndefined();
    const underContract = await raised(clients.raiser, jobInput([covered.id], { priority: 'P3' }));
    expect(underContract.message).toBe(`${underContract.job.number} raised (contract).`);
    expect(underContract.job).toMatchObject({ coverage: 'CONTRACT', contractNumber: number });

    // An asset is on one open job at most.
    expectRefused(
      await clients.raiser.graphql(RaiseJob, { input: jobInput([covered.id]) }),
      'REJECTED',
      `Asset ${covered.tag} is already on job order ${underContract.job.number}.`,
    );
  });

  it('refuses the viewer’s writes and malformed input', async () => {
    const asset = await anAsset(stack.db, { branch: branch.id });
    expectRefused(
      await clients.viewer.graphql(RaiseJob, { input: jobInput([asset.id]) }),
      'REJECTED',
      'Your role may not raise job orders.',
    );
    expectRefused(
      await clients.raiser.graphql(RaiseJob, {
        input: jobInput([asset.id], { assigneeKind: 'VENDOR', vendorId: String(vendor) }),
      }),
      'BAD_USER_INPUT',
      'AssigneeKind must name the vendor and its engineer, or the staff member, who does the work',
    );
    expectRefused(
      await clients.raiser.graphql(RaiseJob, { input: jobInput([asset.id], { problem: '' }) }),
      'BAD_USER_INPUT',
      'Problem is required',
    );
    expectRefused(
      await clients.raiser.graphql(RaiseJob, { input: jobInput([asset.id], { assetIds: ['x'] }) }),
      'BAD_USER_INPUT',
      'assetIds[0] must be a positive whole number.',
    );
    const { job } = await raised(clients.raiser, jobInput([asset.id]));
    const seen = await clients.viewer.graphql(JobOrder, { id: job.id });
    expect(seen.data?.jobOrder).toMatchObject({ number: job.number, allowedSteps: [] });
    expectRefused(
      await clients.viewer.graphql(MoveJob, {
        input: { id: job.id, step: 'ASSIGN', ...assignment() },
      }),
      'REJECTED',
      'Your role may not work on job orders.',
    );
  });
});

describe('the job orders list through the gateway', () => {
  it('filters a branch’s jobs by open, past target and status, counts them, and downloads what is listed', async () => {
    // A branch of the test's own: its counts are this test's jobs only.
    const own = await aBranch(stack.db);
    const manager = await stack.clientOf(
      await aLogin(stack.db, { role: 'manager', branches: [own.id] }),
    );
    const viewer = await stack.clientOf(
      await aLogin(stack.db, { role: 'viewer', branches: [own.id] }),
    );
    const input = (assetId: number, priority: 'P1' | 'P3') => ({
      ...jobInput([assetId], { priority }),
      branchId: String(own.id),
    });
    const late = (
      await raised(manager, input((await anAsset(stack.db, { branch: own.id })).id, 'P1'))
    ).job;
    const fresh = (
      await raised(manager, input((await anAsset(stack.db, { branch: own.id })).id, 'P3'))
    ).job;
    const dropped = (
      await raised(manager, input((await anAsset(stack.db, { branch: own.id })).id, 'P3'))
    ).job;
    await moved(manager, dropped.id, 'CANCEL', { remarks: 'Raised on the wrong monitor' });
    // Raised two days ago and never answered: past both targets of a P1.
    await backdate(late.id, 2 * 24 * 60);

    const list = async (filters: { open?: boolean; breached?: boolean; status?: 'CANCELLED' }) => {
      const answer = await manager.graphql(JobOrders, { branchId: String(own.id), ...filters });
      expect(answer.errors).toBeUndefined();
      const jobs = answer.data?.jobOrders;
      if (!jobs) throw new Error('no list');
      return jobs;
    };
    const all = await list({});
    expect(all.totalCount).toBe(3);
    expect(all.canCreate).toBe(true);
    expect(all.exportUrl).toBe(`/exports/job-orders.xlsx?branchId=${own.id}`);

    const open = await list({ open: true });
    expect(open.totalCount).toBe(2);
    expect(open.rows.map((row) => row.number).sort()).toEqual([late.number, fresh.number].sort());
    expect((await list({ open: false })).rows.map((row) => row.number)).toEqual([dropped.number]);

    const breached = await list({ breached: true });
    expect(breached.totalCount).toBe(1);
    expect(breached.rows).toMatchObject([
      {
        number: late.number,
        priority: 'P1',
        responseBreached: true,
        resolutionBreached: true,
        status: { code: 'OPEN' },
        allowedSteps: ['ASSIGN', 'CANCEL'],
      },
    ]);
    expect(breached.exportUrl).toBe(`/exports/job-orders.xlsx?branchId=${own.id}&breached=true`);
    const notBreached = await list({ breached: false, open: true });
    expect(notBreached.rows.map((row) => row.number)).toEqual([fresh.number]);
    expect(notBreached.rows[0]).toMatchObject({ responseBreached: false });

    const cancelled = await list({ status: 'CANCELLED' });
    expect(cancelled.totalCount).toBe(1);
    expect(cancelled.rows[0]).toMatchObject({
      number: dropped.number,
      status: { code: 'CANCELLED', text: JOB_STATUS_TEXT.CANCELLED },
      allowedSteps: [],
    });
    expect(cancelled.exportUrl).toBe(
      `/exports/job-orders.xlsx?branchId=${own.id}&status=CANCELLED`,
    );

    // The download is the list as filtered: the same rows.
    const sheet = await downloadSheet(manager, breached.exportUrl ?? '', /JobOrders_/);
    expect(sheet.actualRowCount - 1).toBe(1);
    expect(sheet.getRow(2).values).toContain(late.number);
    expect(open.exportUrl).toBe(`/exports/job-orders.xlsx?branchId=${own.id}&open=true`);
    const openSheet = await downloadSheet(manager, open.exportUrl ?? '');
    expect(openSheet.actualRowCount - 1).toBe(2);
    const cancelledSheet = await downloadSheet(manager, cancelled.exportUrl ?? '');
    expect(cancelledSheet.actualRowCount - 1).toBe(1);
    expect(cancelledSheet.getRow(2).values).toContain(dropped.number);

    const viewerList = await viewer.graphql(JobOrders, { branchId: String(own.id) });
    expect(viewerList.data?.jobOrders).toMatchObject({
      totalCount: 3,
      canCreate: false,
      exportUrl: null,
    });
    expect(viewerList.data?.jobOrders.rows.every((row) => row.allowedSteps.length === 0)).toBe(
      true,
    );
  });
});

describe('a job order’s service report', () => {
  it('is uploaded as a PDF until the job is closed, and read back by its link', async () => {
    const asset = await anAsset(stack.db, { branch: branch.id, warrantyEnd: fromToday(90) });
    const { job } = await raised(clients.raiser, jobInput([asset.id]));
    const upload = (client: Client) =>
      client.fetch(`/uploads/job-order-report?jobOrderId=${job.id}&fileName=service-report.pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(PDF),
      });

    const refused = await upload(clients.viewer);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      code: 'REJECTED',
      message: 'Your role may not raise job orders.',
    });

    const uploaded = await upload(clients.raiser);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await uploaded.json()).toEqual({
      message: 'Service report attached.',
      record: { id: job.id, number: job.number },
    });
    const shown = await clients.viewer.graphql(JobOrder, { id: job.id });
    const reportUrl = shown.data?.jobOrder.reportUrl ?? '';
    expect(reportUrl).toMatch(/^\/files\/job-orders\/[0-9a-f]+\.pdf$/);
    const report = await clients.viewer.fetch(reportUrl);
    expect(report.status).toBe(200);
    expect(Buffer.from(await report.arrayBuffer())).toEqual(PDF);

    await moved(clients.raiser, job.id, 'ASSIGN', assignment());
    await moved(clients.raiser, job.id, 'START');
    await moved(clients.raiser, job.id, 'RESOLVE', { remarks: 'Battery pack replaced' });
    await moved(clients.raiser, job.id, 'CLOSE');
    const late = await upload(clients.raiser);
    expect(late.status).toBe(422);
    expect(((await late.json()) as { error: unknown }).error).toMatchObject({
      code: 'REJECTED',
      message: `Job order ${job.number} is closed: its service report stays as it is.`,
    });
    expect((await clients.viewer.graphql(JobOrder, { id: job.id })).data?.jobOrder.reportUrl).toBe(
      reportUrl,
    );
  });
});

describe('an asset’s reliability through the gateway', () => {
  it('measures MTTR, MTBF and this year’s downtime from its resolved breakdowns, and points to its open job', async () => {
    const asset = await anAsset(stack.db, { branch: branch.id, warrantyEnd: fromToday(365) });
    const assetId = String(asset.id);
    const none = await clients.viewer.graphql(Reliability, { assetId });
    expect(none.data?.assetReliability).toEqual({
      failures: 0,
      mttrMinutes: null,
      mtbfDays: null,
      downtimeHoursThisYear: 0,
      openJobOrderId: null,
      openJobNumber: null,
    });

    // Two breakdowns, each an hour to repair: six and three hours ago.
    const times = [
      { raised: 6 * 60, resolved: 5 * 60 },
      { raised: 3 * 60, resolved: 2 * 60 },
    ];
    for (const { raised: raisedAgo, resolved: resolvedAgo } of times) {
      const { job } = await raised(clients.raiser, jobInput([asset.id]));
      await moved(clients.raiser, job.id, 'ASSIGN', assignment());
      await moved(clients.raiser, job.id, 'START');
      await moved(clients.raiser, job.id, 'RESOLVE', { remarks: 'Loose connector reseated' });
      await moved(clients.raiser, job.id, 'CLOSE');
      await backdate(job.id, raisedAgo, {
        respondedMinutesAgo: raisedAgo - 10,
        resolvedMinutesAgo: resolvedAgo,
      });
    }
    // A calibration on it now: the job its page points to (not a breakdown: no downtime).
    const { job: open } = await raised(
      clients.raiser,
      jobInput([asset.id], { jobType: 'CALIBRATION' }),
    );

    const answer = await clients.viewer.graphql(Reliability, { assetId });
    expect(answer.errors).toBeUndefined();
    // Downtime is counted inside this financial year (which may have begun hours ago).
    const yearStart = new Date(
      `${financialYearRange(financialYear(indianDate(new Date()))).start}T00:00:00+05:30`,
    ).getTime();
    const downMs = times.reduce((sum, { raised: from, resolved: to }) => {
      const start = Math.max(Date.now() - from * 60_000, yearStart);
      return sum + Math.max(0, Date.now() - to * 60_000 - start);
    }, 0);
    expect(answer.data?.assetReliability).toMatchObject({
      failures: 2,
      mttrMinutes: 60,
      // From the first resolution (5 h ago) to the second breakdown (3 h ago): 2 h.
      mtbfDays: 0.1,
      openJobOrderId: open.id,
      openJobNumber: open.number,
    });
    expect(answer.data?.assetReliability.downtimeHoursThisYear).toBeCloseTo(downMs / 3_600_000, 0);
  });
});

describe('a transfer receipt', () => {
  it('refuses a write-off as BAD_USER_INPUT naming the item, and leaves the transfer in transit', async () => {
    const to = await aBranch(stack.db);
    const receiver = await stack.clientOf(
      await aLogin(stack.db, { role: 'manager', branches: [to.id] }),
    );
    const asset = await anAsset(stack.db, { branch: branch.id, status: 'IN_STOCK' });
    const requested = await clients.raiser.graphql(RequestTransfer, {
      input: {
        fromBranchId: String(branch.id),
        toBranchId: String(to.id),
        assetIds: [String(asset.id)],
        reason: 'Spare monitor for the new ward',
      },
    });
    expect(requested.errors).toBeUndefined();
    const id = requested.data?.requestAssetTransfer.transfer.id ?? '';
    await clients.approver.graphql(DecideTransfer, { input: { id, decision: 'APPROVE' } });
    const sent = await clients.raiser.graphql(DispatchTransfer, {
      input: { id, vehicle: 'TN 09 AB 1234' },
    });
    expect(sent.data?.dispatchAssetTransfer.transfer.status.code).toBe('IN_TRANSIT');

    expectRefused(
      await receiver.graphql(ReceiveTransfer, {
        input: { id, items: [{ assetId: String(asset.id), outcome: 'WRITTEN_OFF' }] },
      }),
      'BAD_USER_INPUT',
      'items[0].outcome: a shortage is written off by condemning the asset, not by a receipt.',
    );
    const still = await receiver.graphql(Transfer, { id });
    expect(still.data?.assetTransfer).toMatchObject({
      status: { code: 'IN_TRANSIT' },
      assets: [{ assetStatus: 'IN_TRANSIT', outcome: null }],
    });
  });
});
