import type { CodegenConfig } from '@graphql-codegen/cli';

/*
 * `npm run codegen` (a turbo task that runs before typecheck, test and build) turns schema.graphql
 * into resolver types for the gateway and typed documents for its clients. Generated files are
 * git-ignored and never edited.
 *
 * Each GraphQL type is mapped to the record the legacy contract returns for it, so a resolver
 * cannot return a shape the schema does not expect. The list lives here, once.
 */
const contract = '@branch-assets/legacy-contract';
const models = '../graphql/models.ts';

const mappers: Record<string, string> = {
  Session: `${models}#SessionModel`,
  User: `${contract}#User`,
  Branch: `${contract}#Branch`,
  Option: `${contract}#Option`,
  MenuItem: `${contract}#MenuItem`,
  StarredPage: `${contract}#StarredPage`,
  PageInfo: `${contract}#PageInfo`,
  VersionInfo: `${contract}#VersionInfo`,
  TableHeader: `${contract}#TableHeader`,
  TableOptions: `${contract}#TableOptions`,
  StatusChip: `${models}#StatusChipModel`,
  PurchaseOrderFields: `${models}#PurchaseOrderRowModel`,
  PurchaseOrderRow: `${models}#PurchaseOrderRowModel`,
  PurchaseOrderList: `${models}#PurchaseOrderListModel`,
  PurchaseOrder: `${models}#PurchaseOrderModel`,
  PurchaseOrderProduct: `${contract}#PurchaseOrderProduct`,
  PurchaseOrderHistoryEntry: `${contract}#PurchaseOrderHistoryEntry`,
  PurchaseOrderDecisionResult: `${models}#DecisionResultModel`,
  PurchaseOrderForm: `${contract}#PurchaseOrderForm`,
  PurchaseOrderChoices: `${contract}#PurchaseOrderChoices`,
  PurchaseOrderFormLine: `${contract}#PurchaseOrderFormLine`,
  PurchaseOrderVersion: `${contract}#PurchaseOrderVersion`,
  PurchaseOrderReceipt: `${contract}#PurchaseOrderReceipt`,
  PurchaseOrderReceiptLine: `${contract}#PurchaseOrderReceiptLine`,
  GoodsReceiptNoteRef: `${contract}#GoodsReceiptNoteRef`,
  GoodsReceiptNoteFields: `${contract}#GoodsReceiptNoteRow`,
  GoodsReceiptNoteRow: `${contract}#GoodsReceiptNoteRow`,
  GoodsReceiptNote: `${contract}#GoodsReceiptNoteDetail`,
  GoodsReceiptNoteLine: `${contract}#GoodsReceiptNoteLine`,
  GoodsReceiptAsset: `${contract}#GoodsReceiptAsset`,
  GoodsReceiptNoteList: `${models}#GoodsReceiptNoteListModel`,
  GoodsReceiptNoteResult: `${models}#GoodsReceiptNoteResultModel`,
  AssetInstallationRow: `${contract}#AssetInstallationRow`,
  AssetInstallation: `${contract}#AssetInstallationDetail`,
  InstallationChecklist: `${contract}#AssetInstallationDetail`,
  InstalledAsset: `${contract}#InstalledAsset`,
  AssetInstallationList: `${models}#AssetInstallationListModel`,
  AssetInstallationResult: `${models}#AssetInstallationResultModel`,
  InstallableAssets: `${contract}#InstallationCandidates`,
  InstallableAsset: `${contract}#InstallationCandidateAsset`,
  InstallableNote: `${contract}#InstallationCandidateNote`,
  AssetDisposal: `${contract}#AssetDisposal`,
  AssetTransferRow: `${contract}#AssetTransferRow`,
  AssetTransfer: `${contract}#AssetTransferDetail`,
  TransferredAsset: `${contract}#TransferredAsset`,
  TransferredAccessory: `${contract}#TransferredAccessory`,
  AssetTransferList: `${models}#AssetTransferListModel`,
  AssetTransferResult: `${models}#AssetTransferResultModel`,
  JobOrderRow: `${contract}#JobOrderRow`,
  JobOrder: `${contract}#JobOrderDetail`,
  JobOrderAsset: `${contract}#JobOrderAsset`,
  JobOrderStepEntry: `${contract}#JobOrderStep`,
  JobOrderLine: `${contract}#JobOrderLine`,
  JobOrderList: `${models}#JobOrderListModel`,
  JobOrderResult: `${models}#JobOrderResultModel`,
  AssetReliability: `${contract}#AssetReliability`,
  MaintenanceContractRow: `${contract}#MaintenanceContractRow`,
  MaintenanceContract: `${contract}#MaintenanceContractDetail`,
  CoveredAsset: `${contract}#CoveredAssetRow`,
  ContractVisit: `${contract}#ContractVisitRow`,
  MaintenanceContractList: `${models}#MaintenanceContractListModel`,
  MaintenanceContractResult: `${models}#MaintenanceContractResultModel`,
  PreventiveSchedule: `${contract}#MaintenanceScheduleRow`,
  SchedulerRun: `${contract}#SchedulerRun`,
  Notification: `${contract}#Notification`,
  NotificationValue: `${models}#NotificationValueModel`,
  NotificationFeed: `${models}#NotificationFeedModel`,
  NotificationsRead: `${models}#NotificationsReadModel`,
  AmcReport: `${contract}#AmcReport`,
  AmcReportContract: `${contract}#AmcReportContractRow`,
  AmcReportBranch: `${contract}#AmcReportBranchRow`,
  MasterRecord: `${models}#MasterRecordModel`,
  MasterRecordList: `${models}#MasterRecordListModel`,
  MasterRecordResult: `${models}#MasterRecordResultModel`,
  Vendor: `${contract}#VendorRow`,
  VendorList: `${models}#VendorListModel`,
  VendorResult: `${models}#VendorResultModel`,
  MenuItemRow: `${contract}#MenuItemRow`,
  MenuItemList: `${models}#MenuItemListModel`,
  MenuItemResult: `${models}#MenuItemResultModel`,
  Company: `${contract}#CompanyRow`,
  CompanyList: `${models}#CompanyListModel`,
  CompanyResult: `${models}#CompanyResultModel`,
  StaffMember: `${contract}#StaffRow`,
  StaffAssignment: `${contract}#StaffAssignment`,
  StaffLogin: `${contract}#StaffRow`,
  StaffList: `${models}#StaffListModel`,
  StaffResult: `${models}#StaffResultModel`,
  StaffFormOptions: `${contract}#StaffFormOptionsRecords`,
  BranchRecord: `${contract}#BranchRecordRow`,
  BranchRecordList: `${models}#BranchRecordListModel`,
  BranchResult: `${models}#BranchResultModel`,
  GalleryImage: `${models}#GalleryImageModel`,
  GalleryList: `${models}#GalleryListModel`,
  PermissionGrid: `${contract}#MenuPermissionLists`,
  PermissionRole: `${contract}#PermissionRole`,
  PermissionModule: `${contract}#PermissionModule`,
  PermissionAction: `${contract}#PermissionAction`,
  Grant: `${contract}#Grant`,
  RoleGrantsResult: `${models}#RoleGrantsResultModel`,
  Asset: `${contract}#AssetRow`,
  AssetEvent: `${contract}#AssetEvent`,
  AssetChange: `${models}#AssetChangeModel`,
  AssetList: `${models}#AssetListModel`,
  AssetResult: `${models}#AssetResultModel`,
  AssetBulkEditResult: `${models}#AssetBulkEditResultModel`,
  AssetLocation: `${contract}#AssetLocationRow`,
  AssetLocationList: `${models}#AssetLocationListModel`,
  AssetLocationResult: `${models}#AssetLocationResultModel`,
  Accessory: `${contract}#AccessoryRow`,
  AccessoryMinimum: `${contract}#AccessoryMinimum`,
  AccessoryList: `${models}#AccessoryListModel`,
  AccessoryResult: `${models}#AccessoryResultModel`,
  AccessoryStock: `${contract}#AccessoryStockRow`,
  AccessoryStockList: `${models}#AccessoryStockListModel`,
  AccessoryMovement: `${contract}#AccessoryMovementRow`,
  AccessoryLedger: `${models}#AccessoryLedgerModel`,
  AccessoryMovementResult: `${models}#AccessoryMovementResultModel`,
};

const scalars = { Decimal: 'string', DateTime: 'string', Date: 'string' };

/** The client preset for a set of documents: typed documents, no fragment masking. */
function typedDocuments(documents: string[]) {
  return {
    preset: 'client' as const,
    documents,
    presetConfig: { fragmentMasking: false },
    config: {
      useTypeImports: true,
      enumsAsTypes: true,
      scalars,
      strictScalars: true,
      importExtension: '.ts',
    },
  };
}

const config: CodegenConfig = {
  schema: 'schema.graphql',
  overwrite: true,
  ignoreNoDocuments: true,
  generates: {
    'apps/bff/src/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        mappers,
        mapperTypeSuffix: 'Model',
        contextType: '../graphql/context.ts#GraphQLContext',
        scalars,
        strictScalars: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
      },
    },
    // Typed documents for the web app: each feature's queries sit beside the components using them.
    'apps/web/src/gql/': typedDocuments(['apps/web/src/**/*.{ts,tsx}', '!apps/web/src/gql/**']),
    // Which types implement the schema's interfaces (RecordList): Apollo's cache needs it to read
    // and write fragments on an interface.
    'apps/web/src/gql/possible-types.ts': {
      plugins: ['fragment-matcher'],
      config: { apolloClientVersion: 3, useExplicitTyping: true },
    },
    // Typed documents for the gateway's own tests, which query it as any client would.
    'apps/bff/src/test/gql/': typedDocuments(['apps/bff/src/**/*.test.ts']),
  },
};

export default config;
