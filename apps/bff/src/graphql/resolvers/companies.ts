import { statusTone, toneColors } from '@branch-assets/domain';
import { exportUrl } from '../../exports/lists.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';

/**
 * A logo as the legacy calls take it: the gateway's /files/… URL (a gallery option's value, or the
 * record's own logoUrl) back to the legacy link files/…; empty for none; left out when absent so
 * the logo stays as it is.
 */
export function logoInput(url: string | null | undefined): { LogoPath?: string } {
  if (url === undefined || url === null) return {};
  return { LogoPath: url.startsWith('/files/') ? url.slice(1) : url };
}

/** Companies: the legacy company calls as typed queries and mutations. */
export const companyResolvers: Resolvers = {
  Query: {
    companies: async (_parent, _args, { read }) => {
      const { records } = await read('companyLists', { UserInterface: 1 });
      return {
        rows: records.TableData,
        headers: records.TableHeader,
        options: records.TableOptions,
      };
    },
    company: async (_parent, { id }, { read }) =>
      (await read('companyShow', { UserInterface: 1, Company: numericId(id, 'id') })).records,
    companyOptions: async (_parent, _args, { read }) =>
      (await read('companyOptions', { UserInterface: 1 })).records,
  },
  Mutation: {
    saveCompany: async (_parent, { input }, { write }) => {
      const fields = {
        UserInterface: 1,
        CompanyName: input.name,
        LegalName: input.legalName,
        Pan: input.pan,
        ...(input.gstin === undefined || input.gstin === null ? {} : { Gstin: input.gstin }),
        Address: input.address,
        ...logoInput(input.logoUrl),
        ...(input.active === undefined || input.active === null
          ? {}
          : { ActiveStatus: input.active ? (1 as const) : (0 as const) }),
      };
      const { output, records } = input.id
        ? await write('companyUpdate', { ...fields, Company: numericId(input.id, 'id') })
        : await write('companyStore', fields);
      return { message: output, company: records };
    },
    deleteCompany: async (_parent, { id }, { write }) => {
      const { output } = await write('companyDestroy', {
        UserInterface: 1,
        Company: numericId(id, 'id'),
      });
      return { message: output };
    },
  },
  CompanyList: {
    rows: (list) => list.rows,
    headers: (list) => list.headers,
    options: (list) => list.options,
    canCreate: (_list, _args, context) => permitted(context, 'company', 'create'),
    exportUrl: (list) => (list.options.DownloadFlag ? exportUrl('companies', {}) : null),
  },
  Company: {
    id: (company) => String(company.CompanyId),
    name: (company) => company.CompanyName,
    legalName: (company) => company.LegalName,
    pan: (company) => company.Pan,
    gstin: (company) => company.Gstin,
    address: (company) => company.Address,
    logoUrl: (company) => gatewayUrl(company.LogoPath),
    active: (company) => company.ActiveStatus === 1,
    status: (company) => {
      const colors = toneColors(statusTone(company.ActiveStatusTxt));
      return { text: company.ActiveStatusTxt, background: colors.background, color: colors.text };
    },
    canEdit: (company) => company.EditFlag,
    canDelete: (company) => company.DeleteFlag,
  },
  CompanyResult: {
    message: (result) => result.message,
    company: (result) => result.company,
  },
};
