import { type Kysely, sql } from 'kysely';

/*
 * Transfers between branches (docs/workflows.md): requested (by the source branch or asked for by
 * the destination), approved or rejected by a second user with the transfer's approve grant in
 * the source branch, dispatched with a gate pass (the assets In transit, counted at neither
 * branch; accessory stock out through the ledger), received at the destination item by item —
 * received, damaged or short; a shortage stays In transit and flagged until it is found.
 */
const statements = [
  `create table asset_transfers (
    id integer generated always as identity primary key,
    transfer_number text not null unique,
    from_branch_id integer not null references branches (id),
    to_branch_id integer not null references branches (id),
    financial_year text not null,
    sequence integer not null check (sequence > 0),
    reason text not null check (char_length(reason) between 1 and 500),
    needed_by date,
    status text not null default 'REQUESTED' check (status in
      ('REQUESTED', 'APPROVED', 'REJECTED', 'CANCELLED', 'IN_TRANSIT', 'RECEIVED_SHORT', 'RECEIVED')),
    requested_by integer not null references users (id),
    requested_at timestamptz not null default now(),
    decided_by integer references users (id),
    decided_at timestamptz,
    decision_remarks text check (char_length(decision_remarks) <= 500),
    gate_pass_number text unique,
    vehicle text check (char_length(vehicle) between 1 and 100),
    dispatched_by integer references users (id),
    dispatched_at timestamptz,
    received_by integer references users (id),
    received_at timestamptz,
    cancelled_by integer references users (id),
    cancelled_at timestamptz,
    cancel_reason text check (char_length(cancel_reason) <= 500),
    unique (from_branch_id, financial_year, sequence),
    check (from_branch_id <> to_branch_id),
    check ((dispatched_at is null) = (gate_pass_number is null))
  )`,
  'create index asset_transfers_from on asset_transfers (from_branch_id, requested_at desc, id desc)',
  'create index asset_transfers_to on asset_transfers (to_branch_id, requested_at desc, id desc)',
  `create table asset_transfer_items (
    transfer_id integer not null references asset_transfers (id) on delete cascade,
    asset_id integer not null references assets (id),
    previous_status text not null,
    outcome text check (outcome in ('RECEIVED', 'DAMAGED', 'SHORT')),
    condition_on_arrival text check (condition_on_arrival in ('GOOD', 'FAIR', 'POOR')),
    location_id integer references asset_locations (id),
    remarks text check (char_length(remarks) <= 500),
    received_by integer references users (id),
    received_at timestamptz,
    primary key (transfer_id, asset_id)
  )`,
  'create index asset_transfer_items_asset on asset_transfer_items (asset_id)',
  `create table asset_transfer_accessories (
    transfer_id integer not null references asset_transfers (id) on delete cascade,
    accessory_id integer not null references accessories (id),
    quantity integer not null check (quantity > 0),
    received integer not null default 0,
    primary key (transfer_id, accessory_id),
    check (received between 0 and quantity)
  )`,
  'alter table accessory_movements add column transfer_id integer references asset_transfers (id)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  const seeded = await sql<{ id: number }>`select id from modules limit 1`.execute(db);
  if (seeded.rows.length === 0) return;
  // A branch manager approves the transfers out of their branch (not their own requests).
  await sql`insert into role_grants (role_id, module_id, action_id)
    select r.id, m.id, a.id from roles r, modules m, actions a
    where r.code = 'manager' and m.code = 'asset_transfer' and a.code = 'approve'
    on conflict do nothing`.execute(db);
}
