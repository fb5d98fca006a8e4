import {
  formatPaise,
  type JobPriority,
  jobCost,
  serviceLevel,
  toPaise,
} from '@branch-assets/domain';
import type { JobOrderDetail } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import { assetOnRecord } from '../assets/on-record.ts';
import type { Db } from '../db/database.ts';
import { userNameOf } from '../db/name-by-id.ts';
import { fileUrl } from '../files/file-url.ts';
import { CLOCK_START, jobRowQuery, toRow } from './list.ts';

const iso = (moment: Date | null) => (moment ? moment.toISOString() : null);

/** One job order as its page shows it, or null when it is not in the user's branches. */
export async function jobOrderDetail(
  db: Db,
  access: Access,
  userId: number,
  id: number,
): Promise<JobOrderDetail | null> {
  const record = await jobRowQuery(db)
    .innerJoin('branches as b', 'b.id', 'j.branchId')
    .leftJoin('maintenanceContracts as c', 'c.id', 'j.contractId')
    .select([
      'b.code as branchCode',
      userNameOf('j.raised_by').as('raisedByName'),
      'j.assigneeKind',
      'j.vendorId',
      'j.engineerName',
      'j.assigneeStaffId',
      'j.contractId',
      'c.contractNumber',
      'j.quoteGst',
      'j.quoteRemarks',
      userNameOf('j.quoted_by').as('quotedByName'),
      userNameOf('j.quote_decided_by').as('quoteDecidedByName'),
      'j.resolution',
      'j.reportPath',
      'j.respondedAt',
      'j.resolvedAt',
      'j.closedAt',
      CLOCK_START.as('clockStart'),
    ])
    .where('j.id', '=', id)
    .executeTakeFirst();
  if (!record || !access.worksIn(record.branchId)) return null;
  const [assets, steps, lines] = await Promise.all([
    db
      .selectFrom('jobOrderAssets as ja')
      .innerJoin('assets as a', 'a.id', 'ja.assetId')
      .leftJoin('assetLocations as l', 'l.id', 'a.locationId')
      .select([
        'a.id',
        'a.tag',
        'a.name',
        'a.serialNumber',
        'a.assetStatus',
        'ja.previousStatus',
        'a.warrantyEnd',
        'l.name as locationName',
      ])
      .where('ja.jobOrderId', '=', id)
      .orderBy('a.tag')
      .execute(),
    db
      .selectFrom('jobOrderSteps as st')
      .select([
        'st.step',
        'st.fromStatus',
        'st.toStatus',
        'st.remarks',
        userNameOf('st.user_id').as('userName'),
        'st.at',
      ])
      .where('st.jobOrderId', '=', id)
      .orderBy('st.id')
      .execute(),
    db.selectFrom('jobOrderLines').selectAll().where('jobOrderId', '=', id).orderBy('id').execute(),
  ]);
  const costed = lines.map((line) => ({
    line,
    cost: jobCost([
      {
        quantity: Number(line.quantity),
        rate: toPaise(line.rate),
        gstRate: Number(line.gstRate),
        chargeable: line.chargeable,
      },
    ]),
  }));
  const total = jobCost(
    lines.map((line) => ({
      quantity: Number(line.quantity),
      rate: toPaise(line.rate),
      gstRate: Number(line.gstRate),
      chargeable: line.chargeable,
    })),
  );
  const clockStart = new Date(record.clockStart);
  // A preventive job worked on before its due day (its clock's start) met its targets early: its
  // response and resolution count from the clock's start, not before it (serviceLevel refuses).
  const notBefore = (moment: Date | null) =>
    moment !== null && moment < clockStart ? clockStart : moment;
  const level = serviceLevel(
    record.priority as JobPriority,
    clockStart,
    notBefore(record.respondedAt),
    notBefore(record.resolvedAt),
    new Date(),
  );
  return {
    ...toRow(record, access, userId),
    BranchCode: record.branchCode,
    RaisedByName: record.raisedByName,
    AssigneeKind: record.assigneeKind,
    VendorId: record.vendorId,
    EngineerName: record.engineerName,
    AssigneeStaffId: record.assigneeStaffId,
    ContractId: record.contractId,
    ContractNumber: record.contractNumber,
    QuoteAmount: record.quoteAmount,
    QuoteGst: record.quoteGst,
    QuoteRemarks: record.quoteRemarks,
    QuoteDecision: record.quoteDecision,
    QuotedByName: record.quotedByName,
    QuoteDecidedByName: record.quoteDecidedByName,
    Resolution: record.resolution,
    ReportUrl: fileUrl(record.reportPath),
    RespondedAt: iso(record.respondedAt),
    ResolvedAt: iso(record.resolvedAt),
    ClosedAt: iso(record.closedAt),
    ResponseDueAt: level.responseDueAt.toISOString(),
    ResolutionDueAt: level.resolutionDueAt.toISOString(),
    DowntimeMinutes: record.status === 'CANCELLED' ? 0 : level.downtimeMinutes,
    NetAmount: formatPaise(total.net),
    GstAmount: formatPaise(total.gst),
    ChargeableAmount: formatPaise(total.chargeableTotal),
    Assets: assets.map((asset) => ({
      ...assetOnRecord(asset),
      PreviousStatus: asset.previousStatus,
      WarrantyEnd: asset.warrantyEnd,
      LocationName: asset.locationName,
    })),
    Steps: steps.map((step) => ({
      Step: step.step,
      FromStatus: step.fromStatus,
      ToStatus: step.toStatus,
      Remarks: step.remarks,
      UserName: step.userName,
      At: step.at.toISOString(),
    })),
    Lines: costed.map(({ line, cost }) => ({
      Kind: line.kind,
      Description: line.description,
      Quantity: line.quantity,
      Rate: line.rate,
      GstRate: Number(line.gstRate),
      Chargeable: line.chargeable,
      Amount: formatPaise(cost.net),
      Gst: formatPaise(cost.gst),
    })),
  };
}
