/*
 * What a row of each table is called when a refusal counts them ("used by 6 staff members"), in
 * the order refusals list them. A column may have its own name where the table's would say too
 * little (an order raised by a user, not just an order). Every table has an entry: a test checks
 * the schema against this list, so a new table is named when it is made.
 */

interface Nouns {
  one: string;
  many: string;
}

const TABLES: Record<string, Nouns> = {
  staff: { one: 'staff member', many: 'staff members' },
  branch_staff: { one: 'staff assignment', many: 'staff assignments' },
  districts: { one: 'district', many: 'districts' },
  cities: { one: 'city', many: 'cities' },
  branches: { one: 'branch', many: 'branches' },
  vendors: { one: 'vendor', many: 'vendors' },
  sub_categories: { one: 'sub-category', many: 'sub-categories' },
  asset_types: { one: 'asset type', many: 'asset types' },
  accessory_types: { one: 'accessory type', many: 'accessory types' },
  purchase_orders: { one: 'purchase order', many: 'purchase orders' },
  purchase_order_lines: { one: 'purchase order line', many: 'purchase order lines' },
  purchase_order_versions: { one: 'purchase order version', many: 'purchase order versions' },
  goods_receipt_notes: { one: 'goods receive note', many: 'goods receive notes' },
  goods_receipt_lines: { one: 'goods receive note line', many: 'goods receive note lines' },
  asset_installations: { one: 'asset installation', many: 'asset installations' },
  asset_installation_items: { one: 'installed asset', many: 'installed assets' },
  asset_disposals: { one: 'condemnation', many: 'condemnations' },
  asset_transfers: { one: 'asset transfer', many: 'asset transfers' },
  asset_transfer_items: { one: 'transferred asset', many: 'transferred assets' },
  asset_transfer_accessories: {
    one: 'transferred accessory',
    many: 'transferred accessories',
  },
  maintenance_contracts: { one: 'maintenance contract', many: 'maintenance contracts' },
  maintenance_contract_assets: { one: 'covered asset', many: 'covered assets' },
  maintenance_schedules: { one: 'preventive schedule', many: 'preventive schedules' },
  job_orders: { one: 'job order', many: 'job orders' },
  asset_audits: { one: 'asset audit', many: 'asset audits' },
  asset_audit_auditors: { one: 'audit auditor', many: 'audit auditors' },
  asset_audit_items: { one: 'audited asset', many: 'audited assets' },
  asset_audit_scans: { one: 'audit scan', many: 'audit scans' },
  job_order_assets: { one: 'job order asset', many: 'job order assets' },
  job_order_steps: { one: 'job order step', many: 'job order steps' },
  job_order_lines: { one: 'job order line', many: 'job order lines' },
  scheduler_runs: { one: 'scheduler run', many: 'scheduler runs' },
  notification_reads: { one: 'read notification', many: 'read notifications' },
  accessories: { one: 'accessory', many: 'accessories' },
  accessory_fits: { one: 'accessory that fits it', many: 'accessories that fit it' },
  accessory_minimums: { one: 'accessory minimum', many: 'accessory minimums' },
  accessory_stock: { one: 'accessory stock row', many: 'accessory stock rows' },
  accessory_movements: { one: 'stock movement', many: 'stock movements' },
  assets: { one: 'asset', many: 'assets' },
  asset_locations: { one: 'location', many: 'locations' },
  asset_tag_counters: { one: 'asset tag counter', many: 'asset tag counters' },
  asset_events: { one: 'asset history entry', many: 'asset history entries' },
  asset_files: { one: 'asset photo or document', many: 'asset photos and documents' },
  users: { one: 'user', many: 'users' },
  documents: { one: 'document', many: 'documents' },
  audit_log: { one: 'history entry', many: 'history entries' },
  gallery_images: { one: 'gallery image', many: 'gallery images' },
  menus: { one: 'menu entry', many: 'menu entries' },
  companies: { one: 'company', many: 'companies' },
  states: { one: 'state', many: 'states' },
  designations: { one: 'designation', many: 'designations' },
  categories: { one: 'category', many: 'categories' },
  brands: { one: 'brand', many: 'brands' },
  roles: { one: 'role', many: 'roles' },
  modules: { one: 'module', many: 'modules' },
  actions: { one: 'action', many: 'actions' },
  role_grants: { one: 'role grant', many: 'role grants' },
  pages: { one: 'page', many: 'pages' },
  auth_tokens: { one: 'session', many: 'sessions' },
  starred_pages: { one: 'starred page', many: 'starred pages' },
  login_failures: { one: 'failed login', many: 'failed logins' },
  login_locks: { one: 'login lock', many: 'login locks' },
  idempotency_keys: { one: 'request key', many: 'request keys' },
};

const COLUMNS: Record<string, Nouns> = {
  'purchase_orders.created_by': { one: 'purchase order raised', many: 'purchase orders raised' },
  'purchase_orders.verified_by': {
    one: 'purchase order verified',
    many: 'purchase orders verified',
  },
  'purchase_orders.approved_by': {
    one: 'purchase order approved',
    many: 'purchase orders approved',
  },
  'purchase_orders.cancelled_by': {
    one: 'purchase order cancelled',
    many: 'purchase orders cancelled',
  },
  'users.primary_branch_id': { one: 'user (primary branch)', many: 'users (primary branch)' },
  'assets.created_by': { one: 'asset registered', many: 'assets registered' },
  'asset_files.uploaded_by': {
    one: 'asset photo or document added',
    many: 'asset photos and documents added',
  },
  'accessory_movements.asset_id': {
    one: 'accessory issue or return',
    many: 'accessory issues and returns',
  },
  'accessory_movements.staff_id': {
    one: 'accessory issue or return',
    many: 'accessory issues and returns',
  },
  'accessory_movements.user_id': {
    one: 'stock movement recorded',
    many: 'stock movements recorded',
  },
};

const TABLE_ORDER = Object.keys(TABLES);

/** The names of a row of `table` that refers by `column`, and where it comes in a refusal. */
export function nounsOf(table: string, column: string): Nouns & { order: number } {
  const position = TABLE_ORDER.indexOf(table);
  const columnKey = `${table}.${column}`;
  const own = COLUMNS[columnKey];
  // Columns with a name of their own come right after their table's, in the order listed.
  const order =
    (position < 0 ? TABLE_ORDER.length : position) * 100 +
    (own ? 1 + Object.keys(COLUMNS).indexOf(columnKey) : 0);
  const nouns = own ??
    TABLES[table] ?? {
      one: `${table.replaceAll('_', ' ')} row`,
      many: `${table.replaceAll('_', ' ')} rows`,
    };
  return { ...nouns, order };
}

/** The tables named here (the schema test compares them with the database's). */
export const NAMED_TABLES: readonly string[] = TABLE_ORDER;
