import type { BranchInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import * as Records from './records.ts';

const BRANCHES: Records.Calls<'branchRecord'> = { prefix: 'branchRecord', key: 'Branch' };

/**
 * Branch management: the legacy branch record calls (api/branch/records, show, store, update,
 * destroy) as typed queries and mutations. The chooser's `branches` and `branchOptions` live in
 * lists.ts with their binding shapes.
 */
export const branchRecordResolvers: Resolvers = {
  Query: {
    branchRecords: (_parent, { stateId, ...args }, context) =>
      Records.readList(context, BRANCHES, args, {
        rowFilters: stateId ? { StateId: numericId(stateId, 'stateId') } : {},
        exportQuery: stateId ? { stateId } : {},
      }),
    branchRecord: Records.showQuery(BRANCHES),
  },
  Mutation: {
    saveBranch: Records.saveMutation(BRANCHES, (input: BranchInput) =>
      Records.storeFieldsOf('branchRecord', input),
    ),
    deleteBranch: Records.deleteMutation(BRANCHES),
  },
  BranchRecordList: Records.listFields({ module: 'branch', exportName: 'branches' }),
  BranchRecord: {
    ...Records.namedFields('branchRecordLists'),
    logoUrl: (branch) => gatewayUrl(branch.LogoPath),
    ...Records.rowFields,
  },
  BranchResult: {
    message: (result) => result.message,
    branch: (result) => result.record,
  },
};
