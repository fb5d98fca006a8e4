import type { AssetTransferRow } from '@branch-assets/legacy-contract';
import { AppError } from '../../errors/codes.ts';
import type {
  AssetCondition,
  AssetStatus,
  Resolvers,
  TransferOutcome,
} from '../../generated/resolvers.ts';
import { gatePassUrl } from '../../transfers/routes.ts';
import { numericId, optionalId, present } from '../ids.ts';
import type { AssetTransferListModel } from '../models.ts';
import * as Records from './records.ts';

/*
 * Transfers between branches (docs/workflows.md). Every name below is the schema's; the legacy
 * bodies are built here.
 */

/** A receipt says received, damaged or short; a write-off comes through condemnation only. */
function receiptOutcome(outcome: TransferOutcome, index: number) {
  if (outcome === 'WRITTEN_OFF')
    throw new AppError(
      'BAD_USER_INPUT',
      `items[${index}].outcome: a shortage is written off by condemning the asset, not by a receipt.`,
    );
  return outcome;
}

const rowFields = Records.workflowRowFields<AssetTransferRow>(
  'assetTransferLists',
  (row) => `TRANSFER_${row.StatusCode}`,
);

export const transferResolvers: Resolvers = {
  Query: {
    assetTransfers: async (_parent, { branchId, direction, status, ...args }, context) => {
      const branch = numericId(branchId, 'branchId');
      const side = direction ?? 'OUTGOING';
      return Records.readList(context, { prefix: 'assetTransfer' }, args, {
        filters: { Branch: branch, Direction: side },
        rowFilters: status ? { StatusCode: status } : {},
        exportQuery: { branchId: String(branch), direction: side, ...(status ? { status } : {}) },
      });
    },
    assetTransfer: async (_parent, { id }, { read }) =>
      (await read('assetTransferShow', { UserInterface: 1, AssetTransfer: numericId(id, 'id') }))
        .records,
  },
  Mutation: {
    requestAssetTransfer: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetTransferStore', {
        UserInterface: 1,
        FromBranch: numericId(input.fromBranchId, 'fromBranchId'),
        ToBranch: numericId(input.toBranchId, 'toBranchId'),
        Assets: input.assetIds.map((id, index) => numericId(id, `assetIds[${index}]`)),
        Accessories: (input.accessories ?? []).map((line, index) => ({
          Accessory: numericId(line.accessoryId, `accessories[${index}].accessoryId`),
          Quantity: line.quantity,
        })),
        Reason: input.reason,
        NeededBy: present(input.neededBy),
      });
      return { message: output, transfer: records };
    },
    decideAssetTransfer: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetTransferDecide', {
        UserInterface: 1,
        AssetTransfer: numericId(input.id, 'id'),
        Decision: input.decision,
        Remarks: present(input.remarks),
      });
      return { message: output, transfer: records };
    },
    dispatchAssetTransfer: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetTransferDispatch', {
        UserInterface: 1,
        AssetTransfer: numericId(input.id, 'id'),
        Vehicle: input.vehicle,
      });
      return { message: output, transfer: records };
    },
    receiveAssetTransfer: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetTransferReceive', {
        UserInterface: 1,
        AssetTransfer: numericId(input.id, 'id'),
        Items: input.items.map((item, index) => ({
          Asset: numericId(item.assetId, `items[${index}].assetId`),
          Outcome: receiptOutcome(item.outcome, index),
          Condition: present(item.condition),
          Location: optionalId(item.locationId, `items[${index}].locationId`),
          Remarks: present(item.remarks),
        })),
        Accessories: (input.accessories ?? []).map((line, index) => ({
          Accessory: numericId(line.accessoryId, `accessories[${index}].accessoryId`),
          Received: line.received,
        })),
      });
      return { message: output, transfer: records };
    },
    cancelAssetTransfer: async (_parent, { input }, { write }) => {
      const { output, records } = await write('assetTransferCancel', {
        UserInterface: 1,
        AssetTransfer: numericId(input.id, 'id'),
        Reason: input.reason,
      });
      return { message: output, transfer: records };
    },
  },
  AssetTransferRow: rowFields,
  AssetTransfer: {
    ...rowFields,
    reason: (detail) => detail.Reason,
    requestedByName: (detail) => detail.RequestedByName,
    decidedByName: (detail) => detail.DecidedByName,
    decidedAt: (detail) => detail.DecidedAt,
    decisionRemarks: (detail) => detail.DecisionRemarks,
    vehicle: (detail) => detail.Vehicle,
    dispatchedByName: (detail) => detail.DispatchedByName,
    dispatchedAt: (detail) => detail.DispatchedAt,
    receivedByName: (detail) => detail.ReceivedByName,
    receivedAt: (detail) => detail.ReceivedAt,
    cancelReason: (detail) => detail.CancelReason,
    gatePassUrl: (detail) =>
      detail.GatePassNumber === null ? null : gatePassUrl(detail.AssetTransferId),
    assets: (detail) => detail.Assets,
    accessories: (detail) => detail.Accessories,
  },
  TransferredAsset: {
    id: (asset) => String(asset.AssetId),
    tag: (asset) => asset.AssetTag,
    name: (asset) => asset.AssetName,
    serialNumber: (asset) => asset.SerialNumber,
    assetStatus: (asset) => asset.AssetStatus as AssetStatus,
    previousStatus: (asset) => asset.PreviousStatus as AssetStatus,
    outcome: (asset) => asset.Outcome,
    conditionOnArrival: (asset) => asset.ConditionOnArrival as AssetCondition | null,
    locationName: (asset) => asset.LocationName,
    remarks: (asset) => asset.Remarks,
  },
  TransferredAccessory: {
    id: (accessory) => String(accessory.AccessoryId),
    name: (accessory) => accessory.AccessoryName,
    unit: (accessory) => accessory.Unit,
    quantity: (accessory) => accessory.Quantity,
    received: (accessory) => accessory.Received,
  },
  AssetTransferList: Records.listFields<AssetTransferListModel>({
    module: 'asset_transfer',
    exportName: 'asset-transfers',
  }),
  AssetTransferResult: {
    message: (result) => result.message,
    transfer: (result) => result.transfer,
  },
};
