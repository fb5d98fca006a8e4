import type { Resolvers } from '../../generated/resolvers.ts';
import { graphQLShape } from '../../reports/graphql-shape.ts';
import { numericId, optionalId } from '../ids.ts';

/*
 * The dashboard and the reports (docs/reports.md): read-only calls of legacy-api, which checks
 * the grants and the branches; their records become the schema's shape field for field.
 */

export function branchList(branchIds: readonly (string | number)[]): number[] {
  return branchIds.map((id, index) => numericId(id, `branchIds[${index}]`));
}

export const reportResolvers: Resolvers = {
  Query: {
    dashboard: async (_parent, { branchId }, { read }) =>
      graphQLShape(
        (await read('dashboard', { UserInterface: 1, Branch: optionalId(branchId, 'branchId') }))
          .records,
      ),
    financeReport: async (_parent, args, { read }) =>
      graphQLShape(
        (
          await read('financeReport', {
            UserInterface: 1,
            Branches: branchList(args.branchIds),
            From: args.from,
            To: args.to,
            Vendor: optionalId(args.vendorId, 'vendorId'),
            Category: optionalId(args.categoryId, 'categoryId'),
          })
        ).records,
      ),
    branchAssetReport: async (_parent, args, { read }) =>
      graphQLShape(
        (
          await read('branchAssetReport', {
            UserInterface: 1,
            Branches: branchList(args.branchIds),
            From: args.from,
            To: args.to,
            Category: optionalId(args.categoryId, 'categoryId'),
            Status: args.status ?? undefined,
            Method: args.method ?? 'SLM',
          })
        ).records,
      ),
    depreciationSchedule: async (_parent, args, { read }) =>
      graphQLShape(
        (
          await read('depreciationSchedule', {
            UserInterface: 1,
            Branches: branchList(args.branchIds),
            FinancialYear: args.financialYear,
            Method: args.method ?? 'SLM',
            Category: optionalId(args.categoryId, 'categoryId'),
            Search: args.search ?? undefined,
            Page: args.page ?? 1,
            ItemsPerPage: args.pageSize ?? 50,
          })
        ).records,
      ),
  },
};
