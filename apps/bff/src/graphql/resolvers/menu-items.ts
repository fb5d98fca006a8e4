import { exportUrl } from '../../exports/lists.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';

/** Menus: the legacy menu-items calls behind the header menu, as typed queries and mutations. */
export const menuItemResolvers: Resolvers = {
  Query: {
    menuItems: async (_parent, _args, { read }) => {
      const { records } = await read('menuItemLists', { UserInterface: 1 });
      return {
        rows: records.TableData,
        headers: records.TableHeader,
        options: records.TableOptions,
      };
    },
  },
  Mutation: {
    saveMenuItem: async (_parent, { input }, { write }) => {
      const fields = {
        UserInterface: 1,
        MenuText: input.text,
        MenuLink: input.link ?? '',
        MenuIcon: input.icon,
        MenuStyle: input.style ?? '',
        MenuOrder: input.order,
        Parent: input.parentId ? numericId(input.parentId, 'parentId') : '',
        Module: input.moduleCode ?? '',
      };
      const { output, records } = input.id
        ? await write('menuItemUpdate', { ...fields, Menu: numericId(input.id, 'id') })
        : await write('menuItemStore', fields);
      return { message: output, menuItem: records };
    },
    deleteMenuItem: async (_parent, { id }, { write }) => {
      const { output } = await write('menuItemDestroy', {
        UserInterface: 1,
        Menu: numericId(id, 'id'),
      });
      return { message: output };
    },
  },
  MenuItemList: {
    rows: (list) => list.rows,
    headers: (list) => list.headers,
    options: (list) => list.options,
    canCreate: (_list, _args, context) => permitted(context, 'menu', 'create'),
    exportUrl: (list) => (list.options.DownloadFlag ? exportUrl('menus', {}) : null),
  },
  MenuItemRow: {
    id: (row) => String(row.MenuId),
    text: (row) => row.MenuText,
    link: (row) => row.MenuLink,
    icon: (row) => row.MenuIcon,
    style: (row) => row.MenuStyle,
    order: (row) => row.MenuOrder,
    parentId: (row) => (row.ParentId === null ? null : String(row.ParentId)),
    parentText: (row) => row.ParentText,
    moduleCode: (row) => row.ModuleCode,
    moduleName: (row) => row.ModuleName,
    isGroup: (row) => row.ParentId === null && row.MenuLink === '' && row.ModuleCode === null,
    canEdit: (row) => row.EditFlag,
    canDelete: (row) => row.DeleteFlag,
  },
  MenuItemResult: {
    message: (result) => result.message,
    menuItem: (result) => result.menuItem,
  },
};
