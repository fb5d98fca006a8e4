/**
 * A legacy-api for the gateway benchmark, in its own process as in production: the demo seed in
 * an in-memory PGlite plus copies of one branch's orders, so that its list has about 1,000 rows.
 * Prints one JSON line with its address, an admin token and the branch id, then serves until killed.
 */
import type { AddressInfo } from 'node:net';
import {
  buildApp,
  loadConfig,
  migrateToLatest,
  openDatabase,
  seedDemo,
} from '@branch-assets/legacy-api/embedded';
import { sql } from 'kysely';

const database = await openDatabase({ kind: 'pglite-memory' });
await migrateToLatest(database.db);
await seedDemo(database.db);
const branch = await database.db
  .selectFrom('branches')
  .select('id')
  .where('code', '=', 'CHN-ANN')
  .executeTakeFirstOrThrow();
await sql`
  insert into purchase_orders (po_number, billed_branch_id, shipped_branch_id, vendor_id, po_date, financial_year, sequence,
    tax_kind, sub_total, discount, freight_amount, cgst_amount, sgst_amount, igst_amount, round_off, grand_total, remarks_html,
    quotation_path, po_path, status, verification_status, verification_reason, verified_by, verified_at, approval_status,
    approval_reason, approved_by, approved_at, cancel_reason, cancelled_by, cancelled_at, created_by, created_at, updated_at)
  select po_number || '-' || g, billed_branch_id, shipped_branch_id, vendor_id, po_date, financial_year, sequence + 1000 * g,
    tax_kind, sub_total, discount, freight_amount, cgst_amount, sgst_amount, igst_amount, round_off, grand_total, remarks_html,
    quotation_path, po_path, status, verification_status, verification_reason, verified_by, verified_at, approval_status,
    approval_reason, approved_by, approved_at, cancel_reason, cancelled_by, cancelled_at, created_by, created_at, updated_at
  from purchase_orders, generate_series(1, 33) as g
  where billed_branch_id = ${branch.id}`.execute(database.db);

const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent' }),
  db: database.db,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const login = (await (
  await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'admin', Password: 'Demo@1234' }),
  })
).json()) as { records: { Token: string } };
console.log(JSON.stringify({ url, token: login.records.Token, branchId: branch.id }));
process.once('SIGTERM', () => {
  app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
