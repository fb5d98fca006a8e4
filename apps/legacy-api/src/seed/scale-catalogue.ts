import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sanitizeRemarks } from '../shared/html.ts';
import {
  CONDEMNED_REASONS,
  CRITICAL_ROOMS,
  OUT_OF_ORDER_REASONS,
  REGISTER_FACTS,
  STORE,
  UNDER_REPAIR_REASONS,
} from './asset-data.ts';
import {
  APPROVE_REASONS,
  ASSET_TYPES,
  CANCEL_REASONS,
  REJECT_REASONS,
  REMARKS,
  VERIFY_REASONS,
} from './demo-data.ts';
import { PRODUCTS, productCandidates, productIndex } from './products.ts';
import { int } from './scale-sql.ts';

/*
 * SEED_SCALE's lookup tables (temporary, dropped at the end of seeding): what the set-based
 * statements of scale-sql.ts pick from — the demo's branches with the people who may raise,
 * verify and approve their orders and the vendors of their state, the asset types with their
 * brands and prices, the products, and the texts of remarks and reasons.
 */

/** The branch billed a third of the scaled orders: the one the benches and the README look at. */
export const SCALE_HOME_BRANCH = 'CHN-ANN';

/** Who may raise, verify and approve orders billed to a branch, preferring non-administrators. */
interface BranchActors {
  creators: number[];
  verifiers: number[];
  approvers: number[];
}

const ints = (values: readonly number[]) => sql`array[${sql.join(values.map(int))}]::int[]`;
const texts = (values: readonly string[]) =>
  sql`array[${sql.join(values.map((value) => sql`${value}::text`))}]::text[]`;

async function actorsByBranch(trx: Kysely<Database>): Promise<Map<number, BranchActors>> {
  const { rows } = await sql<{
    branchId: number;
    userId: number;
    action: string;
    admin: boolean;
    home: boolean;
  }>`select bs.branch_id, u.id as user_id, a.code as action, r.code = 'admin' as admin,
      s.branch_id = bs.branch_id as home
    from users u
    join roles r on r.id = u.role_id
    join role_grants g on g.role_id = r.id
    join modules m on m.id = g.module_id and m.code = 'purchase_order'
    join actions a on a.id = g.action_id and a.code in ('create', 'verify', 'approve')
    join staff s on s.id = u.staff_id
    join branch_staff bs on bs.staff_id = s.id
    where u.active
    order by u.id`.execute(trx);
  const actors = new Map<number, BranchActors>();
  const choose = (branchId: number, action: string, home: boolean) => {
    const able = rows.filter((row) => row.branchId === branchId && row.action === action);
    for (const tier of [
      able.filter((row) => !row.admin && (row.home || !home)),
      able.filter((row) => !row.admin),
      able,
    ]) {
      if (tier.length > 0) return tier.map((row) => row.userId);
    }
    throw new Error(`SEED_SCALE: nobody may ${action} purchase orders of branch ${branchId}`);
  };
  for (const branchId of new Set(rows.map((row) => row.branchId))) {
    actors.set(branchId, {
      creators: choose(branchId, 'create', true),
      verifiers: choose(branchId, 'verify', false),
      approvers: choose(branchId, 'approve', false),
    });
  }
  return actors;
}

/** Fills the small lookup tables the set-based statements join: branches, types, texts. */
export async function loadCatalogue(
  trx: Kysely<Database>,
): Promise<{ homeIndex: number; branchCount: number }> {
  const branches = (
    await sql<{ id: number; code: string; state: string }>`select b.id, b.code, s.gst_code as state
      from branches b join states s on s.id = b.state_id where b.active order by b.id`.execute(trx)
  ).rows;
  const vendors = (
    await sql<{ id: number; state: string }>`select v.id, s.gst_code as state
      from vendors v join states s on s.id = v.state_id where v.active order by v.id`.execute(trx)
  ).rows;
  const homeIndex = branches.findIndex((branch) => branch.code === SCALE_HOME_BRANCH);
  if (homeIndex < 0 || branches.length < 2 || vendors.length === 0) {
    throw new Error(`SEED_SCALE needs the demo's branches (${SCALE_HOME_BRANCH}) and vendors`);
  }
  const actors = await actorsByBranch(trx);

  await sql`create temp table scale_branch (idx int primary key, id int, code text, state text,
    creators int[], verifiers int[], approvers int[], vendor_picks int[])`.execute(trx);
  await sql`insert into scale_branch values ${sql.join(
    branches.map((branch, index) => {
      const who = actors.get(branch.id);
      if (!who) throw new Error(`SEED_SCALE: nobody works in branch ${branch.code}`);
      // 1-based positions in scale_catalogue.vendor_ids of the vendors registered in the state.
      const local = vendors.flatMap((vendor, at) =>
        vendor.state === branch.state ? [at + 1] : [],
      );
      return sql`(${int(index)}, ${int(branch.id)}, ${branch.code}, ${branch.state},
        ${ints(who.creators)}, ${ints(who.verifiers)}, ${ints(who.approvers)}, ${ints(local)})`;
    }),
  )}`.execute(trx);

  const typeIds = new Map(
    (await trx.selectFrom('assetTypes').select(['id', 'name']).execute()).map((row) => [
      row.name,
      row.id,
    ]),
  );
  const brandIds = new Map(
    (await trx.selectFrom('brands').select(['id', 'name']).execute()).map((row) => [
      row.name,
      row.id,
    ]),
  );
  const known = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`SEED_SCALE: the demo's ${what} is missing`);
    return value;
  };
  await sql`create temp table scale_type (idx int primary key, type_id int, tax_rate int,
    price_min int, price_max int, max_quantity int, brand_ids int[], item_names text[])`.execute(
    trx,
  );
  await sql`insert into scale_type values ${sql.join(
    ASSET_TYPES.map(
      (type, index) => sql`(${int(index)}, ${int(known(typeIds.get(type.type), type.type))},
        ${int(type.taxRate)}, ${int(type.price[0])}, ${int(type.price[1])}, ${int(type.maxQuantity)},
        ${ints(type.brands.map((brand) => known(brandIds.get(brand), brand)))},
        ${texts(type.brands.map((brand, at) => `${brand} ${known(type.models[at % type.models.length], 'model')} ${type.type}`))})`,
    ),
  )}`.execute(trx);

  // Each product (an asset type's brand) with the products a line that draws it may get instead,
  // in order of preference (seed/products.ts), so that no order lists a product twice.
  await sql`create temp table scale_product (idx int primary key, type_idx int, brand_at int,
    candidates int[])`.execute(trx);
  await sql`insert into scale_product values ${sql.join(
    PRODUCTS.map(
      (product, index) => sql`(${int(index)}, ${int(product.type)}, ${int(product.brand)},
        ${ints(productCandidates(product).map(productIndex))})`,
    ),
  )}`.execute(trx);

  await sql`create temp table scale_catalogue as select
    ${ints(vendors.map((vendor) => vendor.id))} as vendor_ids,
    ${texts(vendors.map((vendor) => vendor.state))} as vendor_states,
    ${texts(REMARKS.map(sanitizeRemarks))} as remarks,
    ${texts(VERIFY_REASONS)} as verify_reasons,
    ${texts(APPROVE_REASONS)} as approve_reasons,
    ${texts(REJECT_REASONS)} as reject_reasons,
    ${texts(CANCEL_REASONS)} as cancel_reasons`.execute(trx);
  return { homeIndex, branchCount: branches.length };
}

/** The prefix of SEED_SCALE's serial numbers of a brand: its first three letters (PHI-250001234). */
export function serialPrefix(brand: string): string {
  return (brand.replace(/[^A-Za-z]/g, '').slice(0, 3) || 'SN').toUpperCase();
}

/**
 * The lookup tables SEED_SCALE's assets are made from (scale-sql.ts assetPlanSql), once the demo's
 * rooms, staff and assets are in: each ordered asset type with what it is to a hospital
 * (asset-data.ts REGISTER_FACTS) and its brands' models and serial prefixes; each branch's rooms
 * for each type, in order of preference, with its store; the staff who may hold its assets; and
 * the texts of status changes.
 */
export async function loadAssetCatalogue(trx: Kysely<Database>): Promise<void> {
  const typeIds = new Map(
    (await trx.selectFrom('assetTypes').select(['id', 'name']).execute()).map((row) => [
      row.name,
      row.id,
    ]),
  );
  const brandIds = new Map(
    (await trx.selectFrom('brands').select(['id', 'name']).execute()).map((row) => [
      row.name,
      row.id,
    ]),
  );
  const known = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`SEED_SCALE: the demo's ${what} is missing`);
    return value;
  };
  const facts = (type: string) => known(REGISTER_FACTS[type], `register facts of ${type}`);
  const textOrNull = (value: string | undefined) => (value ? sql`${value}::text` : sql`null::text`);

  await sql`create temp table scale_asset_type (type_id int primary key, name text,
    criticality text, room_criticality text, useful_life int, warranty_min int, warranty_max int,
    install_min int, install_max int, custodian text, serial_numbered boolean, brand_ids int[],
    models text[], serial_prefixes text[])`.execute(trx);
  await sql`insert into scale_asset_type values ${sql.join(
    ASSET_TYPES.map((type) => {
      const register = facts(type.type);
      return sql`(${int(known(typeIds.get(type.type), type.type))}, ${type.type},
        ${register.criticality}, ${textOrNull(register.criticalRoom)},
        ${int(register.usefulLifeYears)}, ${int(register.warrantyYears[0])},
        ${int(register.warrantyYears[1])}, ${int(register.installDays[0])},
        ${int(register.installDays[1])}, ${textOrNull(register.custodian ?? undefined)},
        ${register.serialNumbered},
        ${ints(type.brands.map((brand) => known(brandIds.get(brand), brand)))},
        ${texts(type.brands.map((_, at) => known(type.models[at % type.models.length], 'model')))},
        ${texts(type.brands.map(serialPrefix))})`;
    }),
  )}`.execute(trx);

  const locations = await trx
    .selectFrom('assetLocations')
    .select(['id', 'branchId', 'name'])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  const branchIds = [...new Set(locations.map((row) => row.branchId))];
  await sql`create temp table scale_room (branch_id int, type_id int, location_ids int[],
    location_names text[], critical boolean[], primary key (branch_id, type_id))`.execute(trx);
  await sql`insert into scale_room values ${sql.join(
    branchIds.flatMap((branchId) => {
      const own = locations.filter((row) => row.branchId === branchId);
      const store = known(
        own.find((row) => row.name === STORE),
        `store of branch ${branchId}`,
      );
      return [...ASSET_TYPES.map((type) => type.type), STORE].map((type) => {
        const rooms =
          type === STORE
            ? [store]
            : facts(type).rooms.flatMap((name) => own.filter((row) => row.name === name));
        const chosen = rooms.length > 0 ? rooms : [store];
        // The store's row (type 0): where what is not installed yet waits.
        return sql`(${int(branchId)}, ${int(type === STORE ? 0 : known(typeIds.get(type), type))},
          ${ints(chosen.map((row) => row.id))}, ${texts(chosen.map((row) => row.name))},
          array[${sql.join(chosen.map((row) => sql`${CRITICAL_ROOMS.has(row.name)}`))}]::boolean[])`;
      });
    }),
  )}`.execute(trx);

  const staff = await trx
    .selectFrom('staff as s')
    .innerJoin('designations as d', 'd.id', 's.designationId')
    .select(['s.id', 's.branchId', 'd.name as designation'])
    .where('s.active', '=', true)
    .orderBy('s.id')
    .execute();
  await sql`create temp table scale_staff (branch_id int primary key, staff_ids int[],
    engineer_id int)`.execute(trx);
  const staffed = branchIds.filter((branchId) => staff.some((row) => row.branchId === branchId));
  if (staffed.length > 0) {
    await sql`insert into scale_staff values ${sql.join(
      staffed.map((branchId) => {
        const own = staff.filter((row) => row.branchId === branchId);
        const engineer = own.find((row) => row.designation === 'Biomedical Engineer');
        return sql`(${int(branchId)}, ${ints(own.map((row) => row.id))},
          ${engineer ? int(engineer.id) : sql`null::int`})`;
      }),
    )}`.execute(trx);
  }

  await sql`create temp table scale_asset_text as select
    ${texts(OUT_OF_ORDER_REASONS)} as out_of_order,
    ${texts(UNDER_REPAIR_REASONS)} as under_repair,
    ${texts(CONDEMNED_REASONS)} as condemned`.execute(trx);
}
