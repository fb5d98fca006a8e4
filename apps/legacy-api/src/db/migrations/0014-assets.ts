import { type Kysely, sql } from 'kysely';
import { addModule } from './add-module.ts';

/*
 * The asset register (docs/assets.md): the locations of each branch (a module of its own, under
 * Masters), the assets, the counter that numbers each branch's tags (keyed by the tag's prefix,
 * not the branch row, so that a tag is never given twice even after its branch is gone) and every
 * asset's timeline. The category and sub-category of an asset follow from its type; its lifecycle
 * status is a closed list that reports rely on.
 */
const STATUSES = `'IN_STOCK', 'IN_USE', 'UNDER_REPAIR', 'OUT_OF_ORDER', 'IN_TRANSIT', 'CONDEMNED', 'DISPOSED'`;

const statements = [
  `create table asset_locations (
    id integer generated always as identity primary key,
    branch_id integer not null references branches (id),
    name text not null check (char_length(name) between 1 and 100),
    active boolean not null default true
  )`,
  'create unique index asset_locations_name_ci on asset_locations (branch_id, lower(name))',
  `create table asset_tag_counters (
    prefix text primary key,
    last_number integer not null check (last_number between 1 and 999999)
  )`,
  `create table assets (
    id integer generated always as identity primary key,
    tag text not null unique check (char_length(tag) between 1 and 30),
    name text not null check (char_length(name) between 1 and 150),
    asset_type_id integer not null references asset_types (id),
    brand_id integer not null references brands (id),
    model text check (char_length(model) <= 100),
    serial_number text check (char_length(serial_number) between 1 and 100),
    branch_id integer not null references branches (id),
    location_id integer not null references asset_locations (id),
    custodian_id integer references staff (id),
    vendor_id integer references vendors (id),
    purchase_order_id integer references purchase_orders (id),
    purchase_reference text check (char_length(purchase_reference) <= 100),
    purchase_date date,
    cost numeric(14, 2) check (cost >= 0),
    put_to_use_date date,
    warranty_start date,
    warranty_end date check (warranty_end >= warranty_start),
    useful_life_years integer check (useful_life_years between 1 and 50),
    criticality text not null check (criticality in ('HIGH', 'MEDIUM', 'LOW')),
    condition text not null check (condition in ('GOOD', 'FAIR', 'POOR')),
    notes text check (char_length(notes) <= 2000),
    asset_status text not null default 'IN_STOCK' check (asset_status in (${STATUSES})),
    active boolean not null default true,
    created_by integer references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // One serial number per brand, whatever its case.
  'create unique index assets_brand_serial_ci on assets (brand_id, lower(serial_number)) where serial_number is not null',
  // The filters of the list (docs/assets.md), each led by its column so the planner can start there.
  'create index assets_branch on assets (branch_id, tag)',
  'create index assets_location on assets (location_id)',
  'create index assets_type on assets (asset_type_id)',
  'create index assets_custodian on assets (custodian_id) where custodian_id is not null',
  'create index assets_status on assets (asset_status, tag)',
  'create index assets_warranty on assets (warranty_end) where warranty_end is not null',
  'create index assets_serial_ci on assets (lower(serial_number)) where serial_number is not null',
  'create index assets_purchase_order on assets (purchase_order_id) where purchase_order_id is not null',
  `create table asset_events (
    id bigint generated always as identity primary key,
    asset_id integer not null references assets (id) on delete cascade,
    kind text not null check (char_length(kind) between 1 and 40),
    at timestamptz not null default now(),
    user_id integer references users (id),
    changes jsonb not null default '{}',
    reason text check (char_length(reason) <= 500)
  )`,
  'create index asset_events_asset on asset_events (asset_id, id desc)',
  // Its photos (gallery images) and documents (uploads). Neither goes silently: an asset with
  // files, or a gallery image shown on an asset, is refused deletion by these keys.
  `create table asset_files (
    id integer generated always as identity primary key,
    asset_id integer not null references assets (id),
    kind text not null check (kind in ('PHOTO', 'INVOICE', 'WARRANTY_CARD', 'MANUAL', 'OTHER')),
    title text not null check (char_length(title) between 1 and 150),
    document_path text references documents (path),
    gallery_image_id integer references gallery_images (id),
    uploaded_by integer references users (id),
    at timestamptz not null default now(),
    check ((kind = 'PHOTO') = (gallery_image_id is not null)),
    check ((document_path is null) <> (gallery_image_id is null)),
    unique (asset_id, gallery_image_id)
  )`,
  'create index asset_files_asset on asset_files (asset_id, id desc)',
  'create index asset_files_image on asset_files (gallery_image_id) where gallery_image_id is not null',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addModule(db, {
    code: 'asset_location',
    name: 'Asset locations',
    title: 'Asset Locations',
    description: 'Rooms and departments of each branch where assets stand',
    createTitle: 'Create Asset Location',
    group: 'Masters',
    link: '/asset-location/lists',
    icon: 'door-open',
    grants: { admin: 'all', manager: ['list', 'create', 'edit'], viewer: ['list'] },
  });
}
