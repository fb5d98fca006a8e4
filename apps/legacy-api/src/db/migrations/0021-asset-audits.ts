import { type Kysely, sql } from 'kysely';
import { addModule } from './add-module.ts';

/*
 * Physical audits (stock-takes) of a branch or one location of it (docs/workflows.md, "Physical
 * audit"), and each asset's last audited date.
 *
 * Exactly-once counting lives in the tables: a scan's id (the phone's UUID) is the primary key of
 * asset_audit_scans, so a replay inserts nothing; an asset is one item of an audit
 * (unique (audit_id, asset_id)), and so is a tag no asset has (unique on its upper-case text), so
 * two phones scanning one unexpected tag at once make one item; an expected item is counted by a
 * conditional update (outcome still PENDING), so the first scan to commit wins.
 */
const statements = [
  'alter table assets add column if not exists last_audited_on date',
  `create table asset_audits (
    id integer generated always as identity primary key,
    audit_number text not null unique,
    branch_id integer not null references branches (id),
    location_id integer references asset_locations (id),
    financial_year text not null,
    sequence integer not null check (sequence > 0),
    due_date date not null,
    status text not null default 'IN_PROGRESS'
      check (status in ('IN_PROGRESS', 'SUBMITTED', 'SIGNED_OFF', 'CANCELLED')),
    remarks text check (char_length(remarks) <= 500),
    started_by integer not null references users (id),
    started_at timestamptz not null default now(),
    submitted_by integer references users (id),
    submitted_at timestamptz,
    signed_off_by integer references users (id),
    signed_off_at timestamptz,
    sign_off_remarks text check (char_length(sign_off_remarks) <= 500),
    cancelled_by integer references users (id),
    cancelled_at timestamptz,
    cancel_reason text check (char_length(cancel_reason) <= 500),
    unique (branch_id, financial_year, sequence),
    check ((status = 'SIGNED_OFF') = (signed_off_by is not null))
  )`,
  'create index asset_audits_branch on asset_audits (branch_id, started_at desc, id desc)',
  `create table asset_audit_auditors (
    audit_id integer not null references asset_audits (id) on delete cascade,
    user_id integer not null references users (id),
    primary key (audit_id, user_id)
  )`,
  `create table asset_audit_items (
    id integer generated always as identity primary key,
    audit_id integer not null references asset_audits (id) on delete cascade,
    asset_id integer references assets (id),
    expected boolean not null,
    expected_location_id integer references asset_locations (id),
    outcome text not null check (outcome in
      ('PENDING', 'FOUND', 'FOUND_WRONG_LOCATION', 'MISSING', 'UNEXPECTED')),
    found_location_id integer references asset_locations (id),
    scanned_code text check (char_length(scanned_code) <= 300),
    condition text check (condition in ('GOOD', 'FAIR', 'POOR')),
    remarks text check (char_length(remarks) <= 500),
    photo_path text references documents (path),
    scanned_by integer references users (id),
    scanned_at timestamptz,
    resolution text check (resolution in ('MOVE_LOCATION', 'TRANSFER', 'CONDEMN', 'INVESTIGATE')),
    resolution_note text check (char_length(resolution_note) <= 500),
    resolved_by integer references users (id),
    resolved_at timestamptz,
    transfer_id integer references asset_transfers (id),
    unique (audit_id, asset_id),
    check (asset_id is not null or scanned_code is not null),
    check (expected = (outcome <> 'UNEXPECTED'))
  )`,
  'create index asset_audit_items_audit on asset_audit_items (audit_id, id)',
  'create index asset_audit_items_asset on asset_audit_items (asset_id)',
  `create unique index asset_audit_items_unknown_tag on asset_audit_items (audit_id, upper(scanned_code))
    where asset_id is null`,
  `create table asset_audit_scans (
    scan_id uuid primary key,
    audit_id integer not null references asset_audits (id) on delete cascade,
    item_id integer references asset_audit_items (id) on delete cascade,
    user_id integer not null references users (id),
    code text check (char_length(code) <= 300),
    result text not null check (result in ('COUNTED', 'ALREADY_COUNTED')),
    scanned_at timestamptz not null,
    received_at timestamptz not null default now()
  )`,
  'create index asset_audit_scans_item on asset_audit_scans (item_id)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addModule(db, {
    code: 'asset_audit',
    name: 'Asset audits',
    title: 'Asset Audits',
    description: 'Physical audits (stock-takes) of a branch or a location',
    createTitle: 'New Asset Audit',
    group: 'Assets',
    link: '/asset-audit/list',
    icon: 'clipboard-check',
    grants: {
      admin: 'all',
      manager: ['list', 'create', 'edit', 'approve', 'download'],
      viewer: ['list'],
    },
  });
}
