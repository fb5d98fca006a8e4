import { financialYear, financialYearRange, indianDate } from '@branch-assets/domain';
import { aBranch, aLogin, anAsset, aPurchaseOrder } from '@branch-assets/legacy-api/testing';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPages } from '../labels/pdf-reader.ts';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';
import { readWorkbook, rowValues } from '../test/workbook.ts';

/*
 * The dashboard and the reports through the gateway (docs/reports.md), against a real legacy-api:
 * the schema's names and shapes, the totals as legacy-api computed them, the Excel workbook (a
 * sheet per section, real numbers and dates, the total row) and the PDF (landscape, letterhead,
 * title) with the report's filters, and the download grant checked by legacy-api.
 */

const Dashboard = graphql(`
  query DashboardOf($branchId: ID) {
    dashboard(branchId: $branchId) {
      asOf financialYear branches { branchId branchCode }
      tiles { assetsTotal assetsValue criticalDown openJobOrders ordersToVerify ordersToApprove auditsDue }
      assetsByStatus { status count value }
      spendByMonth { month orders amount }
      jobsByWeek { weekStart opened closed }
    }
  }
`);

const Attention = graphql(`
  query AttentionOf($branchId: ID, $attention: AssetAttention) {
    assets(branchId: $branchId, attention: $attention) { totalCount rows { id } }
  }
`);

const Finance = graphql(`
  query FinanceOf($branchIds: [ID!]!, $from: Date!, $to: Date!) {
    financeReport(branchIds: $branchIds, from: $from, to: $to) {
      from to
      spendByBranch { branchId branchCode orders taxable gst total }
      spendTotal { orders taxable gst total }
      gstTotal { taxable cgst sgst igst }
      jobCosts { branchCode total }
    }
  }
`);

const BranchAssets = graphql(`
  query BranchAssetsOf($branchIds: [ID!]!, $from: Date!, $to: Date!) {
    branchAssetReport(branchIds: $branchIds, from: $from, to: $to) {
      method
      registerTotal { assets cost accumulated netBook }
      movement { branchCode opening { assets cost } additions { assets cost } closing { assets cost } }
    }
  }
`);

const Register = graphql(`
  query RegisterOf($branchIds: [ID!]!, $financialYear: String!, $page: Int, $pageSize: Int) {
    depreciationSchedule(branchIds: $branchIds, financialYear: $financialYear, page: $page, pageSize: $pageSize) {
      financialYear totalCount
      assets { tag cost opening additions depreciation closing }
      assetTotals { opening additions depreciation disposals closing }
      blocks { block rate closing }
    }
  }
`);

const stack = useStack([]);

async function own(role: string) {
  const branch = await aBranch(stack.db);
  const login = await aLogin(stack.db, { role, branches: [branch.id] });
  return { branch, login, client: await stack.clientOf(login) };
}

async function pdfText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = readPages(await PDFDocument.load(bytes));
  const [first] = pages;
  // Landscape A4.
  expect(first && first.width > first.height).toBe(true);
  return pages.map((page) => page.shown.map((shown) => shown.text).join(' ')).join('\n');
}

async function download(client: Client, path: string, type: RegExp) {
  const response = await client.fetch(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toMatch(type);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
  return response;
}

describe('the dashboard through the gateway', () => {
  it("answers the branch's figures in the schema's shape", async () => {
    const { branch, login, client } = await own('manager');
    const asset = await anAsset(stack.db, { branch: branch.id });
    await stack.db
      .updateTable('assets')
      .set({ cost: '1234.50' })
      .where('id', '=', asset.id)
      .execute();
    const down = await anAsset(stack.db, { branch: branch.id, status: 'OUT_OF_ORDER' });
    await stack.db
      .updateTable('assets')
      .set({ cost: '100.00', criticality: 'HIGH' })
      .where('id', '=', down.id)
      .execute();
    await aPurchaseOrder(stack.db, {
      branch: branch.id,
      createdBy: login.userId,
      state: 'approved',
    });

    const answer = await client.graphql(Dashboard, { branchId: String(branch.id) });
    expect(answer.errors).toBeUndefined();
    const board = answer.data?.dashboard;
    expect(board?.branches).toEqual([{ branchId: String(branch.id), branchCode: branch.code }]);
    expect(board?.financialYear).toBe(financialYear(indianDate(new Date())));
    expect(board?.tiles).toMatchObject({
      assetsTotal: 2,
      assetsValue: '1334.50',
      criticalDown: 1,
      openJobOrders: 0,
      ordersToVerify: null,
    });
    expect(board?.spendByMonth).toHaveLength(12);
    expect(board?.spendByMonth.reduce((sum, month) => sum + month.orders, 0)).toBe(1);
    expect(board?.jobsByWeek).toHaveLength(12);
    // The tile's click: the register filtered to what it counts.
    const listed = await client.graphql(Attention, {
      branchId: String(branch.id),
      attention: 'CRITICAL_DOWN',
    });
    expect(listed.data?.assets).toEqual({ totalCount: 1, rows: [{ id: String(down.id) }] });
  });
});

describe('the finance report through the gateway', () => {
  it('answers the totals, and exports them to a workbook and a landscape PDF with the filters', async () => {
    const { branch, login } = await own('admin');
    const client = await stack.clientOf(login);
    const order = await aPurchaseOrder(stack.db, {
      branch: branch.id,
      createdBy: login.userId,
      state: 'approved',
    });
    const stored = await stack.db
      .selectFrom('purchaseOrders')
      .select(['grandTotal', 'poDate'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const { start, end } = financialYearRange(financialYear(stored.poDate));
    const variables = { branchIds: [String(branch.id)], from: start, to: end };

    const answer = await client.graphql(Finance, variables);
    expect(answer.errors).toBeUndefined();
    const report = answer.data?.financeReport;
    expect(report?.spendTotal).toMatchObject({ orders: 1, total: stored.grandTotal });
    expect(report?.spendByBranch).toEqual([
      expect.objectContaining({ branchId: String(branch.id), orders: 1, total: stored.grandTotal }),
    ]);
    expect(report?.jobCosts.map((row) => row.branchCode)).toEqual([branch.code]);

    const query = `branchIds=${branch.id}&from=${start}&to=${end}`;
    const sheet = await download(client, `/reports/finance.xlsx?${query}`, /spreadsheetml/);
    const workbook = await readWorkbook(sheet);
    const byBranch = workbook.getWorksheet('Spend by branch');
    if (!byBranch) throw new Error('no sheet Spend by branch');
    const rows = byBranch.getSheetValues().length;
    const cells = Array.from({ length: rows }, (_, index) => rowValues(byBranch, index + 1));
    const branchRow = cells.find((row) => row[0] === branch.code);
    expect(branchRow?.slice(2)).toEqual([
      1,
      Number(report?.spendTotal.taxable),
      Number(report?.spendTotal.gst),
      Number(stored.grandTotal),
    ]);
    expect(cells.find((row) => row[0] === 'Total')?.at(-1)).toBe(Number(stored.grandTotal));
    expect(workbook.worksheets.map((one) => one.name)).toContain('GST input by rate');

    const text = await pdfText(await download(client, `/reports/finance.pdf?${query}`, /pdf/));
    expect(text).toContain('FINANCE REPORT');
    expect(text).toContain(branch.code);

    const bad = await client.fetch(
      `/reports/finance.xlsx?branchIds=${branch.id}&from=${end}&to=${start}`,
    );
    expect(bad.status).toBe(400);
  });

  it('refuses the export to a role without the download grant, and a branch not the user’s', async () => {
    const { branch, client } = await own('verifier');
    const { start, end } = financialYearRange(financialYear(indianDate(new Date())));
    const shown = await client.graphql(Finance, {
      branchIds: [String(branch.id)],
      from: start,
      to: end,
    });
    expect(shown.errors).toBeUndefined();
    const refused = await client.fetch(
      `/reports/finance.xlsx?branchIds=${branch.id}&from=${start}&to=${end}`,
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: 'REJECTED', message: 'Your role may not download the finance report.' },
    });
    const elsewhere = await aBranch(stack.db);
    expectRefused(
      await client.graphql(Finance, { branchIds: [String(elsewhere.id)], from: start, to: end }),
      'REJECTED',
      'You do not work in that branch.',
    );
  });
});

describe('the branch asset report and the fixed asset register through the gateway', () => {
  it('answers the register and a reconciling movement, and exports both books', async () => {
    const { branch, login } = await own('admin');
    const client = await stack.clientOf(login);
    const today = indianDate(new Date());
    const fy = financialYear(today);
    const { start } = financialYearRange(fy);
    for (const cost of ['100000.00', '50000.00']) {
      const asset = await anAsset(stack.db, { branch: branch.id });
      await stack.db
        .updateTable('assets')
        .set({ cost, purchaseDate: start, putToUseDate: start })
        .where('id', '=', asset.id)
        .execute();
    }
    const answer = await client.graphql(BranchAssets, {
      branchIds: [String(branch.id)],
      from: start,
      to: today,
    });
    expect(answer.errors).toBeUndefined();
    const report = answer.data?.branchAssetReport;
    expect(report?.method).toBe('SLM');
    expect(report?.registerTotal).toMatchObject({ assets: 2, cost: '150000.00' });
    expect(report?.movement).toEqual([
      {
        branchCode: branch.code,
        opening: { assets: 0, cost: '0.00' },
        additions: { assets: 2, cost: '150000.00' },
        closing: { assets: 2, cost: '150000.00' },
      },
    ]);

    const register = await client.graphql(Register, {
      branchIds: [String(branch.id)],
      financialYear: fy,
      page: 1,
      pageSize: 1,
    });
    expect(register.errors).toBeUndefined();
    const schedule = register.data?.depreciationSchedule;
    expect(schedule?.totalCount).toBe(2);
    expect(schedule?.assets).toHaveLength(1);
    expect(schedule?.assetTotals.additions).toBe('150000.00');

    const query = `branchIds=${branch.id}&financialYear=${fy}`;
    const workbook = await readWorkbook(
      await download(client, `/reports/depreciation.xlsx?${query}`, /spreadsheetml/),
    );
    const sheet = workbook.getWorksheet('Companies Act register');
    if (!sheet) throw new Error('no sheet Companies Act register');
    const values = Array.from({ length: sheet.rowCount }, (_, index) =>
      rowValues(sheet, index + 1),
    );
    const tags = values.map((row) => row[0]).filter((tag) => String(tag).startsWith(branch.code));
    expect(tags).toHaveLength(2);
    const putToUse = values.find((row) => row[0] === tags[0])?.[4];
    expect(putToUse).toEqual(new Date(`${start}T00:00:00Z`));

    const text = await pdfText(
      await download(
        client,
        `/reports/branch-asset.pdf?branchIds=${branch.id}&from=${start}&to=${today}`,
        /pdf/,
      ),
    );
    expect(text).toContain('BRANCH ASSET REPORT');
  });
});
