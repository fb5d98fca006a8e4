import { CONDITIONS } from '@branch-assets/domain';
import { z } from 'zod';
import { HexColor, Id, IsoDate, IsoDateTime, OptionalId, text } from '../primitives.ts';
import type { UploadSpec } from '../upload.ts';
import { BaseRequest, ListRequest, listPayload, Option } from './shared.ts';

/*
 * Physical audit (stock-take) of a branch or one location of it (docs/workflows.md, "Physical
 * audit"), additions to the legacy contract: started from the expected list (a snapshot of the
 * assets there), counted by its auditors scanning labels or ticking assets — each scan carrying
 * the phone's own id so that a replay changes nothing — submitted (what was not found is missing),
 * its differences resolved by the branch manager, and signed off.
 */

export const AUDIT_STATES = ['IN_PROGRESS', 'SUBMITTED', 'SIGNED_OFF', 'CANCELLED'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];
export const AUDIT_OUTCOMES = [
  'PENDING',
  'FOUND',
  'FOUND_WRONG_LOCATION',
  'MISSING',
  'UNEXPECTED',
] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
/** How the branch manager settles a difference. */
export const AUDIT_RESOLUTIONS = ['MOVE_LOCATION', 'TRANSFER', 'CONDEMN', 'INVESTIGATE'] as const;
export type AuditResolution = (typeof AUDIT_RESOLUTIONS)[number];
/** What one scan did: counted an asset, or met one counted already (the first scan wins). */
export const SCAN_RESULTS = ['COUNTED', 'ALREADY_COUNTED'] as const;
/** The most auditors one audit names. */
export const MOST_AUDITORS = 20;

export const auditPhotoUpload: UploadSpec = {
  field: 'File',
  maxBytes: 10 * 1024 * 1024,
  accept: ['image/png', 'image/jpeg', 'image/webp'],
  acceptText: 'PNG, JPEG or WebP',
};

export const AssetAuditRow = z.object({
  AssetAuditId: z.number().int(),
  AuditNumber: z.string(),
  BranchId: z.number().int(),
  BranchCode: z.string(),
  /** The one location audited; null for the whole branch. */
  LocationId: z.number().int().nullable(),
  LocationName: z.string().nullable(),
  DueDate: IsoDate,
  StartedAt: IsoDateTime,
  AuditorNames: z.string(),
  ExpectedCount: z.number().int(),
  FoundCount: z.number().int(),
  WrongLocationCount: z.number().int(),
  MissingCount: z.number().int(),
  UnexpectedCount: z.number().int(),
  /** Expected assets not scanned yet. */
  PendingCount: z.number().int(),
  /** Differences (wrong location, missing, unexpected) without a resolution. */
  UnresolvedCount: z.number().int(),
  SignedOffByName: z.string().nullable(),
  SignedOffAt: IsoDateTime.nullable(),
  StatusTxt: z.string(),
  StatusCode: z.enum(AUDIT_STATES),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  /** What the caller may do now; the server checks each again. */
  ScanFlag: z.boolean(),
  SubmitFlag: z.boolean(),
  ResolveFlag: z.boolean(),
  SignOffFlag: z.boolean(),
  CancelFlag: z.boolean(),
});
export type AssetAuditRow = z.output<typeof AssetAuditRow>;

export const AssetAuditItem = z.object({
  ItemId: z.number().int(),
  /** Null for a tag no asset has. */
  AssetId: z.number().int().nullable(),
  AssetTag: z.string().nullable(),
  AssetName: z.string().nullable(),
  /** The asset's branch when it is another branch's. */
  AssetBranchCode: z.string().nullable(),
  /** On the expected list (false: an unexpected find). */
  Expected: z.boolean(),
  ExpectedLocationId: z.number().int().nullable(),
  ExpectedLocationName: z.string().nullable(),
  Outcome: z.enum(AUDIT_OUTCOMES),
  FoundLocationId: z.number().int().nullable(),
  FoundLocationName: z.string().nullable(),
  /** What was scanned, as it was read. */
  ScannedCode: z.string().nullable(),
  Condition: z.enum(CONDITIONS).nullable(),
  Remarks: z.string().nullable(),
  PhotoUrl: z.string().nullable(),
  ScannedByName: z.string().nullable(),
  ScannedAt: IsoDateTime.nullable(),
  /** Scans of it after the first, which counted nothing. */
  RepeatScans: z.number().int(),
  Resolution: z.enum(AUDIT_RESOLUTIONS).nullable(),
  ResolutionNote: z.string().nullable(),
  ResolvedByName: z.string().nullable(),
  ResolvedAt: IsoDateTime.nullable(),
  TransferId: z.number().int().nullable(),
});
export type AssetAuditItem = z.output<typeof AssetAuditItem>;

/** The letterhead of the audit's report: the branch's company. */
export const AuditCompany = z.object({
  Name: z.string(),
  LegalName: z.string(),
  Address: z.string(),
  Gstin: z.string().nullable(),
  Pan: z.string(),
  LogoPath: z.string().nullable(),
});

export const AssetAuditDetail = AssetAuditRow.extend({
  BranchName: z.string(),
  Company: AuditCompany,
  Remarks: z.string().nullable(),
  StartedByName: z.string().nullable(),
  SubmittedByName: z.string().nullable(),
  SubmittedAt: IsoDateTime.nullable(),
  SignOffRemarks: z.string().nullable(),
  CancelReason: z.string().nullable(),
  Auditors: z.array(z.object({ UserId: z.number().int(), Name: z.string() })),
  Items: z.array(AssetAuditItem),
});
export type AssetAuditDetail = z.output<typeof AssetAuditDetail>;

export const AssetAuditStartRequest = BaseRequest.extend({
  Branch: Id,
  /** Absent: the whole branch. */
  Location: OptionalId,
  DueDate: IsoDate,
  Auditors: z
    .array(Id)
    .min(1, 'must name at least one auditor')
    .max(MOST_AUDITORS, `must name at most ${MOST_AUDITORS} auditors`),
  Remarks: text(500, { required: false }).optional(),
});
export type AssetAuditStartRequest = z.output<typeof AssetAuditStartRequest>;

export const AssetAuditScanRequest = BaseRequest.extend({
  AssetAudit: Id,
  /** The phone's own id of the scan (a UUID): the same id twice is one scan. */
  ScanId: z.uuid({ error: 'must be a UUID' }),
  /** What the label said (its QR code's address, or a tag typed or read by a scanner)… */
  Code: text(300, { required: false }).optional(),
  /** …or the asset ticked on the list. */
  Asset: OptionalId,
  /** Where the auditor stands; the audit's location when it audits one. */
  Location: OptionalId,
  Condition: z.enum(CONDITIONS, { error: 'must be GOOD, FAIR or POOR' }).optional(),
  Remarks: text(500, { required: false }).optional(),
  /** When the phone read it (it may sync later). */
  ScannedAt: IsoDateTime.optional(),
}).refine((body) => (body.Code ?? '') !== '' || body.Asset !== undefined, {
  message: 'must name the scanned code or the asset',
  path: ['Code'],
});
export type AssetAuditScanRequest = z.output<typeof AssetAuditScanRequest>;

export const AssetAuditScanAnswer = z.object({
  ScanId: z.string(),
  Result: z.enum(SCAN_RESULTS),
  /** True when this scan id had been recorded before (a replay): nothing changed. */
  Replayed: z.boolean(),
  Item: AssetAuditItem,
  Audit: AssetAuditRow,
});
export type AssetAuditScanAnswer = z.output<typeof AssetAuditScanAnswer>;

export const AssetAuditResolveRequest = BaseRequest.extend({
  AssetAudit: Id,
  Item: Id,
  Resolution: z.enum(AUDIT_RESOLUTIONS, {
    error: `must be one of ${AUDIT_RESOLUTIONS.join(', ')}`,
  }),
  Note: text(500, { required: false }).optional(),
  /** TRANSFER: the transfer that moves it, when one exists already. */
  Transfer: OptionalId,
}).refine((body) => body.Resolution === 'MOVE_LOCATION' || (body.Note ?? '') !== '', {
  message: 'is required for this resolution (what was decided and why)',
  path: ['Note'],
});
export type AssetAuditResolveRequest = z.output<typeof AssetAuditResolveRequest>;

const ByAudit = BaseRequest.extend({ AssetAudit: Id });

export const AssetLastAudit = z.object({
  /** The day the last signed-off audit that found it was signed off. */
  LastAuditedOn: IsoDate.nullable(),
  AssetAuditId: z.number().int().nullable(),
  AuditNumber: z.string().nullable(),
});
export type AssetLastAudit = z.output<typeof AssetLastAudit>;

const common = { method: 'POST' as const, authenticated: true } as const;
const auditRefusals = ['Asset audit not found.', 'You do not work in that branch.'] as const;

export const assetAuditCalls = {
  assetAuditLists: {
    ...common,
    path: 'api/asset-audit/lists' as const,
    readOnly: true,
    summary:
      "Addition: a branch's physical audits, newest first; Filters: StatusCode, Open (true: not signed off or cancelled), Due (true: open and due within 30 days or past).",
    request: ListRequest.extend({ Branch: Id }),
    records: listPayload(AssetAuditRow),
    refusals: ['You do not work in that branch.', 'Your role may not list asset audits.'],
    graphqlNames: {
      AssetAuditId: 'id',
      AuditNumber: 'number',
      StatusTxt: 'status',
      StatusCode: 'status.code',
      ScanFlag: 'canScan',
      SubmitFlag: 'canSubmit',
      ResolveFlag: 'canResolve',
      SignOffFlag: 'canSignOff',
      CancelFlag: 'canCancel',
    },
  },
  assetAuditShow: {
    ...common,
    path: 'api/asset-audit/show' as const,
    readOnly: true,
    summary: 'Addition: one audit with its auditors, counts and every item (expected and found).',
    request: ByAudit,
    records: AssetAuditDetail,
    refusals: [...auditRefusals, 'Your role may not list asset audits.'],
  },
  assetAuditAuditorOptions: {
    ...common,
    path: 'api/asset-audit/auditor-options' as const,
    readOnly: true,
    summary: 'Addition: the users who work in a branch, who may be named its auditors.',
    request: BaseRequest.extend({ Branch: Id }),
    records: z.array(Option),
    refusals: ['You do not work in that branch.'],
  },
  assetAuditStart: {
    ...common,
    path: 'api/asset-audit/start' as const,
    readOnly: false,
    summary:
      'Addition: starts an audit of a branch or one location of it (numbered AUD/<branch>/<financial year>/<sequence>); the expected list is the assets there not in transit, condemned or disposed.',
    request: AssetAuditStartRequest,
    records: AssetAuditDetail,
    refusals: [
      'You do not work in that branch.',
      'Your role may not start asset audits.',
      'The location is not one of the branch.',
      'Auditor … does not work in the branch, or may not open its audits.',
      'Audit … of the same place is still open.',
    ],
  },
  assetAuditScan: {
    ...common,
    path: 'api/asset-audit/scan' as const,
    readOnly: false,
    summary:
      'Addition: records one scan (or tick) of an audit in progress, once per ScanId: an expected asset is found (or found in the wrong location); anything else is unexpected. A second scan of a counted asset counts nothing.',
    request: AssetAuditScanRequest,
    records: AssetAuditScanAnswer,
    refusals: [
      ...auditRefusals,
      'Audit … is no longer being counted (it is …).',
      'You are not an auditor of audit ….',
      'The location is not one of the branch.',
    ],
  },
  assetAuditSubmit: {
    ...common,
    path: 'api/asset-audit/submit' as const,
    readOnly: false,
    summary:
      'Addition: ends the count: every expected asset not found is missing; the differences go to the branch manager.',
    request: ByAudit,
    records: AssetAuditDetail,
    refusals: [
      ...auditRefusals,
      'Audit … is no longer being counted (it is …).',
      'You are not an auditor of audit ….',
    ],
  },
  assetAuditResolve: {
    ...common,
    path: 'api/asset-audit/resolve' as const,
    readOnly: false,
    summary:
      "Addition: the branch manager's decision on one difference of a submitted audit: MOVE_LOCATION (the asset's location becomes where it was found), TRANSFER, CONDEMN (a missing asset goes to condemnation) or INVESTIGATE (a note).",
    request: AssetAuditResolveRequest,
    records: AssetAuditDetail,
    refusals: [
      ...auditRefusals,
      'Your role may not sign off asset audits.',
      'Audit … is not waiting for its differences to be resolved (it is …).',
      'That item is not a difference.',
      'That difference is resolved already.',
      '… cannot be resolved by …',
    ],
  },
  assetAuditSignOff: {
    ...common,
    path: 'api/asset-audit/sign-off' as const,
    readOnly: false,
    summary:
      "Addition: signs off a submitted audit whose differences are all resolved; the found assets' last audited date becomes the day of the sign-off.",
    request: ByAudit.extend({ Remarks: text(500, { required: false }).optional() }),
    records: AssetAuditDetail,
    refusals: [
      ...auditRefusals,
      'Your role may not sign off asset audits.',
      'Audit … is not waiting for sign-off (it is …).',
      '… differences are not resolved yet.',
    ],
  },
  assetAuditCancel: {
    ...common,
    path: 'api/asset-audit/cancel' as const,
    readOnly: false,
    summary: 'Addition: cancels an audit not signed off yet, with the reason.',
    request: ByAudit.extend({ Reason: text(500, { required: true }) }),
    records: AssetAuditDetail,
    refusals: [
      ...auditRefusals,
      'Your role may not cancel asset audits.',
      'Audit … is … : it can no longer be cancelled.',
    ],
  },
  assetAuditLastAudit: {
    ...common,
    path: 'api/asset-audit/last-audit' as const,
    readOnly: true,
    summary: "Addition: an asset's last audited date and the audit that found it.",
    request: BaseRequest.extend({ Asset: Id }),
    records: AssetLastAudit,
    refusals: ['Asset … does not exist.'],
  },
  assetAuditPhotoStore: {
    ...common,
    path: 'api/asset-audit/photo-store' as const,
    readOnly: false,
    summary:
      'Addition: the photo of one item of an audit not signed off (multipart: File with AssetAudit and Item): PNG, JPEG or WebP, checked by content, at most 10 MB.',
    request: ByAudit.extend({ Item: Id }),
    records: AssetAuditItem,
    upload: auditPhotoUpload,
    refusals: [...auditRefusals, 'You are not an auditor of audit ….'],
  },
} as const;
