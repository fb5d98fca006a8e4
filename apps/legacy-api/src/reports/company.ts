import type { ReportCompany } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';

/**
 * The company whose letterhead a report over these branches carries: theirs when they share one,
 * else null (a report over two companies' branches is the group's, with no one legal name).
 */
export async function reportCompany(
  db: Db,
  branchIds: readonly number[],
): Promise<ReportCompany | null> {
  if (branchIds.length === 0) return null;
  const companies = await db
    .selectFrom('branches as b')
    .innerJoin('companies as c', 'c.id', 'b.companyId')
    .select(['c.name', 'c.legalName', 'c.address', 'c.gstin', 'c.pan', 'c.logoPath'])
    .where('b.id', 'in', [...branchIds])
    .groupBy(['c.id', 'c.name', 'c.legalName', 'c.address', 'c.gstin', 'c.pan', 'c.logoPath'])
    .execute();
  const [company] = companies;
  if (companies.length !== 1 || !company) return null;
  return {
    Name: company.name,
    LegalName: company.legalName,
    Address: company.address,
    Gstin: company.gstin,
    Pan: company.pan,
    LogoPath: company.logoPath,
  };
}
