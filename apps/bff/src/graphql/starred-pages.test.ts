import { STARRED_PAGES_LIMIT } from '@branch-assets/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import {
  Client,
  errorCode,
  type RunningGateway,
  type RunningLegacy,
  startGateway,
  startLegacy,
} from '../test/harness.ts';

const StarredMenu = graphql(`
  query StarredMenu {
    menu { text link icon children { text link icon } }
  }
`);

const StarredList = graphql(`
  query StarredList {
    starredPages { text link icon }
  }
`);

const StarOne = graphql(`
  mutation StarOne($link: String!) {
    starPage(link: $link) { text link icon }
  }
`);

const UnstarOne = graphql(`
  mutation UnstarOne($link: String!) {
    unstarPage(link: $link) { text link icon }
  }
`);

interface Page {
  text: string;
  link: string;
  icon: string;
}

const ROLES = ['admin', 'viewer'] as const;
type Role = (typeof ROLES)[number];

let legacy: RunningLegacy;
let gateway: RunningGateway;
/** A second gateway speaking API version 2 (form-encoded, token in the body) to the same server. */
let gatewayV2: RunningGateway;
const clients = new Map<string, Client>();

async function loggedIn(url: string, role: Role): Promise<Client> {
  const client = new Client(url);
  const response = await client.login(role);
  if (response.status !== 200) throw new Error(`login ${role}: ${response.status}`);
  return client;
}

beforeAll(async () => {
  legacy = await startLegacy();
  gateway = await startGateway(legacy.url);
  gatewayV2 = await startGateway(legacy.url, { LEGACY_API_VERSION: '2' });
  for (const role of ROLES) clients.set(role, await loggedIn(gateway.url, role));
});
afterAll(async () => {
  await gatewayV2?.close();
  await gateway?.close();
  await legacy?.close();
});

function as(role: Role): Client {
  const client = clients.get(role);
  if (!client) throw new Error(`no client for ${role}`);
  return client;
}

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
    expect(errorCode(refused)).toBe('REJECTED');
    expect(refused.errors?.[0]?.message).toBe(`You can star at most ${STARRED_PAGES_LIMIT} pages.`);
    expect(refused.data).toBeNull();
    expect(await listOf(client)).toEqual(allowed);
    await unstarAll(client);
  });

  it('refuses a link outside the menu and unstarring a page not starred as REJECTED', async () => {
    const client = as(role);
    const outside = await client.graphql(StarOne, { link: '/nothing/here' });
    expect(errorCode(outside)).toBe('REJECTED');
    expect(outside.errors?.[0]?.message).toBe('This page is not in your menu.');
    const notStarred = await client.graphql(UnstarOne, { link: '/purchase-order/list' });
    expect(errorCode(notStarred)).toBe('REJECTED');
    expect(notStarred.errors?.[0]?.message).toBe('This page is not in your starred pages.');
    expect(await listOf(client)).toEqual([]);
  });

  it('refuses a blank link as BAD_USER_INPUT with the legacy message', async () => {
    const answer = await as(role).graphql(StarOne, { link: '  ' });
    expect(errorCode(answer)).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.message).toBe('MenuLink is required');
  });
});

describe('starred pages by role', () => {
  it("the viewer may not star the administrator's Settings pages; the administrator may", async () => {
    const viewer = await as('viewer').graphql(StarOne, { link: '/menu/lists' });
    expect(errorCode(viewer)).toBe('REJECTED');
    expect(viewer.errors?.[0]?.message).toBe('This page is not in your menu.');

    const admin = await as('admin').graphql(StarOne, { link: '/menu/lists' });
    expect(admin.errors).toBeUndefined();
    expect(admin.data?.starPage).toEqual([{ text: 'Menus', link: '/menu/lists', icon: 'menu' }]);
    // Each user has their own list.
    expect(await listOf(as('viewer'))).toEqual([]);
    await unstarAll(as('admin'));
  });

  it('works the same through a gateway speaking API version 2', async () => {
    const client = await loggedIn(gatewayV2.url, 'viewer');
    const [page] = await pagesOf(client);
    if (!page) throw new Error('the viewer has no menu');
    const starred = await client.graphql(StarOne, { link: page.link });
    expect(starred.errors).toBeUndefined();
    expect(starred.data?.starPage).toEqual([page]);
    // The same user through the version 1 gateway sees the same list: it is kept on the server.
    expect(await listOf(as('viewer'))).toEqual([page]);
    const refused = await client.graphql(StarOne, { link: '/menu/lists' });
    expect(errorCode(refused)).toBe('REJECTED');
    expect(refused.errors?.[0]?.message).toBe('This page is not in your menu.');
    await unstarAll(client);
  });

  it('a visitor without a session is UNAUTHENTICATED', async () => {
    const visitor = new Client(gateway.url);
    expect(errorCode(await visitor.graphql(StarredList))).toBe('UNAUTHENTICATED');
    expect(errorCode(await visitor.graphql(StarOne, { link: '/asset/list' }))).toBe(
      'UNAUTHENTICATED',
    );
  });
});
