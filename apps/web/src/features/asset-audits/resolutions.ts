import type { AuditOutcome, AuditResolution } from '../../gql/graphql.ts';

/** What the manager may decide for one difference (the server checks again). */
export function resolutionsFor(item: {
  outcome: AuditOutcome;
  assetId?: string | null;
  assetBranchCode?: string | null;
  foundLocationId?: string | null;
}): AuditResolution[] {
  const known = !!item.assetId;
  const ours = known && !item.assetBranchCode;
  switch (item.outcome) {
    case 'FOUND_WRONG_LOCATION':
      return ['MOVE_LOCATION', 'TRANSFER', 'INVESTIGATE'];
    case 'MISSING':
      return ['CONDEMN', 'TRANSFER', 'INVESTIGATE'];
    case 'UNEXPECTED':
      return [
        ...(ours && item.foundLocationId ? (['MOVE_LOCATION'] as const) : []),
        ...(known ? (['TRANSFER'] as const) : []),
        'INVESTIGATE',
      ];
    default:
      return [];
  }
}

/** The differences a submitted audit shows its manager: wrong location, missing and unexpected. */
export function isDifference(outcome: AuditOutcome): boolean {
  return outcome === 'FOUND_WRONG_LOCATION' || outcome === 'MISSING' || outcome === 'UNEXPECTED';
}

/** Share of the expected list counted so far, in whole per cent (0 for an empty list). */
export function progressPercent(counts: { expectedCount: number; pendingCount: number }): number {
  if (counts.expectedCount === 0) return 100;
  return Math.floor(((counts.expectedCount - counts.pendingCount) * 100) / counts.expectedCount);
}
