/** A record screen's links (legacy §2): its list, and create and edit opening the form over it. */
export interface RecordRoutes {
  list: string;
  create: string;
  edit: string;
  /** Its bulk upload page, for resources that have one. */
  bulkUpload?: string;
}

/**
 * The record screens with routes of their own, by grants module. The router makes their routes
 * from this table and each screen finds its links here, so a path is written once. A record
 * screen not named here (menus) opens its form in place.
 */
export const RECORD_ROUTES = {
  company: { list: '/company/lists', create: '/company/create', edit: '/company/edit' },
  vendor: {
    list: '/vendor/list',
    create: '/vendor/create',
    edit: '/vendor/edit',
    bulkUpload: '/vendor/bulk-upload',
  },
  branch: {
    list: '/branch/list',
    create: '/branch/create',
    edit: '/branch/edit',
    bulkUpload: '/branch/bulk-upload',
  },
  staff: { list: '/staff/list', create: '/staff/create', edit: '/staff/edit' },
  asset: {
    list: '/asset/list',
    create: '/asset/create',
    edit: '/asset/edit',
    bulkUpload: '/asset/bulk-upload',
  },
  asset_location: {
    list: '/asset-location/lists',
    create: '/asset-location/create',
    edit: '/asset-location/edit',
  },
  accessories: {
    list: '/accessories/lists',
    create: '/accessories/create',
    edit: '/accessories/edit',
  },
} as const satisfies Record<string, RecordRoutes>;

export type RoutedModule = keyof typeof RECORD_ROUTES;

export function recordRoutesOf(module: string): RecordRoutes | undefined {
  return Object.hasOwn(RECORD_ROUTES, module) ? RECORD_ROUTES[module as RoutedModule] : undefined;
}
