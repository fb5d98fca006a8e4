import type { AssetAuditItem, AssetAuditRow } from '@branch-assets/legacy-contract';
import type { Resolvers } from '../../generated/resolvers.ts';
import type { AssetAuditListModel } from '../audit-models.ts';
import { gatewayUrl, nullableId, numericId, optionalId, present } from '../ids.ts';
import type { ListFilters } from '../paging.ts';
import * as Records from './records.ts';

/*
 * Physical audits (docs/workflows.md, "Physical audit"). Every name below is the schema's; the
 * legacy bodies are built here.
 */

/** The audit report of an audit, built by the gateway (asset-audits/report-pdf.ts). */
export function auditReportUrl(id: number | string): string {
  return `/reports/asset-audit.pdf?id=${id}`;
}

const rowFields = Records.workflowRowFields<AssetAuditRow>(
  'assetAuditLists',
  (row) => `AUDIT_${row.StatusCode}`,
);

export const assetAuditResolvers: Resolvers = {
  Query: {
    assetAudits: async (_parent, { branchId, status, open, due, ...args }, context) => {
      const branch = numericId(branchId, 'branchId');
      const rowFilters: ListFilters = {
        ...(status ? { StatusCode: status } : {}),
        ...(typeof open === 'boolean' ? { Open: open } : {}),
        ...(typeof due === 'boolean' ? { Due: due } : {}),
      };
      const exportQuery: Record<string, string> = { branchId: String(branch) };
      for (const [name, value] of Object.entries({ status, open, due }))
        if (value !== null && value !== undefined) exportQuery[name] = String(value);
      return Records.readList(context, { prefix: 'assetAudit' }, args, {
        filters: { Branch: branch },
        rowFilters,
        exportQuery,
      });
    },
    assetAudit: async (_parent, { id }, { read }) =>
      (await read('assetAuditShow', { UserInterface: 1, AssetAudit: numericId(id, 'id') })).records,
    auditorOptions: async (_parent, { branchId }, { read }) =>
      (
        await read('assetAuditAuditorOptions', {
          UserInterface: 1,
          Branch: numericId(branchId, 'branchId'),
        })
      ).records,
    assetLastAudit: async (_parent, { assetId }, { read }) =>
      (
        await read('assetAuditLastAudit', {
          UserInterface: 1,
          Asset: numericId(assetId, 'assetId'),
        })
      ).records,
  },
  Mutation: {
    startAssetAudit: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetAuditStart', {
        UserInterface: 1,
        Branch: numericId(input.branchId, 'branchId'),
        Location: optionalId(input.locationId, 'locationId'),
        DueDate: input.dueDate,
        Auditors: input.auditorIds.map((id, index) => numericId(id, `auditorIds[${index}]`)),
        Remarks: present(input.remarks),
      });
      return { message: output, audit: records };
    },
    recordAuditScan: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetAuditScan', {
        UserInterface: 1,
        AssetAudit: numericId(input.auditId, 'auditId'),
        ScanId: input.scanId,
        Code: present(input.code),
        Asset: optionalId(input.assetId, 'assetId'),
        Location: optionalId(input.locationId, 'locationId'),
        Condition: present(input.condition),
        Remarks: present(input.remarks),
        ScannedAt: present(input.scannedAt),
      });
      return { message: output, answer: records };
    },
    submitAssetAudit: async (_parent, { id }, { write }) => {
      const { output, records } = await write('assetAuditSubmit', {
        UserInterface: 1,
        AssetAudit: numericId(id, 'id'),
      });
      return { message: output, audit: records };
    },
    resolveAuditDifference: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetAuditResolve', {
        UserInterface: 1,
        AssetAudit: numericId(input.auditId, 'auditId'),
        Item: numericId(input.itemId, 'itemId'),
        Resolution: input.resolution,
        Note: present(input.note),
        Transfer: optionalId(input.transferId, 'transferId'),
      });
      return { message: output, audit: records };
    },
    closeAssetAudit: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetAuditSignOff', {
        UserInterface: 1,
        AssetAudit: numericId(input.id, 'id'),
        Remarks: present(input.remarks),
      });
      return { message: output, audit: records };
    },
    cancelAssetAudit: async (_parent, { id, reason }, { write }) => {
      const { output, records } = await write('assetAuditCancel', {
        UserInterface: 1,
        AssetAudit: numericId(id, 'id'),
        Reason: reason,
      });
      return { message: output, audit: records };
    },
  },
  AssetAuditRow: rowFields,
  AssetAudit: {
    ...rowFields,
    branchName: (detail) => detail.BranchName,
    remarks: (detail) => detail.Remarks,
    startedByName: (detail) => detail.StartedByName,
    submittedByName: (detail) => detail.SubmittedByName,
    submittedAt: (detail) => detail.SubmittedAt,
    signOffRemarks: (detail) => detail.SignOffRemarks,
    cancelReason: (detail) => detail.CancelReason,
    auditors: (detail) =>
      detail.Auditors.map((auditor) => ({ value: auditor.UserId, text: auditor.Name })),
    items: (detail) => detail.Items,
    reportUrl: (detail) => auditReportUrl(detail.AssetAuditId),
  },
  AssetAuditItem: {
    id: (item: AssetAuditItem) => String(item.ItemId),
    assetId: (item) => nullableId(item.AssetId),
    assetTag: (item) => item.AssetTag,
    assetName: (item) => item.AssetName,
    assetBranchCode: (item) => item.AssetBranchCode,
    expected: (item) => item.Expected,
    expectedLocationId: (item) => nullableId(item.ExpectedLocationId),
    expectedLocationName: (item) => item.ExpectedLocationName,
    outcome: (item) => item.Outcome,
    foundLocationId: (item) => nullableId(item.FoundLocationId),
    foundLocationName: (item) => item.FoundLocationName,
    scannedCode: (item) => item.ScannedCode,
    condition: (item) => item.Condition,
    remarks: (item) => item.Remarks,
    photoUrl: (item) => gatewayUrl(item.PhotoUrl),
    scannedByName: (item) => item.ScannedByName,
    scannedAt: (item) => item.ScannedAt,
    repeatScans: (item) => item.RepeatScans,
    resolution: (item) => item.Resolution,
    resolutionNote: (item) => item.ResolutionNote,
    resolvedByName: (item) => item.ResolvedByName,
    resolvedAt: (item) => item.ResolvedAt,
    transferId: (item) => nullableId(item.TransferId),
  },
  AssetAuditList: Records.listFields<AssetAuditListModel>({
    module: 'asset_audit',
    exportName: 'asset-audits',
  }),
  AssetAuditResult: {
    message: (result) => result.message,
    audit: (result) => result.audit,
  },
  AuditScanResult: {
    message: (result) => result.message,
    scanId: (result) => result.answer.ScanId,
    result: (result) => result.answer.Result,
    replayed: (result) => result.answer.Replayed,
    item: (result) => result.answer.Item,
    audit: (result) => result.answer.Audit,
  },
  AssetLastAudit: {
    lastAuditedOn: (last) => last.LastAuditedOn,
    auditId: (last) => nullableId(last.AssetAuditId),
    auditNumber: (last) => last.AuditNumber,
  },
};
