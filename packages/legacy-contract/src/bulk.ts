import type { BulkDescription } from './calls/bulk-upload.ts';
import { type LegacyCallName, type LegacyCalls, legacyCalls } from './calls.ts';

/*
 * Bulk upload calls by name (beside upload.ts, not in calls/bulk-upload.ts: the registry imports
 * that file, so it must not import the registry back).
 */

/** The calls of the contract that are bulk uploads. */
export type BulkCallName = {
  [Name in LegacyCallName]: LegacyCalls[Name] extends { bulk: BulkDescription } ? Name : never;
}[LegacyCallName];

/** The columns and names of a bulk call. */
export function bulkDescription(name: BulkCallName): BulkDescription {
  const definition: { bulk?: BulkDescription } = legacyCalls[name];
  if (!definition.bulk) throw new Error(`${name} is not a bulk upload`);
  return definition.bulk;
}
