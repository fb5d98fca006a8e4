import type { GalleryKind } from '@branch-assets/legacy-contract';
import type {
  GalleryKind as GalleryKindArgument,
  PurchaseOrderState,
} from '../generated/resolvers.ts';

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
};

/** The legacy gallery kinds by the schema's. */
export const KIND_FROM_GRAPHQL: Record<GalleryKindArgument, GalleryKind> = {
  ASSET_PHOTO: 'asset_photo',
  BRANCH_LOGO: 'branch_logo',
  COMPANY_LOGO: 'company_logo',
};
