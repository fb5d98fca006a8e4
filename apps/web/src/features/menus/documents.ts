import { graphql } from '../../gql/index.ts';

export const MenuItemsQuery = graphql(`
  query MenuItems {
    list: menuItems {
      rows {
        id text link icon style order parentId parentText moduleCode moduleName isGroup
        canEdit canDelete
      }
      ...RecordListFields
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
