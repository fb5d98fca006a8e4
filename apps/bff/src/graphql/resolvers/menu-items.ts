import type { MenuItemInput, Resolvers } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import * as Records from './records.ts';

const MENU_ITEMS: Records.Calls<'menuItem'> = { prefix: 'menuItem', key: 'Menu' };

function menuItemFields(input: MenuItemInput): Records.StoreFields<'menuItem'> {
  return {
    MenuText: input.text,
    MenuLink: input.link ?? '',
    MenuIcon: input.icon,
    MenuStyle: input.style ?? '',
    MenuOrder: input.order,
    Parent: input.parentId ? numericId(input.parentId, 'parentId') : '',
    Module: input.moduleCode ?? '',
  };
}

/** Menus: the legacy menu-items calls behind the header menu, as typed queries and mutations. */
export const menuItemResolvers: Resolvers = {
  Query: {
    menuItems: Records.listQuery(MENU_ITEMS),
  },
  Mutation: {
    saveMenuItem: Records.saveMutation(MENU_ITEMS, menuItemFields),
    deleteMenuItem: Records.deleteMutation(MENU_ITEMS),
  },
  MenuItemList: Records.listFields({ module: 'menu', exportName: 'menus' }),
  MenuItemRow: {
    ...Records.namedFields('menuItemLists'),
    isGroup: (row) => row.ParentId === null && row.MenuLink === '' && row.ModuleCode === null,
    ...Records.flagFields,
  },
  MenuItemResult: {
    message: (result) => result.message,
    menuItem: (result) => result.record,
  },
};
