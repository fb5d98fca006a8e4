import { STARRED_PAGES_LIMIT } from '@branch-assets/domain';
import { legacyCalls, type MenuItem, type StarredPage } from '@branch-assets/legacy-contract';
import { describe, expect, it } from 'vitest';
import { menuLeaves } from '../menu/routes.ts';
import { aBranch, aLogin } from '../test/factories.ts';
import { expectExactKeys, useTestApi } from '../test/test-api.ts';
import { LIMIT_REACHED, NOT_IN_MENU, NOT_STARRED } from './routes.ts';

/*
 * The menus and grants are reference data; each test makes the logins it stars pages as (test/
 * factories.ts), so that no test sees another's stars.
 */

const api = useTestApi({ reference: true });

interface User {
  userId: number;
  token: string;
}

/** A new login of the role (in a branch of its own), logged in. */
async function aUser(role: string): Promise<User> {
  const branch = await aBranch(api.db);
  const login = await aLogin(api.db, { role, branches: [branch.id] });
  return { userId: login.userId, token: await api.login(login.username, login.password) };
}

/** The pages the user's menu offers, as a starred page shows them. */
async function pagesOf(user: User): Promise<StarredPage[]> {
  const answer = await api.call('menu', user.token);
  expect(answer.flag).toBe(1);
  return menuLeaves(answer.raw as MenuItem[]).map((leaf) => ({
    MenuText: leaf.MenuText,
    MenuLink: leaf.MenuLink,
    MenuIcon: leaf.MenuIcon,
  }));
}

async function listOf(user: User): Promise<StarredPage[]> {
  const answer = await api.call('starredPagesLists', user.token, { UserInterface: 1 });
  expect([answer.status, answer.flag]).toEqual([200, 1]);
  const records = answer.raw as StarredPage[];
  expect(answer.output).toBe(`${records.length} starred pages.`);
  for (const record of records) expectExactKeys(record, ['MenuText', 'MenuLink', 'MenuIcon']);
  return records;
}

const links = (pages: readonly StarredPage[]) => pages.map((page) => page.MenuLink);

async function star(user: User, link: string) {
  return api.call('starredPagesStore', user.token, { UserInterface: 1, MenuLink: link });
}

async function unstar(user: User, link: string) {
  return api.call('starredPagesDestroy', user.token, { UserInterface: 1, MenuLink: link });
}

async function storedLinks(user: User): Promise<string[]> {
  const rows = await api.db
    .selectFrom('starredPages')
    .select('menuLink')
    .where('userId', '=', user.userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.menuLink);
}

/** Takes a module's list grant away from a role for the duration of `run`. */
async function withoutGrant(role: string, module: string, run: () => Promise<void>) {
  const roleRow = await api.db
    .selectFrom('roles')
    .select('id')
    .where('code', '=', role)
    .executeTakeFirstOrThrow();
  const moduleRow = await api.db
    .selectFrom('modules')
    .select('id')
    .where('code', '=', module)
    .executeTakeFirstOrThrow();
  const removed = await api.db
    .deleteFrom('roleGrants')
    .where('roleId', '=', roleRow.id)
    .where('moduleId', '=', moduleRow.id)
    .returningAll()
    .execute();
  expect(removed.length).toBeGreaterThan(0);
  try {
    await run();
  } finally {
    await api.db.insertInto('roleGrants').values(removed).execute();
  }
}

describe('the contract', () => {
  it("lists the server's refusals, with the limit from the domain package", () => {
    expect(STARRED_PAGES_LIMIT).toBe(10);
    expect(legacyCalls.starredPagesStore.refusals).toEqual([NOT_IN_MENU, LIMIT_REACHED]);
    expect(legacyCalls.starredPagesDestroy.refusals).toEqual([NOT_STARRED]);
  });
});

describe('starred-pages/lists, store and destroy', () => {
  it('starts empty, then lists the pages in the order they were starred, as the menu shows them', async () => {
    const admin = await aUser('admin');
    expect(await listOf(admin)).toEqual([]);
    const pages = await pagesOf(admin);
    const [first, second, third] = [pages[4], pages[0], pages[9]];
    if (!first || !second || !third) throw new Error('the admin menu is too short');

    const one = await star(admin, first.MenuLink);
    expect([one.status, one.flag, one.output]).toEqual([200, 1, `${first.MenuText} starred.`]);
    expect(one.raw).toEqual([first]);
    const two = await star(admin, second.MenuLink);
    expect(two.raw).toEqual([first, second]);
    const three = await star(admin, third.MenuLink);
    expect(three.raw).toEqual([first, second, third]);

    expect(await listOf(admin)).toEqual([first, second, third]);
    expect(await storedLinks(admin)).toEqual(links([first, second, third]));
  });

  it('answers the same list through API version 2 (form-encoded, token in the body)', async () => {
    const approver = await aUser('approver');
    const [page] = await pagesOf(approver);
    if (!page) throw new Error('the approver has no menu');
    const post = async (path: string, payload: string) => {
      const response = await api.app.inject({
        method: 'POST',
        url: `/${path}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      return { status: response.statusCode, body: response.json() as unknown };
    };
    const link = encodeURIComponent(page.MenuLink);
    const stored = await post(
      legacyCalls.starredPagesStore.path,
      `token=${approver.token}&UserInterface=2&MenuLink=${link}`,
    );
    expect(stored).toEqual({
      status: 200,
      body: { flag: 1, output: `${page.MenuText} starred.`, records: [page] },
    });
    const listed = await post(
      legacyCalls.starredPagesLists.path,
      `token=${approver.token}&UserInterface=2`,
    );
    expect(listed).toEqual({
      status: 200,
      body: { flag: 1, output: '1 starred pages.', records: [page] },
    });
    const destroyed = await post(
      legacyCalls.starredPagesDestroy.path,
      `token=${approver.token}&MenuLink=${link}`,
    );
    expect(destroyed).toEqual({
      status: 200,
      body: { flag: 1, output: `${page.MenuText} unstarred.`, records: [] },
    });
    expect(await storedLinks(approver)).toEqual([]);
  });

  it('starring a page already starred succeeds and changes nothing', async () => {
    const verifier = await aUser('verifier');
    const [first, second] = await pagesOf(verifier);
    if (!first || !second) throw new Error('the verifier menu is too short');
    await star(verifier, first.MenuLink);
    await star(verifier, second.MenuLink);
    const before = await api.db.selectFrom('starredPages').selectAll().orderBy('id').execute();
    const again = await star(verifier, ` ${first.MenuLink} `);
    expect([again.status, again.flag, again.output]).toEqual([
      200,
      1,
      `${first.MenuText} is already starred.`,
    ]);
    expect(again.raw).toEqual([first, second]);
    expect(await api.db.selectFrom('starredPages').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('keeps each user their own list, even between users of the same role', async () => {
    const manager = await aUser('manager');
    const kavitha = await aUser('manager');
    const viewer = await aUser('viewer');
    const [page] = await pagesOf(manager);
    if (!page) throw new Error('the manager has no menu');
    await star(manager, page.MenuLink);
    expect(await listOf(manager)).toEqual([page]);
    expect(await listOf(kavitha)).toEqual([]);
    expect(await listOf(viewer)).toEqual([]);
  });

  it.each([
    ['a page of another role', '/menu/lists'],
    ['an unknown page', '/nothing/here'],
    ['a group of the menu', 'Purchase'],
    ['a link differing in case', '/PURCHASE-ORDER/LIST'],
  ])('refuses %s (%s), changing nothing', async (_label, link) => {
    const viewer = await aUser('viewer');
    await star(viewer, '/purchase-order/list');
    await api.expectRefusedWithoutChange(() => star(viewer, link), { output: NOT_IN_MENU });
    expect(await storedLinks(viewer)).toEqual(['/purchase-order/list']);
  });

  it('lets the administrator star the pages the viewer may not', async () => {
    const admin = await aUser('admin');
    const answer = await star(admin, '/menu/lists');
    expect(answer.flag).toBe(1);
    expect(answer.raw).toEqual([{ MenuText: 'Menus', MenuLink: '/menu/lists', MenuIcon: 'menu' }]);
  });

  it(`keeps at most ${STARRED_PAGES_LIMIT} pages per user`, async () => {
    const viewer = await aUser('viewer');
    const pages = await pagesOf(viewer);
    expect(pages.length).toBeGreaterThan(STARRED_PAGES_LIMIT + 1);
    const allowed = pages.slice(0, STARRED_PAGES_LIMIT);
    for (const page of allowed) expect((await star(viewer, page.MenuLink)).flag).toBe(1);
    expect(await listOf(viewer)).toEqual(allowed);

    const eleventh = pages[STARRED_PAGES_LIMIT];
    const twelfth = pages[STARRED_PAGES_LIMIT + 1];
    if (!eleventh || !twelfth) throw new Error('the viewer menu is too short');
    await api.expectRefusedWithoutChange(() => star(viewer, eleventh.MenuLink), {
      output: LIMIT_REACHED,
    });
    // A page already starred is still answered with the list, limit or not.
    const again = await star(viewer, allowed[3]?.MenuLink ?? '');
    expect([again.flag, again.raw]).toEqual([1, allowed]);

    // Unstarring one makes room for one more, which goes to the end of the list.
    const removed = await unstar(viewer, allowed[3]?.MenuLink ?? '');
    expect(removed.flag).toBe(1);
    const remaining = allowed.filter((_page, index) => index !== 3);
    expect(removed.raw).toEqual(remaining);
    const added = await star(viewer, eleventh.MenuLink);
    expect(added.raw).toEqual([...remaining, eleventh]);
    await api.expectRefusedWithoutChange(() => star(viewer, twelfth.MenuLink), {
      output: LIMIT_REACHED,
    });
    expect(await storedLinks(viewer)).toHaveLength(STARRED_PAGES_LIMIT);
  });

  it('of two stores at once for the last free place, exactly one lands', async () => {
    const viewer = await aUser('viewer');
    const pages = await pagesOf(viewer);
    for (const page of pages.slice(0, STARRED_PAGES_LIMIT - 1)) await star(viewer, page.MenuLink);
    const [a, b] = pages.slice(STARRED_PAGES_LIMIT - 1);
    if (!a || !b) throw new Error('the viewer menu is too short');
    const answers = await Promise.all([star(viewer, a.MenuLink), star(viewer, b.MenuLink)]);
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    expect(answers.find((answer) => answer.flag === 0)?.output).toBe(LIMIT_REACHED);
    expect(await storedLinks(viewer)).toHaveLength(STARRED_PAGES_LIMIT);
  });

  it('unstars a page and keeps the order of the others', async () => {
    const manager = await aUser('manager');
    const [first, second, third] = await pagesOf(manager);
    if (!first || !second || !third) throw new Error('the manager menu is too short');
    for (const page of [third, first, second]) await star(manager, page.MenuLink);
    const answer = await unstar(manager, first.MenuLink);
    expect([answer.status, answer.flag, answer.output]).toEqual([
      200,
      1,
      `${first.MenuText} unstarred.`,
    ]);
    expect(answer.raw).toEqual([third, second]);
    expect(await listOf(manager)).toEqual([third, second]);
  });

  it.each([
    ['a page of the menu that is not starred', '/purchase-order/list'],
    ['a page outside the menu', '/menu/lists'],
    ['an unknown page', '/nothing/here'],
  ])('refuses to unstar %s, changing nothing', async (_label, link) => {
    const kavitha = await aUser('manager');
    await star(kavitha, '/asset/list');
    await api.expectRefusedWithoutChange(() => unstar(kavitha, link), {
      output: NOT_STARRED,
    });
    expect(await storedLinks(kavitha)).toEqual(['/asset/list']);
  });

  it('refuses a missing or blank MenuLink with 422, changing nothing', async () => {
    const viewer = await aUser('viewer');
    await api.expectRefusedWithoutChange(
      () => api.call('starredPagesStore', viewer.token, { UserInterface: 1 }),
      { status: 422, output: 'MenuLink is required' },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('starredPagesDestroy', viewer.token, { MenuLink: '   ' }),
      { status: 422, output: 'MenuLink is required' },
    );
  });
});

describe('after a permission change', () => {
  it('leaves out a page the role lost, and lists it again when the grant comes back', async () => {
    const viewer = await aUser('viewer');
    const pages = await pagesOf(viewer);
    const gallery = pages.find((page) => page.MenuLink === '/gallery/lists');
    const orders = pages.find((page) => page.MenuLink === '/purchase-order/list');
    if (!gallery || !orders) throw new Error('the viewer menu lacks gallery or purchase orders');
    await star(viewer, gallery.MenuLink);
    await star(viewer, orders.MenuLink);
    await withoutGrant('viewer', 'gallery', async () => {
      expect(await listOf(viewer)).toEqual([orders]);
      // Reading changes nothing: the row stays until the next write.
      expect(await storedLinks(viewer)).toEqual([gallery.MenuLink, orders.MenuLink]);
      await api.expectRefusedWithoutChange(() => star(viewer, gallery.MenuLink), {
        output: NOT_IN_MENU,
      });
      await api.expectRefusedWithoutChange(() => unstar(viewer, gallery.MenuLink), {
        output: NOT_STARRED,
      });
    });
    expect(await listOf(viewer)).toEqual([gallery, orders]);
  });

  it('forgets a page the role lost at the next write, so it no longer counts towards the limit', async () => {
    const viewer = await aUser('viewer');
    const pages = (await pagesOf(viewer)).filter((page) => page.MenuLink !== '/gallery/lists');
    const gallery = '/gallery/lists';
    await star(viewer, gallery);
    const others = pages.slice(0, STARRED_PAGES_LIMIT - 1);
    for (const page of others) await star(viewer, page.MenuLink);
    const extra = pages[STARRED_PAGES_LIMIT - 1];
    if (!extra) throw new Error('the viewer menu is too short');
    await api.expectRefusedWithoutChange(() => star(viewer, extra.MenuLink), {
      output: LIMIT_REACHED,
    });
    await withoutGrant('viewer', 'gallery', async () => {
      const answer = await star(viewer, extra.MenuLink);
      expect(answer.flag).toBe(1);
      expect(answer.raw).toEqual([...others, extra]);
      expect(await storedLinks(viewer)).toEqual(links([...others, extra]));
    });
    // The grant is back, the star is not: it was dropped when the list was written.
    expect(await listOf(viewer)).toEqual([...others, extra]);
  });

  it('a refused store rolls back the forgetting too: the transaction changes nothing', async () => {
    const viewer = await aUser('viewer');
    const pages = (await pagesOf(viewer)).filter((page) => page.MenuLink !== '/gallery/lists');
    await star(viewer, '/gallery/lists');
    for (const page of pages.slice(0, STARRED_PAGES_LIMIT - 1)) await star(viewer, page.MenuLink);
    const before = await storedLinks(viewer);
    expect(before).toHaveLength(STARRED_PAGES_LIMIT);
    // An eleventh row, written directly, that stays in the menu: forgetting gallery leaves ten.
    const eleventh = pages[STARRED_PAGES_LIMIT - 1];
    const twelfth = pages[STARRED_PAGES_LIMIT];
    if (!eleventh || !twelfth) throw new Error('the viewer menu is too short');
    await api.db
      .insertInto('starredPages')
      .values({ userId: viewer.userId, menuLink: eleventh.MenuLink })
      .execute();
    await withoutGrant('viewer', 'gallery', async () => {
      await api.expectRefusedWithoutChange(() => star(viewer, twelfth.MenuLink), {
        output: LIMIT_REACHED,
      });
    });
    expect(await storedLinks(viewer)).toEqual([...before, eleventh.MenuLink]);
  });
});
