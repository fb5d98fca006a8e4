import {
  companiesActSchedule,
  formatPaise,
  incomeTaxBlockSchedule,
  toPaise,
  usefulLifeOf,
} from '@branch-assets/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../test/test-api.ts';
import { yearReconciles } from './depreciation-figures.ts';
import { buildWorld, FY, type World, type WorldAsset } from './fixed-asset-world.ts';

/*
 * The fixed asset register of 2030-31 (docs/reports.md, "Branch asset report and the fixed asset
 * register") on a world of known assets (fixed-asset-world.ts): each row's identity, totals over
 * every matching asset whatever the page, search, and the Income Tax blocks — one with a sale, one
 * with an addition used under 180 days, checked by hand.
 */

const api = useTestApi({ reference: true });
let world: World;

beforeAll(async () => {
  world = await buildWorld(api.db, (username, password) => api.login(username, password));
});

function schedule(token: string, changes: Record<string, unknown> = {}) {
  return api.call('depreciationSchedule', token, {
    FinancialYear: FY,
    Branches: [world.a.id, world.b.id],
    ...changes,
  });
}

/** The asset's 2030-31 worked out on its own with the domain's Schedule II. */
function expectedYear(asset: WorldAsset) {
  const cost = toPaise(asset.cost);
  if (asset.putToUse === null) throw new Error('not put to use');
  const [row] = companiesActSchedule(
    {
      cost,
      usefulLifeYears: usefulLifeOf(asset.depreciationClass, asset.life),
      method: 'SLM',
      putToUse: asset.putToUse,
      disposedOn: asset.disposedOn ?? null,
    },
    FY,
    FY,
  );
  if (!row) throw new Error('no year');
  const added = asset.putToUse >= '2030-04-01';
  return {
    opening: added ? 0 : row.opening,
    additions: added ? cost : 0,
    depreciation: row.depreciation,
    disposals: row.disposed ? row.closing : 0,
    closing: row.disposed ? 0 : row.closing,
  };
}

describe('the fixed asset register with depreciation', () => {
  it('lists the assets put to use by the year end and not gone before it, each year reconciling, with totals', async () => {
    const answer = await schedule(world.logins.manager);
    expect(answer.flag, answer.output).toBe(1);
    const records = answer.records;
    if (!records) throw new Error('no schedule');
    const { a1, a2, a3, a4, a5, a6, a9 } = world.assets;
    const listed = [a1, a2, a3, a4, a5, a6, a9];
    expect(records.TotalCount).toBe(7);
    expect(records.Assets.map((row) => row.AssetId).sort()).toEqual(
      listed.map((one) => one.id).sort(),
    );
    // Ordered by branch code, then tag.
    const order = records.Assets.map((row) => `${row.BranchCode} ${row.Tag}`);
    expect(order).toEqual([...order].sort());
    for (const row of records.Assets) {
      const asset = listed.find((one) => one.id === row.AssetId);
      if (!asset) throw new Error('unexpected asset');
      const year = {
        opening: toPaise(row.Opening),
        additions: toPaise(row.Additions),
        depreciation: toPaise(row.Depreciation),
        disposals: toPaise(row.Disposals),
        closing: toPaise(row.Closing),
      };
      expect(yearReconciles(year), row.Tag).toBe(true);
      expect(year, row.Tag).toEqual(expectedYear(asset));
      expect(row.Cost).toBe(asset.cost);
      expect(row.UsefulLifeYears).toBe(usefulLifeOf(asset.depreciationClass, asset.life));
    }
    const byId = new Map(records.Assets.map((row) => [row.AssetId, row]));
    // By hand: a1, ₹95,000 over 10 years: ₹9,500 a year, opening 100000 − 2 × 9500.
    expect(byId.get(a1.id)).toMatchObject({
      Opening: '81000.00',
      Additions: '0.00',
      Depreciation: '9500.00',
      Disposals: '0.00',
      Closing: '71500.00',
      BranchCode: world.a.code,
      Block: 'plantAndMachinery',
    });
    // a2, put to use 10 October 2030: 173 of 365 days of ₹47,500 ÷ 5 = ₹4,502.74.
    expect(byId.get(a2.id)).toMatchObject({
      Opening: '0.00',
      Additions: '50000.00',
      Depreciation: '4502.74',
      Closing: '45497.26',
      Block: 'computersAndSoftware',
    });
    // a5, sold 1 December 2030: 244 days charged of ₹76,000 ÷ 8; its value that day leaves.
    expect(byId.get(a5.id)).toMatchObject({ DisposedOn: '2030-12-01', Closing: '0.00' });
    expect(byId.get(a3.id)?.BranchCode).toBe(world.b.code);
    expect(byId.get(a9.id)?.BranchCode).toBe(world.a.code);
    const sum = (pick: (year: ReturnType<typeof expectedYear>) => number) =>
      formatPaise(listed.map(expectedYear).reduce((total, year) => total + pick(year), 0));
    expect(records.AssetTotals).toEqual({
      Opening: sum((year) => year.opening),
      Additions: sum((year) => year.additions),
      Depreciation: sum((year) => year.depreciation),
      Disposals: sum((year) => year.disposals),
      Closing: sum((year) => year.closing),
    });
  });

  it('pages the rows and keeps the totals over every matching asset', async () => {
    const all = (await schedule(world.logins.manager)).records;
    const page2 = (await schedule(world.logins.manager, { Page: 2, ItemsPerPage: 3 })).records;
    expect(page2?.TotalCount).toBe(7);
    expect(page2?.Assets.map((row) => row.AssetId)).toEqual(
      all?.Assets.slice(3, 6).map((row) => row.AssetId),
    );
    expect(page2?.AssetTotals).toEqual(all?.AssetTotals);
    expect(page2?.Blocks).toEqual(all?.Blocks);
    const page3 = (await schedule(world.logins.manager, { Page: 3, ItemsPerPage: 3 })).records;
    expect(page3?.Assets).toHaveLength(1);
  });

  it('searches tag, name and category, case-insensitively, and narrows by category', async () => {
    const { a2 } = world.assets;
    const byTag = (await schedule(world.logins.manager, { Search: a2.tag.toLowerCase() })).records;
    expect(byTag?.Assets.map((row) => row.AssetId)).toEqual([a2.id]);
    expect(byTag?.TotalCount).toBe(1);
    expect(byTag?.AssetTotals.Additions).toBe('50000.00');
    const category = await api.db
      .selectFrom('assets as a')
      .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
      .innerJoin('subCategories as s', 's.id', 't.subCategoryId')
      .innerJoin('categories as c', 'c.id', 's.categoryId')
      .select(['c.id', 'c.name'])
      .where('a.id', '=', a2.id)
      .executeTakeFirstOrThrow();
    const byName = (await schedule(world.logins.manager, { Search: category.name.toUpperCase() }))
      .records;
    expect(byName?.Assets.map((row) => row.AssetId)).toEqual([a2.id]);
    const byCategory = (await schedule(world.logins.manager, { Category: category.id })).records;
    expect(byCategory?.TotalCount).toBe(1);
    // The blocks are the branches', whatever the search.
    const all = (await schedule(world.logins.manager)).records;
    expect(byName?.Blocks).toEqual(all?.Blocks);
  });

  it('computes the Income Tax blocks: a half-rate addition, and a block with a sale', async () => {
    const records = (await schedule(world.logins.manager)).records;
    if (!records) throw new Error('no schedule');
    // Computers: a2 alone, ₹50,000 used 173 days (< 180): 40 % ÷ 2 = ₹10,000.
    expect(records.Blocks.find((block) => block.Block === 'computersAndSoftware')).toEqual({
      Block: 'computersAndSoftware',
      Rate: 40,
      Opening: '0.00',
      AdditionsFull: '0.00',
      AdditionsHalf: '50000.00',
      Proceeds: '0.00',
      Depreciation: '10000.00',
      Closing: '40000.00',
      CapitalGain: '0.00',
    });
    // Plant and machinery at 15 %: a6 (2026), a5 (2027, sold 2030-12-01 for ₹15,000), a1 (2028),
    // a3, a9 (2029-04-01), a4 (2029-07-01); nothing added in 2030-31.
    const { a1, a3, a4, a5, a6, a9 } = world.assets;
    const years = incomeTaxBlockSchedule(
      {
        rate: 15,
        opening: 0,
        additions: [a1, a3, a4, a5, a6, a9].map((one) => ({
          cost: toPaise(one.cost),
          putToUse: one.putToUse ?? '',
        })),
        sales: [{ proceeds: toPaise('15000.00'), soldOn: '2030-12-01' }],
      },
      '2026-27',
      FY,
    );
    const year = years.at(-1);
    if (!year) throw new Error('no block year');
    const plant = records.Blocks.find((block) => block.Block === 'plantAndMachinery');
    expect(plant).toEqual({
      Block: 'plantAndMachinery',
      Rate: 15,
      Opening: formatPaise(year.opening),
      AdditionsFull: '0.00',
      AdditionsHalf: '0.00',
      Proceeds: '15000.00',
      Depreciation: formatPaise(year.depreciation),
      Closing: formatPaise(year.closing),
      CapitalGain: '0.00',
    });
    // 2026-27 by hand: a6's ₹40,000 at 15 % = ₹6,000, closing ₹34,000 (the first year's opening).
    expect(years[0]).toMatchObject({ opening: 0, depreciation: toPaise('6000.00') });
    expect(records.BlockTotals.Proceeds).toBe('15000.00');
    expect(toPaise(records.BlockTotals.Depreciation)).toBe(toPaise('10000.00') + year.depreciation);
    expect(records.Blocks.map((block) => block.Block)).toEqual([
      'plantAndMachinery',
      'computersAndSoftware',
    ]);
  });

  it('is refused without the grant and for a branch the user does not work in', async () => {
    expect(await schedule(world.logins.verifier)).toMatchObject({
      flag: 0,
      output: 'Your role may not see the branch asset report.',
    });
    expect(await schedule(world.logins.managerOfA)).toMatchObject({
      flag: 0,
      output: 'You do not work in that branch.',
    });
    expect((await schedule(world.logins.manager, { FinancialYear: '2030-32' })).flag).toBe(0);
  });
});
