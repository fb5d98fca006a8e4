import { z } from 'zod';
import { Code, Id } from '../primitives.ts';
import { BaseRequest } from './shared.ts';

export interface MenuItem {
  MenuText: string;
  MenuLink: string;
  MenuIcon: string;
  MenuStyle: string;
  MenuModule?: string | undefined;
  SubMenu?: MenuItem[] | undefined;
}

export const MenuItem: z.ZodType<MenuItem> = z.object({
  MenuText: z.string(),
  MenuLink: z.string(),
  MenuIcon: z.string(),
  MenuStyle: z.string(),
  /** Extension: the module an entry opens (its code), absent for a group. */
  MenuModule: z.string().optional(),
  get SubMenu() {
    return z.array(MenuItem).optional();
  },
});

export const MenuListsRequest = BaseRequest;
export const MenuListsRecords = z.array(MenuItem);

export const PageInfoRequest = BaseRequest.extend({ Module: Code, Action: Code });
export const PageInfoRecords = z.object({
  PageTitle: z.string(),
  PageDescription: z.string(),
  PagePermissionFlag: z.boolean(),
});
export type PageInfo = z.output<typeof PageInfoRecords>;

export const PermissionRequest = BaseRequest.extend({
  Branch: Id.optional().nullable(),
  Module: Code,
  Action: Code,
});
