import { statusTone, toneColors } from '@branch-assets/domain';
import type {
  AssetTransferDetail,
  AssetTransferRow,
  CallRequest,
  TableHeader,
} from '@branch-assets/legacy-contract';
import { type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { assetOnRecord } from '../assets/on-record.ts';
import type { Db } from '../db/database.ts';
import { userNameOf } from '../db/name-by-id.ts';
import type { TransferStatus } from '../db/schema.ts';
import { ACTIONS_HEADER } from '../shared/list-payload.ts';
import { queryListPayload } from '../shared/query-list.ts';
import {
  closedColumn,
  contains,
  numberColumn,
  requiredTextColumn,
  type SqlList,
  textColumn,
} from '../shared/sql-page.ts';

export const MODULE = 'asset_transfer';

export const TRANSFER_STATUS_TEXT: Record<TransferStatus, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  IN_TRANSIT: 'In Transit',
  RECEIVED_SHORT: 'Received Short',
  RECEIVED: 'Received',
};

/** The transfers still open: an asset on one of them is not offered to another. */
export const OPEN_TRANSFER: readonly TransferStatus[] = [
  'REQUESTED',
  'APPROVED',
  'IN_TRANSIT',
  'RECEIVED_SHORT',
];

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Transfer No', value: 'TransferNumber' },
  { text: 'Requested On', value: 'RequestedAt' },
  { text: 'From', value: 'FromBranchName' },
  { text: 'To', value: 'ToBranchName' },
  { text: 'Assets', value: 'AssetCount', align: 'end' },
  { text: 'Short', value: 'ShortCount', align: 'end' },
  { text: 'Gate Pass', value: 'GatePassNumber' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

const REQUESTED_ON = sql<string>`to_char(t.requested_at at time zone 'Asia/Kolkata', 'DD-MM-YYYY')`;
const COUNT = sql<number>`(select count(*)::int from asset_transfer_items ti where ti.transfer_id = t.id)`;
const SHORT = sql<number>`(select count(*)::int from asset_transfer_items ti where ti.transfer_id = t.id and ti.outcome = 'SHORT')`;

function rowQuery(db: Db) {
  return db
    .selectFrom('assetTransfers as t')
    .innerJoin('branches as fb', 'fb.id', 't.fromBranchId')
    .innerJoin('branches as tb', 'tb.id', 't.toBranchId')
    .select([
      't.id',
      't.transferNumber',
      't.fromBranchId',
      sql<string>`fb.code || ' - ' || fb.name`.as('fromBranchName'),
      't.toBranchId',
      sql<string>`tb.code || ' - ' || tb.name`.as('toBranchName'),
      't.requestedAt',
      REQUESTED_ON.as('requestedOn'),
      't.neededBy',
      COUNT.as('assetCount'),
      SHORT.as('shortCount'),
      't.gatePassNumber',
      't.status',
      't.requestedBy',
    ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

/** What the user may do with a transfer now; the steps check each again. */
export function mayDo(
  access: Access,
  userId: number,
  transfer: Pick<Stored, 'status' | 'fromBranchId' | 'toBranchId' | 'requestedBy'>,
) {
  const writes = access.can(MODULE, 'create') || access.can(MODULE, 'edit');
  const atSource = access.worksIn(transfer.fromBranchId);
  const atDestination = access.worksIn(transfer.toBranchId);
  return {
    decide:
      transfer.status === 'REQUESTED' &&
      access.can(MODULE, 'approve') &&
      atSource &&
      transfer.requestedBy !== userId,
    dispatch: transfer.status === 'APPROVED' && writes && atSource,
    receive:
      (transfer.status === 'IN_TRANSIT' || transfer.status === 'RECEIVED_SHORT') &&
      writes &&
      atDestination,
    cancel:
      (transfer.status === 'REQUESTED' || transfer.status === 'APPROVED') &&
      writes &&
      (atSource || atDestination),
  };
}

function toRow(record: Stored, access: Access, userId: number): AssetTransferRow {
  const text = TRANSFER_STATUS_TEXT[record.status];
  const colors = toneColors(statusTone(text));
  const may = mayDo(access, userId, record);
  return {
    AssetTransferId: record.id,
    TransferNumber: record.transferNumber,
    FromBranchId: record.fromBranchId,
    FromBranchName: record.fromBranchName,
    ToBranchId: record.toBranchId,
    ToBranchName: record.toBranchName,
    RequestedAt: record.requestedAt.toISOString(),
    RequestedOnTxt: record.requestedOn,
    NeededBy: record.neededBy,
    AssetCount: Number(record.assetCount),
    ShortCount: Number(record.shortCount),
    GatePassNumber: record.gatePassNumber,
    StatusTxt: text,
    StatusCode: record.status,
    StatusBgColor: colors.background,
    StatusTextColor: colors.text,
    DecideFlag: may.decide,
    DispatchFlag: may.dispatch,
    ReceiveFlag: may.receive,
    CancelFlag: may.cancel,
  };
}

const LIST: SqlList = {
  columns: {
    TransferNumber: requiredTextColumn(sql`t.transfer_number`),
    RequestedAt: {
      sort: sql`t.requested_at`,
      search: (word) => (/^[\d-]+$/.test(word) ? contains(REQUESTED_ON, word) : null),
    },
    FromBranchName: requiredTextColumn(sql`fb.code || ' - ' || fb.name`),
    ToBranchName: requiredTextColumn(sql`tb.code || ' - ' || tb.name`),
    AssetCount: numberColumn(COUNT),
    ShortCount: numberColumn(SHORT),
    GatePassNumber: textColumn(sql`t.gate_pass_number`),
    StatusTxt: closedColumn(sql`t.status`, TRANSFER_STATUS_TEXT),
  },
  filters: {
    StatusCode: (value) => sql<SqlBool>`t.status = ${String(value)}`,
  },
  order: [{ by: sql`t.requested_at`, desc: true }],
  key: sql`t.id`,
};

export function transferList(
  db: Db,
  access: Access,
  userId: number,
  branch: { id: number; code: string },
  request: CallRequest<'assetTransferLists'>,
) {
  const side = request.Direction === 'INCOMING' ? 't.toBranchId' : 't.fromBranchId';
  return queryListPayload(db, request, {
    rows: () => rowQuery(db).where(side, '=', branch.id),
    count: () =>
      db
        .selectFrom('assetTransfers as t')
        .innerJoin('branches as fb', 'fb.id', 't.fromBranchId')
        .innerJoin('branches as tb', 'tb.id', 't.toBranchId')
        .where(side, '=', branch.id),
    key: 't.id',
    list: LIST,
    headers: HEADERS,
    toRow: (record) => toRow(record, access, userId),
    itemKey: 'AssetTransferId',
    canDownload: access.can(MODULE, 'download'),
    excelFileName: `AssetTransfers_${request.Direction === 'INCOMING' ? 'To' : 'From'}_${branch.code}`,
  });
}

export async function transferDetail(
  db: Db,
  access: Access,
  userId: number,
  id: number,
): Promise<AssetTransferDetail | null> {
  const record = await rowQuery(db)
    .select([
      't.reason',
      userNameOf('t.requested_by').as('requestedByName'),
      userNameOf('t.decided_by').as('decidedByName'),
      't.decidedAt',
      't.decisionRemarks',
      't.vehicle',
      userNameOf('t.dispatched_by').as('dispatchedByName'),
      't.dispatchedAt',
      userNameOf('t.received_by').as('receivedByName'),
      't.receivedAt',
      't.cancelReason',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!record || !(access.worksIn(record.fromBranchId) || access.worksIn(record.toBranchId)))
    return null;
  const [assets, accessories] = await Promise.all([
    db
      .selectFrom('assetTransferItems as ti')
      .innerJoin('assets as a', 'a.id', 'ti.assetId')
      .leftJoin('assetLocations as l', 'l.id', 'ti.locationId')
      .select([
        'a.id',
        'a.tag',
        'a.name',
        'a.serialNumber',
        'a.assetStatus',
        'ti.previousStatus',
        'ti.outcome',
        'ti.conditionOnArrival',
        'l.name as locationName',
        'ti.remarks',
      ])
      .where('ti.transferId', '=', id)
      .orderBy('a.tag')
      .execute(),
    db
      .selectFrom('assetTransferAccessories as ta')
      .innerJoin('accessories as x', 'x.id', 'ta.accessoryId')
      .select(['x.id', 'x.name', 'x.unit', 'ta.quantity', 'ta.received'])
      .where('ta.transferId', '=', id)
      .orderBy('x.name')
      .execute(),
  ]);
  const date = (moment: Date | null) => (moment ? moment.toISOString() : null);
  return {
    ...toRow(record, access, userId),
    Reason: record.reason,
    RequestedByName: record.requestedByName,
    DecidedByName: record.decidedByName,
    DecidedAt: date(record.decidedAt),
    DecisionRemarks: record.decisionRemarks,
    Vehicle: record.vehicle,
    DispatchedByName: record.dispatchedByName,
    DispatchedAt: date(record.dispatchedAt),
    ReceivedByName: record.receivedByName,
    ReceivedAt: date(record.receivedAt),
    CancelReason: record.cancelReason,
    Assets: assets.map((asset) => ({
      ...assetOnRecord(asset),
      PreviousStatus: asset.previousStatus,
      Outcome: asset.outcome,
      ConditionOnArrival: asset.conditionOnArrival,
      LocationName: asset.locationName,
      Remarks: asset.remarks,
    })),
    Accessories: accessories.map((accessory) => ({
      AccessoryId: accessory.id,
      AccessoryName: accessory.name,
      Unit: accessory.unit,
      Quantity: accessory.quantity,
      Received: accessory.received,
    })),
  };
}
