import { z } from 'zod';
import { Code, Id, text } from '../primitives.ts';
import { recordCalls, recordFields } from './record-calls.ts';

/*
 * Menu entries: api/menu-items/lists · show · store · update · destroy, the editable rows behind
 * the header menu (api/menu/lists). A group has no parent, an empty link and no module; an entry
 * under a group opens a page (a link starting with '/') and belongs to a module. One level of
 * nesting, as the header shows it.
 */

/** Left out, null or '' (a form-encoded empty field) all mean "none". */
const none = (input: unknown) => (input === null || input === '' ? undefined : input);

const ORDER = 'must be a whole number from 0 to 999';

const MenuOrder = z
  .union([z.number(), z.string().regex(/^\d{1,3}$/, ORDER)], { error: ORDER })
  .transform(Number)
  .refine((value) => Number.isInteger(value) && value >= 0 && value <= 999, ORDER);

// In the order of the list's columns. A menu entry has no Active/InActive status.
const menuItem = recordFields(
  'Menu',
  {
    ParentId: { row: z.number().int().nullable() },
    ParentText: { row: z.string().nullable(), header: 'Group' },
    /** The group the entry sits under (a menu id); none for a group. */
    Parent: { request: z.preprocess(none, Id.optional()) },
    MenuText: { row: z.string(), request: text(60, { required: true }), header: 'Menu' },
    /** Empty for a group; a path such as /vendor/lists for an entry. */
    MenuLink: {
      row: z.string(),
      request: text(200, { required: false })
        .optional()
        .transform((value) => value ?? '')
        .refine((value) => value === '' || /^\/[A-Za-z0-9/_-]*$/.test(value), {
          message: "must be a path starting with '/'",
        }),
      header: 'Link',
    },
    MenuIcon: {
      row: z.string(),
      request: text(40, { required: true }).refine((value) => /^[a-z0-9-]{1,40}$/.test(value), {
        message: 'must be an icon name such as clipboard-check',
      }),
      header: 'Icon',
    },
    ModuleCode: { row: z.string().nullable() },
    ModuleName: { row: z.string().nullable(), header: 'Module' },
    /** The module whose list grant shows the entry (e.g. vendor); none for a group. */
    Module: { request: z.preprocess(none, Code.optional()) },
    MenuOrder: {
      row: z.number().int(),
      request: MenuOrder,
      header: { text: 'Order', align: 'end' },
    },
    MenuStyle: {
      row: z.string(),
      request: text(100, { required: false })
        .optional()
        .transform((value) => value ?? ''),
    },
  },
  { status: false },
);

export const MenuItemRow = menuItem.row;
export type MenuItemRow = z.output<typeof MenuItemRow>;

export const menuItemCalls = recordCalls({
  prefix: 'menuItem',
  path: 'menu-items',
  key: 'Menu',
  graphqlNames: {
    MenuText: 'text',
    MenuLink: 'link',
    MenuIcon: 'icon',
    MenuStyle: 'style',
    MenuOrder: 'order',
  },
  title: 'Menu',
  plural: 'menus',
  row: menuItem.row,
  fields: menuItem.request,
  headers: menuItem.headers,
  summaries: {
    lists:
      'Every menu entry, groups and the entries under them, ordered by group then order, with per-row EditFlag and DeleteFlag, table headers and options.',
    store:
      'Creates a menu entry: a group (no Parent, empty link, no Module) or an entry under a group (a link and a Module). The header menu shows it at once.',
    destroy: 'Deletes a menu entry, or a group that has no entries left.',
    options: 'The groups, by order, as options for the parent of an entry.',
  },
  refusals: {
    store: [
      'A group has no link and no module.',
      "An entry under a group needs a link starting with '/' and a module.",
      'Module … does not exist.',
      'The parent … is not a group: menus nest one level only.',
      'Menu … has entries, so it stays a group.',
      'A menu cannot be its own parent.',
    ],
    destroy: ['Cannot delete Menu …: it has … entries.'],
  },
});
