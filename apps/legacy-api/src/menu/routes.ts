import type { MenuItem } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';

interface MenuRow {
  id: number;
  parentId: number | null;
  text: string;
  link: string;
  icon: string;
  style: string;
  moduleCode: string | null;
}

/**
 * The menu comes from the same grants as the permissions: an entry tied to a module shows when
 * the role may list that module; a group shows when any entry under it shows.
 */
export function menuTree(rows: readonly MenuRow[], access: Access): MenuItem[] {
  const children = new Map<number | null, MenuRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null): MenuItem[] =>
    (children.get(parentId) ?? []).flatMap((row): MenuItem[] => {
      const subMenu = build(row.id);
      // A group without entries (just created) is still a group: it shows once it has one.
      const isGroup = children.has(row.id) || (row.link === '' && row.moduleCode === null);
      const allowed = row.moduleCode === null || access.can(row.moduleCode, 'list');
      if (isGroup ? subMenu.length === 0 : !allowed) return [];
      const item: MenuItem = {
        MenuText: row.text,
        MenuLink: row.link,
        MenuIcon: row.icon,
        MenuStyle: row.style,
      };
      if (row.moduleCode !== null && !isGroup) item.MenuModule = row.moduleCode;
      if (isGroup) item.SubMenu = subMenu;
      return [item];
    });
  return build(null);
}

/** The caller's menu, as api/menu/lists answers it. */
export async function loadMenu(db: Db, access: Access): Promise<MenuItem[]> {
  const rows = await db
    .selectFrom('menus')
    .leftJoin('modules', 'modules.id', 'menus.moduleId')
    .select([
      'menus.id',
      'menus.parentId',
      'menus.text',
      'menus.link',
      'menus.icon',
      'menus.style',
      'modules.code as moduleCode',
    ])
    .orderBy('menus.sortOrder')
    .orderBy('menus.id')
    .execute();
  return menuTree(rows, access);
}

/** The entries of a menu that open a page (its leaves), in menu order. */
export function menuLeaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.SubMenu ? menuLeaves(item.SubMenu) : [item]));
}

async function moduleName(db: Db, code: string): Promise<string> {
  const row = await db
    .selectFrom('modules')
    .select('name')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.name.toLowerCase() ?? code.replaceAll('_', ' ');
}

export async function menuRoutes(app: FastifyInstance) {
  registerCall(app, 'menu', async ({ db, session }) => ({
    output: 'Menu.',
    records: await loadMenu(db, session.access),
  }));

  registerCall(app, 'pageInfo', async ({ body, db, session }) => {
    const page = await db
      .selectFrom('pages')
      .innerJoin('modules', 'modules.id', 'pages.moduleId')
      .innerJoin('actions', 'actions.id', 'pages.actionId')
      .select(['pages.title', 'pages.description'])
      .where('modules.code', '=', body.Module)
      .where('actions.code', '=', body.Action)
      .executeTakeFirst();
    if (!page) throw new Refusal('Unknown page.');
    return {
      output: page.title,
      records: {
        PageTitle: page.title,
        PageDescription: page.description,
        PagePermissionFlag: session.access.can(body.Module, body.Action),
      },
    };
  });

  registerCall(app, 'permission', async ({ body, db, session }) => {
    const { access } = session;
    if (body.Branch != null && !access.worksIn(body.Branch)) {
      throw new Refusal('You do not work in that branch.');
    }
    if (!access.can(body.Module, body.Action)) {
      throw new Refusal(
        `You are not permitted to ${body.Action} ${await moduleName(db, body.Module)}.`,
      );
    }
    return { output: 'Permitted.', records: null };
  });
}
