import type {
  BranchRecordRow,
  CompanyRow,
  GalleryRow,
  MasterListName,
  MenuItemRow,
  MenuPermissionUpdate,
  PurchaseOrderList,
  PurchaseOrderRow,
  StaffRow,
  TableHeader,
  TableOptions,
  VendorRow,
} from '@branch-assets/legacy-contract';

/*
 * The values resolvers pass between them where a GraphQL type has no legacy record of its own.
 * Everything else is mapped straight to its legacy record type (codegen.ts).
 */

export interface SessionModel {
  authenticated: boolean;
}

export interface StatusChipModel {
  text: string;
  background: string;
  color: string;
}

export interface PurchaseOrderListModel {
  list: PurchaseOrderList;
  branchId: string;
}

export interface DecisionResultModel {
  message: string;
  row: PurchaseOrderRow;
}

/** A row of any master list, read through its list's field names (MasterListFields). */
export interface MasterRecordModel {
  list: MasterListName;
  row: Readonly<Record<string, unknown>>;
}

export interface MasterRecordListModel {
  list: MasterListName;
  rows: readonly Readonly<Record<string, unknown>>[];
  headers: TableHeader[];
  options: TableOptions;
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

export interface VendorListModel {
  rows: VendorRow[];
  headers: TableHeader[];
  options: TableOptions;
}

export interface VendorResultModel {
  message: string;
  vendor: VendorRow;
}

export interface MenuItemListModel {
  rows: MenuItemRow[];
  headers: TableHeader[];
  options: TableOptions;
}

export interface MenuItemResultModel {
  message: string;
  menuItem: MenuItemRow;
}

export interface CompanyListModel {
  rows: CompanyRow[];
  headers: TableHeader[];
  options: TableOptions;
}

export interface CompanyResultModel {
  message: string;
  company: CompanyRow;
}

export interface BranchRecordListModel {
  rows: BranchRecordRow[];
  headers: TableHeader[];
  options: TableOptions;
}

export interface BranchResultModel {
  message: string;
  branch: BranchRecordRow;
}

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

export interface GalleryListModel {
  rows: GalleryRow[];
  headers: TableHeader[];
  options: TableOptions;
}

export interface StaffListModel {
  rows: StaffRow[];
  headers: TableHeader[];
  options: TableOptions;
  /** Kept for the export link. */
  branchId: string | null;
}

export interface StaffResultModel {
  message: string;
  staff: StaffRow;
}
