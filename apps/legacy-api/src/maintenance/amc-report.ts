import {
  addDays,
  daysBetween,
  formatPaise,
  statusTone,
  toneColors,
  toPaise,
  visitDates,
} from '@branch-assets/domain';
import type { AmcReport } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { uncoveredCondition } from '../assets/attention.ts';
import type { Db } from '../db/database.ts';
import { CONTRACT_STATE_TEXT, contractState, MODULE } from './contracts.ts';

/*
 * The AMC report as of a date (docs/workflows.md): the contracts in force then, or ending or
 * ended within 90 days of it, with their visits due by then and done, and their value against the
 * covered assets' cost; and per branch the assets in use under warranty, under contract, and with
 * no cover. A renewed contract shows while it is in force; its renewal shows as a row of its own.
 */

const WINDOW_DAYS = 90;

export async function amcReport(
  db: Db,
  access: Access,
  branchIds: readonly number[],
  asOf: string,
): Promise<AmcReport> {
  const branches = [...new Set(branchIds)];
  const contracts = await db
    .selectFrom('maintenanceContracts as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendorId')
    .innerJoin('branches as b', 'b.id', 'c.branchId')
    .select([
      'c.id',
      'c.contractNumber',
      'c.branchId',
      'b.code as branchCode',
      'c.vendorId',
      'v.name as vendorName',
      'c.contractType',
      'c.startDate',
      'c.endDate',
      'c.contractValue',
      'c.gstRate',
      'c.visitsPerYear',
      sql<number>`(select count(*)::int from maintenance_contract_assets ca where ca.contract_id = c.id)`.as(
        'assetCount',
      ),
      sql<string>`(select coalesce(sum(a.cost), 0)::text from maintenance_contract_assets ca join assets a on a.id = ca.asset_id where ca.contract_id = c.id)`.as(
        'coveredValue',
      ),
      sql<boolean>`exists (select 1 from maintenance_contracts n where n.previous_contract_id = c.id and n.start_date <= ${asOf}::date)`.as(
        'renewed',
      ),
      // Renewed at all, also by a contract starting after the date: it cannot be renewed again.
      sql<boolean>`exists (select 1 from maintenance_contracts n where n.previous_contract_id = c.id)`.as(
        'hasSuccessor',
      ),
    ])
    .where('c.branchId', 'in', branches)
    .where('c.startDate', '<=', asOf)
    .where('c.endDate', '>=', addDays(asOf, -WINDOW_DAYS))
    .orderBy('c.endDate')
    .orderBy('c.id')
    .execute();
  const visits =
    contracts.length === 0
      ? []
      : await db
          .selectFrom('jobOrders')
          .select(['visitContractId', 'dueDate', 'status'])
          .where(
            'visitContractId',
            'in',
            contracts.map((contract) => contract.id),
          )
          .where('dueDate', '<=', asOf)
          // Done by the date: a visit done after it was not done yet then.
          .where(sql<boolean>`(resolved_at at time zone 'Asia/Kolkata')::date <= ${asOf}::date`)
          .execute();
  const writes = access.can(MODULE, 'create') || access.can(MODULE, 'edit');
  const rows = contracts.map((contract) => {
    const state = contractState(
      {
        startDate: contract.startDate,
        endDate: contract.endDate,
        renewed: Boolean(contract.renewed),
      },
      asOf,
    );
    const text = CONTRACT_STATE_TEXT[state];
    const colors = toneColors(statusTone(text));
    const due = visitDates(contract.startDate, contract.endDate, contract.visitsPerYear).filter(
      (date) => date <= asOf,
    ).length;
    const done = visits.filter(
      (visit) =>
        visit.visitContractId === contract.id &&
        (visit.status === 'RESOLVED' || visit.status === 'CLOSED'),
    ).length;
    const covered = toPaise(contract.coveredValue);
    const value = toPaise(contract.contractValue);
    return {
      MaintenanceContractId: contract.id,
      ContractNumber: contract.contractNumber,
      BranchId: contract.branchId,
      BranchCode: contract.branchCode,
      VendorId: contract.vendorId,
      VendorName: contract.vendorName,
      ContractType: contract.contractType,
      StartDate: contract.startDate,
      EndDate: contract.endDate,
      DaysLeft: daysBetween(asOf, contract.endDate),
      ContractValue: contract.contractValue,
      GstRate: Number(contract.gstRate),
      AssetCount: Number(contract.assetCount),
      VisitsPerYear: contract.visitsPerYear,
      StatusTxt: text,
      StatusCode: state,
      StatusBgColor: colors.background,
      StatusTextColor: colors.text,
      RenewFlag: writes && !contract.hasSuccessor,
      EditFlag: writes && !contract.hasSuccessor,
      CoveredValue: formatPaise(covered),
      CostPercent: covered > 0 ? Math.round((value / covered) * 1000) / 10 : null,
      VisitsDue: due,
      VisitsDone: done,
    };
  });
  const coverage = await db
    .selectFrom('branches as b')
    .leftJoin('assets as a', (join) =>
      join.onRef('a.branchId', '=', 'b.id').on('a.assetStatus', '=', 'IN_USE'),
    )
    .select([
      'b.id',
      'b.code',
      sql<number>`count(a.id)::int`.as('inUse'),
      sql<number>`(count(a.id) filter (where a.warranty_end >= ${asOf}::date))::int`.as('warranty'),
      sql<number>`(count(a.id) filter (where ${uncoveredCondition(asOf)}))::int`.as('uncovered'),
      sql<string>`(coalesce(sum(a.cost) filter (where ${uncoveredCondition(asOf)}), 0))::text`.as(
        'uncoveredValue',
      ),
    ])
    .where('b.id', 'in', branches)
    .groupBy(['b.id', 'b.code'])
    .orderBy('b.code')
    .execute();
  return {
    AsOf: asOf,
    Contracts: rows,
    Branches: coverage.map((row) => ({
      BranchId: row.id,
      BranchCode: row.code,
      AssetsInUse: Number(row.inUse),
      UnderWarranty: Number(row.warranty),
      UnderContract: Number(row.inUse) - Number(row.warranty) - Number(row.uncovered),
      Uncovered: Number(row.uncovered),
      UncoveredValue: formatPaise(toPaise(row.uncoveredValue)),
    })),
  };
}
