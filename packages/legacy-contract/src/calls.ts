import { z } from 'zod';
import { accessoryCalls, accessoryStockCalls } from './calls/accessories.ts';
import { assetCalls, assetWorkflowCalls } from './calls/asset.ts';
import { assetAuditCalls } from './calls/asset-audit.ts';
import { assetFileCalls } from './calls/asset-files.ts';
import { assetLocationCalls } from './calls/asset-location.ts';
import { ChangePasswordRequest, EmptyRequest, LoginRecords, LoginRequest } from './calls/auth.ts';
import {
  BranchAssetDestroyRequest,
  BranchListsRecords,
  BranchListsRequest,
  BranchOptionsRecords,
  BranchOptionsRequest,
  UpdatePrimaryBranchRecords,
  UpdatePrimaryBranchRequest,
} from './calls/branch.ts';
import { branchRecordCalls } from './calls/branch-record.ts';
import {
  assetBulkUploadCall,
  branchBulkUploadCall,
  vendorBulkUploadCall,
} from './calls/bulk-uploads.ts';
import { companyCalls } from './calls/company.ts';
import { galleryCalls } from './calls/gallery.ts';
import { installationCalls } from './calls/installation.ts';
import { jobOrderCalls } from './calls/job-order.ts';
import { maintenanceCalls } from './calls/maintenance.ts';
import { masterListCalls } from './calls/master-data.ts';
import {
  MenuListsRecords,
  MenuListsRequest,
  PageInfoRecords,
  PageInfoRequest,
  PermissionRequest,
} from './calls/menu.ts';
import { menuItemCalls } from './calls/menu-item.ts';
import {
  MenuPermissionGridRecords,
  MenuPermissionGridRequest,
  MenuPermissionListsRecords,
  MenuPermissionListsRequest,
  MenuPermissionUpdateRecords,
  MenuPermissionUpdateRequest,
} from './calls/menu-permission.ts';
import { VersionInfoRecords, VersionInfoRequest } from './calls/pages.ts';
import { procurementCalls } from './calls/procurement.ts';
import {
  PURCHASE_ORDER_NAMES,
  PurchaseOrderCancelRequest,
  PurchaseOrderDecisionRequest,
  PurchaseOrderDetail,
  PurchaseOrderListsRecords,
  PurchaseOrderListsRequest,
  PurchaseOrderRow,
  PurchaseOrderShowRequest,
} from './calls/purchase-order.ts';
import type { RecordHeader } from './calls/record-calls.ts';
import { reportCalls } from './calls/reports.ts';
import { User } from './calls/shared.ts';
import { staffCalls, staffFormOptionsCall, staffUnlockLoginCall } from './calls/staff.ts';
import {
  StarredPagesDestroyRequest,
  StarredPagesListsRequest,
  StarredPagesRecords,
  StarredPagesStoreRequest,
} from './calls/starred-pages.ts';
import { transferCalls } from './calls/transfer.ts';
import { vendorCalls } from './calls/vendor.ts';
import type { GraphqlNames } from './graphql-names.ts';
import type { UploadCallName, UploadSpec } from './upload.ts';

export interface CallDefinition<Request extends z.ZodType, Records extends z.ZodType> {
  path: `api/${string}`;
  method: 'POST' | 'GET';
  /** Whether the call needs a token. */
  authenticated: boolean;
  /** Whether the call only reads, so a client may retry it. */
  readOnly: boolean;
  summary: string;
  request: Request;
  records: Records;
  /** The flag-0 refusals the call can answer besides the common ones (validation, session). */
  refusals: readonly string[];
  /** Set for an upload call: the body is multipart/form-data with this one file part. */
  upload?: UploadSpec;
  /**
   * A report that works through a company's records before it answers (the fixed asset register
   * of every branch): a client waits for it longer than for a call (the gateway: its
   * LEGACY_REPORT_DEADLINE_MS).
   */
  long?: true;
  /**
   * A lists call: its row fields' GraphQL names where the rule does not give them
   * (graphql-names.ts); the gateway names headers, rows and sortBy with them.
   */
  graphqlNames?: GraphqlNames;
  /** A record resource's lists call: its columns as its description gives them (recordFields). */
  headers?: readonly RecordHeader[];
}

function call<Request extends z.ZodType, Records extends z.ZodType>(
  definition: CallDefinition<Request, Records>,
): CallDefinition<Request, Records> {
  return definition;
}

const decisionRefusals = [
  'Purchase order not found (unknown id, number or billed branch).',
  'You do not work in the billed branch.',
  'Your role may not take this decision.',
  'The order is not in the state the decision needs (already decided, cancelled, not yet verified).',
  'Someone else decided the order at the same moment; reload it.',
] as const;

/** Every call of the legacy contract, by name. */
export const legacyCalls = {
  login: call({
    path: 'api/auth/login',
    method: 'POST',
    authenticated: false,
    readOnly: false,
    summary: 'Logs in with a user name and password and returns a new token.',
    request: LoginRequest,
    records: LoginRecords,
    refusals: ['Invalid user name or password.', 'The account is disabled. Ask an administrator.'],
  }),
  logout: call({
    path: 'api/auth/logout',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: 'Revokes the token the call was made with.',
    request: EmptyRequest,
    records: z.null(),
    refusals: [],
  }),
  changePassword: call({
    path: 'api/auth/change-password',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      "Changes the user's password. Every other token of the user is revoked; the calling token stays valid.",
    request: ChangePasswordRequest,
    records: z.null(),
    refusals: [
      'The current password is wrong.',
      'The new password must differ from the current one.',
    ],
  }),
  me: call({
    path: 'api/auth/me',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary: 'The user the token belongs to, with their primary branch.',
    request: EmptyRequest,
    records: User,
    refusals: [],
  }),
  pageInfo: call({
    path: 'api/menu-details/show',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      "A page's title and description, and whether the user's role may open it (PagePermissionFlag).",
    request: PageInfoRequest,
    records: PageInfoRecords,
    refusals: ['Unknown page.'],
  }),
  permission: call({
    path: 'api/menu-details/permission',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'Whether the user may take an action on a module (in a branch, when Branch is given): flag 1 yes, flag 0 no. records is null.',
    request: PermissionRequest,
    records: z.null(),
    refusals: ['You are not permitted to … (the answer "no").'],
  }),
  menu: call({
    path: 'api/menu/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary: "The header menu for the user's role, as a tree.",
    request: MenuListsRequest,
    records: MenuListsRecords,
    refusals: [],
  }),
  branchLists: call({
    path: 'api/branch/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'The active branches the user works in, for the branch chooser (AppFlag is accepted and has no other meaning yet).',
    request: BranchListsRequest,
    records: BranchListsRecords,
    refusals: [],
  }),
  branchOptions: call({
    path: 'api/branch/options',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      "Branches as select options: the user's branches (Source user, the default) or every active branch (Source all); Conditions filter by state or by text.",
    request: BranchOptionsRequest,
    records: BranchOptionsRecords,
    refusals: [],
  }),
  updatePrimaryBranch: call({
    path: 'api/person/update-primary-branch',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: "Sets the user's primary branch to one of the branches they work in.",
    request: UpdatePrimaryBranchRequest,
    records: UpdatePrimaryBranchRecords,
    refusals: ['You do not work in that branch.'],
  }),
  branchAssetDestroy: call({
    path: 'api/branch-asset/destroy',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      "Removes a staff member's assignment to a branch (BranchStaff is the assignment's id). A user whose primary branch it was has none afterwards.",
    request: BranchAssetDestroyRequest,
    records: z.null(),
    refusals: [
      'Staff assignment not found.',
      'You do not work in that branch.',
      'Your role may not change staff assignments.',
    ],
  }),
  purchaseOrderLists: call({
    path: 'api/purchase-order/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      "The purchase orders billed to one of the user's branches, newest first, with per-row action flags, table headers and options.",
    request: PurchaseOrderListsRequest,
    records: PurchaseOrderListsRecords,
    refusals: ['You do not work in that branch.', 'Your role may not list purchase orders.'],
    graphqlNames: PURCHASE_ORDER_NAMES,
  }),
  purchaseOrderShow: call({
    path: 'api/purchase-order/show',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'One purchase order in full: the row fields, money, products, document links and its History (an addition).',
    request: PurchaseOrderShowRequest,
    records: PurchaseOrderDetail,
    refusals: ['Purchase order not found.', 'You do not work in that branch.'],
  }),
  purchaseOrderVerify: call({
    path: 'api/purchase-order/verify-update',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      'Verifies (Status 1) or rejects (Status 0) a pending order, with a reason. Returns the updated row.',
    request: PurchaseOrderDecisionRequest,
    records: PurchaseOrderRow,
    refusals: decisionRefusals,
  }),
  purchaseOrderApprove: call({
    path: 'api/purchase-order/approval-update',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      'Approves (Status 1) or rejects (Status 0) a verified order waiting for approval, with a reason. Returns the updated row.',
    request: PurchaseOrderDecisionRequest,
    records: PurchaseOrderRow,
    refusals: decisionRefusals,
  }),
  purchaseOrderCancel: call({
    path: 'api/purchase-order/destroy',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      'Addition: cancels an order that is not yet approved (the row action behind DeleteFlag), with a reason. Returns the updated row.',
    request: PurchaseOrderCancelRequest,
    records: PurchaseOrderRow,
    refusals: decisionRefusals,
  }),
  starredPagesLists: call({
    path: 'api/starred-pages/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      "The user's starred pages, in the order they were starred. A page no longer in the user's menu (after a permission change) is left out, and forgotten at the next store or destroy.",
    request: StarredPagesListsRequest,
    records: StarredPagesRecords,
    refusals: [],
  }),
  starredPagesStore: call({
    path: 'api/starred-pages/store',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      "Stars a page of the user's menu (MenuLink is a leaf link of api/menu/lists), at most 10 per user. Starring a page already starred changes nothing and succeeds. Returns the updated list.",
    request: StarredPagesStoreRequest,
    records: StarredPagesRecords,
    refusals: ['This page is not in your menu.', 'You can star at most 10 pages.'],
  }),
  starredPagesDestroy: call({
    path: 'api/starred-pages/destroy',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: 'Unstars a page. Returns the updated list.',
    request: StarredPagesDestroyRequest,
    records: StarredPagesRecords,
    refusals: ['This page is not in your starred pages.'],
  }),
  menuPermissionLists: call({
    path: 'api/menu-permission/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'The permission grid: every role, module and action, and the grants of the chosen role (Role, a role id; the first role when left out). Needs the list grant on menu_permission.',
    request: MenuPermissionListsRequest,
    records: MenuPermissionListsRecords,
    refusals: ['You are not allowed to see permissions.', 'Role not found.'],
  }),
  menuPermissionGrid: call({
    path: 'api/menu-permission/grid',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      "One role's grants as a list payload, a row per module with Yes or No for each action and the menu entries the role sees: what the grid screen downloads. Needs the list grant on menu_permission; DownloadFlag follows the download grant.",
    request: MenuPermissionGridRequest,
    records: MenuPermissionGridRecords,
    refusals: ['You are not allowed to see permissions.', 'Role not found.'],
  }),
  menuPermissionUpdate: call({
    path: 'api/menu-permission/update',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      "Replaces a role's grants with the full set sent (Grants, as JSON text when form-encoded), in one transaction with an audit entry. Takes effect on the role's users' next request. Returns the stored grants.",
    request: MenuPermissionUpdateRequest,
    records: MenuPermissionUpdateRecords,
    refusals: [
      'You are not allowed to change permissions.',
      'Role not found.',
      'Unknown module … / Unknown action ….',
      'The Administrator role must keep the list and edit grants on Menu permissions.',
    ],
  }),
  versionInfo: call({
    path: 'api/pages/version-info',
    method: 'GET',
    authenticated: false,
    readOnly: true,
    summary: 'Version information for the footer. The one GET: parameters in the query string.',
    request: VersionInfoRequest,
    records: VersionInfoRecords,
    refusals: [],
  }),
  ...masterListCalls,
  ...vendorCalls,
  ...assetLocationCalls,
  ...assetCalls,
  ...assetWorkflowCalls,
  ...assetFileCalls,
  ...procurementCalls,
  ...installationCalls,
  ...transferCalls,
  ...jobOrderCalls,
  ...assetAuditCalls,
  ...maintenanceCalls,
  ...reportCalls,
  ...accessoryCalls,
  ...accessoryStockCalls,
  ...menuItemCalls,
  ...companyCalls,
  ...galleryCalls,
  ...vendorBulkUploadCall,
  ...branchBulkUploadCall,
  ...assetBulkUploadCall,
  ...branchRecordCalls,
  ...staffCalls,
  ...staffFormOptionsCall,
  ...staffUnlockLoginCall,
} as const;

export type LegacyCalls = typeof legacyCalls;
export type LegacyCallName = keyof LegacyCalls;
/** What a client sends. */
export type CallInput<Name extends LegacyCallName> = z.input<LegacyCalls[Name]['request']>;
/** What the server works with after validation. */
export type CallRequest<Name extends LegacyCallName> = z.output<LegacyCalls[Name]['request']>;
export type CallRecords<Name extends LegacyCallName> = z.output<LegacyCalls[Name]['records']>;

/** The upload description of an upload call (the `upload` of its definition). */
export function uploadSpec(name: UploadCallName): UploadSpec {
  const definition: { upload?: UploadSpec } = legacyCalls[name];
  if (!definition.upload) throw new Error(`${name} does not describe an upload`);
  return definition.upload;
}
