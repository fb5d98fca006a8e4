import {
  ASSET_STATUSES,
  CONDITIONS,
  CRITICALITIES,
  USEFUL_LIFE_YEARS,
  WARRANTY_STATES,
} from '@branch-assets/domain';
import { z } from 'zod';
import { Decision, Id, IsoDate, IsoDateTime, Money, text } from '../primitives.ts';
import { optionalReference, recordCalls, recordFields, reference } from './record-calls.ts';
import { BaseRequest, MAX_ITEMS_PER_PAGE, wholeNumber } from './shared.ts';

/*
 * The asset register (docs/assets.md): api/asset/lists · show · store · update · destroy, and the
 * status changes of this issue (api/asset/out-of-order, api/asset/back-in-use) and an asset's
 * timeline (api/asset/events). The tag is given by the server (<branch code>-<6 digits>, never
 * reused); the category and sub-category follow from the asset type; the lifecycle status is set
 * at creation (In stock, or In use for an opening balance) and changed only by the workflows that
 * own it. Every call is scoped to the caller's branches.
 */

/** Left out, null or '' (a form-encoded empty field) all mean "none". */
const none = (input: unknown) => (input === null || input === '' ? undefined : input);

const optionalDate = z.preprocess(none, IsoDate.optional());
const optionalText = (max: number) => z.preprocess(none, text(max, { required: false }).optional());
const AMOUNT_RANGE = 'must not be negative';

// In the order of the list's columns.
const asset = recordFields('Asset', {
  /** Given by the server: the first branch's code and a number (CHN-ANN-000123). */
  AssetTag: { row: z.string(), header: 'Tag' },
  AssetName: { row: z.string(), request: text(150, { required: true }), header: 'Name' },
  CategoryId: { row: z.number().int() },
  CategoryName: { row: z.string() },
  SubCategoryId: { row: z.number().int() },
  SubCategoryName: { row: z.string() },
  /** Its sub-category and category follow from it; its GST rate is the type's. */
  AssetType: reference('Type'),
  Brand: reference('Brand'),
  Model: { row: z.string().nullable(), request: optionalText(100), header: 'Model' },
  /** Unique per brand regardless of case, when given. */
  SerialNumber: { row: z.string().nullable(), request: optionalText(100), header: 'Serial No' },
  Branch: reference('Branch'),
  /** A location of the asset's branch. */
  Location: reference('Location'),
  /** A staff member of the asset's branch (home or assigned). */
  Custodian: optionalReference('Custodian'),
  Vendor: optionalReference(),
  /** An order of the asset's branch (its number is the reference's name). */
  PurchaseOrder: optionalReference('PO Number'),
  /** Free text for what was bought before the product: an old order or invoice number. */
  PurchaseReference: { row: z.string().nullable(), request: optionalText(100) },
  PurchaseDate: { row: z.string().nullable(), request: optionalDate },
  Cost: {
    row: Money.nullable(),
    request: z.preprocess(
      none,
      Money.refine((value) => !value.startsWith('-'), AMOUNT_RANGE).optional(),
    ),
  },
  /** Required for an asset created In use (an opening balance). */
  PutToUseDate: { row: z.string().nullable(), request: optionalDate },
  WarrantyStart: { row: z.string().nullable(), request: optionalDate },
  /** Not before the start. */
  WarrantyEnd: { row: z.string().nullable(), request: optionalDate },
  UsefulLifeYears: {
    row: z.number().int().nullable(),
    request: z.preprocess(
      none,
      wholeNumber(USEFUL_LIFE_YEARS.min, USEFUL_LIFE_YEARS.max).optional(),
    ),
  },
  Criticality: { row: z.enum(CRITICALITIES), request: z.enum(CRITICALITIES) },
  CriticalityTxt: { row: z.string(), header: 'Criticality' },
  Condition: { row: z.enum(CONDITIONS), request: z.enum(CONDITIONS) },
  ConditionTxt: { row: z.string() },
  Notes: { row: z.string().nullable(), request: optionalText(2000) },
  /**
   * The lifecycle status. Store takes In stock (the default) or In use; update takes it only
   * unchanged: the workflows that own a status change it.
   */
  AssetStatus: {
    row: z.enum(ASSET_STATUSES),
    request: z.preprocess(none, z.enum(ASSET_STATUSES).optional()),
  },
  AssetStatusTxt: { row: z.string(), header: 'Asset Status' },
  /** From the warranty's end and today's date in India (90 days: expiring). */
  WarrantyState: { row: z.enum(WARRANTY_STATES) },
  WarrantyStateTxt: { row: z.string(), header: 'Warranty' },
});

export const AssetRow = asset.row;
export type AssetRow = z.output<typeof AssetRow>;

/** The lists call's filters: the row fields a screen narrows the register by. */
export const ASSET_FILTERS = [
  'AssetTag',
  'BranchId',
  'LocationId',
  'CategoryId',
  'SubCategoryId',
  'AssetTypeId',
  'BrandId',
  'AssetStatus',
  'CustodianId',
  'WarrantyState',
  /** Addition: CRITICAL_DOWN, UNCOVERED or AWAITING_INSTALLATION (a dashboard tile's assets). */
  'Attention',
] as const;

export const assetCalls = recordCalls({
  prefix: 'asset',
  path: 'asset',
  key: 'Asset',
  graphqlNames: { AssetTag: 'tag', PurchaseOrderName: 'purchaseOrderNumber' },
  title: 'Asset',
  plural: 'assets',
  row: asset.row,
  fields: asset.request,
  headers: asset.headers,
  omit: ['Options'],
  listsRequest: BaseRequest.extend({
    /** Only these assets (those of them in the caller's branches): a selection's labels. */
    Assets: z.array(Id).min(1).max(MAX_ITEMS_PER_PAGE).optional(),
  }),
  summaries: {
    lists:
      "The assets of the caller's branches, a page at a time (Search over tag, serial number, name, model, order number and the other columns; Filters by the ASSET_FILTERS fields), with per-row EditFlag and DeleteFlag. With Assets (ids), only those of them in the caller's branches: the rows of a selection read in one call.",
    store:
      'Creates an asset in a branch the caller works in: the server gives its tag; In stock unless AssetStatus is IN_USE (an opening balance, which needs PutToUseDate).',
    destroy:
      'Deletes an asset entered by mistake (its timeline goes with it); one a workflow names cannot be deleted: set it InActive instead.',
  },
  refusals: {
    store: [
      'Asset type … does not exist.',
      'Brand … does not exist.',
      'You do not work in branch ….',
      'Location … is not a location of branch ….',
      'Custodian … is not a staff member of branch ….',
      'Purchase order … is not an order of branch ….',
      'Brand … already has an asset with serial number …: ….',
      'Warranty end … is before its start ….',
      'An asset in use needs its put-to-use date.',
      'A new asset is In stock or In use; the other statuses come from their workflows.',
    ],
    update: [
      'The status of an asset changes only through its workflows.',
      'Location … is not a location of branch ….',
      'Brand … already has an asset with serial number …: ….',
    ],
    destroy: ['Cannot delete Asset …: it is used by ….'],
  },
});

const AssetStatusChangeRequest = BaseRequest.extend({
  Asset: Id,
  /** Why: what is wrong with it, or what put it right. */
  Reason: text(500, { required: true }),
});

/** One thing that happened to an asset, newest first in its timeline. */
export const AssetEvent = z.object({
  AssetEventId: z.number().int(),
  /** CREATED, EDITED, STATUS, CUSTODY, LOCATION; later workflows add their own. */
  Kind: z.string(),
  At: IsoDateTime,
  UserName: z.string().nullable(),
  /** What changed: field → [before, after] as the rows show them. */
  Changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  Reason: z.string().nullable(),
});
export type AssetEvent = z.output<typeof AssetEvent>;

const statusChange = (path: string, summary: string, refusals: readonly string[]) => ({
  path: `api/asset/${path}` as const,
  method: 'POST' as const,
  authenticated: true,
  readOnly: false,
  summary,
  request: AssetStatusChangeRequest,
  records: AssetRow,
  refusals: ['You are not allowed to edit assets.', 'Asset … does not exist.', ...refusals],
});

/** Most assets one bulk edit changes: a page of the list at its largest, and then some. */
export const MOST_BULK_EDITED = 500;

const AssetBulkUpdateRequest = BaseRequest.extend({
  /** The assets to change, of the caller's branches. */
  Assets: z.preprocess(
    (input) => (typeof input === 'string' ? input.split(',').filter(Boolean) : input),
    z
      .array(Id, { error: 'must be a list of asset ids' })
      .min(1, 'must name at least one asset')
      .max(MOST_BULK_EDITED, `must name at most ${MOST_BULK_EDITED} assets`),
  ),
  /** A location of the assets' branch (they must all be of one branch). */
  Location: z.preprocess(none, Id.optional()),
  /** A staff member of the assets' branch; with ClearCustodian 1, none. */
  Custodian: z.preprocess(none, Id.optional()),
  ClearCustodian: z.preprocess(none, Decision.optional()),
  Condition: z.preprocess(none, z.enum(CONDITIONS).optional()),
  /** Replaces each asset's notes; with ClearNotes 1, removes them. */
  Notes: optionalText(2000),
  ClearNotes: z.preprocess(none, Decision.optional()),
});

export const assetWorkflowCalls = {
  assetBulkUpdate: {
    path: 'api/asset/bulk-update' as const,
    method: 'POST' as const,
    authenticated: true,
    readOnly: false,
    summary:
      'Changes the location, custodian, condition or notes of several assets at once (each change written to its timeline and the audit log), all or none. A location or custodian needs assets of one branch.',
    request: AssetBulkUpdateRequest,
    records: z.array(AssetRow),
    refusals: [
      'You are not allowed to edit assets.',
      'Asset … does not exist.',
      'Say what to change: a location, a custodian, a condition or notes.',
      'The assets are of several branches: a location or a custodian is given to assets of one branch.',
      'Location … is not a location of branch ….',
      'Custodian … is not a staff member of branch ….',
    ],
  },
  assetOutOfOrder: statusChange(
    'out-of-order',
    'Marks an asset in use or in stock Out of order, with the reason; written to its timeline.',
    ['Only an asset In use or In stock can be marked Out of order (it is …).'],
  ),
  assetBackInUse: statusChange(
    'back-in-use',
    'Puts an asset marked Out of order back In use, with what put it right; written to its timeline.',
    ['Only an asset Out of order can be put back in use (it is …).'],
  ),
  assetEvents: {
    path: 'api/asset/events' as const,
    method: 'POST' as const,
    authenticated: true,
    readOnly: true,
    summary: "An asset's timeline, newest first: every change with who made it and when.",
    request: BaseRequest.extend({ Asset: Id }),
    records: z.array(AssetEvent),
    refusals: ['You are not allowed to list assets.', 'Asset … does not exist.'],
  },
};
