import { type Kysely, sql } from 'kysely';

/*
 * Procurement (docs/procurement.md): orders are written here now, so an order can be a draft
 * (no number yet: the number is given at submission), carries what its form asks (expected
 * delivery, payment terms, terms and conditions, freight's own GST rate) and the version it is at
 * (a rejected order is edited and submitted again; each submitted version is kept with what
 * changed). A line orders an asset type (whole units, each becoming an asset) or an accessory
 * (stock). Goods receive notes record what arrived against an approved order, line by line; the
 * assets and accessory movements a note creates point at its line, so cancelling the note finds
 * them. An order's receipt states (partially received, received, closed short) join its statuses.
 */

const ORDER_STATES = `(
  (status in ('draft', 'pending') and verification_status = 'pending' and approval_status = 'not_started')
  or (status = 'waiting_for_approval' and verification_status = 'verified' and approval_status = 'waiting')
  or (status in ('approved', 'completed', 'partially_received', 'received', 'closed')
    and verification_status = 'verified' and approval_status = 'approved')
  or (status = 'rejected' and (
    (verification_status = 'rejected' and approval_status = 'not_started')
    or (verification_status = 'verified' and approval_status = 'rejected')))
  or (status = 'cancelled' and approval_status <> 'approved')
)`;

const statements = [
  // A draft has no number (nor its financial year's sequence) until it is submitted.
  `alter table purchase_orders
    alter column po_number drop not null,
    alter column financial_year drop not null,
    alter column sequence drop not null,
    add column expected_delivery_date date,
    add column payment_terms text not null default '' check (char_length(payment_terms) <= 200),
    add column terms_text text not null default '' check (char_length(terms_text) <= 4000),
    add column freight_tax_rate numeric(5,2) check (freight_tax_rate in (0, 5, 12, 18, 28)),
    add column version integer not null default 1 check (version > 0),
    add column submitted_by integer references users,
    add column submitted_at timestamptz,
    add column close_reason text check (char_length(close_reason) <= 500),
    add column closed_by integer references users,
    add column closed_at timestamptz`,
  `alter table purchase_orders
    add constraint purchase_orders_tax_kind check (tax_kind in ('intra', 'inter', 'unregistered')),
    add constraint purchase_orders_states check ${ORDER_STATES},
    add constraint purchase_orders_numbered check (
      status = 'draft' or (po_number is not null and financial_year is not null and sequence is not null)),
    add constraint purchase_orders_closed check ((status = 'closed') = (closed_at is not null)),
    add constraint purchase_orders_delivery check (expected_delivery_date >= po_date)`,
  // Drafts are listed to their branch's writers, newest first.
  `create index purchase_orders_drafts on purchase_orders (billed_branch_id, updated_at desc) where status = 'draft'`,
  `alter table purchase_order_lines
    alter column asset_type_id drop not null,
    alter column brand_id drop not null,
    add column accessory_id integer references accessories (id),
    add column model text check (char_length(model) <= 100),
    add column unit text not null default 'Nos' check (unit in ('Nos', 'Set', 'Pair', 'Box', 'Metre')),
    add column discount_percent numeric(5,2) check (discount_percent between 0 and 100),
    add column delivery_branch_id integer references branches (id),
    add column warranty_months integer check (warranty_months between 0 and 240),
    add constraint purchase_order_lines_item check ((asset_type_id is null) <> (accessory_id is null)),
    add constraint purchase_order_lines_brand check (asset_type_id is null or brand_id is not null),
    add constraint purchase_order_lines_units check (quantity = trunc(quantity))`,
  'create index purchase_order_lines_accessory on purchase_order_lines (accessory_id) where accessory_id is not null',
  `create table purchase_order_versions (
    id integer generated always as identity primary key,
    purchase_order_id integer not null references purchase_orders (id) on delete cascade,
    version integer not null check (version > 0),
    snapshot jsonb not null,
    changes jsonb not null default '[]',
    submitted_by integer not null references users (id),
    submitted_at timestamptz not null default now(),
    unique (purchase_order_id, version)
  )`,
  // An unregistered supplier has no GSTIN: it charges no GST and gives no input tax credit.
  'alter table vendors alter column gstin drop not null',
  `alter table companies
    add column purchase_terms text not null default '' check (char_length(purchase_terms) <= 4000),
    add column gst_in_asset_cost boolean not null default false`,
  `create table goods_receipt_notes (
    id integer generated always as identity primary key,
    grn_number text not null unique,
    purchase_order_id integer not null references purchase_orders (id),
    branch_id integer not null references branches (id),
    financial_year char(7) not null check (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
    sequence integer not null check (sequence > 0),
    received_date date not null,
    invoice_number text not null check (char_length(invoice_number) between 1 and 50),
    invoice_date date not null check (invoice_date <= received_date),
    received_by integer not null references staff (id),
    remarks text not null default '' check (char_length(remarks) <= 1000),
    status text not null default 'RECEIVED' check (status in ('RECEIVED', 'CANCELLED')),
    cancel_reason text check (char_length(cancel_reason) <= 500),
    cancelled_by integer references users (id),
    cancelled_at timestamptz,
    created_by integer not null references users (id),
    created_at timestamptz not null default now(),
    unique (branch_id, financial_year, sequence),
    check ((status = 'CANCELLED') = (cancelled_at is not null))
  )`,
  'create index goods_receipt_notes_order on goods_receipt_notes (purchase_order_id)',
  'create index goods_receipt_notes_branch on goods_receipt_notes (branch_id, received_date desc, id desc)',
  `create table goods_receipt_lines (
    id integer generated always as identity primary key,
    note_id integer not null references goods_receipt_notes (id) on delete cascade,
    purchase_order_line_id integer not null references purchase_order_lines (id),
    received numeric(12,3) not null check (received > 0),
    accepted numeric(12,3) not null check (accepted >= 0),
    rejected numeric(12,3) not null check (rejected >= 0),
    rejection_reason text check (char_length(rejection_reason) between 1 and 500),
    unique (note_id, purchase_order_line_id),
    check (received = accepted + rejected),
    check (rejected = 0 or rejection_reason is not null)
  )`,
  'create index goods_receipt_lines_order_line on goods_receipt_lines (purchase_order_line_id)',
  'alter table assets add column goods_receipt_line_id integer references goods_receipt_lines (id)',
  'create index assets_goods_receipt_line on assets (goods_receipt_line_id) where goods_receipt_line_id is not null',
  'alter table accessory_movements add column goods_receipt_line_id integer references goods_receipt_lines (id)',
  'create index accessory_movements_goods_receipt_line on accessory_movements (goods_receipt_line_id) where goods_receipt_line_id is not null',
];

/** The unnamed checks of 0001 that the new ones above replace: tax kinds and order states. */
const REPLACED_CHECKS = [`%tax_kind%'intra'%`, `%waiting_for_approval%`];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const pattern of REPLACED_CHECKS) {
    const found = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'purchase_orders'::regclass and contype = 'c'
        and pg_get_constraintdef(oid) like ${pattern}`.execute(db);
    for (const { name } of found.rows)
      await sql`alter table purchase_orders drop constraint ${sql.id(name)}`.execute(db);
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
  // Branch managers cancel their branches' goods receive notes (the module's delete action).
  await sql`insert into role_grants (role_id, module_id, action_id)
    select r.id, m.id, a.id from roles r, modules m, actions a
    where r.code = 'manager' and m.code = 'goods_receive_note' and a.code = 'delete'
    on conflict do nothing`.execute(db);
}
