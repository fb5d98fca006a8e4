import {
  MOVEMENT_QUANTITY_MAX,
  MOVEMENT_REASON_TEXT,
  MOVEMENT_REASONS,
  NOTE_REQUIRED_REASONS,
  RECORDED_MOVEMENT_REASONS,
  UNITS_OF_MEASURE,
} from '@branch-assets/domain';
import { z } from 'zod';
import { recordNames } from '../graphql-names.ts';
import { Id, IsoDateTime, jsonText, OptionalId, text } from '../primitives.ts';
import {
  optionalReference,
  type RecordHeader,
  recordCalls,
  recordFields,
  reference,
} from './record-calls.ts';
import { BaseRequest, ListPaging, listPayload, wholeNumber } from './shared.ts';

/*
 * Accessories (docs/assets.md, "Accessories"): api/accessories/lists · show · store · update ·
 * destroy · options, the things assets use up or lose (ECG leads, SpO2 probes, BP cuffs, printer
 * paper), counted in their type's unit; and their stock, kept per branch as a ledger:
 * api/accessories/movement records one movement, api/accessories/stock answers what each of the
 * caller's branches holds against its minimum, api/accessories/ledger one accessory's movements.
 * The quantity on hand is the ledger's sum and never goes below 0. Every call is scoped to the
 * caller's branches; a movement needs the edit grant on accessories.
 */

/** Left out, null or '' (a form-encoded empty field) all mean "none". */
const none = (input: unknown) => (input === null || input === '' ? undefined : input);

/** A list of ids: an array, or comma-separated text when form-encoded. */
const IdList = z.preprocess(
  (input) =>
    typeof input === 'string'
      ? input
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : input,
  z
    .array(Id, { error: 'must be a list of asset type ids' })
    .max(200, 'must be at most 200 asset types'),
);

/** A branch's own minimum stock of an accessory, where it differs from the type's. */
export const AccessoryMinimum = z.object({
  BranchId: z.number().int(),
  BranchCode: z.string(),
  Minimum: z.number().int(),
});
export type AccessoryMinimum = z.output<typeof AccessoryMinimum>;

const MinimumRequest = z.object({
  Branch: Id,
  /** Blank or null: the branch goes back to the type's minimum. */
  Minimum: z.preprocess(none, wholeNumber(0, MOVEMENT_QUANTITY_MAX).optional()),
});

// In the order of the list's columns.
const accessory = recordFields('Accessory', {
  AccessoryName: { row: z.string(), request: text(100, { required: true }), header: 'Accessory' },
  /** Its unit and default minimum stock are the type's. */
  AccessoryType: reference('Type'),
  Brand: optionalReference('Brand'),
  /** The type's unit, taken when the accessory is created (its ledger counts in it). */
  Unit: { row: z.enum(UNITS_OF_MEASURE), header: 'Unit' },
  /** The asset types it fits; a request's list replaces them (left out, they stay). */
  AssetTypes: { row: z.array(z.number().int()), request: z.preprocess(none, IdList.optional()) },
  AssetTypesTxt: { row: z.string(), header: 'Fits' },
  /**
   * The minimums of the caller's branches that differ from the type's. A request's list sets or
   * (with a blank Minimum) clears those of the branches it names, which the caller must work in;
   * other branches' minimums stay.
   */
  Minimums: {
    row: z.array(AccessoryMinimum),
    request: z.preprocess(
      none,
      jsonText(
        z
          .array(MinimumRequest, { error: 'must be a list of {Branch, Minimum}' })
          .max(500, 'must be at most 500 branches'),
      ).optional(),
    ),
  },
  /** The type's minimum stock: every branch's unless it has its own. */
  DefaultMinimum: { row: z.number().int() },
  /** On hand in the caller's branches (or the one branch the lists call asked for). */
  OnHand: { row: z.number().int(), header: { text: 'On Hand', align: 'end' } },
  /** Each of those branches holding some: 'CHN-ANN 12 · CHN-HO 3'. */
  StockTxt: { row: z.string(), header: 'Stock by Branch' },
  /** Whether one of those branches holds less than its minimum. */
  BelowMinimum: { row: z.boolean() },
  /** Those branches and what they hold of their minimum: 'CHN-ANN 2 of 5'. */
  BelowMinimumTxt: { row: z.string(), header: 'Below Minimum' },
});

export const AccessoryRow = accessory.row;
export type AccessoryRow = z.output<typeof AccessoryRow>;

/** The accessory list's filters (its rows' fields). */
export const ACCESSORY_FILTERS = ['AccessoryTypeId', 'BrandId', 'BelowMinimum'] as const;

export const accessoryCalls = recordCalls({
  prefix: 'accessory',
  path: 'accessories',
  key: 'Accessory',
  graphqlNames: { AssetTypes: 'assetTypeIds' },
  title: 'Accessory',
  plural: 'accessories',
  row: accessory.row,
  fields: accessory.request,
  headers: accessory.headers,
  listsRequest: BaseRequest.extend({
    /** The stock of this branch only (one the caller works in); all of theirs when left out. */
    Branch: OptionalId,
  }),
  optionsRequest: BaseRequest.extend({
    /** Only the accessories that fit this asset type. */
    AssetType: OptionalId,
  }),
  summaries: {
    lists:
      "Every accessory, with its stock in the caller's branches (or in Branch) against their minimums, and per-row EditFlag (which also allows recording movements) and DeleteFlag; Filters by ACCESSORY_FILTERS (BelowMinimum true: those some branch holds too few of).",
    store:
      'Creates an accessory of an accessory type (whose unit it is counted in), with the asset types it fits and the minimums of branches the caller works in (active unless ActiveStatus is 0).',
    destroy:
      'Deletes an accessory entered by mistake; one with stock movements cannot be deleted: set it InActive instead.',
    options:
      'The active accessories as select options, by name (with AssetType: those that fit it).',
  },
  refusals: {
    store: [
      'Accessory type … does not exist.',
      'Accessory type … is InActive: choose another.',
      'Brand … does not exist.',
      'Asset type … does not exist.',
      'You do not work in branch ….',
      'Accessory … already exists.',
    ],
    update: [
      'Accessory type … does not exist.',
      'Accessory type … is InActive: choose another.',
      'Brand … does not exist.',
      'Asset type … does not exist.',
      'You do not work in branch ….',
      'Accessory … already exists.',
      'The unit of … cannot change once it has stock movements: choose a type counted in ….',
    ],
    destroy: ['Cannot delete Accessory …: it is used by … stock movements.'],
  },
});

/** One accessory in one of the caller's branches: on hand against the branch's minimum. */
export const AccessoryStockRow = z.object({
  /** `<accessory id>-<branch id>`: a row is the pair. */
  StockKey: z.string(),
  AccessoryId: z.number().int(),
  AccessoryName: z.string(),
  AccessoryTypeName: z.string(),
  BrandName: z.string().nullable(),
  Unit: z.enum(UNITS_OF_MEASURE),
  BranchId: z.number().int(),
  BranchCode: z.string(),
  BranchName: z.string(),
  OnHand: z.number().int(),
  /** The branch's own minimum, else the type's. */
  Minimum: z.number().int(),
  BelowMinimum: z.boolean(),
  /** 'Below minimum', or '' when it is not. */
  BelowMinimumTxt: z.string(),
  /** Whether the caller may record a movement here (edit on accessories). */
  MoveFlag: z.boolean(),
});
export type AccessoryStockRow = z.output<typeof AccessoryStockRow>;

const headerOf = (value: string, text: string, align?: 'end'): RecordHeader =>
  align ? { value, text, align } : { value, text };

/** The stock list's columns, after the actions. */
export const ACCESSORY_STOCK_HEADERS: readonly RecordHeader[] = [
  headerOf('AccessoryName', 'Accessory'),
  headerOf('AccessoryTypeName', 'Type'),
  headerOf('BrandName', 'Brand'),
  headerOf('BranchCode', 'Branch'),
  headerOf('OnHand', 'On Hand', 'end'),
  headerOf('Minimum', 'Minimum', 'end'),
  headerOf('Unit', 'Unit'),
  headerOf('BelowMinimumTxt', 'Below Minimum'),
];

/** The stock list's filters (its rows' fields). */
export const ACCESSORY_STOCK_FILTERS = ['AccessoryId', 'BranchId', 'BelowMinimum'] as const;

/** One movement of an accessory's ledger, as the ledger shows it. */
export const AccessoryMovementRow = z.object({
  AccessoryMovementId: z.number().int(),
  AccessoryId: z.number().int(),
  At: IsoDateTime,
  BranchId: z.number().int(),
  BranchCode: z.string(),
  Reason: z.enum(MOVEMENT_REASONS),
  ReasonTxt: z.string(),
  /** Signed: what it added to (or took from) the branch's stock. */
  Quantity: z.number().int(),
  /** On hand at the branch just after it. */
  Balance: z.number().int(),
  VendorId: z.number().int().nullable(),
  VendorName: z.string().nullable(),
  /** A receipt's delivery note, invoice or order number. */
  Reference: z.string().nullable(),
  AssetId: z.number().int().nullable(),
  AssetTag: z.string().nullable(),
  StaffId: z.number().int().nullable(),
  StaffName: z.string().nullable(),
  /** The asset ('CHN-ANN-000123 Patient monitor') or staff member it went to or came back from. */
  IssuedToTxt: z.string(),
  Note: z.string().nullable(),
  /** Who recorded it (their staff name), when known. */
  UserName: z.string().nullable(),
});
export type AccessoryMovementRow = z.output<typeof AccessoryMovementRow>;

/** The ledger's columns: who did what and when. */
export const ACCESSORY_LEDGER_HEADERS: readonly RecordHeader[] = [
  headerOf('At', 'When'),
  headerOf('BranchCode', 'Branch'),
  headerOf('ReasonTxt', 'Reason'),
  headerOf('Quantity', 'Quantity', 'end'),
  headerOf('Balance', 'On Hand After', 'end'),
  headerOf('IssuedToTxt', 'Asset or Staff'),
  headerOf('VendorName', 'Vendor'),
  headerOf('Reference', 'Reference'),
  headerOf('Note', 'Note'),
  headerOf('UserName', 'By'),
];

/** The ledger's filters (its rows' fields). */
export const ACCESSORY_LEDGER_FILTERS = ['BranchId', 'Reason'] as const;

const SIGNED_RULE = `must be a whole number from -${MOVEMENT_QUANTITY_MAX} to ${MOVEMENT_QUANTITY_MAX}`;

/** A whole number that may be negative (an adjustment), also as its text (form-encoded bodies). */
const SignedWhole = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,10}$/, SIGNED_RULE)
        .transform(Number),
    ],
    {
      error: SIGNED_RULE,
    },
  )
  .pipe(
    z
      .number()
      .int(SIGNED_RULE)
      .min(-MOVEMENT_QUANTITY_MAX, SIGNED_RULE)
      .max(MOVEMENT_QUANTITY_MAX, SIGNED_RULE),
  );

const optionalText = (max: number) => z.preprocess(none, text(max, { required: false }).optional());

const REASONS_RULE = `must be one of ${RECORDED_MOVEMENT_REASONS.join(', ')} (transfers are recorded by the transfer workflow)`;

const reasonsText = (reasons: readonly (typeof MOVEMENT_REASONS)[number][]) =>
  reasons.map((reason) => MOVEMENT_REASON_TEXT[reason].toLowerCase()).join(' or ');

/**
 * One movement a user records. Its fields follow from its reason: a receipt may name the vendor
 * and its reference, an issue goes to an asset or a staff member (a return may say which it came
 * back from), an adjustment and a write-off as damaged say why in the note. The quantity is the
 * number of units, in the reason's direction; an adjustment's sign says which way it goes.
 */
export const AccessoryMovementRequest = BaseRequest.extend({
  Accessory: Id,
  /** A branch the caller works in. */
  Branch: Id,
  Reason: z.enum(RECORDED_MOVEMENT_REASONS, { error: REASONS_RULE }),
  Quantity: SignedWhole,
  Vendor: OptionalId,
  Reference: optionalText(100),
  /** An asset of the branch, for an issue or a return. */
  Asset: OptionalId,
  /** A staff member working in the branch, for an issue or a return. */
  Staff: OptionalId,
  Note: optionalText(500),
}).superRefine((body, context) => {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (body.Quantity === 0) issue('Quantity', 'must not be 0');
  else if (body.Reason !== 'ADJUSTED' && body.Quantity < 0)
    issue('Quantity', 'must be a positive whole number (only an adjustment takes a sign)');
  if (body.Reason !== 'RECEIVED') {
    if (body.Vendor !== undefined) issue('Vendor', 'is only for a receipt');
    if (body.Reference !== undefined && body.Reference !== '')
      issue('Reference', 'is only for a receipt');
  }
  const toWhom = body.Reason === 'ISSUED' || body.Reason === 'RETURNED';
  if (!toWhom && body.Asset !== undefined) issue('Asset', 'is only for an issue or a return');
  if (!toWhom && body.Staff !== undefined) issue('Staff', 'is only for an issue or a return');
  if (body.Asset !== undefined && body.Staff !== undefined)
    issue('Staff', 'must be left out when Asset is given (one or the other)');
  if (body.Reason === 'ISSUED' && body.Asset === undefined && body.Staff === undefined)
    issue('Asset', 'or Staff is required for an issue');
  if (NOTE_REQUIRED_REASONS.includes(body.Reason) && !body.Note)
    issue('Note', `is required for ${reasonsText(NOTE_REQUIRED_REASONS)}`);
});

export const AccessoryMovementRecords = z.object({
  Movement: AccessoryMovementRow,
  /** The branch's stock after it. */
  Stock: AccessoryStockRow,
});
export type AccessoryMovementRecords = z.output<typeof AccessoryMovementRecords>;

const common = { method: 'POST', authenticated: true } as const;

export const accessoryStockCalls = {
  accessoryStock: {
    ...common,
    path: 'api/accessories/stock' as const,
    readOnly: true,
    summary:
      "Stock per branch: each accessory in each of the caller's branches (active accessories, and inactive ones still held), on hand against the branch's minimum, a page at a time; Filters by ACCESSORY_STOCK_FILTERS (BelowMinimum true: only what a branch should reorder). MoveFlag says whether the caller may record movements.",
    request: BaseRequest.extend(ListPaging),
    records: listPayload(AccessoryStockRow),
    refusals: ['You are not allowed to list accessories.'],
    graphqlNames: { StockKey: 'id', MoveFlag: 'canMove' },
    headers: ACCESSORY_STOCK_HEADERS,
  },
  accessoryMovement: {
    ...common,
    path: 'api/accessories/movement' as const,
    readOnly: false,
    summary:
      "Records one movement of an accessory's stock at a branch (RECEIVED, ISSUED, RETURNED, ADJUSTED, CONSUMED or DAMAGED), in one transaction with the change of the quantity on hand, which never goes below 0: of two issues racing for the last units one is refused. Quantity is a number of units, positive, in the reason's direction (ADJUSTED: signed); Vendor and Reference only with RECEIVED; Asset or Staff (one of them) required with ISSUED, allowed with RETURNED; Note required with ADJUSTED and DAMAGED. Returns the movement and the branch's stock after it.",
    request: AccessoryMovementRequest,
    records: AccessoryMovementRecords,
    refusals: [
      'You are not allowed to edit accessories.',
      'Accessory … does not exist.',
      'You do not work in branch ….',
      'Only … of … are in stock at …; … cannot be issued.',
      'Vendor … does not exist.',
      'Asset … is not an asset of branch ….',
      'Staff member … does not work in branch ….',
    ],
  },
  accessoryLedger: {
    ...common,
    path: 'api/accessories/ledger' as const,
    readOnly: true,
    summary:
      "One accessory's movements in the caller's branches, newest first, a page at a time: when, where, why, how many, the stock after it, to or from whom, and who recorded it; Filters by ACCESSORY_LEDGER_FILTERS.",
    request: BaseRequest.extend({ Accessory: Id }).extend(ListPaging),
    records: listPayload(AccessoryMovementRow),
    refusals: ['You are not allowed to list accessories.', 'Accessory … does not exist.'],
    graphqlNames: recordNames('AccessoryMovement', {}),
    headers: ACCESSORY_LEDGER_HEADERS,
  },
};
