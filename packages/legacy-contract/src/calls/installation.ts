import { CONDITIONS } from '@branch-assets/domain';
import { z } from 'zod';
import {
  Boolish,
  HexColor,
  Id,
  IsoDate,
  IsoDateTime,
  Money,
  OptionalId,
  text,
} from '../primitives.ts';
import { AssetRow } from './asset.ts';
import { quotationUpload } from './procurement.ts';
import { BaseRequest, ListRequest, listPayload } from './shared.ts';

/*
 * An asset's installation, condemnation and disposal (docs/workflows.md), additions to the legacy
 * contract. An installation is recorded for one In stock asset or a batch of them (often one goods
 * receive note's), then signed off — or sent back — by a second user with the installation's
 * approve grant; at sign-off its assets go In use from the installation's date. Condemning an
 * asset is the committee's decision, recorded by a user with the disposal's approve grant; the
 * branch then disposes of it.
 */

export const INSTALLATION_STATES = ['PENDING', 'SIGNED_OFF', 'SENT_BACK'] as const;
export const INSTALLER_KINDS = ['VENDOR', 'STAFF'] as const;
/** The installation checklist, in the order the form asks it. */
export const INSTALLATION_CHECKS = [
  'PhysicalConditionOk',
  'PowerEarthingOk',
  'AccessoriesPresent',
  'DemoGiven',
  'StaffTrained',
  'ManualHandedOver',
] as const;
export type InstallationCheck = (typeof INSTALLATION_CHECKS)[number];
/** The most assets one installation names: a large delivery of beds or monitors. */
export const MOST_INSTALLED_AT_ONCE = 500;

export const AssetInstallationRow = z.object({
  AssetInstallationId: z.number().int(),
  InstallationNumber: z.string(),
  BranchId: z.number().int(),
  InstalledAt: IsoDateTime,
  /** In India's time: 'DD-MM-YYYY HH:MM'. */
  InstalledAtTxt: z.string(),
  LocationId: z.number().int(),
  LocationName: z.string(),
  /** The vendor's engineer (with the vendor) or the staff member who installed. */
  InstalledByName: z.string(),
  AssetCount: z.number().int(),
  /** The tags of its assets, joined by ', ' (what a search by tag finds). */
  AssetTags: z.string(),
  GoodsReceiptNoteNumber: z.string().nullable(),
  StatusTxt: z.string(),
  StatusCode: z.enum(INSTALLATION_STATES),
  StatusBgColor: HexColor,
  StatusTextColor: HexColor,
  /** Whether the caller may sign it off (or send it back) now: not the user who recorded it. */
  SignOffFlag: z.boolean(),
});
export type AssetInstallationRow = z.output<typeof AssetInstallationRow>;

export const InstalledAsset = z.object({
  AssetId: z.number().int(),
  AssetTag: z.string(),
  AssetName: z.string(),
  SerialNumber: z.string().nullable(),
  AssetStatus: z.string(),
  AssetStatusTxt: z.string(),
});

export const AssetInstallationDetail = AssetInstallationRow.extend({
  GoodsReceiptNoteId: z.number().int().nullable(),
  InstallerKind: z.enum(INSTALLER_KINDS),
  VendorId: z.number().int().nullable(),
  VendorName: z.string().nullable(),
  EngineerName: z.string().nullable(),
  InstalledById: z.number().int().nullable(),
  InstalledByStaffName: z.string().nullable(),
  ...(Object.fromEntries(INSTALLATION_CHECKS.map((check) => [check, z.boolean()])) as Record<
    InstallationCheck,
    z.ZodBoolean
  >),
  WarrantyFromInstallation: z.boolean(),
  /** The installation report's address on the server (`/files/...`), when attached. */
  ReportUrl: z.string().nullable(),
  Remarks: z.string(),
  RecordedByName: z.string().nullable(),
  RecordedAt: IsoDateTime,
  DecidedByName: z.string().nullable(),
  DecidedAt: IsoDateTime.nullable(),
  DecisionRemarks: z.string().nullable(),
  /** Whether the caller may attach the report now (while it waits for sign-off). */
  ReportFlag: z.boolean(),
  Assets: z.array(InstalledAsset),
});
export type AssetInstallationDetail = z.output<typeof AssetInstallationDetail>;

const Checked = Boolish;

export const AssetInstallationSaveRequest = BaseRequest.extend({
  Branch: Id,
  /** The goods receive note the assets came with, when they are one delivery's. */
  GoodsReceiptNote: OptionalId,
  Assets: z
    .array(Id)
    .min(1, 'must name at least one asset')
    .max(MOST_INSTALLED_AT_ONCE, `must name at most ${MOST_INSTALLED_AT_ONCE} assets`),
  /** When it was installed: not in the future. */
  InstalledAt: IsoDateTime,
  /** Where in the branch the assets now stand. */
  Location: Id,
  InstallerKind: z.enum(INSTALLER_KINDS, { error: 'must be VENDOR or STAFF' }),
  /** The vendor whose engineer installed (InstallerKind VENDOR). */
  Vendor: OptionalId,
  EngineerName: text(100, { required: false }).optional(),
  /** The staff member who installed (InstallerKind STAFF). */
  InstalledBy: OptionalId,
  PhysicalConditionOk: Checked,
  PowerEarthingOk: Checked,
  AccessoriesPresent: Checked,
  DemoGiven: Checked,
  StaffTrained: Checked,
  ManualHandedOver: Checked,
  /** The warranty runs from the installation (as the vendor's warranty card says), not delivery. */
  WarrantyFromInstallation: Checked.optional(),
  Remarks: text(1000, { required: false }).optional(),
})
  .refine((body) => body.InstallerKind !== 'VENDOR' || body.Vendor !== undefined, {
    message: 'is required when the vendor installed',
    path: ['Vendor'],
  })
  .refine((body) => body.InstallerKind !== 'VENDOR' || (body.EngineerName ?? '') !== '', {
    message: "is required when the vendor installed (the engineer's name)",
    path: ['EngineerName'],
  })
  .refine((body) => body.InstallerKind !== 'STAFF' || body.InstalledBy !== undefined, {
    message: 'is required when a staff member installed',
    path: ['InstalledBy'],
  });
export type AssetInstallationSaveRequest = z.output<typeof AssetInstallationSaveRequest>;

export const INSTALLATION_DECISIONS = ['SIGN_OFF', 'SEND_BACK'] as const;

const SignOffRequest = BaseRequest.extend({
  AssetInstallation: Id,
  Decision: z.enum(INSTALLATION_DECISIONS, { error: 'must be SIGN_OFF or SEND_BACK' }),
  Remarks: text(500, { required: false }).optional(),
}).refine((body) => body.Decision !== 'SEND_BACK' || (body.Remarks ?? '') !== '', {
  message: 'is required when sending an installation back (say what to put right)',
  path: ['Remarks'],
});

/** What the installation form offers: the branch's In stock assets not yet in an installation. */
export const InstallationCandidates = z.object({
  Assets: z.array(
    z.object({
      AssetId: z.number().int(),
      AssetTag: z.string(),
      AssetName: z.string(),
      SerialNumber: z.string().nullable(),
      LocationName: z.string(),
      GoodsReceiptNoteId: z.number().int().nullable(),
    }),
  ),
  /** The branch's goods receive notes with assets waiting for installation, newest first. */
  Notes: z.array(
    z.object({
      GoodsReceiptNoteId: z.number().int(),
      GoodsReceiptNoteNumber: z.string(),
      ReceivedDate: IsoDate,
      VendorId: z.number().int(),
      VendorName: z.string(),
      Waiting: z.number().int(),
    }),
  ),
});
export type InstallationCandidates = z.output<typeof InstallationCandidates>;

export const DISPOSAL_METHODS = ['SOLD', 'SCRAPPED', 'RETURNED_TO_VENDOR', 'WRITTEN_OFF'] as const;

const CondemnRequest = BaseRequest.extend({
  Asset: Id,
  /** The committee's meeting or decision date: not in the future. */
  CondemnedOn: IsoDate,
  Reason: text(500, { required: true }),
  Condition: z.enum(CONDITIONS),
  CommitteeRemarks: text(1000, { required: true }),
});

const DisposeRequest = BaseRequest.extend({
  Asset: Id,
  Method: z.enum(DISPOSAL_METHODS, { error: `must be one of ${DISPOSAL_METHODS.join(', ')}` }),
  DisposedOn: IsoDate,
  /** What a buyer paid (SOLD). */
  Amount: z.preprocess(
    (input) => (input === null || input === '' ? undefined : input),
    Money.refine((value) => !value.startsWith('-'), 'must not be negative').optional(),
  ),
  Buyer: text(150, { required: false }).optional(),
  Remarks: text(1000, { required: false }).optional(),
})
  .refine((body) => body.Method !== 'SOLD' || body.Amount !== undefined, {
    message: 'is required when the asset was sold',
    path: ['Amount'],
  })
  .refine((body) => body.Method !== 'SOLD' || (body.Buyer ?? '') !== '', {
    message: 'is required when the asset was sold',
    path: ['Buyer'],
  });

/** An asset's condemnation and disposal, as its page shows them. */
export const AssetDisposal = z.object({
  CondemnedOn: IsoDate,
  Reason: z.string(),
  Condition: z.enum(CONDITIONS),
  CommitteeRemarks: z.string(),
  CondemnedByName: z.string().nullable(),
  Method: z.enum(DISPOSAL_METHODS).nullable(),
  DisposedOn: IsoDate.nullable(),
  Amount: Money.nullable(),
  Buyer: z.string().nullable(),
  Remarks: z.string().nullable(),
  DisposedByName: z.string().nullable(),
});
export type AssetDisposal = z.output<typeof AssetDisposal>;

const common = { method: 'POST' as const, authenticated: true } as const;
const installationRefusals = [
  'Asset installation not found.',
  'You do not work in that branch.',
] as const;

export const installationCalls = {
  assetInstallationLists: {
    ...common,
    path: 'api/asset-installation/lists' as const,
    readOnly: true,
    summary:
      "Addition: the installations of one of the caller's branches, newest first; Filters: StatusCode.",
    request: ListRequest.extend({ Branch: Id }),
    records: listPayload(AssetInstallationRow),
    refusals: ['You do not work in that branch.', 'Your role may not list asset installations.'],
    graphqlNames: {
      AssetInstallationId: 'id',
      InstallationNumber: 'number',
      StatusTxt: 'status',
      StatusCode: 'status.code',
      SignOffFlag: 'canSignOff',
    },
  },
  assetInstallationShow: {
    ...common,
    path: 'api/asset-installation/show' as const,
    readOnly: true,
    summary: 'Addition: one installation with its checklist, report and assets.',
    request: BaseRequest.extend({ AssetInstallation: Id }),
    records: AssetInstallationDetail,
    refusals: installationRefusals,
  },
  assetInstallationCandidates: {
    ...common,
    path: 'api/asset-installation/candidates' as const,
    readOnly: true,
    summary:
      "Addition: the branch's In stock assets not in an installation waiting for sign-off (those of one goods receive note, or matching Search; at most 500), and the notes with assets waiting.",
    request: BaseRequest.extend({
      Branch: Id,
      GoodsReceiptNote: OptionalId,
      Search: text(100, { required: false }).optional(),
    }),
    records: InstallationCandidates,
    refusals: ['You do not work in that branch.', 'Your role may not record installations.'],
  },
  assetInstallationSave: {
    ...common,
    path: 'api/asset-installation/store' as const,
    readOnly: false,
    summary:
      'Addition: records the installation of In stock assets of one branch, waiting for sign-off; numbered INS/<branch>/<financial year>/<sequence>.',
    request: AssetInstallationSaveRequest,
    records: AssetInstallationDetail,
    refusals: [
      'You do not work in that branch.',
      'Your role may not record installations.',
      'Asset … is not an asset of branch ….',
      'Asset … is … : only an asset In stock can be installed.',
      'Asset … is already in installation … waiting for sign-off.',
      'Location … is not a location of branch ….',
      'The installation time is in the future.',
    ],
  },
  assetInstallationSignOff: {
    ...common,
    path: 'api/asset-installation/sign-off' as const,
    readOnly: false,
    summary:
      'Addition: signs an installation off (its assets go In use from its date, at its location; the warranty restarts from it when it says so) or sends it back with what to put right.',
    request: SignOffRequest,
    records: AssetInstallationDetail,
    refusals: [
      ...installationRefusals,
      'Your role may not sign off installations.',
      'The user who recorded an installation cannot sign it off: a second user does.',
      'Installation … is no longer waiting for sign-off (it is …).',
    ],
  },
  assetInstallationReportStore: {
    ...common,
    path: 'api/asset-installation/report-store' as const,
    readOnly: false,
    summary:
      'Addition: the installation report of an installation waiting for sign-off (multipart: File with AssetInstallation): PDF, PNG, JPEG or WebP, checked by content, at most 10 MB.',
    request: BaseRequest.extend({ AssetInstallation: Id }),
    records: AssetInstallationRow,
    upload: quotationUpload,
    refusals: [...installationRefusals, 'Your role may not record installations.'],
  },
  assetCondemn: {
    ...common,
    path: 'api/asset/condemn' as const,
    readOnly: false,
    summary:
      "Addition: condemns an asset (the committee's decision, recorded by a user with the disposal's approve grant): it leaves use and waits to be disposed of.",
    request: CondemnRequest,
    records: AssetRow,
    refusals: [
      'Asset … does not exist.',
      'Your role may not condemn assets.',
      'Asset … cannot be condemned while it is ….',
      'The date is in the future.',
    ],
  },
  assetDispose: {
    ...common,
    path: 'api/asset/dispose' as const,
    readOnly: false,
    summary:
      'Addition: records how a condemned asset was disposed of (sold with amount and buyer, scrapped, returned to vendor, written off); it leaves the active register and keeps its page.',
    request: DisposeRequest,
    records: AssetRow,
    refusals: [
      'Asset … does not exist.',
      'Your role may not dispose of assets.',
      'Only a condemned asset can be disposed of (it is …).',
      'The disposal date is before the condemnation ….',
    ],
  },
  assetDisposalShow: {
    ...common,
    path: 'api/asset/disposal' as const,
    readOnly: true,
    summary: "Addition: an asset's condemnation and disposal, when it has been condemned.",
    request: BaseRequest.extend({ Asset: Id }),
    records: AssetDisposal.nullable(),
    refusals: ['Asset … does not exist.'],
  },
} as const;

export type InstallationCandidateAsset = InstallationCandidates['Assets'][number];
export type InstallationCandidateNote = InstallationCandidates['Notes'][number];
export type InstalledAsset = z.output<typeof InstalledAsset>;
