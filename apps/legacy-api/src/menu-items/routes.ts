import type { CallRequest, MenuItemRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { type RowFields, registerRecordCalls } from '../shared/record-calls.ts';

/*
 * The menu entries behind the header menu (api/menu/lists, built by loadMenu from the same table).
 * A group has no parent, no link and no module; an entry has a link and a module and sits under a
 * group or, like the Dashboard, at the top. One level of nesting.
 */

const MODULE = 'menu';

function selectMenus(db: Db) {
  return db
    .selectFrom('menus as m')
    .leftJoin('menus as p', 'p.id', 'm.parentId')
    .leftJoin('modules as mo', 'mo.id', 'm.moduleId')
    .selectAll('m')
    .select(['p.text as parentText', 'mo.code as moduleCode', 'mo.name as moduleName']);
}

type StoredMenu = Awaited<ReturnType<ReturnType<typeof selectMenus>['executeTakeFirstOrThrow']>>;

function toRow(menu: StoredMenu): RowFields<MenuItemRow> {
  return {
    MenuId: menu.id,
    MenuText: menu.text,
    MenuLink: menu.link,
    MenuIcon: menu.icon,
    MenuStyle: menu.style,
    MenuOrder: menu.sortOrder,
    ParentId: menu.parentId,
    ParentText: menu.parentText,
    ModuleCode: menu.moduleCode,
    ModuleName: menu.moduleName,
  };
}

async function entryCount(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('menus')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentId', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type MenuBody = CallRequest<'menuItemStore'>;

async function menuValues(db: Db, body: MenuBody, self: number | null) {
  const isGroup = body.MenuLink === '' && body.Module === undefined;
  if (body.Parent !== undefined) {
    if (body.Parent === self) throw new Refusal('A menu cannot be its own parent.');
    const parent = await db
      .selectFrom('menus')
      .select(['id', 'text', 'parentId', 'link', 'moduleId'])
      .where('id', '=', body.Parent)
      .executeTakeFirst();
    if (!parent) throw new Refusal(`Menu ${body.Parent} does not exist.`);
    if (parent.parentId !== null || parent.link !== '' || parent.moduleId !== null)
      throw new Refusal(`The parent ${parent.text} is not a group: menus nest one level only.`);
    if (isGroup)
      throw new Refusal("An entry under a group needs a link starting with '/' and a module.");
    if (self !== null && (await entryCount(db, self)) > 0)
      throw new Refusal(`Menu ${body.MenuText} has entries, so it stays a group.`);
  }
  if (!isGroup && (body.MenuLink === '' || body.Module === undefined)) {
    throw new Refusal(
      body.Parent === undefined
        ? 'A group has no link and no module.'
        : "An entry under a group needs a link starting with '/' and a module.",
    );
  }
  if (!isGroup && self !== null && (await entryCount(db, self)) > 0)
    throw new Refusal(`Menu ${body.MenuText} has entries, so it stays a group.`);
  let moduleId: number | null = null;
  if (body.Module !== undefined) {
    const module = await db
      .selectFrom('modules')
      .select('id')
      .where('code', '=', body.Module)
      .executeTakeFirst();
    if (!module) throw new Refusal(`Module ${body.Module} does not exist.`);
    moduleId = module.id;
  }
  return {
    parentId: body.Parent ?? null,
    text: body.MenuText,
    link: body.MenuLink,
    icon: body.MenuIcon,
    style: body.MenuStyle,
    moduleId,
    sortOrder: body.MenuOrder,
  };
}

export async function menuItemRoutes(app: FastifyInstance) {
  registerRecordCalls(app, {
    prefix: 'menuItem',
    module: MODULE,
    title: 'Menu',
    plural: 'menus',
    table: 'menus',
    // Group by group: a top-level row sorts by its own order, an entry by its group's, then its own.
    list: (db) =>
      selectMenus(db)
        .orderBy(sql`coalesce(p.sort_order, m.sort_order)`)
        .orderBy(sql`coalesce(p.id, m.id)`)
        .orderBy(sql`m.parent_id is not null`)
        .orderBy('m.sortOrder')
        .orderBy('m.id')
        .execute(),
    find: (db, id) => selectMenus(db).where('m.id', '=', id).executeTakeFirst(),
    options: (db) =>
      db
        .selectFrom('menus')
        .select(['id as value', 'text'])
        .where('parentId', 'is', null)
        .where('link', '=', '')
        .where('moduleId', 'is', null)
        .orderBy('sortOrder')
        .orderBy('id')
        .execute(),
    label: (menu) => menu.text,
    toRow,
    values: (trx, body, self) => menuValues(trx, body, self?.id ?? null),
    cannotDelete: async (trx, menu) => {
      const count = await entryCount(trx, menu.id);
      return count > 0 ? `it has ${count} ${count === 1 ? 'entry' : 'entries'}` : null;
    },
  });
}
