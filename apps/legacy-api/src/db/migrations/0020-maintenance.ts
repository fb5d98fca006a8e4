import { type Kysely, sql } from 'kysely';
import { addModule } from './add-module.ts';

/*
 * Job orders, maintenance contracts (AMC/CMC) with their preventive schedules, the scheduler's
 * runs, and which alerts each user has read (docs/workflows.md).
 *
 * A contract belongs to the branch that signed it and covers assets of that branch; renewing it
 * creates a new contract linked to the old one, which keeps its dates. Preventive jobs are
 * created by the scheduler exactly once each: a contract's visit is unique by (contract, due
 * date), a schedule's job by (schedule, due date), so two legacy-api instances running it at once
 * cannot both create one.
 */
const statements = [
  `create table maintenance_contracts (
    id integer generated always as identity primary key,
    branch_id integer not null references branches (id),
    vendor_id integer not null references vendors (id),
    contract_number text not null check (char_length(contract_number) between 1 and 60),
    contract_type text not null check (contract_type in ('AMC', 'CMC')),
    start_date date not null,
    end_date date not null,
    contract_value numeric(14,2) not null check (contract_value >= 0),
    gst_rate numeric(5,2) not null check (gst_rate in (0, 5, 12, 18, 28)),
    payment_schedule text not null check (payment_schedule in
      ('ANNUAL_ADVANCE', 'HALF_YEARLY', 'QUARTERLY', 'MONTHLY')),
    visits_per_year integer not null check (visits_per_year between 0 and 12),
    response_hours integer not null check (response_hours between 1 and 720),
    notice_days integer not null check (notice_days between 0 and 365),
    renewal text not null check (renewal in ('MANUAL', 'TACIT')),
    previous_contract_id integer unique references maintenance_contracts (id),
    remarks text check (char_length(remarks) <= 500),
    created_by integer not null references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (vendor_id, contract_number, start_date),
    check (end_date >= start_date)
  )`,
  'create index maintenance_contracts_branch on maintenance_contracts (branch_id, end_date desc, id desc)',
  `create table maintenance_contract_assets (
    contract_id integer not null references maintenance_contracts (id) on delete cascade,
    asset_id integer not null references assets (id),
    primary key (contract_id, asset_id)
  )`,
  'create index maintenance_contract_assets_asset on maintenance_contract_assets (asset_id)',
  `create table maintenance_schedules (
    id integer generated always as identity primary key,
    asset_id integer not null references assets (id),
    job_type text not null check (job_type in ('PREVENTIVE', 'CALIBRATION', 'ELECTRICAL_SAFETY')),
    every integer not null check (every between 1 and 999),
    unit text not null check (unit in ('DAY', 'WEEK', 'MONTH', 'YEAR')),
    anchor text not null check (anchor in ('FIXED', 'COMPLETION')),
    anchor_date date not null,
    lead_days integer not null default 7 check (lead_days between 0 and 90),
    active boolean not null default true,
    created_by integer not null references users (id),
    created_at timestamptz not null default now()
  )`,
  'create index maintenance_schedules_asset on maintenance_schedules (asset_id)',
  `create table job_orders (
    id integer generated always as identity primary key,
    job_number text not null unique,
    branch_id integer not null references branches (id),
    financial_year text not null,
    sequence integer not null check (sequence > 0),
    job_type text not null check (job_type in
      ('BREAKDOWN', 'PREVENTIVE', 'CALIBRATION', 'ELECTRICAL_SAFETY', 'INSTALLATION_ISSUE')),
    priority text not null check (priority in ('P1', 'P2', 'P3', 'P4')),
    problem text not null check (char_length(problem) between 1 and 1000),
    status text not null default 'OPEN' check (status in ('OPEN', 'ASSIGNED', 'IN_PROGRESS',
      'WAITING_PARTS', 'WAITING_APPROVAL', 'RESOLVED', 'CLOSED', 'REOPENED', 'CANCELLED')),
    coverage text not null check (coverage in ('WARRANTY', 'CONTRACT', 'CHARGEABLE')),
    contract_id integer references maintenance_contracts (id),
    schedule_id integer references maintenance_schedules (id),
    visit_contract_id integer references maintenance_contracts (id),
    due_date date,
    assignee_kind text check (assignee_kind in ('VENDOR', 'STAFF')),
    vendor_id integer references vendors (id),
    engineer_name text check (char_length(engineer_name) between 1 and 100),
    assignee_staff_id integer references staff (id),
    quote_amount numeric(14,2) check (quote_amount >= 0),
    quote_gst numeric(14,2) check (quote_gst >= 0),
    quote_remarks text check (char_length(quote_remarks) <= 1000),
    quoted_by integer references users (id),
    quoted_at timestamptz,
    quote_decision text check (quote_decision in ('APPROVED', 'REJECTED')),
    quote_decided_by integer references users (id),
    quote_decided_at timestamptz,
    resolution text check (char_length(resolution) <= 1000),
    report_path text references documents (path),
    raised_by integer references users (id),
    raised_at timestamptz not null default now(),
    responded_at timestamptz,
    resolved_at timestamptz,
    closed_at timestamptz,
    updated_at timestamptz not null default now(),
    unique (branch_id, financial_year, sequence),
    check ((assignee_kind = 'VENDOR') = (vendor_id is not null)),
    check ((assignee_kind = 'STAFF') = (assignee_staff_id is not null)),
    check ((quote_amount is null) = (quote_gst is null))
  )`,
  'create index job_orders_branch on job_orders (branch_id, raised_at desc, id desc)',
  'create unique index job_orders_schedule_due on job_orders (schedule_id, due_date) where schedule_id is not null',
  'create unique index job_orders_visit_due on job_orders (visit_contract_id, due_date) where visit_contract_id is not null',
  `create table job_order_assets (
    job_order_id integer not null references job_orders (id) on delete cascade,
    asset_id integer not null references assets (id),
    previous_status text not null,
    primary key (job_order_id, asset_id)
  )`,
  'create index job_order_assets_asset on job_order_assets (asset_id)',
  `create table job_order_steps (
    id integer generated always as identity primary key,
    job_order_id integer not null references job_orders (id) on delete cascade,
    step text not null check (char_length(step) between 1 and 40),
    from_status text,
    to_status text not null,
    remarks text check (char_length(remarks) <= 1000),
    user_id integer references users (id),
    at timestamptz not null default now()
  )`,
  'create index job_order_steps_job on job_order_steps (job_order_id, id)',
  `create table job_order_lines (
    id integer generated always as identity primary key,
    job_order_id integer not null references job_orders (id) on delete cascade,
    kind text not null check (kind in ('PART', 'LABOUR')),
    description text not null check (char_length(description) between 1 and 200),
    quantity numeric(12,3) not null check (quantity > 0),
    rate numeric(14,2) not null check (rate >= 0),
    gst_rate numeric(5,2) not null check (gst_rate in (0, 5, 12, 18, 28)),
    chargeable boolean not null default true
  )`,
  'create index job_order_lines_job on job_order_lines (job_order_id, id)',
  `create table scheduler_runs (
    id integer generated always as identity primary key,
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    run_date date not null,
    jobs_created integer not null default 0,
    instance text not null,
    error text
  )`,
  // A shortage on a transfer that is never found is written off through condemnation.
  `alter table asset_transfer_items drop constraint asset_transfer_items_outcome_check`,
  `alter table asset_transfer_items add constraint asset_transfer_items_outcome_check
    check (outcome in ('RECEIVED', 'DAMAGED', 'SHORT', 'WRITTEN_OFF'))`,
  `create table notification_reads (
    user_id integer not null references users (id) on delete cascade,
    key text not null check (char_length(key) between 1 and 120),
    read_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addModule(db, {
    code: 'amc',
    name: 'Maintenance contracts',
    title: 'Maintenance Contracts',
    description: 'AMC and CMC contracts and preventive visits',
    createTitle: 'New Maintenance Contract',
    group: 'Assets',
    link: '/amc/list',
    icon: 'file-clock',
    grants: {
      admin: 'all',
      manager: ['list', 'create', 'edit', 'download'],
      viewer: ['list'],
    },
  });
  const seeded = await sql<{ id: number }>`select id from modules limit 1`.execute(db);
  if (seeded.rows.length === 0) return;
  // A branch manager approves the quotation of a chargeable job (not one they entered).
  await sql`insert into role_grants (role_id, module_id, action_id)
    select r.id, m.id, a.id from roles r, modules m, actions a
    where r.code = 'manager' and m.code = 'job_order' and a.code = 'approve'
    on conflict do nothing`.execute(db);
}
