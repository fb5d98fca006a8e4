import type { BranchInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import * as Records from './records.ts';

const BRANCHES: Records.Calls<'branchRecord'> = { prefix: 'branchRecord', key: 'Branch' };

function branchFields(input: BranchInput): Records.StoreFields<'branchRecord'> {
  return {
    BranchCode: input.code,
    BranchName: input.name,
    Company: numericId(input.companyId, 'companyId'),
    Address: input.address,
    State: numericId(input.stateId, 'stateId'),
    District: numericId(input.districtId, 'districtId'),
    City: numericId(input.cityId, 'cityId'),
    Pincode: input.pincode ?? '',
    Gstin: input.gstin,
    Phone: input.phone,
    Email: input.email ?? '',
    ...Records.logoInput(input.logoUrl),
    ...Records.activeStatus(input.active),
  };
}

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
    saveBranch: Records.saveMutation(BRANCHES, branchFields),
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
