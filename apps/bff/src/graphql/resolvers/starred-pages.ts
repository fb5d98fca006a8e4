import type { Resolvers } from '../../generated/resolvers.ts';

/*
 * The navbar's starred pages, kept per user by the legacy server. It checks every rule (the page
 * must be in the caller's menu, at most 10 pages); its refusals reach the client as REJECTED with
 * the server's message, like every flag-0 answer.
 */
export const starredPageResolvers: Resolvers = {
  Query: {
    starredPages: async (_parent, _args, { read }) =>
      (await read('starredPagesLists', { UserInterface: 1 })).records,
  },
  Mutation: {
    starPage: async (_parent, { link }, { write }) =>
      (await write('starredPagesStore', { UserInterface: 1, MenuLink: link })).records,
    unstarPage: async (_parent, { link }, { write }) =>
      (await write('starredPagesDestroy', { UserInterface: 1, MenuLink: link })).records,
  },
  StarredPage: {
    text: (page) => page.MenuText,
    link: (page) => page.MenuLink,
    icon: (page) => page.MenuIcon,
  },
};
