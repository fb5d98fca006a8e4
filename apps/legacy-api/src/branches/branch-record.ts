import type { Branch } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';

/** Documents are served under `files/`; the path in a record is relative to the API's base address. */
export function fileUrl(path: string | null): string | null {
  return path ? `files/${path}` : null;
}

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
