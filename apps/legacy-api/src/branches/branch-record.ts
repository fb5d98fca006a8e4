import type { Branch } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';
import { fileUrl } from '../files/file-url.ts';

export function toBranch(row: {
  id: number;
  code: string;
  name: string;
  logoPath: string | null;
}): Branch {
  return {
    BranchId: row.id,
    BranchCode: row.code,
    BranchName: row.name,
    AssetLogoPath: fileUrl(row.logoPath),
  };
}

export async function findBranch(db: Db, branchId: number): Promise<Branch | null> {
  const row = await db
    .selectFrom('branches')
    .select(['id', 'code', 'name', 'logoPath'])
    .where('id', '=', branchId)
    .executeTakeFirst();
  return row ? toBranch(row) : null;
}
