import type {
  AssetFileKind,
  AssetStatus,
  Condition,
  Coverage,
  Criticality,
  DepreciationClass,
  IntervalUnit,
  JobStatus,
  JobType,
  MovementReason,
  ScheduleAnchor,
  ScheduledJobType,
  UnitOfMeasure,
} from '@branch-assets/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/*
 * Table types for Kysely. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
 * numeric columns travel as text so money stays exact; `date` columns as 'YYYY-MM-DD' text
 * (the drivers are told not to turn them into JavaScript Dates, which would shift them by time zone).
 */
type Id = Generated<number>;
type Numeric = ColumnType<string, string, string>;
type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface CompaniesTable {
  id: Id;
  name: string;
  legalName: string;
  pan: string;
  /** The registered office's GSTIN, when the company has one of its own. */
  gstin: Generated<string | null>;
  address: string;
  logoPath: Generated<string | null>;
  /** The terms and conditions a new purchase order starts with. */
  purchaseTerms: Generated<string>;
  /** Whether an asset's cost includes the GST paid (input credit not claimed). */
  gstInAssetCost: Generated<boolean>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface StatesTable {
  id: Id;
  gstCode: string;
  name: string;
  active: Generated<boolean>;
}

export interface DistrictsTable {
  id: Id;
  stateId: number;
  name: string;
  active: Generated<boolean>;
}

export interface CitiesTable {
  id: Id;
  districtId: number;
  name: string;
  active: Generated<boolean>;
}

export interface BranchesTable {
  id: Id;
  companyId: number;
  code: string;
  name: string;
  address: string;
  stateId: number;
  districtId: number;
  cityId: number;
  pincode: string | null;
  gstin: string | null;
  phone: string | null;
  email: string | null;
  logoPath: string | null;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Moment;
}

export interface DesignationsTable {
  id: Id;
  name: string;
  active: Generated<boolean>;
}

export interface StaffTable {
  id: Id;
  branchId: number;
  code: string;
  name: string;
  designationId: number;
  phone: string | null;
  email: string | null;
  active: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface BranchStaffTable {
  id: Id;
  branchId: number;
  staffId: number;
  createdAt: CreatedAt;
}

export interface CodeNameTable {
  id: Id;
  code: string;
  name: string;
}

export interface RolesTable extends CodeNameTable {
  /** The role works in every active branch, those created later too (not only its assignments). */
  allBranches: Generated<boolean>;
}

export interface RoleGrantsTable {
  roleId: number;
  moduleId: number;
  actionId: number;
}

export interface PagesTable {
  moduleId: number;
  actionId: number;
  title: string;
  description: string;
}

export interface UsersTable {
  id: Id;
  staffId: number;
  username: string;
  passwordHash: string;
  roleId: number;
  primaryBranchId: number | null;
  active: Generated<boolean>;
  passwordChangedAt: Moment;
  createdAt: CreatedAt;
}

export interface AuthTokensTable {
  id: Id;
  userId: number;
  tokenHash: string;
  createdAt: CreatedAt;
  lastUsedAt: Moment;
  expiresAt: Moment;
  revokedAt: Moment | null;
}

export interface MenusTable {
  id: Id;
  parentId: number | null;
  text: string;
  link: string;
  icon: string;
  style: string;
  moduleId: number | null;
  sortOrder: number;
}

export interface VendorsTable {
  id: Id;
  code: string;
  name: string;
  /** Null: an unregistered supplier. */
  gstin: string | null;
  pan: string;
  stateId: number;
  address: string;
  contactPerson: string;
  phone: string;
  email: string | null;
  bankName: Generated<string | null>;
  bankAccountNumber: Generated<string | null>;
  bankIfsc: Generated<string | null>;
  active: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface NamedTable {
  id: Id;
  name: string;
  active: Generated<boolean>;
}

export interface SubCategoriesTable {
  id: Id;
  categoryId: number;
  name: string;
  active: Generated<boolean>;
  /** How its assets depreciate (migration 0022, DEPRECIATION_CLASSES in the domain). */
  depreciationClass: Generated<DepreciationClass>;
}

export interface AssetTypesTable {
  id: Id;
  subCategoryId: number;
  name: string;
  taxRate: Numeric;
  active: Generated<boolean>;
}

export interface AccessoryTypesTable {
  id: Id;
  name: string;
  unit: UnitOfMeasure;
  minimumStock: number;
  active: Generated<boolean>;
}

export interface DocumentsTable {
  id: Id;
  path: string;
  branchId: number | null;
  contentType: string;
  content: Uint8Array;
  createdAt: CreatedAt;
}

export interface GalleryImagesTable {
  id: Id;
  title: string;
  kind: 'asset_photo' | 'branch_logo' | 'company_logo';
  imagePath: string;
  thumbnailPath: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
  uploadedBy: number;
  createdAt: CreatedAt;
}

export interface AssetLocationsTable {
  id: Id;
  branchId: number;
  name: string;
  active: Generated<boolean>;
}

export interface AssetTagCountersTable {
  prefix: string;
  lastNumber: number;
}

export interface AssetsTable {
  id: Id;
  tag: string;
  name: string;
  assetTypeId: number;
  brandId: number;
  model: string | null;
  serialNumber: string | null;
  branchId: number;
  locationId: number;
  custodianId: number | null;
  vendorId: number | null;
  purchaseOrderId: number | null;
  /** The goods receive note's line that brought it, when it came through one. */
  goodsReceiptLineId: Generated<number | null>;
  purchaseReference: string | null;
  purchaseDate: string | null;
  cost: Numeric | null;
  putToUseDate: string | null;
  warrantyStart: string | null;
  warrantyEnd: string | null;
  usefulLifeYears: number | null;
  criticality: Criticality;
  condition: Condition;
  notes: string | null;
  assetStatus: Generated<AssetStatus>;
  active: Generated<boolean>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Moment;
  /** The day of the sign-off of the last physical audit that found it. */
  lastAuditedOn: Generated<string | null>;
}

export interface AssetEventsTable {
  id: ColumnType<string, never, never>;
  assetId: number;
  kind: string;
  at: Moment;
  userId: number | null;
  changes: ColumnType<Record<string, [unknown, unknown]>, string | undefined, string>;
  reason: string | null;
}

export interface AccessoriesTable {
  id: Id;
  name: string;
  accessoryTypeId: number;
  brandId: number | null;
  /** The type's unit when the accessory was made: its ledger counts in it. */
  unit: UnitOfMeasure;
  active: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface AccessoryFitsTable {
  accessoryId: number;
  assetTypeId: number;
}

export interface AccessoryMinimumsTable {
  accessoryId: number;
  branchId: number;
  minimum: number;
}

/** On hand per branch: the sum of the branch's movements, never below 0. */
export interface AccessoryStockTable {
  accessoryId: number;
  branchId: number;
  onHand: Generated<number>;
}

export interface AccessoryMovementsTable {
  id: ColumnType<string, never, never>;
  accessoryId: number;
  branchId: number;
  reason: MovementReason;
  /** Signed: what it added to the branch's stock (negative: took from it). */
  quantity: number;
  /** On hand at the branch just after it. */
  balance: number;
  vendorId: number | null;
  reference: string | null;
  assetId: number | null;
  staffId: number | null;
  note: string | null;
  userId: number | null;
  at: Moment;
  goodsReceiptLineId: Generated<number | null>;
  transferId: Generated<number | null>;
}

export interface AssetFilesTable {
  id: Id;
  assetId: number;
  kind: AssetFileKind;
  title: string;
  documentPath: string | null;
  galleryImageId: number | null;
  uploadedBy: number | null;
  at: CreatedAt;
}

export type PurchaseOrderStatus =
  | 'pending'
  | 'waiting_for_approval'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'completed'
  | 'draft'
  | 'partially_received'
  | 'received'
  | 'closed';
export type VerificationStatus = 'pending' | 'verified' | 'rejected';
export type ApprovalStatus = 'not_started' | 'waiting' | 'approved' | 'rejected';

export interface PurchaseOrdersTable {
  id: Id;
  /** Null while a draft: the number is given at submission. */
  poNumber: string | null;
  billedBranchId: number;
  shippedBranchId: number;
  vendorId: number;
  poDate: string;
  financialYear: string | null;
  sequence: number | null;
  taxKind: 'intra' | 'inter' | 'unregistered';
  subTotal: Numeric;
  discount: Numeric;
  freightAmount: Numeric;
  cgstAmount: Numeric;
  sgstAmount: Numeric;
  igstAmount: Numeric;
  roundOff: Numeric;
  grandTotal: Numeric;
  remarksHtml: string;
  quotationPath: string | null;
  poPath: string | null;
  status: PurchaseOrderStatus;
  verificationStatus: VerificationStatus;
  verificationReason: string | null;
  verifiedBy: number | null;
  verifiedAt: Moment | null;
  approvalStatus: ApprovalStatus;
  approvalReason: string | null;
  approvedBy: number | null;
  approvedAt: Moment | null;
  cancelReason: string | null;
  cancelledBy: number | null;
  cancelledAt: Moment | null;
  expectedDeliveryDate: string | null;
  paymentTerms: Generated<string>;
  termsText: Generated<string>;
  /** Null: freight (if any) is not taxed. */
  freightTaxRate: Numeric | null;
  version: Generated<number>;
  submittedBy: number | null;
  submittedAt: Moment | null;
  closeReason: string | null;
  closedBy: number | null;
  closedAt: Moment | null;
  createdBy: number;
  createdAt: CreatedAt;
  updatedAt: Moment;
}

export interface PurchaseOrderVersionsTable {
  id: Id;
  purchaseOrderId: number;
  version: number;
  snapshot: ColumnType<unknown, string, string>;
  changes: ColumnType<unknown, string, string>;
  submittedBy: number;
  submittedAt: Moment;
}

export interface GoodsReceiptNotesTable {
  id: Id;
  grnNumber: string;
  purchaseOrderId: number;
  branchId: number;
  financialYear: string;
  sequence: number;
  receivedDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  receivedBy: number;
  remarks: Generated<string>;
  status: Generated<'RECEIVED' | 'CANCELLED'>;
  cancelReason: string | null;
  cancelledBy: number | null;
  cancelledAt: Moment | null;
  createdBy: number;
  createdAt: CreatedAt;
}

export type InstallationStatus = 'PENDING' | 'SIGNED_OFF' | 'SENT_BACK';

export interface AssetInstallationsTable {
  id: Id;
  installationNumber: string;
  branchId: number;
  financialYear: string;
  sequence: number;
  goodsReceiptNoteId: number | null;
  installedAt: Moment;
  locationId: number;
  installerKind: 'VENDOR' | 'STAFF';
  vendorId: number | null;
  engineerName: string | null;
  installedByStaffId: number | null;
  physicalConditionOk: boolean;
  powerEarthingOk: boolean;
  accessoriesPresent: boolean;
  demoGiven: boolean;
  staffTrained: boolean;
  manualHandedOver: boolean;
  warrantyFromInstallation: Generated<boolean>;
  reportPath: string | null;
  remarks: Generated<string>;
  status: Generated<InstallationStatus>;
  recordedBy: number;
  recordedAt: CreatedAt;
  decidedBy: number | null;
  decidedAt: Moment | null;
  decisionRemarks: string | null;
}

export interface AssetInstallationItemsTable {
  installationId: number;
  assetId: number;
}

export type TransferStatus =
  | 'REQUESTED'
  | 'APPROVED'
  | 'REJECTED'
  | 'CANCELLED'
  | 'IN_TRANSIT'
  | 'RECEIVED_SHORT'
  | 'RECEIVED';

export interface AssetTransfersTable {
  id: Id;
  transferNumber: string;
  fromBranchId: number;
  toBranchId: number;
  financialYear: string;
  sequence: number;
  reason: string;
  neededBy: string | null;
  status: Generated<TransferStatus>;
  requestedBy: number;
  requestedAt: CreatedAt;
  decidedBy: number | null;
  decidedAt: Moment | null;
  decisionRemarks: string | null;
  gatePassNumber: string | null;
  vehicle: string | null;
  dispatchedBy: number | null;
  dispatchedAt: Moment | null;
  receivedBy: number | null;
  receivedAt: Moment | null;
  cancelledBy: number | null;
  cancelledAt: Moment | null;
  cancelReason: string | null;
}

export type TransferOutcome = 'RECEIVED' | 'DAMAGED' | 'SHORT' | 'WRITTEN_OFF';

export interface AssetTransferItemsTable {
  transferId: number;
  assetId: number;
  previousStatus: AssetStatus;
  outcome: TransferOutcome | null;
  conditionOnArrival: Condition | null;
  locationId: number | null;
  remarks: string | null;
  receivedBy: number | null;
  receivedAt: Moment | null;
}

export interface AssetTransferAccessoriesTable {
  transferId: number;
  accessoryId: number;
  quantity: number;
  received: Generated<number>;
}

export type DisposalMethod = 'SOLD' | 'SCRAPPED' | 'RETURNED_TO_VENDOR' | 'WRITTEN_OFF';

export interface AssetDisposalsTable {
  id: Id;
  assetId: number;
  branchId: number;
  previousStatus: AssetStatus;
  condemnedOn: string;
  reason: string;
  condition: Condition;
  committeeRemarks: string;
  condemnedBy: number;
  condemnedAt: CreatedAt;
  method: DisposalMethod | null;
  disposedOn: string | null;
  amount: Numeric | null;
  buyer: string | null;
  disposalRemarks: string | null;
  disposedBy: number | null;
  disposedAt: Moment | null;
}

export type ContractType = 'AMC' | 'CMC';
export type PaymentSchedule = 'ANNUAL_ADVANCE' | 'HALF_YEARLY' | 'QUARTERLY' | 'MONTHLY';
export type ContractRenewal = 'MANUAL' | 'TACIT';

export interface MaintenanceContractsTable {
  id: Id;
  branchId: number;
  vendorId: number;
  contractNumber: string;
  contractType: ContractType;
  startDate: string;
  endDate: string;
  contractValue: Numeric;
  gstRate: Numeric;
  paymentSchedule: PaymentSchedule;
  visitsPerYear: number;
  responseHours: number;
  noticeDays: number;
  renewal: ContractRenewal;
  previousContractId: number | null;
  remarks: string | null;
  createdBy: number;
  createdAt: CreatedAt;
  updatedAt: Moment;
}

export interface MaintenanceContractAssetsTable {
  contractId: number;
  assetId: number;
}

export interface MaintenanceSchedulesTable {
  id: Id;
  assetId: number;
  jobType: ScheduledJobType;
  every: number;
  unit: IntervalUnit;
  anchor: ScheduleAnchor;
  anchorDate: string;
  leadDays: Generated<number>;
  active: Generated<boolean>;
  createdBy: number;
  createdAt: CreatedAt;
}

export interface JobOrdersTable {
  id: Id;
  jobNumber: string;
  branchId: number;
  financialYear: string;
  sequence: number;
  jobType: JobType;
  priority: 'P1' | 'P2' | 'P3' | 'P4';
  problem: string;
  status: Generated<JobStatus>;
  coverage: Coverage;
  contractId: number | null;
  scheduleId: number | null;
  visitContractId: number | null;
  dueDate: string | null;
  assigneeKind: 'VENDOR' | 'STAFF' | null;
  vendorId: number | null;
  engineerName: string | null;
  assigneeStaffId: number | null;
  quoteAmount: Numeric | null;
  quoteGst: Numeric | null;
  quoteRemarks: string | null;
  quotedBy: number | null;
  quotedAt: Moment | null;
  quoteDecision: 'APPROVED' | 'REJECTED' | null;
  quoteDecidedBy: number | null;
  quoteDecidedAt: Moment | null;
  resolution: string | null;
  reportPath: string | null;
  raisedBy: number | null;
  raisedAt: CreatedAt;
  respondedAt: Moment | null;
  resolvedAt: Moment | null;
  closedAt: Moment | null;
  updatedAt: Moment;
}

/** Physical audits (migration 0021, docs/workflows.md "Physical audit"). */
export interface AssetAuditsTable {
  id: Id;
  auditNumber: string;
  branchId: number;
  locationId: number | null;
  financialYear: string;
  sequence: number;
  dueDate: string;
  status: Generated<'IN_PROGRESS' | 'SUBMITTED' | 'SIGNED_OFF' | 'CANCELLED'>;
  remarks: string | null;
  startedBy: number;
  /** Updatable: the demo places its audits in the past. */
  startedAt: Moment;
  submittedBy: number | null;
  submittedAt: Date | null;
  signedOffBy: number | null;
  signedOffAt: Date | null;
  signOffRemarks: string | null;
  cancelledBy: number | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
}

export interface AssetAuditAuditorsTable {
  auditId: number;
  userId: number;
}

export interface AssetAuditItemsTable {
  id: Id;
  auditId: number;
  assetId: number | null;
  expected: boolean;
  expectedLocationId: number | null;
  outcome: 'PENDING' | 'FOUND' | 'FOUND_WRONG_LOCATION' | 'MISSING' | 'UNEXPECTED';
  foundLocationId: number | null;
  scannedCode: string | null;
  condition: Condition | null;
  remarks: string | null;
  photoPath: string | null;
  scannedBy: number | null;
  scannedAt: Date | null;
  resolution: 'MOVE_LOCATION' | 'TRANSFER' | 'CONDEMN' | 'INVESTIGATE' | null;
  resolutionNote: string | null;
  resolvedBy: number | null;
  resolvedAt: Date | null;
  transferId: number | null;
}

export interface AssetAuditScansTable {
  scanId: string;
  auditId: number;
  itemId: number | null;
  userId: number;
  code: string | null;
  result: 'COUNTED' | 'ALREADY_COUNTED';
  scannedAt: Date;
  receivedAt: Moment;
}

export interface JobOrderAssetsTable {
  jobOrderId: number;
  assetId: number;
  previousStatus: AssetStatus;
}

export interface JobOrderStepsTable {
  id: Id;
  jobOrderId: number;
  step: string;
  fromStatus: JobStatus | null;
  toStatus: JobStatus;
  remarks: string | null;
  userId: number | null;
  at: CreatedAt;
}

export interface JobOrderLinesTable {
  id: Id;
  jobOrderId: number;
  kind: 'PART' | 'LABOUR';
  description: string;
  quantity: Numeric;
  rate: Numeric;
  gstRate: Numeric;
  chargeable: Generated<boolean>;
}

export interface SchedulerRunsTable {
  id: Id;
  startedAt: CreatedAt;
  finishedAt: Moment | null;
  runDate: string;
  jobsCreated: Generated<number>;
  instance: string;
  error: string | null;
}

export interface NotificationReadsTable {
  userId: number;
  key: string;
  readAt: CreatedAt;
}

export interface GoodsReceiptLinesTable {
  id: Id;
  noteId: number;
  purchaseOrderLineId: number;
  received: Numeric;
  accepted: Numeric;
  rejected: Numeric;
  rejectionReason: string | null;
}

export interface PurchaseOrderLinesTable {
  id: Id;
  purchaseOrderId: number;
  lineNo: number;
  itemName: string;
  /** An asset line names a type (and a brand); an accessory line names an accessory. */
  assetTypeId: number | null;
  brandId: number | null;
  accessoryId: number | null;
  model: string | null;
  unit: Generated<UnitOfMeasure>;
  /** The discount as the form gave it, when a percentage (discountAmount is what it came to). */
  discountPercent: Numeric | null;
  deliveryBranchId: number | null;
  warrantyMonths: number | null;
  quantity: Numeric;
  rate: Numeric;
  discountAmount: Numeric;
  taxableAmount: Numeric;
  taxRate: Numeric;
  cgstAmount: Numeric;
  sgstAmount: Numeric;
  igstAmount: Numeric;
  totalAmount: Numeric;
}

export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  entity: string;
  entityId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  userId: number | null;
  branchId: number | null;
  at: Moment;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface LoginFailuresTable {
  id: ColumnType<string, never, never>;
  account: string;
  address: string | null;
  at: Moment;
}

export interface LoginLocksTable {
  scope: 'account' | 'address';
  subject: string;
  lockedUntil: Moment;
}

export interface IdempotencyKeysTable {
  userId: number;
  key: string;
  call: string;
  fingerprint: string;
  state: 'running' | 'committed' | 'done';
  statusCode: number | null;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: Moment;
}

export interface StarredPagesTable {
  id: Id;
  userId: number;
  menuLink: string;
  createdAt: CreatedAt;
}

export interface Database {
  companies: CompaniesTable;
  states: StatesTable;
  districts: DistrictsTable;
  cities: CitiesTable;
  branches: BranchesTable;
  designations: DesignationsTable;
  staff: StaffTable;
  branchStaff: BranchStaffTable;
  roles: RolesTable;
  modules: CodeNameTable;
  actions: CodeNameTable;
  roleGrants: RoleGrantsTable;
  pages: PagesTable;
  users: UsersTable;
  authTokens: AuthTokensTable;
  menus: MenusTable;
  vendors: VendorsTable;
  categories: NamedTable;
  subCategories: SubCategoriesTable;
  assetTypes: AssetTypesTable;
  accessoryTypes: AccessoryTypesTable;
  brands: NamedTable;
  documents: DocumentsTable;
  galleryImages: GalleryImagesTable;
  assetLocations: AssetLocationsTable;
  assetTagCounters: AssetTagCountersTable;
  assets: AssetsTable;
  assetEvents: AssetEventsTable;
  assetFiles: AssetFilesTable;
  accessories: AccessoriesTable;
  accessoryFits: AccessoryFitsTable;
  accessoryMinimums: AccessoryMinimumsTable;
  accessoryStock: AccessoryStockTable;
  accessoryMovements: AccessoryMovementsTable;
  purchaseOrders: PurchaseOrdersTable;
  purchaseOrderLines: PurchaseOrderLinesTable;
  purchaseOrderVersions: PurchaseOrderVersionsTable;
  goodsReceiptNotes: GoodsReceiptNotesTable;
  goodsReceiptLines: GoodsReceiptLinesTable;
  assetInstallations: AssetInstallationsTable;
  assetInstallationItems: AssetInstallationItemsTable;
  assetDisposals: AssetDisposalsTable;
  assetTransfers: AssetTransfersTable;
  assetTransferItems: AssetTransferItemsTable;
  assetTransferAccessories: AssetTransferAccessoriesTable;
  maintenanceContracts: MaintenanceContractsTable;
  maintenanceContractAssets: MaintenanceContractAssetsTable;
  maintenanceSchedules: MaintenanceSchedulesTable;
  jobOrders: JobOrdersTable;
  jobOrderAssets: JobOrderAssetsTable;
  jobOrderSteps: JobOrderStepsTable;
  jobOrderLines: JobOrderLinesTable;
  assetAudits: AssetAuditsTable;
  assetAuditAuditors: AssetAuditAuditorsTable;
  assetAuditItems: AssetAuditItemsTable;
  assetAuditScans: AssetAuditScansTable;
  schedulerRuns: SchedulerRunsTable;
  notificationReads: NotificationReadsTable;
  auditLog: AuditLogTable;
  starredPages: StarredPagesTable;
  loginFailures: LoginFailuresTable;
  loginLocks: LoginLocksTable;
  idempotencyKeys: IdempotencyKeysTable;
}

export type PurchaseOrderRecord = Selectable<PurchaseOrdersTable>;
export type NewPurchaseOrder = Insertable<PurchaseOrdersTable>;
