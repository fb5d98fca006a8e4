import type { CompanyInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl } from '../ids.ts';
import * as Records from './records.ts';

const COMPANIES: Records.Calls<'company'> = { prefix: 'company', key: 'Company' };

/** Companies: the legacy company calls as typed queries and mutations. */
export const companyResolvers: Resolvers = {
  Query: {
    companies: Records.listQuery(COMPANIES),
    company: Records.showQuery(COMPANIES),
    companyOptions: Records.optionsQuery(COMPANIES),
  },
  Mutation: {
    saveCompany: Records.saveMutation(COMPANIES, (input: CompanyInput) =>
      Records.storeFieldsOf('company', input),
    ),
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
