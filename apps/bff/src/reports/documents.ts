import {
  displayDate,
  formatPaise,
  type INCOME_TAX_BLOCK_RATES,
  toPaise,
} from '@branch-assets/domain';
import type {
  BranchAssetReport,
  DepreciationSchedule,
  FinanceReport,
} from '@branch-assets/legacy-contract';
import { type Cell, column, type ReportDocument, type ReportRow } from './document.ts';

/*
 * Each report's records as the document its workbook and PDF are made from: the sections the
 * screen shows, in its order, with the same totals (computed by legacy-api, never added up here).
 */

const rowsOf = (rows: readonly (readonly Cell[])[]): ReportRow[] =>
  rows.map((cells) => ({ cells }));

function branchesLine(codes: readonly string[]): string {
  return `Branches: ${codes.join(', ')}`;
}

const period = (from: string, to: string) => `Period: ${displayDate(from)} to ${displayDate(to)}`;

const SPEND = [
  column('Orders', 'count'),
  column('Taxable', 'money'),
  column('GST', 'money'),
  column('Total', 'money'),
];
const TAXES = [
  column('Taxable', 'money'),
  column('CGST', 'money'),
  column('SGST', 'money'),
  column('IGST', 'money'),
];

export function financeDocument(report: FinanceReport): ReportDocument {
  const spend = (figures: { Orders: number; Taxable: string; Gst: string; Total: string }) => [
    figures.Orders,
    figures.Taxable,
    figures.Gst,
    figures.Total,
  ];
  const total = report.SpendTotal;
  return {
    title: 'Finance Report',
    fileName: `Finance_Report_${report.From}_${report.To}`,
    scope: [period(report.From, report.To), branchesLine(report.JobCosts.map((r) => r.BranchCode))],
    company: report.Company ?? null,
    sections: [
      {
        title: 'Spend by branch',
        columns: [column('Branch', 'text', 12), column('Name', 'text', 30), ...SPEND],
        rows: rowsOf(report.SpendByBranch.map((r) => [r.BranchCode, r.BranchName, ...spend(r)])),
        total: ['Total', '', ...spend(total)],
        note: 'Approved purchase orders dated in the period, by the branch billed. Total = taxable + GST + round-off.',
      },
      {
        title: 'Spend by vendor',
        columns: [column('Vendor', 'text', 32), column('GSTIN', 'text', 18), ...SPEND],
        rows: rowsOf(report.SpendByVendor.map((r) => [r.VendorName, r.Gstin, ...spend(r)])),
        total: ['Total', '', ...spend(total)],
      },
      {
        title: 'Spend by category',
        columns: [column('Category', 'text', 32), ...SPEND],
        rows: rowsOf(report.SpendByCategory.map((r) => [r.CategoryName, ...spend(r)])),
        total: ['Total', ...spend(total)],
        note: 'Order lines by category; the orders’ freight with its GST and their round-off are a row of their own.',
      },
      {
        title: 'Spend by month',
        columns: [column('Month', 'text', 12), ...SPEND],
        rows: rowsOf(report.SpendByMonth.map((r) => [r.Month, ...spend(r)])),
        total: ['Total', ...spend(total)],
      },
      {
        title: 'GST input by rate',
        columns: [column('GST rate %', 'percent', 12), ...TAXES],
        rows: rowsOf(report.GstByRate.map((r) => [r.Rate, r.Taxable, r.Cgst, r.Sgst, r.Igst])),
        total: [
          'Total',
          report.GstTotal.Taxable,
          report.GstTotal.Cgst,
          report.GstTotal.Sgst,
          report.GstTotal.Igst,
        ],
      },
      {
        title: 'GST input by GSTIN',
        columns: [column('Vendor', 'text', 32), column('GSTIN', 'text', 18), ...TAXES],
        rows: rowsOf(
          report.GstByVendor.map((r) => [
            r.VendorName,
            r.Gstin ?? 'Unregistered',
            r.Taxable,
            r.Cgst,
            r.Sgst,
            r.Igst,
          ]),
        ),
        total: [
          'Total',
          '',
          report.GstTotal.Taxable,
          report.GstTotal.Cgst,
          report.GstTotal.Sgst,
          report.GstTotal.Igst,
        ],
      },
      {
        title: 'Assets capitalised',
        columns: [
          column('Branch', 'text', 12),
          column('Category', 'text', 30),
          column('Assets', 'count'),
          column('Cost', 'money'),
        ],
        rows: rowsOf(
          report.Capitalised.map((r) => [r.BranchCode, r.CategoryName, r.Assets, r.Cost]),
        ),
        total: ['Total', '', report.CapitalisedTotal.Assets, report.CapitalisedTotal.Cost],
        note: 'Assets put to use in the period, at cost.',
      },
      {
        title: 'Commitments',
        columns: [
          column('Order No', 'text', 26),
          column('Branch', 'text', 10),
          column('Vendor', 'text', 28),
          column('Order date', 'date'),
          column('Ordered', 'money'),
          column('Received', 'money'),
          column('Outstanding', 'money'),
        ],
        rows: rowsOf(
          report.Commitments.map((r) => [
            r.PoNumber,
            r.BranchCode,
            r.VendorName,
            r.PoDate,
            r.Ordered,
            r.Received,
            r.Outstanding,
          ]),
        ),
        total: [
          'Total',
          '',
          '',
          null,
          report.CommitmentsTotal.Ordered,
          report.CommitmentsTotal.Received,
          report.CommitmentsTotal.Outstanding,
        ],
        note: 'Orders approved by the end of the period with goods still to come then.',
      },
      {
        title: 'Job order and contract costs',
        columns: [
          column('Branch', 'text', 12),
          column('Chargeable jobs', 'count', 12),
          column('Chargeable cost', 'money'),
          column('Contracts', 'count'),
          column('Contract value', 'money'),
          column('Total', 'money'),
        ],
        rows: rowsOf(
          report.JobCosts.map((r) => [
            r.BranchCode,
            r.ChargeableJobs,
            r.ChargeableCost,
            r.Contracts,
            r.ContractValue,
            r.Total,
          ]),
        ),
        total: [
          'Total',
          report.JobCostsTotal.ChargeableJobs,
          report.JobCostsTotal.ChargeableCost,
          report.JobCostsTotal.Contracts,
          report.JobCostsTotal.ContractValue,
          report.JobCostsTotal.Total,
        ],
        note: 'Chargeable job orders resolved in the period and maintenance contracts starting in it, with GST.',
      },
    ],
  };
}

const STATUS_TEXT: Record<string, string> = {
  IN_STOCK: 'In stock',
  IN_USE: 'In use',
  UNDER_REPAIR: 'Under repair',
  OUT_OF_ORDER: 'Out of order',
  IN_TRANSIT: 'In transit',
  CONDEMNED: 'Condemned',
  DISPOSED: 'Disposed',
};

export function branchAssetDocument(report: BranchAssetReport): ReportDocument {
  const move = (m: { Assets: number; Cost: string }) => [m.Assets, m.Cost];
  const movement = (r: BranchAssetReport['MovementTotal']) => [
    ...move(r.Opening),
    ...move(r.Additions),
    ...move(r.TransfersIn),
    ...move(r.TransfersOut),
    ...move(r.Disposals),
    ...move(r.Closing),
  ];
  const pair = (title: string) => [column(title, 'count', 9), column(`${title} (cost)`, 'money')];
  // Subtotals by branch under its rows: the register is read branch by branch.
  const register: ReportRow[] = [];
  const branches = [...new Set(report.Register.map((r) => r.BranchCode))];
  for (const code of branches) {
    const rows = report.Register.filter((r) => r.BranchCode === code);
    for (const r of rows) {
      register.push({
        cells: [
          r.BranchCode,
          r.CategoryName,
          STATUS_TEXT[r.Status] ?? r.Status,
          r.Assets,
          r.Cost,
          r.Accumulated,
          r.NetBook,
        ],
      });
    }
    if (branches.length > 1) {
      const sum = (pick: (r: (typeof rows)[number]) => string) =>
        formatPaise(rows.reduce((total, r) => total + toPaise(pick(r)), 0));
      register.push({
        subtotal: true,
        cells: [
          `${code} subtotal`,
          '',
          '',
          rows.reduce((total, r) => total + r.Assets, 0),
          sum((r) => r.Cost),
          sum((r) => r.Accumulated),
          sum((r) => r.NetBook),
        ],
      });
    }
  }
  return {
    title: 'Branch Asset Report',
    fileName: `Branch_Asset_Report_${report.To}`,
    scope: [
      `Register as of ${displayDate(report.To)}; movement ${displayDate(report.From)} to ${displayDate(report.To)}`,
      `Companies Act depreciation: ${report.Method === 'SLM' ? 'straight line' : 'written-down value'}`,
      branchesLine(report.Movement.map((r) => r.BranchCode)),
    ],
    company: report.Company ?? null,
    sections: [
      {
        title: 'Register',
        columns: [
          column('Branch', 'text', 14),
          column('Category', 'text', 26),
          column('Status', 'text', 14),
          column('Assets', 'count'),
          column('Cost', 'money'),
          column('Accumulated depreciation', 'money', 18),
          column('Net book value', 'money'),
        ],
        rows: register,
        total: [
          'Total',
          '',
          '',
          report.RegisterTotal.Assets,
          report.RegisterTotal.Cost,
          report.RegisterTotal.Accumulated,
          report.RegisterTotal.NetBook,
        ],
      },
      {
        title: 'Movement',
        columns: [
          column('Branch', 'text', 12),
          ...pair('Opening'),
          ...pair('Additions'),
          ...pair('Transfers in'),
          ...pair('Transfers out'),
          ...pair('Disposals'),
          ...pair('Closing'),
        ],
        rows: rowsOf(report.Movement.map((r) => [r.BranchCode, ...movement(r)])),
        total: ['Total', ...movement(report.MovementTotal)],
        note: 'Opening + additions + transfers in − transfers out − disposals = closing, in assets and at cost.',
      },
    ],
  };
}

export const BLOCK_TEXT: Record<keyof typeof INCOME_TAX_BLOCK_RATES, string> = {
  plantAndMachinery: 'Plant and machinery',
  computersAndSoftware: 'Computers and software',
  furnitureAndFittings: 'Furniture and fittings',
  buildings: 'Buildings',
  motorCars: 'Motor cars',
  lifeSavingMedicalEquipment: 'Life-saving medical equipment',
};

type AssetRow = DepreciationSchedule['Assets'][number];

export function depreciationDocument(
  first: DepreciationSchedule,
  pages: () => AsyncIterable<readonly AssetRow[]>,
  branchCodes: readonly string[],
): ReportDocument {
  const totals = first.AssetTotals;
  const blocks = first.BlockTotals;
  return {
    title: 'Fixed Asset Register',
    fileName: `Fixed_Asset_Register_${first.FinancialYear}`,
    scope: [
      `Financial year ${first.FinancialYear}`,
      `Companies Act: ${first.Method === 'SLM' ? 'straight line' : 'written-down value'}; Income Tax: written-down value by block`,
      branchesLine(branchCodes),
    ],
    company: first.Company ?? null,
    sections: [
      {
        title: 'Income Tax blocks',
        columns: [
          column('Block', 'text', 28),
          column('Rate %', 'percent', 8),
          column('Opening WDV', 'money'),
          column('Additions ≥ 180 days', 'money', 18),
          column('Additions < 180 days', 'money', 18),
          column('Sale proceeds', 'money'),
          column('Depreciation', 'money'),
          column('Closing WDV', 'money'),
          column('Capital gain', 'money'),
        ],
        rows: rowsOf(
          first.Blocks.map((b) => [
            BLOCK_TEXT[b.Block],
            b.Rate,
            b.Opening,
            b.AdditionsFull,
            b.AdditionsHalf,
            b.Proceeds,
            b.Depreciation,
            b.Closing,
            b.CapitalGain,
          ]),
        ),
        total: [
          'Total',
          null,
          blocks.Opening,
          blocks.AdditionsFull,
          blocks.AdditionsHalf,
          blocks.Proceeds,
          blocks.Depreciation,
          blocks.Closing,
          blocks.CapitalGain,
        ],
        note: 'Section 32: additions put to use for less than 180 days in the year depreciate at half the rate.',
      },
      {
        title: 'Companies Act register',
        columns: [
          column('Tag', 'text', 16),
          column('Name', 'text', 28),
          column('Branch', 'text', 10),
          column('Category', 'text', 20),
          column('Put to use', 'date'),
          column('Disposed', 'date'),
          column('Life (years)', 'count', 8),
          column('Cost', 'money'),
          column('Opening', 'money'),
          column('Additions', 'money'),
          column('Depreciation', 'money'),
          column('Disposals', 'money'),
          column('Closing', 'money'),
        ],
        rows: async function* () {
          for await (const page of pages()) {
            yield page.map((r) => ({
              cells: [
                r.Tag,
                r.Name,
                r.BranchCode,
                r.CategoryName,
                r.PutToUse,
                r.DisposedOn,
                r.UsefulLifeYears,
                r.Cost,
                r.Opening,
                r.Additions,
                r.Depreciation,
                r.Disposals,
                r.Closing,
              ],
            }));
          }
        },
        total: [
          `Total (${first.TotalCount.toLocaleString('en-IN')} assets)`,
          '',
          '',
          '',
          null,
          null,
          null,
          null,
          totals.Opening,
          totals.Additions,
          totals.Depreciation,
          totals.Disposals,
          totals.Closing,
        ],
        note: 'Schedule II: opening + additions − depreciation − disposals = closing; residual value 5 % of cost.',
      },
    ],
  };
}
