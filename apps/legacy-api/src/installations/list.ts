import { ASSET_STATUS_TEXT, type AssetStatus, statusTone, toneColors } from '@branch-assets/domain';
import type {
  AssetInstallationDetail,
  AssetInstallationRow,
  CallRequest,
  InstallationCandidates,
  TableHeader,
} from '@branch-assets/legacy-contract';
import { type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { assetOnRecord } from '../assets/on-record.ts';
import type { Db } from '../db/database.ts';
import type { InstallationStatus } from '../db/schema.ts';
import { fileUrl } from '../files/file-url.ts';
import { ACTIONS_HEADER } from '../shared/list-payload.ts';
import { queryListPayload } from '../shared/query-list.ts';
import {
  closedColumn,
  contains,
  nameColumn,
  numberColumn,
  requiredTextColumn,
  type SqlList,
  sortText,
} from '../shared/sql-page.ts';

export const MODULE = 'asset_installation';

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Installation No', value: 'InstallationNumber' },
  { text: 'Installed On', value: 'InstalledAt' },
  { text: 'Assets', value: 'AssetTags' },
  { text: 'Count', value: 'AssetCount', align: 'end' },
  { text: 'Location', value: 'LocationName' },
  { text: 'Installed By', value: 'InstalledByName' },
  { text: 'GRN Number', value: 'GoodsReceiptNoteNumber' },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

export const INSTALLATION_STATUS_TEXT: Record<InstallationStatus, string> = {
  PENDING: 'Awaiting Sign-off',
  SIGNED_OFF: 'Signed Off',
  SENT_BACK: 'Sent Back',
};

/** 'DD-MM-YYYY HH:MM' in India, whatever the server's zone: what the row shows and is searched by. */
const INSTALLED_AT_TEXT = sql<string>`to_char(i.installed_at at time zone 'Asia/Kolkata', 'DD-MM-YYYY HH24:MI')`;
const TAGS = sql<string>`(select string_agg(a.tag, ', ' order by a.tag) from asset_installation_items ii join assets a on a.id = ii.asset_id where ii.installation_id = i.id)`;
const COUNT = sql<number>`(select count(*)::int from asset_installation_items ii where ii.installation_id = i.id)`;
const INSTALLED_BY = sql<string>`coalesce(i.engineer_name || coalesce(' (' || v.name || ')', ''), s.name, '')`;

function rowQuery(db: Db) {
  return db
    .selectFrom('assetInstallations as i')
    .innerJoin('assetLocations as l', 'l.id', 'i.locationId')
    .leftJoin('vendors as v', 'v.id', 'i.vendorId')
    .leftJoin('staff as s', 's.id', 'i.installedByStaffId')
    .leftJoin('goodsReceiptNotes as n', 'n.id', 'i.goodsReceiptNoteId')
    .select([
      'i.id',
      'i.installationNumber',
      'i.branchId',
      'i.installedAt',
      INSTALLED_AT_TEXT.as('installedAtText'),
      'i.locationId',
      'l.name as locationName',
      INSTALLED_BY.as('installedByName'),
      COUNT.as('assetCount'),
      TAGS.as('assetTags'),
      'n.grnNumber',
      'i.status',
      'i.recordedBy',
    ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

/** Whether the user may decide it now: the approve grant, its branch, and not its recorder. */
export function maySignOff(
  access: Access,
  userId: number,
  installation: { status: InstallationStatus; branchId: number; recordedBy: number },
): boolean {
  return (
    installation.status === 'PENDING' &&
    access.can(MODULE, 'approve') &&
    access.worksIn(installation.branchId) &&
    installation.recordedBy !== userId
  );
}

function toRow(record: Stored, access: Access, userId: number): AssetInstallationRow {
  const text = INSTALLATION_STATUS_TEXT[record.status];
  const colors = toneColors(statusTone(text));
  return {
    AssetInstallationId: record.id,
    InstallationNumber: record.installationNumber,
    BranchId: record.branchId,
    InstalledAt: record.installedAt.toISOString(),
    InstalledAtTxt: record.installedAtText,
    LocationId: record.locationId,
    LocationName: record.locationName,
    InstalledByName: record.installedByName,
    AssetCount: Number(record.assetCount),
    AssetTags: record.assetTags ?? '',
    GoodsReceiptNoteNumber: record.grnNumber,
    StatusTxt: text,
    StatusCode: record.status,
    StatusBgColor: colors.background,
    StatusTextColor: colors.text,
    SignOffFlag: maySignOff(access, userId, record),
  };
}

const LIST: SqlList = {
  columns: {
    InstallationNumber: requiredTextColumn(sql`i.installation_number`),
    InstalledAt: {
      sort: sql`i.installed_at`,
      search: (word) => (/^[\d:-]+$/.test(word) ? contains(INSTALLED_AT_TEXT, word) : null),
    },
    AssetTags: {
      sort: sortText(sql`coalesce(${TAGS}, '')`),
      search: (word) =>
        sql<SqlBool>`exists (select 1 from asset_installation_items ii join assets a on a.id = ii.asset_id
          where ii.installation_id = i.id and ${contains(sql`a.tag`, word)})`,
    },
    AssetCount: numberColumn(COUNT),
    LocationName: nameColumn(sql`l.name`, sql`i.location_id`, 'asset_locations'),
    InstalledByName: requiredTextColumn(INSTALLED_BY),
    GoodsReceiptNoteNumber: {
      sort: sortText(sql`coalesce(n.grn_number, '')`),
      search: (word) => contains(sql`n.grn_number`, word),
    },
    StatusTxt: closedColumn(sql`i.status`, INSTALLATION_STATUS_TEXT),
  },
  filters: {
    StatusCode: (value) => sql<SqlBool>`i.status = ${String(value)}`,
  },
  order: [{ by: sql`i.installed_at`, desc: true }],
  key: sql`i.id`,
};

export function installationList(
  db: Db,
  access: Access,
  userId: number,
  branch: { id: number; code: string },
  request: CallRequest<'assetInstallationLists'>,
) {
  return queryListPayload(db, request, {
    rows: () => rowQuery(db).where('i.branchId', '=', branch.id),
    count: () =>
      db
        .selectFrom('assetInstallations as i')
        .innerJoin('assetLocations as l', 'l.id', 'i.locationId')
        .leftJoin('vendors as v', 'v.id', 'i.vendorId')
        .leftJoin('staff as s', 's.id', 'i.installedByStaffId')
        .leftJoin('goodsReceiptNotes as n', 'n.id', 'i.goodsReceiptNoteId')
        .where('i.branchId', '=', branch.id),
    key: 'i.id',
    list: LIST,
    headers: HEADERS,
    toRow: (record) => toRow(record, access, userId),
    itemKey: 'AssetInstallationId',
    canDownload: access.can(MODULE, 'download'),
    excelFileName: `AssetInstallations_${branch.code}`,
  });
}

export async function installationDetail(
  db: Db,
  access: Access,
  userId: number,
  id: number,
): Promise<AssetInstallationDetail | null> {
  const record = await rowQuery(db)
    .leftJoin('users as ru', 'ru.id', 'i.recordedBy')
    .leftJoin('staff as rs', 'rs.id', 'ru.staffId')
    .leftJoin('users as du', 'du.id', 'i.decidedBy')
    .leftJoin('staff as ds', 'ds.id', 'du.staffId')
    .select([
      'i.goodsReceiptNoteId',
      'i.installerKind',
      'i.vendorId',
      'v.name as vendorName',
      'i.engineerName',
      'i.installedByStaffId',
      's.name as staffName',
      'i.physicalConditionOk',
      'i.powerEarthingOk',
      'i.accessoriesPresent',
      'i.demoGiven',
      'i.staffTrained',
      'i.manualHandedOver',
      'i.warrantyFromInstallation',
      'i.reportPath',
      'i.remarks',
      'rs.name as recordedByName',
      'i.recordedAt',
      'ds.name as decidedByName',
      'i.decidedAt',
      'i.decisionRemarks',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!record || !access.worksIn(record.branchId)) return null;
  const assets = await db
    .selectFrom('assetInstallationItems as ii')
    .innerJoin('assets as a', 'a.id', 'ii.assetId')
    .select(['a.id', 'a.tag', 'a.name', 'a.serialNumber', 'a.assetStatus'])
    .where('ii.installationId', '=', id)
    .orderBy('a.tag')
    .execute();
  return {
    ...toRow(record, access, userId),
    GoodsReceiptNoteId: record.goodsReceiptNoteId,
    InstallerKind: record.installerKind,
    VendorId: record.vendorId,
    VendorName: record.vendorName,
    EngineerName: record.engineerName,
    InstalledById: record.installedByStaffId,
    InstalledByStaffName: record.staffName,
    PhysicalConditionOk: record.physicalConditionOk,
    PowerEarthingOk: record.powerEarthingOk,
    AccessoriesPresent: record.accessoriesPresent,
    DemoGiven: record.demoGiven,
    StaffTrained: record.staffTrained,
    ManualHandedOver: record.manualHandedOver,
    WarrantyFromInstallation: record.warrantyFromInstallation,
    ReportUrl: fileUrl(record.reportPath),
    Remarks: record.remarks,
    RecordedByName: record.recordedByName,
    RecordedAt: record.recordedAt.toISOString(),
    DecidedByName: record.decidedByName,
    DecidedAt: record.decidedAt ? record.decidedAt.toISOString() : null,
    DecisionRemarks: record.decisionRemarks,
    ReportFlag:
      record.status === 'PENDING' && (access.can(MODULE, 'create') || access.can(MODULE, 'edit')),
    Assets: assets.map((asset) => ({
      ...assetOnRecord(asset),
      AssetStatusTxt: ASSET_STATUS_TEXT[asset.assetStatus as AssetStatus],
    })),
  };
}

/** An installation waiting for sign-off names the asset: it is not offered again. */
export const WAITING_INSTALLATION = sql<SqlBool>`exists (select 1 from asset_installation_items ii
  join asset_installations i on i.id = ii.installation_id
  where ii.asset_id = a.id and i.status = 'PENDING')`;

const MOST_CANDIDATES = 500;

export async function installationCandidates(
  db: Db,
  branchId: number,
  request: { GoodsReceiptNote?: number | undefined; Search?: string | undefined },
): Promise<InstallationCandidates> {
  let assets = db
    .selectFrom('assets as a')
    .innerJoin('assetLocations as l', 'l.id', 'a.locationId')
    .leftJoin('goodsReceiptLines as gl', 'gl.id', 'a.goodsReceiptLineId')
    .select(['a.id', 'a.tag', 'a.name', 'a.serialNumber', 'l.name as locationName', 'gl.noteId'])
    .where('a.branchId', '=', branchId)
    .where('a.assetStatus', '=', 'IN_STOCK')
    .where('a.active', '=', true)
    .where(sql<SqlBool>`not ${WAITING_INSTALLATION}`);
  if (request.GoodsReceiptNote !== undefined)
    assets = assets.where('gl.noteId', '=', request.GoodsReceiptNote);
  for (const word of (request.Search ?? '').toLowerCase().split(/\s+/).filter(Boolean))
    assets = assets.where(
      sql<SqlBool>`(${contains(sql`a.tag`, word)} or ${contains(sql`a.name`, word)} or ${contains(sql`coalesce(a.serial_number, '')`, word)})`,
    );
  const [rows, notes] = await Promise.all([
    assets.orderBy('a.tag').limit(MOST_CANDIDATES).execute(),
    db
      .selectFrom('goodsReceiptNotes as n')
      .innerJoin('purchaseOrders as po', 'po.id', 'n.purchaseOrderId')
      .innerJoin('vendors as v', 'v.id', 'po.vendorId')
      .innerJoin('goodsReceiptLines as gl', 'gl.noteId', 'n.id')
      .innerJoin('assets as a', 'a.goodsReceiptLineId', 'gl.id')
      .select([
        'n.id',
        'n.grnNumber',
        'n.receivedDate',
        'v.id as vendorId',
        'v.name as vendorName',
        sql<number>`count(*)::int`.as('waiting'),
      ])
      .where('n.branchId', '=', branchId)
      .where('n.status', '=', 'RECEIVED')
      .where('a.branchId', '=', branchId)
      .where('a.assetStatus', '=', 'IN_STOCK')
      .where(sql<SqlBool>`not ${WAITING_INSTALLATION}`)
      .groupBy(['n.id', 'n.grnNumber', 'n.receivedDate', 'v.id', 'v.name'])
      .orderBy('n.receivedDate', 'desc')
      .orderBy('n.id', 'desc')
      .limit(100)
      .execute(),
  ]);
  return {
    Assets: rows.map((row) => ({
      AssetId: row.id,
      AssetTag: row.tag,
      AssetName: row.name,
      SerialNumber: row.serialNumber,
      LocationName: row.locationName,
      GoodsReceiptNoteId: row.noteId,
    })),
    Notes: notes.map((note) => ({
      GoodsReceiptNoteId: note.id,
      GoodsReceiptNoteNumber: note.grnNumber,
      ReceivedDate: note.receivedDate,
      VendorId: note.vendorId,
      VendorName: note.vendorName,
      Waiting: Number(note.waiting),
    })),
  };
}
