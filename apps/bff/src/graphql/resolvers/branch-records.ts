import { statusTone, toneColors } from '@branch-assets/domain';
import { exportUrl } from '../../exports/lists.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';
import { logoInput } from './companies.ts';

/**
 * Branch management: the legacy branch record calls (api/branch/records, show, store, update,
 * destroy) as typed queries and mutations. The chooser's `branches` and `branchOptions` live in
 * lists.ts with their binding shapes.
 */
export const branchRecordResolvers: Resolvers = {
  Query: {
    branchRecords: async (_parent, _args, { read }) => {
      const { records } = await read('branchRecordLists', { UserInterface: 1 });
      return {
        rows: records.TableData,
        headers: records.TableHeader,
        options: records.TableOptions,
      };
    },
    branchRecord: async (_parent, { id }, { read }) =>
      (await read('branchRecordShow', { UserInterface: 1, Branch: numericId(id, 'id') })).records,
  },
  Mutation: {
    saveBranch: async (_parent, { input }, { write }) => {
      const fields = {
        UserInterface: 1,
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
        ...logoInput(input.logoUrl),
        ...(input.active === undefined || input.active === null
          ? {}
          : { ActiveStatus: input.active ? (1 as const) : (0 as const) }),
      };
      const { output, records } = input.id
        ? await write('branchRecordUpdate', { ...fields, Branch: numericId(input.id, 'id') })
        : await write('branchRecordStore', fields);
      return { message: output, branch: records };
    },
    deleteBranch: async (_parent, { id }, { write }) => {
      const { output } = await write('branchRecordDestroy', {
        UserInterface: 1,
        Branch: numericId(id, 'id'),
      });
      return { message: output };
    },
  },
  BranchRecordList: {
    rows: (list) => list.rows,
    headers: (list) => list.headers,
    options: (list) => list.options,
    canCreate: (_list, _args, context) => permitted(context, 'branch', 'create'),
    exportUrl: (list) => (list.options.DownloadFlag ? exportUrl('branches', {}) : null),
  },
  BranchRecord: {
    id: (branch) => String(branch.BranchId),
    code: (branch) => branch.BranchCode,
    name: (branch) => branch.BranchName,
    companyId: (branch) => String(branch.CompanyId),
    companyName: (branch) => branch.CompanyName,
    address: (branch) => branch.Address,
    stateId: (branch) => String(branch.StateId),
    stateName: (branch) => branch.StateName,
    districtId: (branch) => String(branch.DistrictId),
    districtName: (branch) => branch.DistrictName,
    cityId: (branch) => String(branch.CityId),
    cityName: (branch) => branch.CityName,
    pincode: (branch) => branch.Pincode,
    gstin: (branch) => branch.Gstin,
    phone: (branch) => branch.Phone,
    email: (branch) => branch.Email,
    logoUrl: (branch) => gatewayUrl(branch.LogoPath),
    active: (branch) => branch.ActiveStatus === 1,
    status: (branch) => {
      const colors = toneColors(statusTone(branch.ActiveStatusTxt));
      return { text: branch.ActiveStatusTxt, background: colors.background, color: colors.text };
    },
    canEdit: (branch) => branch.EditFlag,
    canDelete: (branch) => branch.DeleteFlag,
  },
  BranchResult: {
    message: (result) => result.message,
    branch: (result) => result.branch,
  },
};
