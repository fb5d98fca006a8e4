import type { ServerTranslator } from '@branch-assets/i18n/server';
import type { PageInfo } from '@branch-assets/legacy-contract';
import { AppError } from '../../errors/codes.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';
import { sessionAccepted } from './session-check.ts';

/** A page's title and description in the caller's language, by its module and action. */
export function pageInWords(
  page: PageInfo,
  texts: ServerTranslator,
  module: string,
  action: string,
): PageInfo {
  return {
    ...page,
    PageTitle: texts.pageTitle(module, action, page.PageTitle),
    PageDescription: texts.pageDescription(module, action, page.PageDescription),
  };
}

export const sessionResolvers: Resolvers = {
  Query: {
    session: async (_parent, _args, context) => ({
      authenticated: await sessionAccepted(context),
    }),
    menu: async (_parent, _args, { read }) => (await read('menu', { UserInterface: 1 })).records,
    pageInfo: async (_parent, { module, action }, { read, texts }) =>
      pageInWords(
        (await read('pageInfo', { UserInterface: 1, Module: module, Action: action })).records,
        texts,
        module,
        action,
      ),
    can: (_parent, { module, action, branchId }, context) =>
      permitted(context, module, action, branchId ? numericId(branchId, 'branchId') : undefined),
    branches: async (_parent, { search }, { read }) => {
      const branches = (await read('branchLists', { UserInterface: 2, AppFlag: true })).records;
      const needle = search?.trim().toLowerCase();
      if (!needle) return branches;
      return branches.filter(
        (branch) =>
          branch.BranchCode.toLowerCase().includes(needle) ||
          branch.BranchName.toLowerCase().includes(needle),
      );
    },
    branchOptions: async (_parent, { source, stateId, search }, { read }) => {
      const conditions = {
        ...(stateId ? { StateId: numericId(stateId, 'stateId') } : {}),
        ...(search ? { Search: search } : {}),
      };
      return (
        await read('branchOptions', {
          UserInterface: 1,
          Source: source === 'ALL' ? 'all' : 'user',
          ...(Object.keys(conditions).length ? { Conditions: conditions } : {}),
        })
      ).records;
    },
    versionInfo: async (_parent, _args, { read }) =>
      (await read('versionInfo', { UserInterface: 1 })).records,
  },
  Mutation: {
    setPrimaryBranch: async (_parent, { branchId }, { read, write }) => {
      const id = numericId(branchId, 'branchId');
      // The legacy call takes the whole branch object, as the chooser posted it.
      const branch = (await read('branchLists', { UserInterface: 2, AppFlag: true })).records.find(
        (candidate) => candidate.BranchId === id,
      );
      if (!branch) throw new AppError('REJECTED', 'You do not work in that branch.');
      return (await write('updatePrimaryBranch', { UserInterface: 1, ...branch })).records;
    },
    changePassword: async (_parent, { currentPassword, newPassword }, { write }) => ({
      message: (
        await write('changePassword', {
          CurrentPassword: currentPassword,
          NewPassword: newPassword,
        })
      ).output,
    }),
  },
  Session: {
    user: async (session, _args, { read }) =>
      session.authenticated ? (await read('me', {})).records : null,
    primaryBranch: async (session, _args, { read }) =>
      session.authenticated ? (await read('me', {})).records.PrimaryBranch : null,
  },
  User: {
    id: (user) => String(user.UserId),
    username: (user) => user.Username,
    displayName: (user) => user.DisplayName,
    role: (user) => user.Role,
  },
  Branch: {
    id: (branch) => String(branch.BranchId),
    code: (branch) => branch.BranchCode,
    name: (branch) => branch.BranchName,
    logoUrl: (branch) => gatewayUrl(branch.AssetLogoPath),
  },
  Option: {
    value: (option) => String(option.value),
    text: (option) => option.text,
  },
  MenuItem: {
    text: (item, _args, { texts }) =>
      texts.menuText({ module: item.MenuModule, text: item.MenuText }),
    link: (item) => item.MenuLink,
    icon: (item) => item.MenuIcon,
    style: (item) => item.MenuStyle,
    children: (item) => item.SubMenu ?? [],
  },
  PageInfo: {
    title: (page) => page.PageTitle,
    description: (page) => page.PageDescription,
    permitted: (page) => page.PagePermissionFlag,
  },
  VersionInfo: {
    version: (info) => info.Version,
    buildDate: (info) => info.BuildDate,
    environment: (info) => info.Environment,
    testMode: (info) => info.TestMode,
  },
};
