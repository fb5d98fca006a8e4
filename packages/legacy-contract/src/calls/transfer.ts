import { CONDITIONS } from '@branch-assets/domain';
import { z } from 'zod';
import { HexColor, Id, IsoDate, IsoDateTime, OptionalId, text } from '../primitives.ts';
import { BaseRequest, ListRequest, listPayload } from './shared.ts';

/*
 * Transfers between branches (docs/workflows.md), additions to the legacy contract: requested by
 * the source branch or asked for by the destination; approved or rejected by a second user with
 * the transfer's approve grant in the source branch; dispatched with a gate pass (assets In
 * transit, accessory stock out); received at the destination item by item — received, damaged or
 * short (a shortage stays In transit, flagged, until it is found and received); cancelled before
 * dispatch.
 */

export const TRANSFER_STATES = [
  'REQUESTED',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'IN_TRANSIT',
  'RECEIVED_SHORT',
  'RECEIVED',
] as const;
export const TRANSFER_OUTCOMES = ['RECEIVED', 'DAMAGED', 'SHORT', 'WRITTEN_OFF'] as const;
/** What a receipt may say of an asset (a write-off comes through condemnation only). */
export const RECEIPT_OUTCOMES = ['RECEIVED', 'DAMAGED', 'SHORT'] as const;
export const TRANSFER_DIRECTIONS = ['OUTGOING', 'INCOMING'] as const;
/** The most assets one transfer moves. */
export const MOST_TRANSFERRED = 500;

export const AssetTransferRow = z.object({
  AssetTransferId: z.number().int(),
  TransferNumber: z.string(),
  FromBranchId: z.number().int(),
  FromBranchName: z.string(),
  ToBranchId: z.number().int(),
  ToBranchName: z.string(),
  RequestedAt: IsoDateTime,
  /** 'DD-MM-YYYY' in India. */
  RequestedOnTxt: z.string(),
  NeededBy: IsoDate.nullable(),
  AssetCount: z.number().int(),
  /** Assets not received yet of a transfer received short. */
  ShortCount: z.number().int(),
  GatePassNumber: z.string().nullable(),
  StatusTxt: z.string(),
  StatusCode: z.enum(TRANSFER_STATES),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  /** What the caller may do now: decide, dispatch, receive, cancel. */
  DecideFlag: z.boolean(),
  DispatchFlag: z.boolean(),
  ReceiveFlag: z.boolean(),
  CancelFlag: z.boolean(),
});
export type AssetTransferRow = z.output<typeof AssetTransferRow>;

export const TransferredAsset = z.object({
  AssetId: z.number().int(),
  AssetTag: z.string(),
  AssetName: z.string(),
  SerialNumber: z.string().nullable(),
  AssetStatus: z.string(),
  PreviousStatus: z.string(),
  Outcome: z.enum(TRANSFER_OUTCOMES).nullable(),
  ConditionOnArrival: z.enum(CONDITIONS).nullable(),
  LocationName: z.string().nullable(),
  Remarks: z.string().nullable(),
});
export type TransferredAsset = z.output<typeof TransferredAsset>;

export const TransferredAccessory = z.object({
  AccessoryId: z.number().int(),
  AccessoryName: z.string(),
  Unit: z.string(),
  Quantity: z.number().int(),
  Received: z.number().int(),
});
export type TransferredAccessory = z.output<typeof TransferredAccessory>;

export const AssetTransferDetail = AssetTransferRow.extend({
  Reason: z.string(),
  RequestedByName: z.string().nullable(),
  DecidedByName: z.string().nullable(),
  DecidedAt: IsoDateTime.nullable(),
  DecisionRemarks: z.string().nullable(),
  Vehicle: z.string().nullable(),
  DispatchedByName: z.string().nullable(),
  DispatchedAt: IsoDateTime.nullable(),
  ReceivedByName: z.string().nullable(),
  ReceivedAt: IsoDateTime.nullable(),
  CancelReason: z.string().nullable(),
  Assets: z.array(TransferredAsset),
  Accessories: z.array(TransferredAccessory),
});
export type AssetTransferDetail = z.output<typeof AssetTransferDetail>;

export const AssetTransferRequest = BaseRequest.extend({
  FromBranch: Id,
  ToBranch: Id,
  Assets: z
    .array(Id)
    .max(MOST_TRANSFERRED, `must name at most ${MOST_TRANSFERRED} assets`)
    .default([]),
  Accessories: z
    .array(
      z.object({
        Accessory: Id,
        Quantity: z
          .number({ error: 'must be a number' })
          .int('must be whole units')
          .positive('must be more than 0')
          .max(100_000, 'must be at most 100000'),
      }),
    )
    .max(100, 'must name at most 100 accessories')
    .default([]),
  Reason: text(500, { required: true }),
  NeededBy: z.preprocess(
    (input) => (input === null || input === '' ? undefined : input),
    IsoDate.optional(),
  ),
})
  .refine((body) => body.FromBranch !== body.ToBranch, {
    message: 'must be another branch than the one the assets leave',
    path: ['ToBranch'],
  })
  .refine((body) => body.Assets.length + body.Accessories.length > 0, {
    message: 'must name at least one asset or accessory',
    path: ['Assets'],
  });
export type AssetTransferRequest = z.output<typeof AssetTransferRequest>;

const ByTransfer = BaseRequest.extend({ AssetTransfer: Id });

export const TRANSFER_DECISIONS = ['APPROVE', 'REJECT'] as const;

export const AssetTransferReceiveRequest = ByTransfer.extend({
  Items: z
    .array(
      z.object({
        Asset: Id,
        Outcome: z.enum(RECEIPT_OUTCOMES, { error: 'must be RECEIVED, DAMAGED or SHORT' }),
        Condition: z.enum(CONDITIONS).optional(),
        /** Where at the destination it now stands (received or damaged). */
        Location: OptionalId,
        Remarks: text(500, { required: false }).optional(),
      }),
    )
    .max(MOST_TRANSFERRED)
    .default([]),
  Accessories: z
    .array(
      z.object({
        Accessory: Id,
        Received: z.number().int('must be whole units').min(0, 'cannot be negative'),
      }),
    )
    .max(100)
    .default([]),
});
export type AssetTransferReceiveRequest = z.output<typeof AssetTransferReceiveRequest>;

const common = { method: 'POST' as const, authenticated: true } as const;
const transferRefusals = ['Asset transfer not found.', 'You do not work in that branch.'] as const;

export const transferCalls = {
  assetTransferLists: {
    ...common,
    path: 'api/asset-transfer/lists' as const,
    readOnly: true,
    summary:
      "Addition: a branch's transfers, newest first: OUTGOING (from it, the default) or INCOMING (to it); Filters: StatusCode.",
    request: ListRequest.extend({
      Branch: Id,
      Direction: z.enum(TRANSFER_DIRECTIONS).default('OUTGOING'),
    }),
    records: listPayload(AssetTransferRow),
    refusals: ['You do not work in that branch.', 'Your role may not list asset transfers.'],
    graphqlNames: {
      AssetTransferId: 'id',
      TransferNumber: 'number',
      RequestedOnTxt: 'requestedOnText',
      StatusTxt: 'status',
      StatusCode: 'status.code',
      DecideFlag: 'canDecide',
      DispatchFlag: 'canDispatch',
      ReceiveFlag: 'canReceive',
      CancelFlag: 'canCancel',
    },
  },
  assetTransferShow: {
    ...common,
    path: 'api/asset-transfer/show' as const,
    readOnly: true,
    summary: 'Addition: one transfer with its assets and accessories and every step.',
    request: ByTransfer,
    records: AssetTransferDetail,
    refusals: transferRefusals,
  },
  assetTransferStore: {
    ...common,
    path: 'api/asset-transfer/store' as const,
    readOnly: false,
    summary:
      'Addition: requests a transfer of assets and accessory quantities from one branch to another (by a user of either); numbered TRF/<source>/<financial year>/<sequence>.',
    request: AssetTransferRequest,
    records: AssetTransferDetail,
    refusals: [
      'You do not work in either branch.',
      'Your role may not request transfers.',
      'Asset … is not an asset of branch ….',
      'Asset … cannot be transferred while it is ….',
      'Asset … is already on transfer ….',
    ],
  },
  assetTransferDecide: {
    ...common,
    path: 'api/asset-transfer/decide' as const,
    readOnly: false,
    summary:
      'Addition: approves or rejects a requested transfer (the approve grant in the source branch; not the user who requested it).',
    request: ByTransfer.extend({
      Decision: z.enum(TRANSFER_DECISIONS, { error: 'must be APPROVE or REJECT' }),
      Remarks: text(500, { required: false }).optional(),
    }).refine((body) => body.Decision !== 'REJECT' || (body.Remarks ?? '') !== '', {
      message: 'is required when rejecting (say why)',
      path: ['Remarks'],
    }),
    records: AssetTransferDetail,
    refusals: [
      ...transferRefusals,
      'Your role may not approve transfers.',
      'The user who requested a transfer cannot approve it: a second user does.',
      'Transfer … is no longer waiting for a decision (it is …).',
    ],
  },
  assetTransferDispatch: {
    ...common,
    path: 'api/asset-transfer/dispatch' as const,
    readOnly: false,
    summary:
      'Addition: dispatches an approved transfer from the source branch with its gate pass: the assets go In transit (counted at neither branch) and the accessories leave the source stock.',
    request: ByTransfer.extend({ Vehicle: text(100, { required: true }) }),
    records: AssetTransferDetail,
    refusals: [
      ...transferRefusals,
      'Only an approved transfer can be dispatched (it is …).',
      'Asset … is … now: it cannot leave.',
      'Only … of … are in stock at …; … cannot leave.',
    ],
  },
  assetTransferReceive: {
    ...common,
    path: 'api/asset-transfer/receive' as const,
    readOnly: false,
    summary:
      'Addition: receives a dispatched transfer at the destination, item by item: received or damaged assets take the destination branch and a location there (damaged ones Out of order), short ones stay In transit and flagged until received later; accessories into the destination stock.',
    request: AssetTransferReceiveRequest,
    records: AssetTransferDetail,
    refusals: [
      ...transferRefusals,
      'Only a transfer in transit can be received (it is …).',
      'Asset … is not waiting on this transfer.',
      'Location … is not a location of branch ….',
    ],
  },
  assetTransferCancel: {
    ...common,
    path: 'api/asset-transfer/cancel' as const,
    readOnly: false,
    summary: 'Addition: cancels a transfer before it is dispatched, with the reason.',
    request: ByTransfer.extend({ Reason: text(500, { required: true }) }),
    records: AssetTransferDetail,
    refusals: [...transferRefusals, 'A dispatched transfer cannot be cancelled.'],
  },
} as const;
