import { z } from 'zod';
import { text } from '../primitives.ts';
import { BaseRequest } from './shared.ts';

/** A page the user starred: a leaf of their menu, as the menu shows it. */
export const StarredPage = z.object({
  MenuText: z.string(),
  MenuLink: z.string(),
  MenuIcon: z.string(),
});
export type StarredPage = z.output<typeof StarredPage>;

/** The user's starred pages, in the order they were starred. */
export const StarredPagesRecords = z.array(StarredPage);

export const StarredPagesListsRequest = BaseRequest;

/** The page is named by its menu link, e.g. `/purchase-order/list`. */
export const StarredPagesStoreRequest = BaseRequest.extend({
  MenuLink: text(200, { required: true }),
});

export const StarredPagesDestroyRequest = BaseRequest.extend({
  MenuLink: text(200, { required: true }),
});
