import { numericId } from './ids.ts';
import type { ListFilters } from './paging.ts';

/*
 * The accessory list's own arguments (and its export's query parameters, named alike) as the
 * legacy lists call takes them: the branch whose stock the rows show is a request field of its
 * own, the rest keep rows (the call's Filters). Shared by the list field and its export, which
 * must show alike.
 */

export interface AccessoryListArgs {
  branchId?: string | null;
  accessoryTypeId?: string | null;
  brandId?: string | null;
  /** `true` (a query parameter's 'true') keeps those below a minimum; false or none, all. */
  belowMinimum?: boolean | string | null;
}

/** The export's query parameters: the list's arguments by the same names. */
export const ACCESSORY_EXPORT_PARAMS = [
  'branchId',
  'accessoryTypeId',
  'brandId',
  'belowMinimum',
] as const;

/** The lists call's Filters of the arguments given (ids refused when not ids). */
export function accessoryFilters(args: AccessoryListArgs): ListFilters {
  const filters: ListFilters = {};
  if (args.accessoryTypeId)
    filters.AccessoryTypeId = numericId(args.accessoryTypeId, 'accessoryTypeId');
  if (args.brandId) filters.BrandId = numericId(args.brandId, 'brandId');
  if (args.belowMinimum === true || args.belowMinimum === 'true') filters.BelowMinimum = true;
  return filters;
}

/** The lists call's Branch, when the list shows one branch's stock. */
export function accessoryBranch(args: AccessoryListArgs): { Branch?: number } {
  return args.branchId ? { Branch: numericId(args.branchId, 'branchId') } : {};
}

/** The export link's query: the arguments given, as text. */
export function accessoryExportQuery(args: AccessoryListArgs): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ACCESSORY_EXPORT_PARAMS) {
    const value = args[name];
    if (value !== undefined && value !== null && value !== '' && value !== false)
      query[name] = String(value);
  }
  return query;
}
