import type { JobOrderRequest, JobOrderRow } from '@branch-assets/legacy-contract';
import type { AssetStatus, JobOrderInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, nullableId, numericId, optionalId, present } from '../ids.ts';
import type { JobOrderListModel } from '../models.ts';
import type { ListFilters } from '../paging.ts';
import * as Records from './records.ts';

/*
 * Job orders (docs/workflows.md). Every name below is the schema's; the legacy bodies are built
 * here.
 */

const rowFields = Records.workflowRowFields<JobOrderRow>(
  'jobOrderLists',
  (row) => `JOB_${row.StatusCode}`,
);

function jobOrderBody(input: JobOrderInput): JobOrderRequest {
  return {
    UserInterface: 1,
    JobOrder: optionalId(input.id, 'id'),
    Branch: numericId(input.branchId, 'branchId'),
    Assets: input.assetIds.map((id, index) => numericId(id, `assetIds[${index}]`)),
    JobType: input.jobType,
    Priority: input.priority,
    Problem: input.problem,
    AssigneeKind: present(input.assigneeKind),
    Vendor: optionalId(input.vendorId, 'vendorId'),
    EngineerName: present(input.engineerName),
    Staff: optionalId(input.staffId, 'staffId'),
    Lines: (input.lines ?? []).map((line) => ({
      Kind: line.kind,
      Description: line.description,
      Quantity: line.quantity,
      Rate: String(line.rate),
      GstRate: line.gstRate,
      Chargeable: line.chargeable ?? true,
    })),
  };
}

export const jobOrderResolvers: Resolvers = {
  Query: {
    jobOrders: async (
      _parent,
      { branchId, status, jobType, priority, coverage, open, breached, assetId, due, ...args },
      context,
    ) => {
      const branch = numericId(branchId, 'branchId');
      const rowFilters: ListFilters = {
        ...(status ? { StatusCode: status } : {}),
        ...(jobType ? { JobTypeCode: jobType } : {}),
        ...(priority ? { Priority: priority } : {}),
        ...(coverage ? { CoverageCode: coverage } : {}),
        ...(typeof open === 'boolean' ? { Open: open } : {}),
        ...(typeof breached === 'boolean' ? { Breached: breached } : {}),
        ...(assetId ? { Asset: numericId(assetId, 'assetId') } : {}),
        ...(due ? { Due: due } : {}),
      };
      const exportQuery: Record<string, string> = { branchId: String(branch) };
      for (const [name, value] of Object.entries({
        status,
        jobType,
        priority,
        coverage,
        open,
        breached,
        assetId,
        due,
      }))
        if (value !== null && value !== undefined) exportQuery[name] = String(value);
      return Records.readList(context, { prefix: 'jobOrder' }, args, {
        filters: { Branch: branch },
        rowFilters,
        exportQuery,
      });
    },
    jobOrder: async (_parent, { id }, { read }) =>
      (await read('jobOrderShow', { UserInterface: 1, JobOrder: numericId(id, 'id') })).records,
    assetReliability: async (_parent, { assetId }, { read }) =>
      (
        await read('jobOrderReliability', {
          UserInterface: 1,
          Asset: numericId(assetId, 'assetId'),
        })
      ).records,
  },
  Mutation: {
    saveJobOrder: async (_parent, { input }, { write }) => {
      const { output, records } = await write('jobOrderStore', jobOrderBody(input));
      return { message: output, jobOrder: records };
    },
    moveJobOrder: async (_parent, { input }, { write }) => {
      const { output, records } = await write('jobOrderMove', {
        UserInterface: 1,
        JobOrder: numericId(input.id, 'id'),
        Step: input.step,
        Remarks: present(input.remarks),
        AssigneeKind: present(input.assigneeKind),
        Vendor: optionalId(input.vendorId, 'vendorId'),
        EngineerName: present(input.engineerName),
        Staff: optionalId(input.staffId, 'staffId'),
        QuoteAmount:
          input.quoteAmount === null || input.quoteAmount === undefined
            ? undefined
            : String(input.quoteAmount),
        QuoteGst:
          input.quoteGst === null || input.quoteGst === undefined
            ? undefined
            : String(input.quoteGst),
      });
      return { message: output, jobOrder: records };
    },
  },
  JobOrderRow: rowFields,
  JobOrder: {
    ...rowFields,
    branchCode: (detail) => detail.BranchCode,
    raisedByName: (detail) => detail.RaisedByName,
    assigneeKind: (detail) => detail.AssigneeKind,
    vendorId: (detail) => nullableId(detail.VendorId),
    engineerName: (detail) => detail.EngineerName,
    assigneeStaffId: (detail) => nullableId(detail.AssigneeStaffId),
    contractId: (detail) => nullableId(detail.ContractId),
    contractNumber: (detail) => detail.ContractNumber,
    quoteAmount: (detail) => detail.QuoteAmount,
    quoteGst: (detail) => detail.QuoteGst,
    quoteRemarks: (detail) => detail.QuoteRemarks,
    quoteDecision: (detail) => detail.QuoteDecision,
    quotedByName: (detail) => detail.QuotedByName,
    quoteDecidedByName: (detail) => detail.QuoteDecidedByName,
    resolution: (detail) => detail.Resolution,
    reportUrl: (detail) => gatewayUrl(detail.ReportUrl),
    canAttachReport: (detail) =>
      detail.StatusCode !== 'CLOSED' &&
      detail.StatusCode !== 'CANCELLED' &&
      detail.AllowedSteps.some((step) => step !== 'APPROVE_QUOTE' && step !== 'REJECT_QUOTE'),
    respondedAt: (detail) => detail.RespondedAt,
    resolvedAt: (detail) => detail.ResolvedAt,
    closedAt: (detail) => detail.ClosedAt,
    responseDueAt: (detail) => detail.ResponseDueAt,
    resolutionDueAt: (detail) => detail.ResolutionDueAt,
    downtimeMinutes: (detail) => detail.DowntimeMinutes,
    netAmount: (detail) => detail.NetAmount,
    gstAmount: (detail) => detail.GstAmount,
    chargeableAmount: (detail) => detail.ChargeableAmount,
    assets: (detail) => detail.Assets,
    steps: (detail) => detail.Steps,
    lines: (detail) => detail.Lines,
  },
  JobOrderAsset: {
    id: (asset) => String(asset.AssetId),
    tag: (asset) => asset.AssetTag,
    name: (asset) => asset.AssetName,
    serialNumber: (asset) => asset.SerialNumber,
    assetStatus: (asset) => asset.AssetStatus as AssetStatus,
    previousStatus: (asset) => asset.PreviousStatus as AssetStatus,
    warrantyEnd: (asset) => asset.WarrantyEnd,
    locationName: (asset) => asset.LocationName,
  },
  JobOrderStepEntry: {
    step: (step) => step.Step,
    fromStatus: (step) => step.FromStatus,
    toStatus: (step) => step.ToStatus,
    remarks: (step) => step.Remarks,
    userName: (step) => step.UserName,
    at: (step) => step.At,
  },
  JobOrderLine: {
    kind: (line) => line.Kind,
    description: (line) => line.Description,
    quantity: (line) => Number(line.Quantity),
    rate: (line) => line.Rate,
    gstRate: (line) => line.GstRate,
    chargeable: (line) => line.Chargeable,
    amount: (line) => line.Amount,
    gst: (line) => line.Gst,
  },
  AssetReliability: {
    failures: (reliability) => reliability.Failures,
    mttrMinutes: (reliability) => reliability.MttrMinutes,
    mtbfDays: (reliability) => reliability.MtbfDays,
    downtimeHoursThisYear: (reliability) => reliability.DowntimeHoursThisYear,
    openJobOrderId: (reliability) => nullableId(reliability.OpenJobOrderId),
    openJobNumber: (reliability) => reliability.OpenJobNumber,
  },
  JobOrderList: Records.listFields<JobOrderListModel>({
    module: 'job_order',
    exportName: 'job-orders',
  }),
  JobOrderResult: {
    message: (result) => result.message,
    jobOrder: (result) => result.jobOrder,
  },
};
