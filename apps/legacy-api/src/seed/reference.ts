import { INDIAN_STATES } from '@branch-assets/domain';
import type { Kysely } from 'kysely';
import { ACTIONS, type ActionCode } from '../access/access.ts';
import type { Database } from '../db/schema.ts';

/*
 * Reference data every database has, demo or not: roles, modules, actions, grants, page titles,
 * the menu tree, and the states of India with their GST codes.
 */

interface ModuleSpec {
  code: string;
  name: string;
  title: string;
  description: string;
  group: MenuGroup | null;
  link: string;
  icon: string;
  /** Worked from other pages (an asset's), so it has grants but no menu entry. */
  noMenu?: boolean;
}

type MenuGroup = 'Masters' | 'Assets' | 'Purchase' | 'Reports' | 'Settings';

const MENU_GROUPS: readonly { name: MenuGroup; icon: string }[] = [
  { name: 'Purchase', icon: 'shopping-cart' },
  { name: 'Assets', icon: 'package' },
  { name: 'Masters', icon: 'database' },
  { name: 'Reports', icon: 'bar-chart-3' },
  { name: 'Settings', icon: 'settings' },
];

export const MODULES: readonly ModuleSpec[] = [
  {
    code: 'dashboard',
    name: 'Dashboard',
    title: 'Dashboard',
    description: 'Your branch at a glance',
    group: null,
    link: '/dashboard/branch-manager',
    icon: 'layout-dashboard',
  },
  {
    code: 'purchase_order',
    name: 'Purchase orders',
    title: 'Purchase Orders',
    description: 'Purchase orders of the branch, with their verification and approval',
    group: 'Purchase',
    link: '/purchase-order/list',
    icon: 'file-text',
  },
  {
    code: 'goods_receive_note',
    name: 'Goods receive notes',
    title: 'Goods Receive Notes',
    description: 'Goods received against purchase orders',
    group: 'Purchase',
    link: '/goods-receive-note/list',
    icon: 'package-check',
  },
  {
    code: 'asset',
    name: 'Assets',
    title: 'Assets',
    description: 'Equipment held by the branch',
    group: 'Assets',
    link: '/asset/list',
    icon: 'monitor',
  },
  {
    code: 'accessories',
    name: 'Accessories',
    title: 'Accessories',
    description: 'Accessories of the assets',
    group: 'Assets',
    link: '/accessories/lists',
    icon: 'plug',
  },
  {
    code: 'asset_installation',
    name: 'Asset installations',
    title: 'Asset Installation',
    description: 'Assets installed at the branch',
    group: 'Assets',
    link: '/asset-installation/list',
    icon: 'wrench',
  },
  {
    code: 'asset_transfer',
    name: 'Asset transfers',
    title: 'Asset Transfers',
    description: 'Assets moved between branches',
    group: 'Assets',
    link: '/asset-transferred/list',
    icon: 'truck',
  },
  {
    code: 'job_order',
    name: 'Job orders',
    title: 'Job Orders',
    description: 'Repair and service jobs on assets',
    group: 'Assets',
    link: '/job-order/list',
    icon: 'clipboard-list',
  },
  {
    code: 'amc',
    name: 'Maintenance contracts',
    title: 'Maintenance Contracts',
    description: 'AMC and CMC contracts and preventive visits',
    group: 'Assets',
    link: '/amc/list',
    icon: 'file-clock',
  },
  {
    code: 'asset_audit',
    name: 'Asset audits',
    title: 'Asset Audits',
    description: 'Physical audits (stock-takes) of a branch or a location',
    group: 'Assets',
    link: '/asset-audit/list',
    icon: 'clipboard-check',
  },
  {
    code: 'asset_disposal',
    name: 'Asset disposal',
    title: 'Asset Disposal',
    description: 'Assets condemned and disposed of',
    group: 'Assets',
    link: '/asset/list',
    icon: 'trash-2',
    noMenu: true,
  },
  {
    code: 'gallery',
    name: 'Gallery',
    title: 'Gallery',
    description: 'Photos of assets and sites',
    group: 'Assets',
    link: '/gallery/lists',
    icon: 'image',
  },
  {
    code: 'branch',
    name: 'Branches',
    title: 'Branches',
    description: 'Branches of the company',
    group: 'Masters',
    link: '/branch/list',
    icon: 'building-2',
  },
  {
    code: 'staff',
    name: 'Staff',
    title: 'Staff',
    description: 'Staff and the branches they work in',
    group: 'Masters',
    link: '/staff/list',
    icon: 'users',
  },
  {
    code: 'vendor',
    name: 'Vendors',
    title: 'Vendors',
    description: 'Suppliers of equipment and services',
    group: 'Masters',
    link: '/vendor/list',
    icon: 'store',
  },
  {
    code: 'company',
    name: 'Companies',
    title: 'Companies',
    description: 'Companies of the group',
    group: 'Masters',
    link: '/company/lists',
    icon: 'landmark',
  },
  {
    code: 'designation',
    name: 'Designations',
    title: 'Designations',
    description: 'Designations of staff',
    group: 'Masters',
    link: '/designation/lists',
    icon: 'id-card',
  },
  {
    code: 'category',
    name: 'Categories',
    title: 'Categories and Sub-categories',
    description: 'Asset categories and their sub-categories',
    group: 'Masters',
    link: '/category-sub/list',
    icon: 'folder-tree',
  },
  {
    code: 'asset_category',
    name: 'Asset categories',
    title: 'Asset Categories',
    description: 'Categories of assets',
    group: 'Masters',
    link: '/asset-category/lists',
    icon: 'folder',
  },
  {
    code: 'asset_type',
    name: 'Asset types',
    title: 'Asset Types',
    description: 'Types of assets',
    group: 'Masters',
    link: '/asset-type/lists',
    icon: 'shapes',
  },
  {
    code: 'accessory_type',
    name: 'Accessory types',
    title: 'Accessory Types',
    description: 'Types of accessories, their units and minimum stock',
    group: 'Masters',
    link: '/accessory-type/lists',
    icon: 'cable',
  },
  {
    code: 'asset_location',
    name: 'Asset locations',
    title: 'Asset Locations',
    description: 'Rooms and departments of each branch where assets stand',
    group: 'Masters',
    link: '/asset-location/lists',
    icon: 'door-open',
  },
  {
    code: 'brand',
    name: 'Brands',
    title: 'Brands',
    description: 'Brands of assets',
    group: 'Masters',
    link: '/brand/lists',
    icon: 'tag',
  },
  {
    code: 'state',
    name: 'States',
    title: 'States',
    description: 'States and union territories',
    group: 'Masters',
    link: '/states/lists',
    icon: 'map',
  },
  {
    code: 'district',
    name: 'Districts',
    title: 'Districts',
    description: 'Districts of the states',
    group: 'Masters',
    link: '/district/lists',
    icon: 'map-pin',
  },
  {
    code: 'city',
    name: 'Cities',
    title: 'Cities',
    description: 'Cities of the districts',
    group: 'Masters',
    link: '/city/lists',
    icon: 'map-pinned',
  },
  {
    code: 'report_finance',
    name: 'Finance report',
    title: 'Finance Report',
    description: 'Purchase value by branch and period',
    group: 'Reports',
    link: '/reports/finance',
    icon: 'indian-rupee',
  },
  {
    code: 'report_branch_asset',
    name: 'Branch asset report',
    title: 'Branch Asset Report',
    description: 'Assets held by each branch',
    group: 'Reports',
    link: '/reports/branch-asset',
    icon: 'clipboard-check',
  },
  {
    code: 'report_amc',
    name: 'AMC report',
    title: 'AMC Report',
    description: 'Annual maintenance contracts falling due',
    group: 'Reports',
    link: '/reports/amc-report',
    icon: 'calendar-clock',
  },
  {
    code: 'menu',
    name: 'Menus',
    title: 'Menus',
    description: 'The menu entries of the application',
    group: 'Settings',
    link: '/menu/lists',
    icon: 'menu',
  },
  {
    code: 'menu_permission',
    name: 'Menu permissions',
    title: 'Menu Permissions',
    description: 'What each role may do',
    group: 'Settings',
    link: '/menu-permission/lists',
    icon: 'shield-check',
  },
];

const READ_MODULES = MODULES.map((module) => module.code);
const OPERATIONS_MODULES = [
  'asset',
  'accessories',
  'goods_receive_note',
  'asset_installation',
  'asset_transfer',
  'job_order',
  'gallery',
];

/** Each role's grants as module → actions. */
export const ROLES: readonly {
  code: string;
  name: string;
  /** Works in every active branch, those created later too. */
  allBranches?: boolean;
  grants: Record<string, readonly ActionCode[]>;
}[] = [
  {
    code: 'admin',
    name: 'Administrator',
    allBranches: true,
    grants: Object.fromEntries(
      MODULES.map((module) => [module.code, ACTIONS.map(([code]) => code)]),
    ),
  },
  {
    code: 'verifier',
    name: 'Purchase verifier',
    grants: {
      ...Object.fromEntries(
        ['dashboard', 'goods_receive_note', 'asset', 'vendor', 'branch', 'report_finance'].map(
          (code) => [code, ['list'] as const],
        ),
      ),
      purchase_order: ['list', 'verify', 'download'],
    },
  },
  {
    code: 'approver',
    name: 'Purchase approver',
    grants: {
      ...Object.fromEntries(
        ['dashboard', 'goods_receive_note', 'asset', 'vendor', 'branch'].map((code) => [
          code,
          ['list'] as const,
        ]),
      ),
      report_finance: ['list', 'download'],
      purchase_order: ['list', 'approve', 'download'],
    },
  },
  {
    code: 'manager',
    name: 'Branch manager',
    grants: {
      ...Object.fromEntries(
        ['dashboard', 'vendor', 'branch'].map((code) => [code, ['list'] as const]),
      ),
      // The masters the manager lists, they may also add to and correct (never delete).
      ...Object.fromEntries(
        ['brand', 'asset_type', 'accessory_type', 'category', 'asset_location'].map((code) => [
          code,
          ['list', 'create', 'edit'] as const,
        ]),
      ),
      ...Object.fromEntries(
        OPERATIONS_MODULES.map((code) => [code, ['list', 'create', 'edit', 'download'] as const]),
      ),
      // The branch's manager signs off an installation another user recorded.
      asset_installation: ['list', 'create', 'edit', 'approve', 'download'],
      // …and approves the transfers out of the branch that another user requested.
      asset_transfer: ['list', 'create', 'edit', 'approve', 'download'],
      // …and approves the quotation of a chargeable job order that another user entered.
      job_order: ['list', 'create', 'edit', 'approve', 'download'],
      amc: ['list', 'create', 'edit', 'download'],
      // …and signs off the physical audits of the branch (the differences' decisions).
      asset_audit: ['list', 'create', 'edit', 'approve', 'download'],
      // Condemning is the committee's (the approve grant: head office); the branch disposes.
      asset_disposal: ['list', 'create', 'download'],
      purchase_order: ['list', 'create', 'edit', 'delete', 'download'],
      // A goods receive note written by mistake is cancelled (its delete action) by the branch.
      goods_receive_note: ['list', 'create', 'edit', 'delete', 'download'],
      staff: ['list', 'create', 'edit'],
      report_branch_asset: ['list', 'download'],
      report_amc: ['list', 'download'],
    },
  },
  {
    code: 'viewer',
    name: 'Viewer',
    grants: Object.fromEntries(
      READ_MODULES.filter((code) => !code.startsWith('menu')).map((code) => [
        code,
        ['list'] as const,
      ]),
    ),
  },
];

const CREATE_PAGES: Record<string, string> = {
  purchase_order: 'Create Purchase Order',
  branch: 'Create Branch',
  staff: 'Create Staff',
  vendor: 'Create Vendor',
  asset: 'Create Asset',
  company: 'Create Company',
  job_order: 'Create Job Order',
  amc: 'New Maintenance Contract',
  asset_audit: 'New Asset Audit',
  goods_receive_note: 'New Goods Receive Note',
  asset_installation: 'New Asset Installation',
  asset_transfer: 'New Asset Transfer',
  accessories: 'Create Accessory',
  designation: 'Create Designation',
  brand: 'Create Brand',
  asset_category: 'Create Asset Category',
  category: 'Create Sub-category',
  asset_type: 'Create Asset Type',
  accessory_type: 'Create Accessory Type',
  asset_location: 'Create Asset Location',
};

export async function seedReferenceData(trx: Kysely<Database>): Promise<void> {
  await trx
    .insertInto('states')
    .values(INDIAN_STATES.map((state) => ({ gstCode: state.code, name: state.name })))
    .execute();
  const actions = await trx
    .insertInto('actions')
    .values(ACTIONS.map(([code, name]) => ({ code, name })))
    .returning(['id', 'code'])
    .execute();
  const modules = await trx
    .insertInto('modules')
    .values(MODULES.map(({ code, name }) => ({ code, name })))
    .returning(['id', 'code'])
    .execute();
  const actionId = new Map(actions.map((row) => [row.code, row.id]));
  const moduleId = new Map(modules.map((row) => [row.code, row.id]));
  const idOf = (map: Map<string, number>, code: string) => {
    const id = map.get(code);
    if (id === undefined) throw new Error(`unknown code ${code}`);
    return id;
  };

  for (const role of ROLES) {
    const { id } = await trx
      .insertInto('roles')
      .values({ code: role.code, name: role.name, allBranches: role.allBranches ?? false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grants = Object.entries(role.grants).flatMap(([module, actionCodes]) =>
      actionCodes.map((action) => ({
        roleId: id,
        moduleId: idOf(moduleId, module),
        actionId: idOf(actionId, action),
      })),
    );
    await trx.insertInto('roleGrants').values(grants).execute();
  }

  await trx
    .insertInto('pages')
    .values([
      ...MODULES.map((module) => ({
        moduleId: idOf(moduleId, module.code),
        actionId: idOf(actionId, 'list'),
        title: module.title,
        description: module.description,
      })),
      ...Object.entries(CREATE_PAGES).map(([module, title]) => ({
        moduleId: idOf(moduleId, module),
        actionId: idOf(actionId, 'create'),
        title,
        description: `Fill in the details and save`,
      })),
    ])
    .execute();

  let sortOrder = 0;
  const menuRow = (parentId: number | null, module: ModuleSpec) => ({
    parentId,
    text: module.title,
    link: module.link,
    icon: module.icon,
    style: '',
    moduleId: idOf(moduleId, module.code),
    sortOrder: sortOrder++,
  });
  const menuModules = MODULES.filter((module) => !module.noMenu);
  for (const module of menuModules.filter((candidate) => candidate.group === null)) {
    await trx.insertInto('menus').values(menuRow(null, module)).execute();
  }
  for (const group of MENU_GROUPS) {
    const { id } = await trx
      .insertInto('menus')
      .values({
        parentId: null,
        text: group.name,
        link: '',
        icon: group.icon,
        style: '',
        moduleId: null,
        sortOrder: sortOrder++,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('menus')
      .values(
        menuModules
          .filter((module) => module.group === group.name)
          .map((module) => menuRow(id, module)),
      )
      .execute();
  }
}
