import { STARRED_PAGES_LIMIT } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, loggedIn, useLogin, useStack } from '../test/harness.ts';

const StarredMenu = graphql(`
  query StarredMenu {
    menu { link text icon children { link text icon } }
  }
`);

const StarredList = graphql(`
  query StarredList {
    starredPages { link text icon }
  }
`);

const StarOne = graphql(`
  mutation StarOne($link: String!) {
    starPage(link: $link) { link text icon }
  }
`);

const UnstarOne = graphql(`
  mutation UnstarOne($link: String!) {
    unstarPage(link: $link) { link text icon }
  }
`);

interface Page {
  link: string;
  text: string;
  icon: string;
}

const ROLES = ['admin', 'viewer'] as const;
type Role = (typeof ROLES)[number];

const stack = useStack([]);
/** A login of each role whose records (their starred pages among them) are the file's own. */
const logins = { admin: useLogin(stack, 'admin'), viewer: useLogin(stack, 'viewer') };
const as = (role: Role): Client => logins[role].client;

/** The pages of the caller's menu (its leaves), as a starred page shows them. */
async function pagesOf(client: Client): Promise<Page[]> {
  const answer = await client.graphql(StarredMenu);
  expect(answer.errors).toBeUndefined();
  return (answer.data?.menu ?? []).flatMap((item) =>
    item.children.length
      ? item.children.map(({ text, link, icon }) => ({ text, link, icon }))
      : [{ text: item.text, link: item.link, icon: item.icon }],
  );
}

async function listOf(client: Client): Promise<Page[]> {
  const answer = await client.graphql(StarredList);
  expect(answer.errors).toBeUndefined();
  return answer.data?.starredPages ?? [];
}

async function unstarAll(client: Client): Promise<void> {
  for (const page of await listOf(client)) await client.graphql(UnstarOne, { link: page.link });
  expect(await listOf(client)).toEqual([]);
}

describe.each(ROLES)('starred pages as %s', (role) => {
  it('stars pages of the menu, lists them in the order starred, unstars them', async () => {
    const client = as(role);
    expect(await listOf(client)).toEqual([]);
    const pages = await pagesOf(client);
    const [first, second, third] = [pages[2], pages[0], pages[5]];
    if (!first || !second || !third) throw new Error('the menu is too short');

    const one = await client.graphql(StarOne, { link: first.link });
    expect(one.errors).toBeUndefined();
    expect(one.data?.starPage).toEqual([first]);
    await client.graphql(StarOne, { link: second.link });
    const three = await client.graphql(StarOne, { link: third.link });
    expect(three.data?.starPage).toEqual([first, second, third]);
    expect(await listOf(client)).toEqual([first, second, third]);

    // Starring again changes nothing and is not an error.
    const again = await client.graphql(StarOne, { link: second.link });
    expect(again.errors).toBeUndefined();
    expect(again.data?.starPage).toEqual([first, second, third]);

    const removed = await client.graphql(UnstarOne, { link: second.link });
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.unstarPage).toEqual([first, third]);
    expect(await listOf(client)).toEqual([first, third]);
    await unstarAll(client);
  });

  it(`refuses an eleventh page as REJECTED, keeping the ${STARRED_PAGES_LIMIT}`, async () => {
    const client = as(role);
    const pages = await pagesOf(client);
    const allowed = pages.slice(0, STARRED_PAGES_LIMIT);
    const extra = pages[STARRED_PAGES_LIMIT];
    if (!extra) throw new Error('the menu is too short');
    for (const page of allowed) {
      expect((await client.graphql(StarOne, { link: page.link })).errors).toBeUndefined();
    }
    const refused = await client.graphql(StarOne, { link: extra.link });
    expectRefused(refused, 'REJECTED', `You can star at most ${STARRED_PAGES_LIMIT} pages.`);
    expect(refused.data).toBeNull();
    expect(await listOf(client)).toEqual(allowed);
    await unstarAll(client);
  });

  it('refuses a link outside the menu and unstarring a page not starred as REJECTED', async () => {
    const client = as(role);
    const outside = await client.graphql(StarOne, { link: '/nothing/here' });
    expectRefused(outside, 'REJECTED', 'This page is not in your menu.');
    const notStarred = await client.graphql(UnstarOne, { link: '/purchase-order/list' });
    expectRefused(notStarred, 'REJECTED', 'This page is not in your starred pages.');
    expect(await listOf(client)).toEqual([]);
  });

  it('refuses a blank link as BAD_USER_INPUT with the legacy message', async () => {
    const answer = await as(role).graphql(StarOne, { link: '  ' });
    expectRefused(answer, 'BAD_USER_INPUT', 'MenuLink is required');
  });
});

describe('starred pages by role', () => {
  it("the viewer may not star the administrator's Settings pages; the administrator may", async () => {
    const viewer = await as('viewer').graphql(StarOne, { link: '/menu/lists' });
    expectRefused(viewer, 'REJECTED', 'This page is not in your menu.');

    const admin = await as('admin').graphql(StarOne, { link: '/menu/lists' });
    expect(admin.errors).toBeUndefined();
    expect(admin.data?.starPage).toEqual([{ text: 'Menus', link: '/menu/lists', icon: 'menu' }]);
    // Each user has their own list.
    expect(await listOf(as('viewer'))).toEqual([]);
    await unstarAll(as('admin'));
  });

  it('works the same through a gateway speaking API version 2', async () => {
    // A second gateway speaking API version 2 (form-encoded, token in the body) to the same server.
    const gatewayV2 = await stack.gatewayWith({ LEGACY_API_VERSION: '2' });
    const client = await loggedIn(gatewayV2.url, logins.viewer.username, logins.viewer.password);
    const [page] = await pagesOf(client);
    if (!page) throw new Error('the viewer has no menu');
    const starred = await client.graphql(StarOne, { link: page.link });
    expect(starred.errors).toBeUndefined();
    expect(starred.data?.starPage).toEqual([page]);
    // The same user through the version 1 gateway sees the same list: it is kept on the server.
    expect(await listOf(as('viewer'))).toEqual([page]);
    const refused = await client.graphql(StarOne, { link: '/menu/lists' });
    expectRefused(refused, 'REJECTED', 'This page is not in your menu.');
    await unstarAll(client);
  });

  it('a visitor without a session is UNAUTHENTICATED', async () => {
    const visitor = stack.visitor();
    expectRefused(await visitor.graphql(StarredList), 'UNAUTHENTICATED');
    expectRefused(await visitor.graphql(StarOne, { link: '/asset/list' }), 'UNAUTHENTICATED');
  });
});
