import { STARRED_PAGES_LIMIT } from '@branch-assets/domain';
import type { StarredPage } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { loadMenu, menuLeaves } from '../menu/routes.ts';

export const NOT_IN_MENU = 'This page is not in your menu.';
export const LIMIT_REACHED = `You can star at most ${STARRED_PAGES_LIMIT} pages.`;
export const NOT_STARRED = 'This page is not in your starred pages.';

/**
 * The pages the caller may star, by link: the leaves of the menu their role grants, as the menu
 * shows them. The menu is the single source: a page leaves it when the role loses its grant.
 */
async function starrablePages(db: Db, access: Access): Promise<Map<string, StarredPage>> {
  const pages = new Map<string, StarredPage>();
  for (const leaf of menuLeaves(await loadMenu(db, access))) {
    if (leaf.MenuLink === '' || pages.has(leaf.MenuLink)) continue;
    pages.set(leaf.MenuLink, {
      MenuText: leaf.MenuText,
      MenuLink: leaf.MenuLink,
      MenuIcon: leaf.MenuIcon,
    });
  }
  return pages;
}

/** The links the user starred, in the order they were starred. */
async function starredLinks(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('starredPages')
    .select('menuLink')
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.menuLink);
}

/** The starred pages still in the caller's menu, in the order they were starred. */
function visible(links: readonly string[], pages: ReadonlyMap<string, StarredPage>): StarredPage[] {
  return links.flatMap((link) => {
    const page = pages.get(link);
    return page ? [page] : [];
  });
}

/**
 * Locks the user's row for the rest of the transaction, so that two writes of the same user run
 * one after the other: the limit is checked against the list as the other write left it.
 */
async function lockUser(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Forgets the starred pages that left the caller's menu (after a permission change): they are
 * not listed, so they do not count towards the limit either. Only called inside a write.
 */
async function dropStale(
  trx: Db,
  userId: number,
  links: readonly string[],
  pages: ReadonlyMap<string, StarredPage>,
): Promise<string[]> {
  const stale = links.filter((link) => !pages.has(link));
  if (stale.length > 0) {
    await trx
      .deleteFrom('starredPages')
      .where('userId', '=', userId)
      .where('menuLink', 'in', stale)
      .execute();
  }
  return links.filter((link) => pages.has(link));
}

export async function starredPageRoutes(app: FastifyInstance) {
  registerCall(app, 'starredPagesLists', async ({ db, session }) => {
    const [pages, links] = await Promise.all([
      starrablePages(db, session.access),
      starredLinks(db, session.user.userId),
    ]);
    const records = visible(links, pages);
    return { output: `${records.length} starred pages.`, records };
  });

  registerCall(app, 'starredPagesStore', async ({ body, db, session }) => {
    const { userId } = session.user;
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const pages = await starrablePages(trx, session.access);
      const page = pages.get(body.MenuLink);
      if (!page) throw new Refusal(NOT_IN_MENU);
      const links = await starredLinks(trx, userId);
      if (links.includes(body.MenuLink)) {
        return { output: `${page.MenuText} is already starred.`, records: visible(links, pages) };
      }
      const kept = await dropStale(trx, userId, links, pages);
      // A refusal rolls the transaction back: the stale pages dropped above come back too.
      if (kept.length >= STARRED_PAGES_LIMIT) throw new Refusal(LIMIT_REACHED);
      await trx.insertInto('starredPages').values({ userId, menuLink: body.MenuLink }).execute();
      return {
        output: `${page.MenuText} starred.`,
        records: visible([...kept, page.MenuLink], pages),
      };
    });
  });

  registerCall(app, 'starredPagesDestroy', async ({ body, db, session }) => {
    const { userId } = session.user;
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const pages = await starrablePages(trx, session.access);
      const links = await starredLinks(trx, userId);
      const page = pages.get(body.MenuLink);
      if (!page || !links.includes(body.MenuLink)) throw new Refusal(NOT_STARRED);
      await trx
        .deleteFrom('starredPages')
        .where('userId', '=', userId)
        .where('menuLink', '=', body.MenuLink)
        .execute();
      const kept = await dropStale(
        trx,
        userId,
        links.filter((link) => link !== body.MenuLink),
        pages,
      );
      return { output: `${page.MenuText} unstarred.`, records: visible(kept, pages) };
    });
  });
}
