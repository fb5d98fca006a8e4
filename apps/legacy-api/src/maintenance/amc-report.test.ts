import { describe, expect, it } from 'vitest';
import { aBranch, aLogin, anAsset, aVendor } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { runScheduler } from './scheduler.ts';

/*
 * The AMC report as of a date (docs/workflows.md): the contracts in force then, or ended within
 * 90 days before it, with their visits due by then and done by then and their value against the
 * covered assets' cost; per branch the assets in use under warranty, under contract and with no
 * cover, adding up to those in use. Only over branches the user works in. The file makes its own
 * branches, logins, contracts and assets, dated in 2033–2035 so that its scheduler runs meet
 * nothing else.
 */

const api = useTestApi({ reference: true });

const AS_OF = '2034-09-15';
let serial = 0;

async function login(role: string, branches: readonly number[]) {
  const made = await aLogin(api.db, { role, branches });
  return api.login(made.username, made.password);
}

async function asset(
  branch: number,
  options: { cost?: string; warrantyEnd?: string; status?: 'IN_USE' | 'IN_STOCK' } = {},
) {
  const made = await anAsset(api.db, {
    branch,
    status: options.status ?? 'IN_USE',
    ...(options.warrantyEnd ? { warrantyEnd: options.warrantyEnd } : {}),
  });
  if (options.cost)
    await api.db
      .updateTable('assets')
      .set({ cost: options.cost })
      .where('id', '=', made.id)
      .execute();
  return made;
}

const terms = {
  ContractType: 'AMC',
  GstRate: 18,
  PaymentSchedule: 'ANNUAL_ADVANCE',
  ResponseHours: 24,
  NoticeDays: 30,
  Renewal: 'MANUAL',
  VisitsPerYear: 0,
};

async function contract(
  token: string,
  branch: number,
  assets: readonly { id: number }[],
  changes: { StartDate: string; EndDate: string; ContractValue: string; VisitsPerYear?: number },
) {
  serial += 1;
  const answer = await api.call('maintenanceContractStore', token, {
    ...terms,
    Branch: branch,
    Vendor: await aVendor(api.db),
    ContractNumber: `AMC/R/${serial}`,
    Assets: assets.map((one) => one.id),
    ...changes,
  });
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no contract');
  return detail;
}

async function renewed(
  token: string,
  old: { MaintenanceContractId: number },
  assets: readonly { id: number }[],
  changes: { StartDate: string; EndDate: string },
) {
  serial += 1;
  const answer = await api.call('maintenanceContractRenew', token, {
    ...terms,
    MaintenanceContract: old.MaintenanceContractId,
    ContractNumber: `AMC/R/${serial}`,
    ContractValue: '10000.00',
    Assets: assets.map((one) => one.id),
    ...changes,
  });
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no renewal');
  return detail;
}

describe('the AMC report', () => {
  it('shows the contracts of the window with visits due and done and their cost, and how the assets in use are covered', async () => {
    const branch = await aBranch(api.db);
    const elsewhere = await aBranch(api.db);
    const manager = await login('manager', [branch.id]);
    const viewer = await login('viewer', [branch.id]);
    const admin = await login('admin', [branch.id]);

    const warranted = await asset(branch.id, { cost: '100000.00', warrantyEnd: '2035-12-31' });
    const contracted = await asset(branch.id, { cost: '250000.00' });
    const bare = await asset(branch.id, { cost: '40000.00' });
    const lapsed = await asset(branch.id, { cost: '60000.50', warrantyEnd: '2034-01-31' });
    const stock = await asset(branch.id, { status: 'IN_STOCK' });
    const foreign = await asset(elsewhere.id, { cost: '5000.00' });

    // In force, visited quarterly from 1 April: the 30 June visit is due by 15 September.
    const quarterly = await contract(manager, branch.id, [warranted, contracted], {
      StartDate: '2034-04-01',
      EndDate: '2035-03-31',
      ContractValue: '61000.00',
      VisitsPerYear: 4,
    });
    // Ended 46 days before, renewed by one that starts only after the date.
    const lapsedCover = await contract(manager, branch.id, [lapsed], {
      StartDate: '2033-08-01',
      EndDate: '2034-07-31',
      ContractValue: '12000.00',
    });
    const lateRenewal = await renewed(manager, lapsedCover, [lapsed], {
      StartDate: '2034-10-01',
      EndDate: '2035-09-30',
    });
    // Ended 15 days before and renewed the next day: the renewal is in force.
    const handedOver = await contract(manager, branch.id, [warranted], {
      StartDate: '2033-09-01',
      EndDate: '2034-08-31',
      ContractValue: '9000.00',
    });
    const successor = await renewed(manager, handedOver, [warranted], {
      StartDate: '2034-09-01',
      EndDate: '2035-08-31',
    });
    // Over an asset of no recorded cost.
    const costless = await contract(manager, branch.id, [stock], {
      StartDate: '2034-01-01',
      EndDate: '2034-12-31',
      ContractValue: '2000.00',
    });
    // Out of the window: ended more than 90 days before; not yet begun.
    await contract(manager, branch.id, [bare], {
      StartDate: '2033-05-01',
      EndDate: '2034-05-31',
      ContractValue: '3000.00',
    });
    await contract(manager, branch.id, [bare], {
      StartDate: '2034-09-16',
      EndDate: '2035-09-15',
      ContractValue: '3000.00',
    });
    await contract(admin, elsewhere.id, [foreign], {
      StartDate: '2034-01-01',
      EndDate: '2034-12-31',
      ContractValue: '1000.00',
    });

    // The 30 June visit, made by the scheduler and done on 20 September: after the date.
    expect(await runScheduler(api.db, { today: '2034-06-25', instance: 'report' })).toMatchObject({
      JobsCreated: 1,
      Error: null,
    });
    const visit = await api.db
      .selectFrom('jobOrders')
      .select('id')
      .where('visitContractId', '=', quarterly.MaintenanceContractId)
      .executeTakeFirstOrThrow();
    for (const Step of ['START', 'RESOLVE', 'CLOSE']) {
      const moved = await api.call('jobOrderMove', manager, {
        JobOrder: visit.id,
        Step,
        Remarks: 'Preventive maintenance done',
      });
      expect(moved.flag, moved.output).toBe(1);
    }
    await api.db
      .updateTable('jobOrders')
      .set({ resolvedAt: new Date('2034-09-20T16:00:00+05:30') })
      .where('id', '=', visit.id)
      .execute();

    const report = async (token: string, AsOf = AS_OF, Branches = [branch.id]) => {
      const answer = await api.call('amcReport', token, { Branches, AsOf });
      expect(answer.flag, answer.output).toBe(1);
      const records = answer.records;
      if (!records) throw new Error('no report');
      return { output: answer.output, ...records };
    };
    const seen = await report(manager);
    expect(seen.output).toBe('5 contracts.');
    expect(seen.AsOf).toBe(AS_OF);
    expect(
      seen.Contracts.map((row) => [
        row.ContractNumber,
        row.StatusCode,
        row.DaysLeft,
        row.CoveredValue,
        row.CostPercent,
        row.VisitsDue,
        row.VisitsDone,
        row.RenewFlag,
      ]),
    ).toEqual([
      // 12,000 of 60,000.50 is 19.99983 %.
      [lapsedCover.ContractNumber, 'ENDED', -46, '60000.50', 20, 0, 0, false],
      [handedOver.ContractNumber, 'RENEWED', -15, '100000.00', 9, 0, 0, false],
      [costless.ContractNumber, 'ACTIVE', 107, '0.00', null, 0, 0, true],
      // 61,000 of 3,50,000 is 17.43 %.
      [quarterly.ContractNumber, 'ACTIVE', 197, '350000.00', 17.4, 1, 0, true],
      [successor.ContractNumber, 'ACTIVE', 350, '100000.00', 10, 0, 0, true],
    ]);
    expect(seen.Contracts[3]).toMatchObject({
      BranchCode: branch.code,
      VendorName: quarterly.VendorName,
      ContractValue: '61000.00',
      AssetCount: 2,
      StatusTxt: 'Active',
    });
    expect(seen.Contracts.map((row) => row.ContractNumber)).not.toContain(
      lateRenewal.ContractNumber,
    );
    // In use: four. Under warranty: one (also under contract, it counts once); under contract:
    // one; with neither: the bare asset and the one whose warranty and contract have both ended.
    expect(seen.Branches).toEqual([
      {
        BranchId: branch.id,
        BranchCode: branch.code,
        AssetsInUse: 4,
        UnderWarranty: 1,
        UnderContract: 1,
        Uncovered: 2,
        UncoveredValue: '100000.50',
      },
    ]);

    // Five days later the visit is done; the September visit is not yet due.
    const later = await report(manager, '2034-09-25');
    expect(
      later.Contracts.find((row) => row.ContractNumber === quarterly.ContractNumber),
    ).toMatchObject({ VisitsDue: 1, VisitsDone: 1 });

    // A viewer may renew nothing; an administrator sees both branches, each on its own.
    expect((await report(viewer)).Contracts.some((row) => row.RenewFlag || row.EditFlag)).toBe(
      false,
    );
    const both = await report(admin, AS_OF, [elsewhere.id, branch.id]);
    expect(both.Contracts).toHaveLength(6);
    expect(both.Branches.map((row) => [row.BranchId, row.AssetsInUse, row.Uncovered])).toEqual(
      [
        [branch.id, 4, 2],
        [elsewhere.id, 1, 0],
      ].sort((a, b) =>
        (a[0] === branch.id ? branch.code : elsewhere.code).localeCompare(
          b[0] === branch.id ? branch.code : elsewhere.code,
        ),
      ),
    );
    for (const row of both.Branches)
      expect(row.UnderWarranty + row.UnderContract + row.Uncovered).toBe(row.AssetsInUse);
  });

  it('is refused for a branch the user does not work in, and to a role without it', async () => {
    const branch = await aBranch(api.db);
    const other = await aBranch(api.db);
    const manager = await login('manager', [branch.id]);
    const verifier = await login('verifier', [branch.id]);
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('amcReport', manager, { Branches: [branch.id, other.id], AsOf: AS_OF }),
        'You do not work in that branch.',
      ],
      [
        () => api.call('amcReport', verifier, { Branches: [branch.id], AsOf: AS_OF }),
        'Your role may not see the AMC report.',
      ],
      [
        () => api.call('amcReport', manager, { Branches: [], AsOf: AS_OF }),
        /Branches.*must name at least one branch/,
        422,
      ],
    ]);
  });
});
