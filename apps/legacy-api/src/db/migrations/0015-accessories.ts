import { type Kysely, sql } from 'kysely';

/*
 * Accessories (docs/assets.md, "Accessories"): what they are (a type, whose unit they count in, a
 * brand, the asset types they fit, each branch's minimum where it is not the type's) and their
 * stock per branch as a ledger. `accessory_stock.on_hand` is the sum of the branch's movements,
 * kept beside them and changed in each movement's transaction by one conditional update, so that
 * the check below is what refuses the second of two issues racing for the last units. The module
 * `accessories` (its pages, menu entry and grants) is in the reference data since the first
 * release, so no database lacks it.
 *
 * What refers to what decides the refusals (db/references.ts): an accessory with movements, and an
 * asset type an accessory fits, are not deleted; an accessory's fits, minimums and stock row go
 * with it, and a branch's minimums and (empty) stock rows with the branch, which its movements keep
 * from going anyway.
 */
const UNITS = `'Nos', 'Set', 'Pair', 'Box', 'Metre'`;
const REASONS = `'RECEIVED', 'ISSUED', 'RETURNED', 'TRANSFERRED_OUT', 'TRANSFERRED_IN', 'ADJUSTED', 'CONSUMED', 'DAMAGED'`;

const statements = [
  `create table accessories (
    id integer generated always as identity primary key,
    name text not null check (char_length(name) between 1 and 100),
    accessory_type_id integer not null references accessory_types (id),
    brand_id integer references brands (id),
    unit text not null check (unit in (${UNITS})),
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  // One accessory of a name per brand (and one without a brand), whatever the case.
  'create unique index accessories_name_brand_ci on accessories (lower(name), coalesce(brand_id, 0))',
  'create index accessories_type on accessories (accessory_type_id)',
  `create table accessory_fits (
    accessory_id integer not null references accessories (id) on delete cascade,
    asset_type_id integer not null references asset_types (id),
    primary key (accessory_id, asset_type_id)
  )`,
  'create index accessory_fits_asset_type on accessory_fits (asset_type_id)',
  `create table accessory_minimums (
    accessory_id integer not null references accessories (id) on delete cascade,
    branch_id integer not null references branches (id) on delete cascade,
    minimum integer not null check (minimum between 0 and 1000000),
    primary key (accessory_id, branch_id)
  )`,
  `create table accessory_stock (
    accessory_id integer not null references accessories (id) on delete cascade,
    branch_id integer not null references branches (id) on delete cascade,
    on_hand integer not null default 0 check (on_hand >= 0),
    primary key (accessory_id, branch_id)
  )`,
  'create index accessory_stock_branch on accessory_stock (branch_id)',
  `create table accessory_movements (
    id bigint generated always as identity primary key,
    accessory_id integer not null references accessories (id),
    branch_id integer not null references branches (id),
    reason text not null check (reason in (${REASONS})),
    quantity integer not null check (quantity <> 0),
    balance integer not null check (balance >= 0),
    vendor_id integer references vendors (id),
    reference text check (char_length(reference) <= 100),
    asset_id integer references assets (id),
    staff_id integer references staff (id),
    note text check (char_length(note) <= 500),
    user_id integer references users (id),
    at timestamptz not null default now(),
    -- The sign follows the reason; only an adjustment goes either way.
    check (
      (reason in ('RECEIVED', 'RETURNED', 'TRANSFERRED_IN') and quantity > 0)
      or (reason in ('ISSUED', 'CONSUMED', 'DAMAGED', 'TRANSFERRED_OUT') and quantity < 0)
      or reason = 'ADJUSTED'
    ),
    check (note is not null or reason not in ('ADJUSTED', 'DAMAGED')),
    check (asset_id is null or staff_id is null)
  )`,
  // An accessory's ledger, newest first; a branch's, for the stock list and later reports.
  'create index accessory_movements_ledger on accessory_movements (accessory_id, id desc)',
  'create index accessory_movements_branch on accessory_movements (branch_id, id desc)',
  'create index accessory_movements_asset on accessory_movements (asset_id) where asset_id is not null',
  'create index accessory_movements_staff on accessory_movements (staff_id) where staff_id is not null',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
