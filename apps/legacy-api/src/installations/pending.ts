import type { Db } from '../db/database.ts';

/**
 * The first of these assets (by tag) that is on an installation still waiting for sign-off, with
 * that installation's number; such an asset may be neither installed again nor moved until the
 * installation is signed off or refused. Each caller words its own refusal.
 */
export async function assetOnPendingInstallation(
  db: Db,
  assetIds: readonly number[],
): Promise<{ tag: string; installationNumber: string } | undefined> {
  if (assetIds.length === 0) return undefined;
  return db
    .selectFrom('assetInstallationItems as ii')
    .innerJoin('assetInstallations as i', 'i.id', 'ii.installationId')
    .innerJoin('assets as a', 'a.id', 'ii.assetId')
    .select(['a.tag', 'i.installationNumber'])
    .where('ii.assetId', 'in', assetIds)
    .where('i.status', '=', 'PENDING')
    .orderBy('a.tag')
    .executeTakeFirst();
}
