import { graphql } from '../../gql/index.ts';

export const MenuItemsQuery = graphql(`
  query MenuItems(
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: menuItems(
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id text link icon style order parentId parentText moduleCode moduleName isGroup
        canEdit canDelete
      }
      ...RecordListFields
    }
  }
`);

/**
 * The groups an entry may sit under, for the form: every entry (the largest page the schema gives;
 * a menu has a few dozen), as the list on screen is only one page of them.
 */
export const MenuGroupsQuery = graphql(`
  query MenuGroups {
    menuGroups: menuItems(pageSize: 1000) {
      rows { id text isGroup }
    }
  }
`);

/** The modules an entry may belong to: those of the permission grid. */
export const MenuModulesQuery = graphql(`
  query MenuModules {
    permissionGrid { modules { code name } }
  }
`);

export const SaveMenuItemMutation = graphql(`
  mutation SaveMenuItem($input: MenuItemInput!) {
    saveMenuItem(input: $input) { message menuItem { id text } }
  }
`);

export const DeleteMenuItemMutation = graphql(`
  mutation DeleteMenuItem($id: ID!) {
    deleteMenuItem(id: $id) { message }
  }
`);

/** The menu editor's documents: its list (the root field aliased `list`), save and delete. */
export const menuItemDocuments = {
  list: MenuItemsQuery,
  save: SaveMenuItemMutation,
  delete: DeleteMenuItemMutation,
};
