import {
  accumulatedAsOf,
  addDays,
  formatPaise,
  toPaise,
  usefulLifeOf,
} from '@branch-assets/domain';
import type { BranchAssetReport } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../test/test-api.ts';
import { buildWorld, FROM, TO, type World, type WorldAsset } from './fixed-asset-world.ts';
import { type Movement, type MovementLine, reconciles } from './positions.ts';

/*
 * The branch asset report (docs/reports.md, "Branch asset report and the fixed asset register"):
 * the register at the end of To and the movement over From..To, on a world of known assets
 * (fixed-asset-world.ts). Expected figures are counted here by hand and the accumulated
 * depreciation worked out asset by asset with the domain's function, not with the report's code.
 */

const api = useTestApi({ reference: true });
let world: World;

beforeAll(async () => {
  world = await buildWorld(api.db, (username, password) => api.login(username, password));
});

function report(token: string, changes: Record<string, unknown> = {}) {
  return api.call('branchAssetReport', token, {
    From: FROM,
    To: TO,
    Branches: [world.a.id, world.b.id],
    ...changes,
  });
}

/** The asset's register figures at the end of To, worked out on its own. */
function expected(asset: WorldAsset, method: 'SLM' | 'WDV' = 'SLM') {
  const cost = toPaise(asset.cost);
  if (asset.putToUse === null) return { cost, accumulated: 0, netBook: cost };
  const position = accumulatedAsOf(
    {
      cost,
      usefulLifeYears: usefulLifeOf(asset.depreciationClass, asset.life),
      method,
      putToUse: asset.putToUse,
    },
    TO,
  );
  return { cost, accumulated: position.accumulated, netBook: position.netBookValue };
}

function totals(assets: readonly WorldAsset[], method: 'SLM' | 'WDV' = 'SLM') {
  const sums = assets.map((asset) => expected(asset, method));
  const sum = (pick: (one: (typeof sums)[number]) => number) =>
    formatPaise(sums.reduce((total, one) => total + pick(one), 0));
  return {
    Assets: assets.length,
    Cost: sum((one) => one.cost),
    Accumulated: sum((one) => one.accumulated),
    NetBook: sum((one) => one.netBook),
  };
}

const line = (assets: number, cost: string) => ({ Assets: assets, Cost: cost });

/** A movement row's counts or costs (in paise), line by line. */
function amounts(
  row: Pick<BranchAssetReport['MovementTotal'], MovementLine>,
  what: 'Assets' | 'Cost',
): Movement {
  const of = (name: MovementLine) =>
    what === 'Assets' ? row[name].Assets : toPaise(row[name].Cost);
  return {
    Opening: of('Opening'),
    Additions: of('Additions'),
    TransfersIn: of('TransfersIn'),
    TransfersOut: of('TransfersOut'),
    Disposals: of('Disposals'),
    Closing: of('Closing'),
  };
}

describe('the branch asset report', () => {
  it('shows the register at the end of To by branch then, category and status, with depreciation', async () => {
    const answer = await report(world.logins.manager);
    expect(answer.flag, answer.output).toBe(1);
    const records = answer.records;
    if (!records) throw new Error('no report');
    const { a1, a2, a3, a4, a6, a8, a9 } = world.assets;
    // At A: a1, a2, a4 (in transit: still the sender's), a8, a9 (received from C); at B: a3
    // (received from A), a6 (condemned, not disposed of). a5 was sold, a7 bought after To.
    expect(records.RegisterTotal).toEqual(totals([a1, a2, a3, a4, a6, a8, a9]));
    // SLM by hand for a1: ₹95,000 over 10 years, 3 whole years by 31 March 2031.
    expect(expected(a1).accumulated).toBe(toPaise('28500.00'));
    const rowOf = (asset: WorldAsset) =>
      records.Register.filter(
        (row) =>
          row.Assets === 1 &&
          row.Cost === asset.cost &&
          row.Accumulated === formatPaise(expected(asset).accumulated),
      );
    for (const [asset, branch, status] of [
      [a1, world.a, 'IN_USE'],
      [a2, world.a, 'IN_USE'],
      [a4, world.a, 'IN_TRANSIT'],
      [a8, world.a, 'IN_STOCK'],
      [a9, world.a, 'IN_USE'],
      [a3, world.b, 'IN_USE'],
      [a6, world.b, 'CONDEMNED'],
    ] as const) {
      expect(rowOf(asset), asset.tag).toEqual([
        expect.objectContaining({ BranchId: branch.id, BranchCode: branch.code, Status: status }),
      ]);
    }
    // Each test asset has a category of its own: one row each, ordered by branch code.
    expect(records.Register).toHaveLength(7);
    const codes = records.Register.map((row) => row.BranchCode);
    expect(codes).toEqual([...codes].sort());
  });

  it('moves each branch from its opening to its closing, reconciling in assets and cost', async () => {
    const answer = await report(world.logins.manager);
    const records = answer.records;
    if (!records) throw new Error(answer.output);
    const byBranch = new Map(records.Movement.map((row) => [row.BranchId, row]));
    // A: opening a1, a3, a4; bought a2, a8; in a9 (from C, not asked for); out a3.
    expect(byBranch.get(world.a.id)).toEqual({
      BranchId: world.a.id,
      BranchCode: world.a.code,
      Opening: line(3, '330000.00'),
      Additions: line(2, '60000.00'),
      TransfersIn: line(1, '60000.00'),
      TransfersOut: line(1, '200000.00'),
      Disposals: line(0, '0.00'),
      Closing: line(5, '250000.00'),
    });
    // B: opening a5, a6; in a3; a5 sold.
    expect(byBranch.get(world.b.id)).toEqual({
      BranchId: world.b.id,
      BranchCode: world.b.code,
      Opening: line(2, '120000.00'),
      Additions: line(0, '0.00'),
      TransfersIn: line(1, '200000.00'),
      TransfersOut: line(0, '0.00'),
      Disposals: line(1, '80000.00'),
      Closing: line(2, '240000.00'),
    });
    expect(records.MovementTotal).toEqual({
      Opening: line(5, '450000.00'),
      Additions: line(2, '60000.00'),
      TransfersIn: line(2, '260000.00'),
      TransfersOut: line(1, '200000.00'),
      Disposals: line(1, '80000.00'),
      Closing: line(7, '490000.00'),
    });
    for (const row of [...records.Movement, records.MovementTotal]) {
      expect(reconciles(amounts(row, 'Assets'))).toBe(true);
      expect(reconciles(amounts(row, 'Cost'))).toBe(true);
    }
    // The closing is the register, unfiltered.
    expect(records.MovementTotal.Closing).toEqual({
      Assets: records.RegisterTotal.Assets,
      Cost: records.RegisterTotal.Cost,
    });
  });

  it('reconciles over any period: opening is the closing of the day before', async () => {
    for (const [from, to] of [
      ['2030-09-15', '2030-09-15'],
      ['2030-09-16', '2030-12-01'],
      ['2030-12-02', '2031-06-30'],
      ['2026-04-01', '2031-03-31'],
    ] as const) {
      const answer = await report(world.logins.manager, { From: from, To: to });
      const records = answer.records;
      if (!records) throw new Error(answer.output);
      const dayBefore = addDays(from, -1);
      const before = await report(world.logins.manager, { From: dayBefore, To: dayBefore });
      expect(before.flag, before.output).toBe(1);
      for (const row of records.Movement) {
        expect(reconciles(amounts(row, 'Assets'))).toBe(true);
        expect(reconciles(amounts(row, 'Cost'))).toBe(true);
        const earlier = before.records?.Movement.find((other) => other.BranchId === row.BranchId);
        if (earlier) expect(row.Opening, `${from}`).toEqual(earlier.Closing);
      }
    }
    // On the day a3 arrived at B it is B's at the end of the day: out of A, into B.
    const day = await report(world.logins.manager, { From: '2030-09-15', To: '2030-09-15' });
    const b = day.records?.Movement.find((row) => row.BranchId === world.b.id);
    expect(b?.TransfersIn).toEqual(line(1, '200000.00'));
  });

  it('narrows by category (both parts) and by status (the register only), and takes WDV', async () => {
    const { a2, a3, a6 } = world.assets;
    const category = await api.db
      .selectFrom('assets as a')
      .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
      .innerJoin('subCategories as s', 's.id', 't.subCategoryId')
      .select('s.categoryId')
      .where('a.id', '=', a3.id)
      .executeTakeFirstOrThrow();
    const byCategory = (await report(world.logins.manager, { Category: category.categoryId }))
      .records;
    expect(byCategory?.RegisterTotal).toEqual(totals([a3]));
    expect(byCategory?.MovementTotal.TransfersOut).toEqual(line(1, '200000.00'));
    expect(byCategory?.MovementTotal.Opening).toEqual(line(1, '200000.00'));

    const condemned = (await report(world.logins.manager, { Status: 'CONDEMNED' })).records;
    expect(condemned?.Register.map((row) => row.Status)).toEqual(['CONDEMNED']);
    expect(condemned?.RegisterTotal).toEqual(totals([a6]));
    expect(condemned?.MovementTotal.Closing).toEqual(line(7, '490000.00'));

    const wdv = (await report(world.logins.manager, { Method: 'WDV' })).records;
    expect(wdv?.Method).toBe('WDV');
    const { a1, a4, a8, a9 } = world.assets;
    expect(wdv?.RegisterTotal).toEqual(totals([a1, a2, a3, a4, a6, a8, a9], 'WDV'));
  });

  it('shows an asset disposed of after To with the status it had before it was condemned', async () => {
    const { a5 } = world.assets;
    const answer = await report(world.logins.manager, { From: '2030-04-01', To: '2030-11-30' });
    const row = answer.records?.Register.find((one) => one.Cost === a5.cost);
    expect(row).toMatchObject({ BranchId: world.b.id, Status: 'IN_USE', Assets: 1 });
  });

  it('is refused without the grant, for a branch the user does not work in, and beyond five years', async () => {
    expect(await report(world.logins.verifier)).toMatchObject({
      flag: 0,
      output: 'Your role may not see the branch asset report.',
    });
    expect(await report(world.logins.managerOfA)).toMatchObject({
      flag: 0,
      output: 'You do not work in that branch.',
    });
    const long = await report(world.logins.manager, { From: '2025-04-01', To: '2031-03-31' });
    expect(long.flag).toBe(0);
    expect(long.output).toContain('A report covers at most five financial years.');
  });
});
