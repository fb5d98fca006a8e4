import { ASSET_ATTENTIONS, ASSET_STATUSES, WARRANTY_STATES } from '@branch-assets/domain';
import type { GalleryKind } from '@branch-assets/legacy-contract';
import { AppError } from '../errors/codes.ts';
import type {
  GalleryKind as GalleryKindArgument,
  PurchaseOrderState,
} from '../generated/resolvers.ts';
import { numericId } from './ids.ts';

/*
 * The values of the lists' own filter arguments as the legacy rows show them (the paging
 * Filters): shared by the list fields and their exports, which must filter alike.
 */

/** The overall status texts of the legacy list's Status column, by the schema's states. */
export const STATUS_TEXT: Record<PurchaseOrderState, string> = {
  PENDING: 'Pending',
  WAITING_FOR_APPROVAL: 'Waiting For Approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
  DRAFT: 'Draft',
  PARTIALLY_RECEIVED: 'Partially Received',
  RECEIVED: 'Received',
  CLOSED_SHORT: 'Closed Short',
};

/** The legacy gallery kinds by the schema's. */
export const KIND_FROM_GRAPHQL: Record<GalleryKindArgument, GalleryKind> = {
  ASSET_PHOTO: 'asset_photo',
  BRANCH_LOGO: 'branch_logo',
  COMPANY_LOGO: 'company_logo',
};

/**
 * The asset list's filter arguments (and its export's query parameters, named alike) as the
 * legacy row fields they keep (the lists call's Filters).
 */
export const ASSET_FILTER_FIELDS = {
  branchId: 'BranchId',
  locationId: 'LocationId',
  categoryId: 'CategoryId',
  subCategoryId: 'SubCategoryId',
  assetTypeId: 'AssetTypeId',
  brandId: 'BrandId',
  status: 'AssetStatus',
  custodianId: 'CustodianId',
  warranty: 'WarrantyState',
  attention: 'Attention',
} as const;

export type AssetFilterName = keyof typeof ASSET_FILTER_FIELDS;

/**
 * The filters given (ids as numbers, refused when not; statuses as their codes), as the lists
 * call's Filters.
 */
export function assetFilters(
  given: Partial<Record<AssetFilterName, string | null | undefined>>,
): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(ASSET_FILTER_FIELDS)) {
    const value = given[name as AssetFilterName];
    if (value === undefined || value === null || value === '') continue;
    if (name === 'status' || name === 'warranty' || name === 'attention') {
      const allowed: readonly string[] =
        name === 'status'
          ? ASSET_STATUSES
          : name === 'warranty'
            ? WARRANTY_STATES
            : ASSET_ATTENTIONS;
      if (!allowed.includes(value))
        throw new AppError('BAD_USER_INPUT', `${name} must be one of ${allowed.join(', ')}.`);
      filters[field] = value;
    } else filters[field] = numericId(value, name);
  }
  return filters;
}
