import type {
  AssetInstallationRow,
  AssetInstallationSaveRequest,
  CallRequest,
} from '@branch-assets/legacy-contract';
import type { AssetInstallationInput, AssetStatus, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, nullableId, numericId, optionalId, present } from '../ids.ts';
import type { AssetInstallationListModel } from '../models.ts';
import * as Records from './records.ts';

/*
 * An asset's installation, condemnation and disposal (docs/workflows.md). Every name below is the
 * schema's; the legacy bodies are built here.
 */

function installationBody(input: AssetInstallationInput): AssetInstallationSaveRequest {
  const { checklist } = input;
  return {
    UserInterface: 1,
    Branch: numericId(input.branchId, 'branchId'),
    GoodsReceiptNote: optionalId(input.goodsReceiptNoteId, 'goodsReceiptNoteId'),
    Assets: input.assetIds.map((id, index) => numericId(id, `assetIds[${index}]`)),
    InstalledAt: input.installedAt,
    Location: numericId(input.locationId, 'locationId'),
    InstallerKind: input.installerKind,
    Vendor: optionalId(input.vendorId, 'vendorId'),
    EngineerName: present(input.engineerName),
    InstalledBy: optionalId(input.installedById, 'installedById'),
    PhysicalConditionOk: checklist.physicalConditionOk,
    PowerEarthingOk: checklist.powerEarthingOk,
    AccessoriesPresent: checklist.accessoriesPresent,
    DemoGiven: checklist.demoGiven,
    StaffTrained: checklist.staffTrained,
    ManualHandedOver: checklist.manualHandedOver,
    WarrantyFromInstallation: present(input.warrantyFromInstallation),
    Remarks: present(input.remarks),
  };
}

// Its own word for waiting: PENDING is worded "Pending" for other records.
const rowFields = Records.workflowRowFields<AssetInstallationRow>(
  'assetInstallationLists',
  (row) => (row.StatusCode === 'PENDING' ? 'AWAITING_SIGN_OFF' : row.StatusCode),
);

export const installationResolvers: Resolvers = {
  Query: {
    assetInstallations: async (_parent, { branchId, status, ...args }, context) => {
      const branch = numericId(branchId, 'branchId');
      return Records.readList(context, { prefix: 'assetInstallation' }, args, {
        filters: { Branch: branch },
        rowFilters: status ? { StatusCode: status } : {},
        exportQuery: { branchId: String(branch), ...(status ? { status } : {}) },
      });
    },
    assetInstallation: async (_parent, { id }, { read }) =>
      (
        await read('assetInstallationShow', {
          UserInterface: 1,
          AssetInstallation: numericId(id, 'id'),
        })
      ).records,
    installableAssets: async (_parent, { branchId, goodsReceiptNoteId, search }, { read }) =>
      (
        await read('assetInstallationCandidates', {
          UserInterface: 1,
          Branch: numericId(branchId, 'branchId'),
          GoodsReceiptNote: optionalId(goodsReceiptNoteId, 'goodsReceiptNoteId'),
          ...(search ? { Search: search } : {}),
        })
      ).records,
    assetDisposal: async (_parent, { assetId }, { read }) =>
      (await read('assetDisposalShow', { UserInterface: 1, Asset: numericId(assetId, 'assetId') }))
        .records,
  },
  Mutation: {
    saveAssetInstallation: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetInstallationSave', installationBody(input));
      return { message: output, installation: records };
    },
    signOffAssetInstallation: async (_parent, { input }, { write }) => {
      const body: CallRequest<'assetInstallationSignOff'> = {
        UserInterface: 1,
        AssetInstallation: numericId(input.id, 'id'),
        Decision: input.decision,
        Remarks: present(input.remarks),
      };
      const { output, records } = await write('assetInstallationSignOff', body);
      return { message: output, installation: records };
    },
    condemnAsset: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetCondemn', {
        UserInterface: 1,
        Asset: numericId(input.assetId, 'assetId'),
        CondemnedOn: input.condemnedOn,
        Reason: input.reason,
        Condition: input.condition,
        CommitteeRemarks: input.committeeRemarks,
      });
      return { message: output, record: records };
    },
    disposeAsset: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetDispose', {
        UserInterface: 1,
        Asset: numericId(input.assetId, 'assetId'),
        Method: input.method,
        DisposedOn: input.disposedOn,
        Amount: present(input.amount),
        Buyer: present(input.buyer),
        Remarks: present(input.remarks),
      });
      return { message: output, record: records };
    },
  },
  AssetInstallationRow: rowFields,
  AssetInstallation: {
    ...rowFields,
    goodsReceiptNoteId: (detail) => nullableId(detail.GoodsReceiptNoteId),
    installerKind: (detail) => detail.InstallerKind,
    vendorId: (detail) => nullableId(detail.VendorId),
    vendorName: (detail) => detail.VendorName,
    engineerName: (detail) => detail.EngineerName,
    installedById: (detail) => nullableId(detail.InstalledById),
    installedByStaffName: (detail) => detail.InstalledByStaffName,
    checklist: (detail) => detail,
    warrantyFromInstallation: (detail) => detail.WarrantyFromInstallation,
    reportUrl: (detail) => gatewayUrl(detail.ReportUrl),
    remarks: (detail) => detail.Remarks,
    recordedByName: (detail) => detail.RecordedByName,
    recordedAt: (detail) => detail.RecordedAt,
    decidedByName: (detail) => detail.DecidedByName,
    decidedAt: (detail) => detail.DecidedAt,
    decisionRemarks: (detail) => detail.DecisionRemarks,
    canAttachReport: (detail) => detail.ReportFlag,
    assets: (detail) => detail.Assets,
  },
  InstallationChecklist: {
    physicalConditionOk: (detail) => detail.PhysicalConditionOk,
    powerEarthingOk: (detail) => detail.PowerEarthingOk,
    accessoriesPresent: (detail) => detail.AccessoriesPresent,
    demoGiven: (detail) => detail.DemoGiven,
    staffTrained: (detail) => detail.StaffTrained,
    manualHandedOver: (detail) => detail.ManualHandedOver,
  },
  InstalledAsset: {
    id: (asset) => String(asset.AssetId),
    tag: (asset) => asset.AssetTag,
    name: (asset) => asset.AssetName,
    serialNumber: (asset) => asset.SerialNumber,
    assetStatus: (asset) => asset.AssetStatus as AssetStatus,
  },
  InstallableAssets: {
    assets: (candidates) => candidates.Assets,
    notes: (candidates) => candidates.Notes,
  },
  InstallableAsset: {
    id: (asset) => String(asset.AssetId),
    tag: (asset) => asset.AssetTag,
    name: (asset) => asset.AssetName,
    serialNumber: (asset) => asset.SerialNumber,
    locationName: (asset) => asset.LocationName,
    goodsReceiptNoteId: (asset) => nullableId(asset.GoodsReceiptNoteId),
  },
  InstallableNote: {
    id: (note) => String(note.GoodsReceiptNoteId),
    number: (note) => note.GoodsReceiptNoteNumber,
    receivedDate: (note) => note.ReceivedDate,
    vendorId: (note) => String(note.VendorId),
    vendorName: (note) => note.VendorName,
    waiting: (note) => note.Waiting,
  },
  AssetDisposal: {
    condemnedOn: (disposal) => disposal.CondemnedOn,
    reason: (disposal) => disposal.Reason,
    condition: (disposal) => disposal.Condition,
    committeeRemarks: (disposal) => disposal.CommitteeRemarks,
    condemnedByName: (disposal) => disposal.CondemnedByName,
    method: (disposal) => disposal.Method,
    disposedOn: (disposal) => disposal.DisposedOn,
    amount: (disposal) => disposal.Amount,
    buyer: (disposal) => disposal.Buyer,
    remarks: (disposal) => disposal.Remarks,
    disposedByName: (disposal) => disposal.DisposedByName,
  },
  AssetInstallationList: Records.listFields<AssetInstallationListModel>({
    module: 'asset_installation',
    exportName: 'asset-installations',
  }),
  AssetInstallationResult: {
    message: (result) => result.message,
    installation: (result) => result.installation,
  },
};
