import type {
  AccessoryMovementRow,
  AccessoryRow,
  AccessoryStockRow,
  AssetInstallationDetail,
  AssetInstallationRow,
  AssetLocationRow,
  AssetRow,
  AssetTransferDetail,
  AssetTransferRow,
  BranchRecordRow,
  CompanyRow,
  GalleryRow,
  GoodsReceiptNoteDetail,
  GoodsReceiptNoteRow,
  JobOrderDetail,
  JobOrderRow,
  MaintenanceContractDetail,
  MaintenanceContractRow,
  MasterListName,
  MenuItemRow,
  MenuPermissionUpdate,
  Notification,
  PurchaseOrderDetail,
  StaffRow,
  VendorRow,
} from '@branch-assets/legacy-contract';
import type { ListPageModel } from './paging.ts';

/*
 * The values resolvers pass between them where a GraphQL type has no legacy record of its own.
 * Everything else is mapped straight to its legacy record type (codegen.ts).
 */

export interface SessionModel {
  authenticated: boolean;
}

export interface StatusChipModel {
  text: string;
  /** The status's stable code, when the server sent one (the text is translated by it). */
  code: string | null;
  background: string;
  color: string;
}

/**
 * A purchase order as the schema's PurchaseOrderRow, built once per row (purchase-orders.ts
 * `orderRowOf`): graphql-jit reads a field a model already has inline, where a resolver per field
 * cost every call three closures and an info object, about half a megabyte of garbage for a page
 * of 25 orders (docs/gateway.md).
 */
export interface PurchaseOrderRowModel {
  id: string;
  number: string;
  billedBranchId: string;
  billedBranchName: string;
  shippedBranchName: string;
  dateText: string;
  date: string;
  vendorName: string;
  status: StatusChipModel;
  verification: StatusChipModel;
  approval: StatusChipModel;
  productImageUrl: string | null;
  actions: { preview: boolean; verify: boolean; approve: boolean; edit: boolean; cancel: boolean };
  documentUrl: string | null;
}

/** A whole purchase order: its row's fields, and the legacy detail the rest is read from. */
export interface PurchaseOrderModel extends PurchaseOrderRowModel {
  detail: PurchaseOrderDetail;
}

export interface PurchaseOrderListModel extends RecordListModel<PurchaseOrderRowModel> {
  branchId: string;
}

export type GoodsReceiptNoteListModel = RecordListModel<GoodsReceiptNoteRow>;
export type AssetInstallationListModel = RecordListModel<AssetInstallationRow>;
export type AssetTransferListModel = RecordListModel<AssetTransferRow>;
export type JobOrderListModel = RecordListModel<JobOrderRow>;
export type MaintenanceContractListModel = RecordListModel<MaintenanceContractRow>;

export interface JobOrderResultModel {
  message: string;
  jobOrder: JobOrderDetail;
}

export interface MaintenanceContractResultModel {
  message: string;
  contract: MaintenanceContractDetail;
}

export interface NotificationValueModel {
  name: string;
  value: string;
}

export interface NotificationFeedModel {
  notifications: Notification[];
  unreadCount: number;
}

export interface NotificationsReadModel {
  unreadCount: number;
}

export interface AssetTransferResultModel {
  message: string;
  transfer: AssetTransferDetail;
}

export interface AssetInstallationResultModel {
  message: string;
  installation: AssetInstallationDetail;
}

export interface GoodsReceiptNoteResultModel {
  message: string;
  note: GoodsReceiptNoteDetail;
}

export interface DecisionResultModel {
  message: string;
  row: PurchaseOrderRowModel;
}

/** A row of any master list, read through its list's field names (MasterListFields). */
export interface MasterRecordModel {
  list: MasterListName;
  row: Readonly<Record<string, unknown>>;
  /** The list's own fields by their GraphQL names (taxRate, unit, …), read by default resolvers. */
  readonly [extra: string]: unknown;
}

export interface MasterRecordListModel extends RecordListModel<Readonly<Record<string, unknown>>> {
  list: MasterListName;
  /** Kept for the export link. */
  parentId: string | null;
}

export interface MasterRecordResultModel {
  message: string;
  record: MasterRecordModel;
}

export interface RoleGrantsResultModel {
  message: string;
  result: MenuPermissionUpdate;
}

/** A record resource's list: its rows and the server's description of them. */
/** One page of a list, and the query string its export link carries (search, sort, filters). */
export interface RecordListModel<Row> extends ListPageModel<Row> {
  exportQuery: Record<string, string>;
}

/** What saving a record answers: the legacy message and the record as its list row. */
export interface RecordResultModel<Row> {
  message: string;
  record: Row;
}

export type AssetListModel = RecordListModel<AssetRow>;
export type AssetResultModel = RecordResultModel<AssetRow>;
export interface AssetBulkEditResultModel {
  message: string;
  assets: AssetRow[];
}
export type AssetLocationListModel = RecordListModel<AssetLocationRow>;
export type AssetLocationResultModel = RecordResultModel<AssetLocationRow>;

export type AccessoryListModel = RecordListModel<AccessoryRow>;
export type AccessoryResultModel = RecordResultModel<AccessoryRow>;
export type AccessoryStockListModel = RecordListModel<AccessoryStockRow>;
export type AccessoryLedgerModel = RecordListModel<AccessoryMovementRow>;

/** A recorded movement: the legacy message, the movement and its branch's stock after it. */
export interface AccessoryMovementResultModel {
  message: string;
  movement: AccessoryMovementRow;
  stock: AccessoryStockRow;
}

/** A field an asset's event changed, by its GraphQL name, and its values as text. */
export interface AssetChangeModel {
  field: string;
  before: string | null;
  after: string | null;
}

export type VendorListModel = RecordListModel<VendorRow>;
export type VendorResultModel = RecordResultModel<VendorRow>;

export type MenuItemListModel = RecordListModel<MenuItemRow>;
export type MenuItemResultModel = RecordResultModel<MenuItemRow>;

export type CompanyListModel = RecordListModel<CompanyRow>;
export type CompanyResultModel = RecordResultModel<CompanyRow>;

export type BranchRecordListModel = RecordListModel<BranchRecordRow>;
export type BranchResultModel = RecordResultModel<BranchRecordRow>;

/** A gallery image as the gateway's clients see it; also the `record` of POST /uploads/gallery. */
export interface GalleryImageModel {
  id: string;
  title: string;
  kind: 'ASSET_PHOTO' | 'BRANCH_LOGO' | 'COMPANY_LOGO';
  kindText: string;
  imageUrl: string;
  thumbnailUrl: string;
  contentType: string;
  sizeBytes: number;
  sizeText: string;
  width: number;
  height: number;
  dimensionsText: string;
  uploadedBy: string;
  uploadedAt: string;
  uploadedAtText: string;
  usedBy: number;
  canEdit: boolean;
  canDelete: boolean;
}

export type GalleryListModel = RecordListModel<GalleryRow>;

export interface StaffListModel extends RecordListModel<StaffRow> {
  /** Kept for the export link. */
  branchId: string | null;
}

export type StaffResultModel = RecordResultModel<StaffRow>;
