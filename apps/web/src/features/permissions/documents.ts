import { graphql } from '../../gql/index.ts';

export const PermissionPageQuery = graphql(`
  query PermissionPage {
    pageInfo(module: "menu_permission", action: "list") { title description permitted }
    canEdit: can(module: "menu_permission", action: "edit")
  }
`);

export const PermissionGridQuery = graphql(`
  query PermissionGrid($roleId: ID) {
    permissionGrid(roleId: $roleId) {
      roles { id code name }
      modules { id code name menuEntries }
      actions { id code name }
      roleId
      grants { module action }
      exportUrl
    }
  }
`);

export const SetRoleGrantsMutation = graphql(`
  mutation SetRoleGrants($roleId: ID!, $grants: [GrantInput!]!) {
    setRoleGrants(roleId: $roleId, grants: $grants) { message roleId grants { module action } }
  }
`);
