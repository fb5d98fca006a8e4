import type { CompanyInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl } from '../ids.ts';
import * as Records from './records.ts';

/**
 * A logo as the legacy calls take it: the gateway's /files/… URL (a gallery option's value, or the
 * record's own logoUrl) back to the legacy link files/…; empty for none; left out when absent so
 * the logo stays as it is.
 */
export function logoInput(url: string | null | undefined): { LogoPath?: string } {
  if (url === undefined || url === null) return {};
  return { LogoPath: url.startsWith('/files/') ? url.slice(1) : url };
}

const COMPANIES: Records.Calls<'company'> = { prefix: 'company', key: 'Company' };

function companyFields(input: CompanyInput): Records.StoreFields<'company'> {
  return {
    CompanyName: input.name,
    LegalName: input.legalName,
    Pan: input.pan,
    ...(input.gstin === undefined || input.gstin === null ? {} : { Gstin: input.gstin }),
    Address: input.address,
    ...logoInput(input.logoUrl),
    ...Records.activeStatus(input.active),
  };
}

/** Companies: the legacy company calls as typed queries and mutations. */
export const companyResolvers: Resolvers = {
  Query: {
    companies: Records.listQuery(COMPANIES),
    company: Records.showQuery(COMPANIES),
    companyOptions: Records.optionsQuery(COMPANIES),
  },
  Mutation: {
    saveCompany: Records.saveMutation(COMPANIES, companyFields),
    deleteCompany: Records.deleteMutation(COMPANIES),
  },
  CompanyList: Records.listFields({ module: 'company', exportName: 'companies' }),
  Company: {
    id: (company) => String(company.CompanyId),
    name: (company) => company.CompanyName,
    legalName: (company) => company.LegalName,
    pan: (company) => company.Pan,
    gstin: (company) => company.Gstin,
    address: (company) => company.Address,
    logoUrl: (company) => gatewayUrl(company.LogoPath),
    ...Records.rowFields,
  },
  CompanyResult: {
    message: (result) => result.message,
    company: (result) => result.record,
  },
};
