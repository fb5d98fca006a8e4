import { type Kysely, sql } from 'kysely';

/*
 * The whole data model, shaped for the product that follows the purchase-order slice.
 * Money is numeric(14,2), dates are `date`, moments `timestamptz`. A purchase order keeps two
 * decision tracks (verification, approval) plus its overall status; a CHECK ties them together so
 * that no code path can store an impossible combination.
 */
const statements = [
  `create table companies (
    id integer generated always as identity primary key,
    name text not null,
    legal_name text not null,
    pan char(10) not null,
    address text not null,
    created_at timestamptz not null default now()
  )`,
  `create table states (
    id integer generated always as identity primary key,
    gst_code char(2) not null unique,
    name text not null unique
  )`,
  `create table districts (
    id integer generated always as identity primary key,
    state_id integer not null references states,
    name text not null,
    unique (state_id, name)
  )`,
  `create table cities (
    id integer generated always as identity primary key,
    district_id integer not null references districts,
    name text not null,
    unique (district_id, name)
  )`,
  `create table branches (
    id integer generated always as identity primary key,
    company_id integer not null references companies,
    code text not null unique check (code ~ '^[A-Z0-9-]{2,20}$'),
    name text not null,
    address text not null,
    state_id integer not null references states,
    district_id integer not null references districts,
    city_id integer not null references cities,
    pincode char(6) check (pincode ~ '^[1-9][0-9]{5}$'),
    -- One GSTIN per state: branches in the same state share their company's registration.
    gstin char(15),
    phone text,
    email text,
    logo_path text,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table designations (
    id integer generated always as identity primary key,
    name text not null unique
  )`,
  `create table staff (
    id integer generated always as identity primary key,
    branch_id integer not null references branches,
    code text not null,
    name text not null,
    designation_id integer not null references designations,
    phone text,
    email text,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    unique (branch_id, code)
  )`,
  `create table branch_staff (
    id integer generated always as identity primary key,
    branch_id integer not null references branches,
    staff_id integer not null references staff on delete cascade,
    created_at timestamptz not null default now(),
    unique (branch_id, staff_id)
  )`,
  `create index branch_staff_staff_idx on branch_staff (staff_id)`,
  `create table roles (
    id integer generated always as identity primary key,
    code text not null unique,
    name text not null
  )`,
  `create table modules (
    id integer generated always as identity primary key,
    code text not null unique,
    name text not null
  )`,
  `create table actions (
    id integer generated always as identity primary key,
    code text not null unique,
    name text not null
  )`,
  `create table role_grants (
    role_id integer not null references roles on delete cascade,
    module_id integer not null references modules on delete cascade,
    action_id integer not null references actions on delete cascade,
    primary key (role_id, module_id, action_id)
  )`,
  `create table pages (
    module_id integer not null references modules on delete cascade,
    action_id integer not null references actions on delete cascade,
    title text not null,
    description text not null,
    primary key (module_id, action_id)
  )`,
  `create table users (
    id integer generated always as identity primary key,
    staff_id integer not null unique references staff,
    username text not null,
    password_hash text not null,
    role_id integer not null references roles,
    primary_branch_id integer references branches,
    active boolean not null default true,
    password_changed_at timestamptz not null default now(),
    created_at timestamptz not null default now()
  )`,
  `create unique index users_username_key on users (lower(username))`,
  `create table auth_tokens (
    id integer generated always as identity primary key,
    user_id integer not null references users on delete cascade,
    token_hash char(64) not null unique,
    created_at timestamptz not null default now(),
    last_used_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index auth_tokens_user_idx on auth_tokens (user_id)`,
  `create table menus (
    id integer generated always as identity primary key,
    parent_id integer references menus on delete cascade,
    text text not null,
    link text not null default '',
    icon text not null default '',
    style text not null default '',
    module_id integer references modules,
    sort_order integer not null default 0
  )`,
  `create table vendors (
    id integer generated always as identity primary key,
    code text not null unique,
    name text not null,
    gstin char(15) not null unique,
    state_id integer not null references states,
    address text not null,
    contact_person text not null,
    phone text not null,
    email text,
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create table categories (
    id integer generated always as identity primary key,
    name text not null unique
  )`,
  `create table sub_categories (
    id integer generated always as identity primary key,
    category_id integer not null references categories,
    name text not null,
    unique (category_id, name)
  )`,
  `create table asset_types (
    id integer generated always as identity primary key,
    sub_category_id integer not null references sub_categories,
    name text not null,
    tax_rate numeric(5,2) not null,
    unique (sub_category_id, name)
  )`,
  `create table brands (
    id integer generated always as identity primary key,
    name text not null unique
  )`,
  `create table documents (
    id integer generated always as identity primary key,
    path text not null unique check (path ~ '^[a-z0-9-]+/[A-Za-z0-9._-]+$'),
    branch_id integer references branches,
    content_type text not null,
    content bytea not null,
    created_at timestamptz not null default now()
  )`,
  `create table purchase_orders (
    id integer generated always as identity primary key,
    po_number text not null unique,
    billed_branch_id integer not null references branches,
    shipped_branch_id integer not null references branches,
    vendor_id integer not null references vendors,
    po_date date not null,
    financial_year char(7) not null check (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
    sequence integer not null check (sequence > 0),
    tax_kind text not null check (tax_kind in ('intra', 'inter')),
    sub_total numeric(14,2) not null check (sub_total >= 0),
    discount numeric(14,2) not null check (discount >= 0),
    freight_amount numeric(14,2) not null check (freight_amount >= 0),
    cgst_amount numeric(14,2) not null check (cgst_amount >= 0),
    sgst_amount numeric(14,2) not null check (sgst_amount >= 0),
    igst_amount numeric(14,2) not null check (igst_amount >= 0),
    round_off numeric(14,2) not null check (round_off between -0.50 and 0.50),
    grand_total numeric(14,2) not null check (grand_total >= 0),
    remarks_html text not null default '',
    quotation_path text references documents (path),
    po_path text references documents (path),
    status text not null,
    verification_status text not null check (verification_status in ('pending', 'verified', 'rejected')),
    verification_reason text,
    verified_by integer references users,
    verified_at timestamptz,
    approval_status text not null check (approval_status in ('not_started', 'waiting', 'approved', 'rejected')),
    approval_reason text,
    approved_by integer references users,
    approved_at timestamptz,
    cancel_reason text,
    cancelled_by integer references users,
    cancelled_at timestamptz,
    created_by integer not null references users,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (billed_branch_id, financial_year, sequence),
    check (sub_total - discount + freight_amount + cgst_amount + sgst_amount + igst_amount + round_off = grand_total),
    check (
      (status = 'pending' and verification_status = 'pending' and approval_status = 'not_started')
      or (status = 'waiting_for_approval' and verification_status = 'verified' and approval_status = 'waiting')
      or (status in ('approved', 'completed') and verification_status = 'verified' and approval_status = 'approved')
      or (status = 'rejected' and (
        (verification_status = 'rejected' and approval_status = 'not_started')
        or (verification_status = 'verified' and approval_status = 'rejected')))
      or (status = 'cancelled' and approval_status <> 'approved')
    ),
    check (approval_status = 'not_started' or verification_status = 'verified'),
    check ((verification_status = 'pending') = (verified_at is null)),
    check ((approval_status in ('not_started', 'waiting')) = (approved_at is null)),
    check ((status = 'cancelled') = (cancelled_at is not null))
  )`,
  `create index purchase_orders_billed_idx on purchase_orders (billed_branch_id, po_date desc, id desc)`,
  `create table purchase_order_lines (
    id integer generated always as identity primary key,
    purchase_order_id integer not null references purchase_orders on delete cascade,
    line_no integer not null check (line_no > 0),
    item_name text not null,
    asset_type_id integer not null references asset_types,
    brand_id integer not null references brands,
    quantity numeric(12,3) not null check (quantity > 0),
    rate numeric(14,2) not null check (rate >= 0),
    discount_amount numeric(14,2) not null check (discount_amount >= 0),
    taxable_amount numeric(14,2) not null check (taxable_amount >= 0),
    tax_rate numeric(5,2) not null,
    cgst_amount numeric(14,2) not null,
    sgst_amount numeric(14,2) not null,
    igst_amount numeric(14,2) not null,
    total_amount numeric(14,2) not null,
    unique (purchase_order_id, line_no),
    check (taxable_amount + cgst_amount + sgst_amount + igst_amount = total_amount)
  )`,
  `create table audit_log (
    id bigint generated always as identity primary key,
    entity text not null,
    entity_id integer not null,
    action text not null,
    from_status text,
    to_status text,
    reason text,
    user_id integer references users,
    branch_id integer references branches,
    at timestamptz not null default now(),
    details jsonb not null default '{}'::jsonb
  )`,
  `create index audit_log_entity_idx on audit_log (entity, entity_id, at desc, id desc)`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
