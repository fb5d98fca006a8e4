import type { CallRequest, MenuItemRow, TableHeader } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access, ActionCode } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { ACTIONS_HEADER, listPayload } from '../shared/list-payload.ts';

/*
 * The menu entries behind the header menu (api/menu/lists, built by loadMenu from the same table).
 * A group has no parent, no link and no module; an entry has a link and a module and sits under a
 * group or, like the Dashboard, at the top. One level of nesting.
 */

const MODULE = 'menu';

function allow(access: Access, action: Extract<ActionCode, 'list' | 'create' | 'edit' | 'delete'>) {
  if (!access.can(MODULE, action)) throw new Refusal(`You are not allowed to ${action} menus.`);
}

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Group', value: 'ParentText' },
  { text: 'Menu', value: 'MenuText' },
  { text: 'Link', value: 'MenuLink' },
  { text: 'Icon', value: 'MenuIcon' },
  { text: 'Module', value: 'ModuleName' },
  { text: 'Order', value: 'MenuOrder', align: 'end' },
];

function selectMenus(db: Db) {
  return db
    .selectFrom('menus as m')
    .leftJoin('menus as p', 'p.id', 'm.parentId')
    .leftJoin('modules as mo', 'mo.id', 'm.moduleId')
    .select([
      'm.id',
      'm.text',
      'm.link',
      'm.icon',
      'm.style',
      'm.sortOrder',
      'm.parentId',
      'p.text as parentText',
      'mo.code as moduleCode',
      'mo.name as moduleName',
    ]);
}

type StoredMenu = Awaited<ReturnType<ReturnType<typeof selectMenus>['executeTakeFirstOrThrow']>>;

function toRow(menu: StoredMenu, access: Access): MenuItemRow {
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
    EditFlag: access.can(MODULE, 'edit'),
    DeleteFlag: access.can(MODULE, 'delete'),
  };
}

async function findMenu(db: Db, id: number): Promise<StoredMenu> {
  const menu = await selectMenus(db).where('m.id', '=', id).executeTakeFirst();
  if (!menu) throw new Refusal(`Menu ${id} does not exist.`);
  return menu;
}

async function entryCount(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('menus')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentId', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Writes take turns, so a group cannot gain an entry while another request deletes it. */
async function lockMenus(trx: Db): Promise<void> {
  await sql`lock table menus in share row exclusive mode`.execute(trx);
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
  registerCall(app, 'menuItemLists', async ({ db, session }) => {
    allow(session.access, 'list');
    // Group by group: a top-level row sorts by its own order, an entry by its group's, then its own.
    const menus = await selectMenus(db)
      .orderBy(sql`coalesce(p.sort_order, m.sort_order)`)
      .orderBy(sql`coalesce(p.id, m.id)`)
      .orderBy(sql`m.parent_id is not null`)
      .orderBy('m.sortOrder')
      .orderBy('m.id')
      .execute();
    return {
      output: `${menus.length} menus.`,
      records: listPayload({
        rows: menus.map((menu) => toRow(menu, session.access)),
        headers: HEADERS,
        itemKey: 'MenuId',
        canDownload: session.access.can(MODULE, 'download'),
        excelFileName: 'Menus',
      }),
    };
  });

  registerCall(app, 'menuItemShow', async ({ db, session, body }) => {
    allow(session.access, 'list');
    const menu = await findMenu(db, body.Menu);
    return { output: menu.text, records: toRow(menu, session.access) };
  });

  registerCall(app, 'menuItemStore', async ({ db, session, body }) => {
    allow(session.access, 'create');
    const menu = await db.transaction().execute(async (trx) => {
      await lockMenus(trx);
      const values = await menuValues(trx, body, null);
      const { id } = await trx
        .insertInto('menus')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await findMenu(trx, id);
      await writeAudit(trx, {
        entity: 'menu',
        entityId: id,
        action: 'create',
        userId: session.user.userId,
        details: { after: toRow(stored, session.access) },
      });
      return stored;
    });
    return { output: `Menu ${menu.text} created.`, records: toRow(menu, session.access) };
  });

  registerCall(app, 'menuItemUpdate', async ({ db, session, body }) => {
    allow(session.access, 'edit');
    const menu = await db.transaction().execute(async (trx) => {
      await lockMenus(trx);
      const before = await findMenu(trx, body.Menu);
      const values = await menuValues(trx, body, body.Menu);
      await trx.updateTable('menus').set(values).where('id', '=', body.Menu).execute();
      const after = await findMenu(trx, body.Menu);
      await writeAudit(trx, {
        entity: 'menu',
        entityId: body.Menu,
        action: 'edit',
        userId: session.user.userId,
        details: { before: toRow(before, session.access), after: toRow(after, session.access) },
      });
      return after;
    });
    return { output: `Menu ${menu.text} updated.`, records: toRow(menu, session.access) };
  });

  registerCall(app, 'menuItemDestroy', async ({ db, session, body }) => {
    allow(session.access, 'delete');
    const text = await db.transaction().execute(async (trx) => {
      await lockMenus(trx);
      const menu = await findMenu(trx, body.Menu);
      const count = await entryCount(trx, body.Menu);
      if (count > 0) {
        throw new Refusal(
          `Cannot delete menu ${menu.text}: it has ${count} ${count === 1 ? 'entry' : 'entries'}.`,
        );
      }
      await trx.deleteFrom('menus').where('id', '=', body.Menu).execute();
      await writeAudit(trx, {
        entity: 'menu',
        entityId: body.Menu,
        action: 'delete',
        userId: session.user.userId,
        details: { before: toRow(menu, session.access) },
      });
      return menu.text;
    });
    return { output: `Menu ${text} deleted.`, records: null };
  });
}
