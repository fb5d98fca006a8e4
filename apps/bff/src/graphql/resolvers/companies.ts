import type { CompanyInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl } from '../ids.ts';
import * as Records from './records.ts';

const COMPANIES: Records.Calls<'company'> = { prefix: 'company', key: 'Company' };

function companyFields(input: CompanyInput): Records.StoreFields<'company'> {
  return {
    CompanyName: input.name,
    LegalName: input.legalName,
    Pan: input.pan,
    ...(input.gstin === undefined || input.gstin === null ? {} : { Gstin: input.gstin }),
    Address: input.address,
    ...Records.logoInput(input.logoUrl),
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
    ...Records.namedFields('companyLists'),
    logoUrl: (company) => gatewayUrl(company.LogoPath),
    ...Records.rowFields,
  },
  CompanyResult: {
    message: (result) => result.message,
    company: (result) => result.record,
  },
};
