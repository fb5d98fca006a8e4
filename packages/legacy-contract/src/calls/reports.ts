import { ASSET_STATUSES, daysBetween, INCOME_TAX_BLOCK_RATES } from '@branch-assets/domain';
import { z } from 'zod';
import { Id, IsoDate, IsoDateTime } from '../primitives.ts';
import { BaseRequest, MAX_ITEMS_PER_PAGE } from './shared.ts';

/*
 * The branch manager's dashboard, the finance report, the branch asset report with its movement
 * schedule and the fixed asset register with depreciation in two books (docs/reports.md):
 * additions to the legacy contract. Every amount is the numeric(14,2) wire text ('1234.50').
 * Every report names its branches; legacy-api refuses a branch the user does not work in.
 */

const Money = z.string().regex(/^-?\d+\.\d{2}$/, 'must be an amount like 1234.50');
const Count = z.number().int().nonnegative();
/** A financial year as the books write it: 2026-27. */
export const FinancialYearText = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'must be a financial year like 2026-27')
  .refine((fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5)), {
    message: 'must be a financial year like 2026-27',
  });
/** Asked for an export: the role needs the report's download grant too. */
const Download = z.boolean().default(false);
const ReportBranches = z
  .array(Id)
  .min(1, 'must name at least one branch')
  .max(500, 'may name at most 500 branches');
export const DEPRECIATION_METHODS = ['SLM', 'WDV'] as const;

/**
 * The letterhead of a report's PDF: the company of its branches, or null when they belong to
 * several companies (the header then names the group by its branches). Optional: a company's own
 * legacy server may not send it, and the PDF then carries no letterhead.
 */
export const ReportCompany = z.object({
  Name: z.string(),
  LegalName: z.string(),
  Address: z.string(),
  Gstin: z.string().nullable(),
  Pan: z.string(),
  LogoPath: z.string().nullable(),
});
export type ReportCompany = z.output<typeof ReportCompany>;
const Letterhead = ReportCompany.nullable().optional();

/** The longest period a report covers: five financial years. */
export const MOST_REPORT_DAYS = 5 * 366;

/** A report's period: From to To, both included, at most five financial years. */
function inPeriod<Schema extends z.ZodType<{ From: string; To: string }>>(schema: Schema) {
  return schema
    .refine((request) => request.From <= request.To, { message: 'From must not be after To.' })
    .refine((request) => daysBetween(request.From, request.To) < MOST_REPORT_DAYS, {
      message: 'A report covers at most five financial years.',
    });
}

// ---------------------------------------------------------------------------------------------
// The dashboard

export const DashboardRequest = BaseRequest.extend({
  /** One branch of the user's; absent: every branch the user works in. */
  Branch: Id.optional(),
});

/**
 * Each tile's count, or null when the user's role may not list what the tile opens (no grant, no
 * tile).
 */
export const DashboardTiles = z.object({
  AssetsTotal: Count.nullable(),
  AssetsValue: Money.nullable(),
  /** High-criticality assets out of order or under repair. */
  CriticalDown: Count.nullable(),
  OpenJobOrders: Count.nullable(),
  /** Open job orders past their response or resolution target. */
  JobOrdersPastTarget: Count.nullable(),
  /** Preventive job orders due in the next 7 days, not yet done. */
  PreventiveDue: Count.nullable(),
  /** Preventive job orders whose due day has passed, not yet done. */
  PreventiveOverdue: Count.nullable(),
  /** Assets in use whose warranty ends in the next 90 days. */
  WarrantiesEnding: Count.nullable(),
  /** Maintenance contracts in force ending in the next 90 days and not renewed. */
  ContractsEnding: Count.nullable(),
  /** Assets in use under neither warranty nor a contract in force. */
  AssetsUncovered: Count.nullable(),
  /** Assets received on goods receipts and still in stock, not installed. */
  ReceiptsAwaitingInstallation: Count.nullable(),
  TransfersToApprove: Count.nullable(),
  TransfersToDispatch: Count.nullable(),
  TransfersToReceive: Count.nullable(),
  AccessoriesBelowMinimum: Count.nullable(),
  /** Physical audits not signed off, due in the next 30 days or past due. */
  AuditsDue: Count.nullable(),
  /** Purchase orders waiting for a verification this user may give (not their own). */
  OrdersToVerify: Count.nullable(),
  /** Purchase orders waiting for an approval this user may give (not their own). */
  OrdersToApprove: Count.nullable(),
});
export type DashboardTiles = z.output<typeof DashboardTiles>;

export const Dashboard = z.object({
  AsOf: IsoDate,
  FinancialYear: z.string(),
  Branches: z.array(z.object({ BranchId: Id, BranchCode: z.string(), BranchName: z.string() })),
  Tiles: DashboardTiles,
  AssetsByStatus: z.array(z.object({ Status: z.enum(ASSET_STATUSES), Count, Value: Money })),
  AssetsByCategory: z.array(
    z.object({ CategoryId: Id, CategoryName: z.string(), Count, Value: Money }),
  ),
  /** High-criticality assets out of order or under repair, the longest down first (at most 10). */
  CriticalAssets: z.array(
    z.object({
      AssetId: Id,
      Tag: z.string(),
      Name: z.string(),
      BranchCode: z.string(),
      Status: z.enum(ASSET_STATUSES),
      /** When it went down: the open job order's report time, else the last status change. */
      DownSince: IsoDateTime,
      DowntimeHours: z.number().nonnegative(),
    }),
  ),
  /** The approved purchase orders of each month of this financial year, April first. */
  SpendByMonth: z.array(
    z.object({ Month: z.string().regex(/^\d{4}-\d{2}$/), Orders: Count, Amount: Money }),
  ),
  /** Job orders raised and resolved in each of the last 12 weeks (Monday to Sunday). */
  JobsByWeek: z.array(z.object({ WeekStart: IsoDate, Opened: Count, Closed: Count })),
});
export type Dashboard = z.output<typeof Dashboard>;

// ---------------------------------------------------------------------------------------------
// The finance report

export const FinanceReportRequest = inPeriod(
  BaseRequest.extend({
    From: IsoDate,
    To: IsoDate,
    Branches: ReportBranches,
    Vendor: Id.optional(),
    Category: Id.optional(),
    Download,
  }),
);

const Spend = { Orders: Count, Taxable: Money, Gst: Money, Total: Money };
const Taxes = { Taxable: Money, Cgst: Money, Sgst: Money, Igst: Money };

export const FinanceReport = z.object({
  Company: Letterhead,
  From: IsoDate,
  To: IsoDate,
  /** Approved orders by the billed branch, dated in the period. */
  SpendByBranch: z.array(
    z.object({ BranchId: Id, BranchCode: z.string(), BranchName: z.string(), ...Spend }),
  ),
  SpendByVendor: z.array(
    z.object({ VendorId: Id, VendorName: z.string(), Gstin: z.string().nullable(), ...Spend }),
  ),
  /**
   * Order lines by their asset type's category (accessories: 'Accessories'); an order's freight
   * and round-off make a row of their own (CategoryId null), so the rows add up to the total.
   */
  SpendByCategory: z.array(
    z.object({ CategoryId: Id.nullable(), CategoryName: z.string(), ...Spend }),
  ),
  SpendByMonth: z.array(z.object({ Month: z.string().regex(/^\d{4}-\d{2}$/), ...Spend })),
  SpendTotal: z.object(Spend),
  /** GST input by rate (freight at its own rate). */
  GstByRate: z.array(z.object({ Rate: z.number(), ...Taxes })),
  /** GST input by the vendor's GSTIN (unregistered vendors: null, no tax). */
  GstByVendor: z.array(
    z.object({ VendorId: Id, VendorName: z.string(), Gstin: z.string().nullable(), ...Taxes }),
  ),
  GstTotal: z.object(Taxes),
  /** Assets put to use in the period, by branch and category, at cost. */
  Capitalised: z.array(
    z.object({
      BranchId: Id,
      BranchCode: z.string(),
      CategoryId: Id,
      CategoryName: z.string(),
      Assets: Count,
      Cost: Money,
    }),
  ),
  CapitalisedTotal: z.object({ Assets: Count, Cost: Money }),
  /** Orders approved by the end of the period with goods still to come then, largest first. */
  Commitments: z.array(
    z.object({
      PurchaseOrderId: Id,
      PoNumber: z.string(),
      BranchCode: z.string(),
      VendorName: z.string(),
      PoDate: IsoDate,
      Ordered: Money,
      Received: Money,
      Outstanding: Money,
    }),
  ),
  CommitmentsTotal: z.object({ Ordered: Money, Received: Money, Outstanding: Money }),
  /**
   * Chargeable job orders resolved in the period (their lines with GST) and maintenance
   * contracts starting in it (their value with GST), by branch.
   */
  JobCosts: z.array(
    z.object({
      BranchId: Id,
      BranchCode: z.string(),
      ChargeableJobs: Count,
      ChargeableCost: Money,
      Contracts: Count,
      ContractValue: Money,
      Total: Money,
    }),
  ),
  JobCostsTotal: z.object({
    ChargeableJobs: Count,
    ChargeableCost: Money,
    Contracts: Count,
    ContractValue: Money,
    Total: Money,
  }),
});
export type FinanceReport = z.output<typeof FinanceReport>;

// ---------------------------------------------------------------------------------------------
// The branch asset report: the register as of a date and the movement over a period

export const BranchAssetReportRequest = inPeriod(
  BaseRequest.extend({
    From: IsoDate,
    To: IsoDate,
    Branches: ReportBranches,
    Category: Id.optional(),
    Status: z.enum(ASSET_STATUSES).optional(),
    /** The Companies Act method of the accumulated depreciation; SLM when absent. */
    Method: z.enum(DEPRECIATION_METHODS).default('SLM'),
    Download,
  }),
);

const Position = { Assets: Count, Cost: Money, Accumulated: Money, NetBook: Money };
const Movement = z.object({ Assets: Count, Cost: Money });

export const BranchAssetReport = z.object({
  Company: Letterhead,
  /** The movement's period; the register is as of To. */
  From: IsoDate,
  To: IsoDate,
  Method: z.enum(DEPRECIATION_METHODS),
  /** Assets held at the end of To, by branch (then), category and status. */
  Register: z.array(
    z.object({
      BranchId: Id,
      BranchCode: z.string(),
      CategoryId: Id,
      CategoryName: z.string(),
      Status: z.enum(ASSET_STATUSES),
      ...Position,
    }),
  ),
  RegisterTotal: z.object(Position),
  /**
   * Per branch: Opening (held at the end of the day before From) + Additions + TransfersIn −
   * TransfersOut − Disposals = Closing (held at the end of To), in assets and at cost.
   */
  Movement: z.array(
    z.object({
      BranchId: Id,
      BranchCode: z.string(),
      Opening: Movement,
      Additions: Movement,
      TransfersIn: Movement,
      TransfersOut: Movement,
      Disposals: Movement,
      Closing: Movement,
    }),
  ),
  MovementTotal: z.object({
    Opening: Movement,
    Additions: Movement,
    TransfersIn: Movement,
    TransfersOut: Movement,
    Disposals: Movement,
    Closing: Movement,
  }),
});
export type BranchAssetReport = z.output<typeof BranchAssetReport>;

// ---------------------------------------------------------------------------------------------
// The fixed asset register with depreciation in two books, for one financial year

export const DepreciationScheduleRequest = BaseRequest.extend({
  Branches: ReportBranches,
  FinancialYear: FinancialYearText,
  Method: z.enum(DEPRECIATION_METHODS).default('SLM'),
  Category: Id.optional(),
  /** Free text over tag, name and category. */
  Search: z.string().trim().max(100).optional(),
  /** 1-based; absent: every asset (the export). */
  Page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  ItemsPerPage: z.coerce.number().int().min(1).max(MAX_ITEMS_PER_PAGE).optional(),
  Download,
});

const YearOfAsset = {
  Opening: Money,
  /** Its cost, when put to use in the year. */
  Additions: Money,
  Depreciation: Money,
  /** Its net book value on the day it left the books, when disposed of in the year. */
  Disposals: Money,
  Closing: Money,
};

export const DepreciationSchedule = z.object({
  Company: Letterhead,
  FinancialYear: z.string(),
  Method: z.enum(DEPRECIATION_METHODS),
  /** Companies Act, Schedule II: the assets put to use by the year's end, one page of them. */
  Assets: z.array(
    z.object({
      AssetId: Id,
      Tag: z.string(),
      Name: z.string(),
      BranchCode: z.string(),
      CategoryName: z.string(),
      Block: z.enum(Object.keys(INCOME_TAX_BLOCK_RATES) as [keyof typeof INCOME_TAX_BLOCK_RATES]),
      PutToUse: IsoDate,
      DisposedOn: IsoDate.nullable(),
      Cost: Money,
      UsefulLifeYears: z.number().int(),
      ...YearOfAsset,
    }),
  ),
  /** Assets matching the request (all pages). */
  TotalCount: Count,
  /** Companies Act totals over every matching asset, not the page. */
  AssetTotals: z.object(YearOfAsset),
  /** Income Tax: the blocks of the branches' assets, written-down value for the year. */
  Blocks: z.array(
    z.object({
      Block: z.enum(Object.keys(INCOME_TAX_BLOCK_RATES) as [keyof typeof INCOME_TAX_BLOCK_RATES]),
      Rate: z.number(),
      Opening: Money,
      AdditionsFull: Money,
      AdditionsHalf: Money,
      Proceeds: Money,
      Depreciation: Money,
      Closing: Money,
      CapitalGain: Money,
    }),
  ),
  BlockTotals: z.object({
    Opening: Money,
    AdditionsFull: Money,
    AdditionsHalf: Money,
    Proceeds: Money,
    Depreciation: Money,
    Closing: Money,
    CapitalGain: Money,
  }),
});
export type DepreciationSchedule = z.output<typeof DepreciationSchedule>;

const common = { method: 'POST' as const, authenticated: true, readOnly: true } as const;
const branchRefusal = 'You do not work in that branch.';

export const reportCalls = {
  dashboard: {
    ...common,
    path: 'api/dashboard/branch-manager' as const,
    summary:
      "Addition: the branch manager's dashboard over one of the user's branches or all of them: tiles with counts and values, assets by status and category, critical assets down, this financial year's purchase spend by month and job orders by week.",
    request: DashboardRequest,
    records: Dashboard,
    refusals: [branchRefusal, 'Your role may not see the dashboard.'],
  },
  financeReport: {
    ...common,
    long: true,
    path: 'api/reports/finance' as const,
    summary:
      'Addition: the finance report over a period and branches: purchase spend by branch, vendor, category and month; GST input by rate and GSTIN; assets capitalised; commitments; job-order and contract costs.',
    request: FinanceReportRequest,
    records: FinanceReport,
    refusals: [
      branchRefusal,
      'Your role may not see the finance report.',
      'Your role may not download the finance report.',
      'A report covers at most five financial years.',
    ],
  },
  branchAssetReport: {
    ...common,
    long: true,
    path: 'api/reports/branch-asset' as const,
    summary:
      'Addition: the branch asset report: the register as of a date by branch, category and status with cost, accumulated depreciation and net book value, and the movement schedule over a period (opening + additions + transfers in − transfers out − disposals = closing).',
    request: BranchAssetReportRequest,
    records: BranchAssetReport,
    refusals: [
      branchRefusal,
      'Your role may not see the branch asset report.',
      'Your role may not download the branch asset report.',
      'A report covers at most five financial years.',
    ],
  },
  depreciationSchedule: {
    ...common,
    long: true,
    path: 'api/reports/depreciation' as const,
    summary:
      'Addition: the fixed asset register of a financial year with depreciation in two books: Companies Act Schedule II per asset (a page of assets, totals over all) and Income Tax per block (written-down value, half rate under 180 days).',
    request: DepreciationScheduleRequest,
    records: DepreciationSchedule,
    refusals: [
      branchRefusal,
      'Your role may not see the branch asset report.',
      'Your role may not download the branch asset report.',
    ],
  },
} as const;
