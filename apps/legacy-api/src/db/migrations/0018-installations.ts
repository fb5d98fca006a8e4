import { type Kysely, sql } from 'kysely';

/*
 * An asset's installation (docs/workflows.md): recorded by the branch for one asset or a batch
 * from one goods receive note, then signed off, or sent back, by a second user with the
 * installation's approve grant; on sign-off its assets go In use. And condemnation and disposal:
 * one row per asset, condemned first, disposed of later. The checklist is six columns rather than
 * a JSON object so that reports can count what was missed.
 */
const statements = [
  `create table asset_installations (
    id integer generated always as identity primary key,
    installation_number text not null unique,
    branch_id integer not null references branches (id),
    financial_year text not null,
    sequence integer not null check (sequence > 0),
    goods_receipt_note_id integer references goods_receipt_notes (id),
    installed_at timestamptz not null,
    location_id integer not null references asset_locations (id),
    installer_kind text not null check (installer_kind in ('VENDOR', 'STAFF')),
    vendor_id integer references vendors (id),
    engineer_name text check (char_length(engineer_name) between 1 and 100),
    installed_by_staff_id integer references staff (id),
    physical_condition_ok boolean not null,
    power_earthing_ok boolean not null,
    accessories_present boolean not null,
    demo_given boolean not null,
    staff_trained boolean not null,
    manual_handed_over boolean not null,
    warranty_from_installation boolean not null default false,
    report_path text references documents (path),
    remarks text not null default '' check (char_length(remarks) <= 1000),
    status text not null default 'PENDING' check (status in ('PENDING', 'SIGNED_OFF', 'SENT_BACK')),
    recorded_by integer not null references users (id),
    recorded_at timestamptz not null default now(),
    decided_by integer references users (id),
    decided_at timestamptz,
    decision_remarks text check (char_length(decision_remarks) <= 500),
    unique (branch_id, financial_year, sequence),
    check ((installer_kind = 'VENDOR') = (engineer_name is not null)),
    check ((installer_kind = 'STAFF') = (installed_by_staff_id is not null)),
    check ((status = 'PENDING') = (decided_by is null))
  )`,
  'create index asset_installations_branch on asset_installations (branch_id, installed_at desc, id desc)',
  'create index asset_installations_note on asset_installations (goods_receipt_note_id) where goods_receipt_note_id is not null',
  `create table asset_installation_items (
    installation_id integer not null references asset_installations (id) on delete cascade,
    asset_id integer not null references assets (id),
    primary key (installation_id, asset_id)
  )`,
  'create index asset_installation_items_asset on asset_installation_items (asset_id)',
  `create table asset_disposals (
    id integer generated always as identity primary key,
    asset_id integer not null unique references assets (id),
    branch_id integer not null references branches (id),
    previous_status text not null,
    condemned_on date not null,
    reason text not null check (char_length(reason) between 1 and 500),
    condition text not null check (condition in ('GOOD', 'FAIR', 'POOR')),
    committee_remarks text not null check (char_length(committee_remarks) between 1 and 1000),
    condemned_by integer not null references users (id),
    condemned_at timestamptz not null default now(),
    method text check (method in ('SOLD', 'SCRAPPED', 'RETURNED_TO_VENDOR', 'WRITTEN_OFF')),
    disposed_on date,
    amount numeric(14, 2) check (amount >= 0),
    buyer text check (char_length(buyer) between 1 and 150),
    disposal_remarks text check (char_length(disposal_remarks) <= 1000),
    disposed_by integer references users (id),
    disposed_at timestamptz,
    check ((method is null) = (disposed_on is null)),
    check ((method is null) = (disposed_by is null)),
    check ((method = 'SOLD') = (amount is not null and buyer is not null)),
    check (disposed_on is null or disposed_on >= condemned_on)
  )`,
  'create index asset_disposals_branch on asset_disposals (branch_id, condemned_on desc)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  const seeded = await sql<{ id: number }>`select id from modules limit 1`.execute(db);
  if (seeded.rows.length === 0) return;
  // A branch manager signs off installations (a second user: not the one who recorded it).
  await sql`insert into role_grants (role_id, module_id, action_id)
    select r.id, m.id, a.id from roles r, modules m, actions a
    where r.code = 'manager' and m.code = 'asset_installation' and a.code = 'approve'
    on conflict do nothing`.execute(db);
  // Disposal has no screen of its own: it is done from the asset's page, so no menu entry.
  await sql`insert into modules (code, name) values ('asset_disposal', 'Asset disposal')`.execute(
    db,
  );
  await sql`insert into role_grants (role_id, module_id, action_id)
    select r.id, m.id, a.id from roles r, modules m, actions a
    where m.code = 'asset_disposal' and (
      r.code = 'admin'
      or (r.code = 'manager' and a.code in ('list', 'create', 'download'))
      or (r.code = 'viewer' and a.code = 'list'))`.execute(db);
}
