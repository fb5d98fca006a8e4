import { financialYearRange, formatPaise } from '@branch-assets/domain';
import type { CallRequest, DepreciationSchedule } from '@branch-assets/legacy-contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { contains } from '../shared/sql-page.ts';
import type { ReportColumns } from './asset-columns.ts';
import { loadAssetColumns } from './asset-columns.ts';
import { branchNames } from './branch-asset.ts';
import { type DepreciationFigures, pageRows, type YearFigures } from './depreciation-figures.ts';
import { figuresCache } from './figures-cache.ts';
import type { ReportPool } from './figures-pool.ts';

interface Register {
  columns: ReportColumns;
  figures: DepreciationFigures;
}

/*
 * The fixed asset register of one financial year with depreciation in two books
 * (api/reports/depreciation; docs/reports.md, "Branch asset report and the fixed asset
 * register"). Companies Act: the assets of the requested branches (at the year's end) put to use
 * by the year's end and not disposed of before it began, narrowed by Category and Search, a page
 * of them as rows and every one in the totals. Income Tax: the blocks of all the branches' assets
 * put to use by the year's end — Category, Search and the page do not narrow a block (a block is
 * the company's; over some branches it is their share of it).
 *
 * The assets are read here (asset-columns.ts), the arithmetic runs in a report worker
 * (depreciation-figures.ts), and only the page's names are read afterwards.
 */

/** Every word in the tag, the name or the category's name (case-insensitive). */
function searchCondition(search: string | undefined): RawBuilder<SqlBool> | null {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return sql.join(
    words.map(
      (word) =>
        sql`(${contains(sql.ref('a.tag'), word)} or ${contains(sql.ref('a.name'), word)} or ${contains(sql.ref('c.name'), word)})`,
    ),
    sql` and `,
  ) as RawBuilder<SqlBool>;
}

function yearRecord(year: YearFigures) {
  return {
    Opening: formatPaise(year.opening),
    Additions: formatPaise(year.additions),
    Depreciation: formatPaise(year.depreciation),
    Disposals: formatPaise(year.disposals),
    Closing: formatPaise(year.closing),
  };
}

export async function depreciationSchedule(
  db: Db,
  pool: ReportPool,
  body: CallRequest<'depreciationSchedule'>,
): Promise<DepreciationSchedule> {
  const branches = [...new Set(body.Branches)];
  const { end } = financialYearRange(body.FinancialYear);
  const narrower = [
    ...(body.Category === undefined ? [] : [sql<SqlBool>`s.category_id = ${body.Category}`]),
    ...[searchCondition(body.Search)].filter((condition) => condition !== null),
  ];
  const names = await branchNames(db, branches);
  const key = JSON.stringify([
    [...branches].sort((a, b) => a - b),
    body.FinancialYear,
    body.Method,
    body.Category ?? null,
    body.Search ?? '',
  ]);
  // Every page, search result and export page of the same register reads the same figures.
  const register = await figuresCache<Register>(db, 'depreciation').get(db, key, async () => {
    const columns = await loadAssetColumns(db, {
      branches,
      // Put to use by the year's end; those disposed of earlier still shape their block.
      where: [sql<SqlBool>`a.put_to_use_date <= ${end}::date`],
      ...(narrower.length > 0
        ? {
            matches: sql<SqlBool>`(${sql.join(narrower, sql` and `)})`,
          }
        : {}),
      statusAsOf: end,
      withTags: true,
    });
    const figures = await pool.run(
      'depreciation',
      {
        columns,
        fy: body.FinancialYear,
        method: body.Method,
        branches,
        branchCodes: Object.fromEntries([...names].map(([id, branch]) => [id, branch.code])),
        orderOnly: true,
      },
      { keepColumns: true },
    );
    return { columns, figures };
  });
  const { figures } = register;
  const rows = pageRows(
    register.columns,
    figures.order,
    body.FinancialYear,
    body.Method,
    body.Page === undefined && body.ItemsPerPage === undefined
      ? undefined
      : { page: body.Page ?? 1, size: body.ItemsPerPage ?? 50 },
  );
  const ids = rows.map((row) => row.assetId);
  const details = new Map(
    (ids.length === 0
      ? []
      : await db
          .selectFrom('assets as a')
          .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
          .innerJoin('subCategories as s', 's.id', 't.subCategoryId')
          .innerJoin('categories as c', 'c.id', 's.categoryId')
          .select(['a.id', 'a.tag', 'a.name', 'c.name as categoryName'])
          .where('a.id', 'in', ids)
          .execute()
    ).map((row) => [row.id, row]),
  );
  const totalOf = (pick: (block: (typeof figures.blocks)[number]) => number) =>
    formatPaise(figures.blocks.reduce((total, block) => total + pick(block), 0));
  return {
    FinancialYear: body.FinancialYear,
    Method: body.Method,
    Assets: rows.map((row) => {
      const detail = details.get(row.assetId);
      return {
        AssetId: row.assetId,
        Tag: detail?.tag ?? '',
        Name: detail?.name ?? '',
        BranchCode: names.get(row.branchId)?.code ?? '',
        CategoryName: detail?.categoryName ?? '',
        Block: row.block,
        PutToUse: row.putToUse,
        DisposedOn: row.disposedOn,
        Cost: formatPaise(row.cost),
        UsefulLifeYears: row.usefulLifeYears,
        ...yearRecord(row),
      };
    }),
    TotalCount: figures.totalCount,
    AssetTotals: yearRecord(figures.totals),
    Blocks: figures.blocks.map((block) => ({
      Block: block.block,
      Rate: block.rate,
      Opening: formatPaise(block.opening),
      AdditionsFull: formatPaise(block.additionsFull),
      AdditionsHalf: formatPaise(block.additionsHalf),
      Proceeds: formatPaise(block.proceeds),
      Depreciation: formatPaise(block.depreciation),
      Closing: formatPaise(block.closing),
      CapitalGain: formatPaise(block.capitalGain),
    })),
    BlockTotals: {
      Opening: totalOf((block) => block.opening),
      AdditionsFull: totalOf((block) => block.additionsFull),
      AdditionsHalf: totalOf((block) => block.additionsHalf),
      Proceeds: totalOf((block) => block.proceeds),
      Depreciation: totalOf((block) => block.depreciation),
      Closing: totalOf((block) => block.closing),
      CapitalGain: totalOf((block) => block.capitalGain),
    },
  };
}
