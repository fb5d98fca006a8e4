import { type AssetStatus, assetTag, type Condition, toPaise } from '@branch-assets/domain';
import { sql } from 'kysely';
import {
  ADMINISTRATION,
  ASSET_NOTES,
  BRANCH_OPENED_YEARS_AGO,
  BRANCH_SIZES,
  type BranchSize,
  CATEGORY_SUPPLY,
  CONDEMNED_REASONS,
  CRITICAL_ROOMS,
  type DemoRoom,
  HEAD_OFFICE,
  OUT_OF_ORDER_REASONS,
  REGISTER_FACTS,
  type RegisterFacts,
  ROOMS,
  SERIAL_PATTERNS,
  SPARES,
  STORE,
  UNDER_REPAIR_REASONS,
  VENDOR_SUPPLY,
} from '../asset-data.ts';
import { BRANCHES, DEMO_USERS } from '../demo-data.ts';
import type { Random } from '../random.ts';
import type { DemoAssetType } from './catalogue.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { DAY_MS, required, type Trx } from './shared.ts';
import type { DemoVendor } from './vendors.ts';

/*
 * The demo's asset register: the rooms of every branch (asset locations), what stood in them
 * before the product (opening balances, bought over the years since the branch opened, entered
 * by the branch's manager when the group started using the product), and an asset for every unit
 * of the completed demo orders, received into the branch the order was shipped to. Each asset has
 * its CREATED event; a few were marked Out of order since (and of those, a couple went for repair
 * or were condemned), each step a STATUS event with its reason. Tags are numbered per branch from
 * 1 in the order the assets were entered, and each branch's counter is left at its last number.
 * Everything is made in memory and written in a few set-based statements.
 */

/** The group started using the product this many days ago, a little before its first order. */
export const GO_LIVE_DAYS_AGO = 560;

export interface DemoAssetCounts {
  assetLocations: number;
  assets: number;
  assetEvents: number;
  /** Audit entries of the Out-of-order marks, as api/asset/out-of-order writes them. */
  auditEntries: number;
}

interface AssetRow {
  tag: string;
  name: string;
  asset_type_id: number;
  brand_id: number;
  model: string;
  serial_number: string | null;
  branch_id: number;
  location_id: number;
  custodian_id: number | null;
  vendor_id: number | null;
  purchase_order_id: number | null;
  purchase_reference: string | null;
  purchase_date: string;
  cost: string;
  put_to_use_date: string | null;
  warranty_start: string | null;
  warranty_end: string | null;
  useful_life_years: number;
  criticality: string;
  condition: Condition;
  notes: string | null;
  asset_status: AssetStatus;
  created_by: number;
  created_at: string;
  updated_at: string;
}

interface EventRow {
  tag: string;
  kind: string;
  at: string;
  user_id: number;
  changes: Record<string, [unknown, unknown]>;
  reason: string | null;
}

/** An asset being made: its row, and what the status changes need. */
interface Draft {
  row: Omit<AssetRow, 'tag' | 'updated_at'>;
  code: string;
  createdAt: number;
}

const SIZE_INDEX: Record<BranchSize, 0 | 1 | 2> = { large: 0, medium: 1, small: 2 };

/** The date in India of a moment. */
const indianDate = (moment: number) => new Date(moment + 330 * 60_000).toISOString().slice(0, 10);

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (day: number) => new Date(day).toISOString().slice(0, 10);

/** The last day of a warranty of `years` whole years from `start`. */
function warrantyEnd(start: string, years: number): string {
  const [year = 0, month = 1, day = 1] = start.split('-').map(Number);
  return isoOf(Date.UTC(year + years, month - 1, day) - DAY_MS);
}

/** Rupees and paise as numeric text: a price rounded to tens, now and then with paise. */
function price(random: Random, [low, high]: readonly [number, number]): string {
  const rupees = random.int(low, high);
  const paise = random.chance(0.2) ? random.int(1, 99) : 0;
  return `${rupees - (rupees % 10)}.${String(paise).padStart(2, '0')}`;
}

function paiseText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** A serial number in the brand's way of writing them (asset-data.ts SERIAL_PATTERNS). */
export function serialNumber(random: Random, brand: string, year: number): string {
  const initials =
    brand
      .replace(/[^A-Za-z ]/g, '')
      .split(' ')
      .map((word) => word.charAt(0).toUpperCase())
      .join('')
      .slice(0, 3) || 'SN';
  const pattern = SERIAL_PATTERNS[brand] ?? `${initials}YY999999`;
  const yy = String(year % 100).padStart(2, '0');
  let out = '';
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern.charAt(at);
    if (char === 'Y' && pattern.charAt(at + 1) === 'Y') {
      out += yy;
      at += 1;
    } else if (char === 'A') out += random.pick([...ALPHABET]);
    else if (char === '9') out += random.pick([...DIGITS]);
    else if (char === 'X') out += random.pick([...ALPHABET, ...DIGITS]);
    else out += char;
  }
  return out;
}

/** A free-text purchase reference of an asset bought before the product. */
function openingReference(random: Random, vendorName: string, purchaseDate: string): string {
  const year = Number(purchaseDate.slice(0, 4));
  const fyStart = Number(purchaseDate.slice(5, 7)) >= 4 ? year : year - 1;
  const fy = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
  const initials = vendorName
    .split(' ')
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 4);
  const [y, m, d] = purchaseDate.split('-');
  return random.pick([
    `Invoice ${year}/${String(random.int(1, 2400)).padStart(4, '0')}`,
    `${initials}/${fy}/${random.int(100, 999)}`,
    `Bill No. ${random.int(1000, 9999)} dt ${d}.${m}.${y}`,
  ]);
}

function condition(random: Random, ageYears: number): Condition {
  if (ageYears < 2) return random.chance(0.95) ? 'GOOD' : 'FAIR';
  if (ageYears < 5) return random.weighted({ GOOD: 70, FAIR: 27, POOR: 3 });
  return random.weighted({ GOOD: 40, FAIR: 45, POOR: 15 });
}

export async function seedAssets(
  trx: Trx,
  random: Random,
  parts: {
    organisation: DemoOrganisation;
    people: DemoPeople;
    vendors: DemoVendor[];
    types: DemoAssetType[];
  },
  today: Date,
): Promise<DemoAssetCounts> {
  const { branchId, branchState } = parts.organisation;
  const { userId, raisedBy } = parts.people;
  const now = today.getTime();
  const todayIso = indianDate(now);
  const goLive = dayOf(todayIso) - GO_LIVE_DAYS_AGO * DAY_MS;

  // The rooms: each branch has those of its size (the head office its administration too).
  const roomsOf = (code: string): DemoRoom[] => {
    const size = required(BRANCH_SIZES[code], `size of ${code}`);
    const rooms = ROOMS.filter((room) => room.sizes.includes(size));
    return code === HEAD_OFFICE ? [...rooms, ADMINISTRATION] : rooms;
  };
  const locations = await trx
    .insertInto('assetLocations')
    .values(
      BRANCHES.flatMap((branch) =>
        roomsOf(branch.code).map((room) => ({ branchId: branchId(branch.code), name: room.name })),
      ),
    )
    .returning(['id', 'branchId', 'name'])
    .execute();
  const locationId = (code: string, room: string) =>
    required(
      locations.find((row) => row.branchId === branchId(code) && row.name === room)?.id,
      `room ${room} of ${code}`,
    );

  // The staff who may hold an asset: those whose home branch it is, by designation.
  const staff = await trx
    .selectFrom('staff as s')
    .innerJoin('designations as d', 'd.id', 's.designationId')
    .select(['s.id', 's.branchId', 'd.name as designation'])
    .orderBy('s.id')
    .execute();
  const staffOf = (code: string) => staff.filter((row) => row.branchId === branchId(code));
  const custodian = (code: string, rule: RegisterFacts['custodian'], room: string) => {
    const own = staffOf(code);
    const of = (designation: string) => own.find((row) => row.designation === designation)?.id;
    if (rule === 'user') return random.pick(own).id;
    if (rule === 'engineer') return random.chance(0.3) ? (of('Biomedical Engineer') ?? null) : null;
    if (rule === 'desk' && random.chance(0.5)) {
      if (room === STORE || room === 'Pharmacy') return of('Store Keeper') ?? null;
      if (room === 'Front office' || room === 'Administration')
        return of('Accounts Executive') ?? null;
    }
    return null;
  };

  // Who enters a branch's assets and marks them: its manager's login, and the demo users who
  // manage it (the administrator at the head office).
  const creatorsOf = (code: string) => [
    required(raisedBy.get(code), `manager of ${code}`),
    ...DEMO_USERS.filter(
      (user) =>
        (user.role === 'manager' && user.branches !== 'all' && user.branches.includes(code)) ||
        (user.role === 'admin' && user.homeBranch === code),
    ).map((user) => userId(user.username)),
  ];

  const typeByName = new Map(parts.types.map((type) => [type.spec.type, type]));
  const typeNamed = (name: string) => required(typeByName.get(name), `asset type ${name}`);
  const factsOf = (name: string) => required(REGISTER_FACTS[name], `register facts of ${name}`);
  const vendorFor = (category: string, stateCode: string) => {
    const kind = CATEGORY_SUPPLY[category];
    const able = parts.vendors.filter((vendor) => VENDOR_SUPPLY[vendor.name] === kind);
    const local = able.filter((vendor) => vendor.stateCode === stateCode);
    return random.pick(local.length > 0 && random.chance(0.7) ? local : able);
  };
  const serials = new Map<number, Set<string>>();
  const freshSerial = (brandId: number, brand: string, year: number) => {
    const taken = serials.get(brandId) ?? new Set<string>();
    serials.set(brandId, taken);
    for (;;) {
      const serial = serialNumber(random, brand, year);
      if (!taken.has(serial.toLowerCase())) {
        taken.add(serial.toLowerCase());
        return serial;
      }
    }
  };
  // How many of a type a room has had: the number in its name (Multipara Monitor, ICU 3).
  const numbered = new Map<string, number>();
  const nameFor = (code: string, type: string, room: string) => {
    const key = `${code}/${type}/${room}`;
    const number = (numbered.get(key) ?? 0) + 1;
    numbered.set(key, number);
    return `${type}, ${room} ${number}`;
  };

  const drafts: Draft[] = [];

  // Opening balances: what stood in each room when the group started using the product.
  for (const [branchIndex, branch] of BRANCHES.entries()) {
    const code = branch.code;
    const size = SIZE_INDEX[required(BRANCH_SIZES[code], 'size')];
    const opened =
      goLive - Math.round(required(BRANCH_OPENED_YEARS_AGO[code], 'opening') * 365) * DAY_MS;
    // Each branch entered its register on a working day of the first weeks, its manager at it.
    const uploadedAt = goLive + (2 + branchIndex * 2) * DAY_MS + (10 * 60 + 30 - 330) * 60_000;
    const enteredBy = required(creatorsOf(code)[0], 'creator');
    // A branch buys most of a type from one brand.
    const usualBrand = new Map<string, number>();
    const place = (room: string, typeName: string, allowed?: readonly string[], spare = false) => {
      const type = typeNamed(typeName);
      const facts = factsOf(typeName);
      const brands = type.spec.brands
        .map((brand, at) => ({ brand, at }))
        .filter(({ brand }) => !allowed || allowed.includes(brand));
      const usual = usualBrand.get(typeName) ?? random.pick(brands).at;
      usualBrand.set(typeName, usual);
      const brandAt =
        random.chance(0.75) && brands.some(({ at }) => at === usual)
          ? usual
          : random.pick(brands).at;
      const brand = required(type.spec.brands[brandAt], 'brand');
      const brandId = required(type.brandIds[brandAt], 'brand id');
      // Bought when the branch opened, or since; spares only in the last years.
      const from = spare ? Math.max(opened, goLive - 3 * 365 * DAY_MS) : opened;
      const bought = random.chance(spare ? 0 : 0.55)
        ? opened + random.int(0, 90) * DAY_MS
        : random.int(from / DAY_MS, goLive / DAY_MS - 14) * DAY_MS;
      const purchaseDate = isoOf(bought);
      const putToUse = spare
        ? null
        : isoOf(
            Math.min(
              bought + random.int(facts.installDays[0], facts.installDays[1]) * DAY_MS,
              goLive - DAY_MS,
            ),
          );
      const years = random.int(facts.warrantyYears[0], facts.warrantyYears[1]);
      // Older papers are sometimes lost: no warranty on record.
      const lost = (goLive - bought) / DAY_MS > 4 * 365 && random.chance(0.15);
      const warrantyFrom = type.spec.category === 'Medical Equipment' ? putToUse : null;
      const warrantyStart = years > 0 && !lost ? (warrantyFrom ?? purchaseDate) : null;
      // Many were bought with, or since given, an extended warranty that ends in the coming
      // year (a few just ended): the renewals the branch is planning.
      const ends = warrantyStart ? warrantyEnd(warrantyStart, years) : null;
      const extendedTo = isoOf(dayOf(todayIso) + random.int(-30, 400) * DAY_MS);
      const extended = ends && random.chance(0.4) && extendedTo > ends ? extendedTo : null;
      const vendor = vendorFor(type.spec.category, required(branchState.get(code), 'state'));
      drafts.push({
        code,
        createdAt: uploadedAt + drafts.length * 1000,
        row: {
          name: nameFor(code, typeName, spare ? 'spare' : room),
          asset_type_id: type.id,
          brand_id: brandId,
          model: required(type.spec.models[brandAt % type.spec.models.length], 'model'),
          serial_number:
            facts.serialNumbered && random.chance(0.97)
              ? freshSerial(brandId, brand, Number(purchaseDate.slice(0, 4)))
              : null,
          branch_id: branchId(code),
          location_id: locationId(code, room),
          custodian_id: spare ? null : custodian(code, facts.custodian, room),
          vendor_id: vendor.id,
          purchase_order_id: null,
          purchase_reference: openingReference(random, vendor.name, purchaseDate),
          purchase_date: purchaseDate,
          cost: price(random, type.spec.price),
          put_to_use_date: putToUse,
          warranty_start: warrantyStart,
          warranty_end: extended ?? ends,
          useful_life_years: facts.usefulLifeYears,
          criticality:
            CRITICAL_ROOMS.has(room) && facts.criticalRoom ? facts.criticalRoom : facts.criticality,
          condition: condition(random, (now - bought) / (365 * DAY_MS)),
          notes: random.chance(0.06) ? random.pick(ASSET_NOTES) : null,
          asset_status: spare ? 'IN_STOCK' : 'IN_USE',
          created_by: enteredBy,
          created_at: '',
        },
      });
    };
    for (const room of roomsOf(code)) {
      for (const [typeName, counts, allowed] of room.fitOut) {
        const planned = counts[size];
        if (planned === 0) continue;
        const count = planned >= 3 ? planned + random.int(-1, 1) : planned;
        for (let unit = 0; unit < count; unit += 1) place(room.name, typeName, allowed);
      }
    }
    for (const [typeName, counts] of SPARES) {
      for (let unit = 0; unit < counts[size]; unit += 1) place(STORE, typeName, undefined, true);
    }
  }

  // Every unit of the completed demo orders, received into the branch the order was shipped to.
  const lines = (
    await sql<{
      orderId: number;
      poDate: string;
      shippedBranchId: number;
      vendorId: number;
      receivedAt: Date;
      lineNo: number;
      assetTypeId: number;
      brandId: number;
      quantity: string;
      totalAmount: string;
    }>`select po.id as order_id, po.po_date, po.shipped_branch_id, po.vendor_id,
        po.updated_at as received_at, l.line_no, l.asset_type_id, l.brand_id, l.quantity,
        l.total_amount
      from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id
      where po.status = 'completed'
      order by po.updated_at, po.id, l.line_no`.execute(trx)
  ).rows;
  const codeOf = new Map(BRANCHES.map((branch) => [branchId(branch.code), branch.code]));
  const typeById = new Map(parts.types.map((type) => [type.id, type]));
  for (const line of lines) {
    const code = required(codeOf.get(line.shippedBranchId), 'shipped branch');
    const type = required(typeById.get(line.assetTypeId), 'line type');
    const facts = factsOf(type.spec.type);
    const brandAt = type.brandIds.indexOf(line.brandId);
    const brand = required(type.spec.brands[brandAt], 'line brand');
    const quantity = Number(line.quantity);
    const unitCost = Math.round(toPaise(line.totalAmount) / quantity);
    const received = line.receivedAt.getTime();
    const receivedOn = indianDate(received);
    const present = roomsOf(code).map((room) => room.name);
    const rooms = facts.rooms.filter((room) => present.includes(room));
    const spread = Math.min(20 * 60_000, (now - received) / 2);
    for (let unit = 0; unit < quantity; unit += 1) {
      const room =
        rooms.length === 0 ? STORE : random.chance(0.6) ? (rooms[0] ?? STORE) : random.pick(rooms);
      const installed = dayOf(receivedOn) + random.int(...facts.installDays) * DAY_MS;
      // Not installed yet (or kept as a spare): In stock, in the store.
      const inStock = installed >= dayOf(todayIso) || random.chance(0.03);
      const putToUse = inStock ? null : isoOf(installed);
      const years = random.int(facts.warrantyYears[0], facts.warrantyYears[1]);
      const warrantyStart = years > 0 ? (putToUse ?? receivedOn) : null;
      drafts.push({
        code,
        createdAt: received + (spread * (unit + 1)) / (quantity + 1),
        row: {
          name: nameFor(code, type.spec.type, room),
          asset_type_id: type.id,
          brand_id: line.brandId,
          model: required(type.spec.models[brandAt % type.spec.models.length], 'model'),
          serial_number: facts.serialNumbered
            ? freshSerial(line.brandId, brand, Number(line.poDate.slice(0, 4)))
            : null,
          branch_id: line.shippedBranchId,
          location_id: locationId(code, inStock ? STORE : room),
          custodian_id: inStock ? null : custodian(code, facts.custodian, room),
          vendor_id: line.vendorId,
          purchase_order_id: line.orderId,
          purchase_reference: null,
          purchase_date: line.poDate,
          cost: paiseText(unitCost),
          put_to_use_date: putToUse,
          warranty_start: warrantyStart,
          warranty_end: warrantyStart ? warrantyEnd(warrantyStart, years) : null,
          useful_life_years: facts.usefulLifeYears,
          criticality:
            CRITICAL_ROOMS.has(room) && facts.criticalRoom ? facts.criticalRoom : facts.criticality,
          condition: 'GOOD',
          notes: null,
          asset_status: inStock ? 'IN_STOCK' : 'IN_USE',
          created_by: required(creatorsOf(code)[0], 'creator'),
          created_at: '',
        },
      });
    }
  }

  // Tags: each branch's assets numbered from 1 in the order they were entered.
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const lastNumber = new Map<string, number>();
  const assets: AssetRow[] = [];
  const events: EventRow[] = [];
  const audits: (EventRow & { branch_id: number })[] = [];
  for (const draft of drafts) {
    const number = (lastNumber.get(draft.code) ?? 0) + 1;
    lastNumber.set(draft.code, number);
    const tag = assetTag(draft.code, number);
    const createdAt = new Date(draft.createdAt).toISOString();
    const start = draft.row.asset_status;
    events.push({
      tag,
      kind: 'CREATED',
      at: createdAt,
      user_id: draft.row.created_by,
      changes: { AssetStatus: [null, start] },
      reason: null,
    });
    let updatedAt = createdAt;
    let status: AssetStatus = start;
    let condition = draft.row.condition;
    // A few assets in use broke down since: the worn ones more often.
    const wear = { GOOD: 0.006, FAIR: 0.015, POOR: 0.08 }[condition];
    if (start === 'IN_USE' && random.chance(wear)) {
      const user = random.pick(creatorsOf(draft.code));
      const from = Math.max(draft.createdAt, now - 75 * DAY_MS);
      const marked = from + random.next() * (now - 3_600_000 - from);
      const reason = random.pick(OUT_OF_ORDER_REASONS);
      const at = new Date(marked).toISOString();
      const mark = {
        tag,
        kind: 'STATUS',
        at,
        user_id: user,
        changes: { AssetStatus: ['IN_USE', 'OUT_OF_ORDER'] as [unknown, unknown] },
        reason,
      };
      events.push(mark);
      audits.push({ ...mark, branch_id: draft.row.branch_id });
      status = 'OUT_OF_ORDER';
      updatedAt = at;
      condition = condition === 'GOOD' ? 'FAIR' : 'POOR';
      // Of those, some went for repair, and an old one or two were condemned.
      const old = now - dayOf(draft.row.purchase_date) > 5 * 365 * DAY_MS;
      const next: AssetStatus | null = random.chance(0.15)
        ? old && random.chance(0.5)
          ? 'CONDEMNED'
          : 'UNDER_REPAIR'
        : null;
      if (next) {
        const later = new Date(marked + random.next() * (now - 60_000 - marked)).toISOString();
        events.push({
          tag,
          kind: 'STATUS',
          at: later,
          user_id: user,
          changes: { AssetStatus: ['OUT_OF_ORDER', next] },
          reason: random.pick(next === 'CONDEMNED' ? CONDEMNED_REASONS : UNDER_REPAIR_REASONS),
        });
        status = next;
        updatedAt = later;
        if (next === 'CONDEMNED') condition = 'POOR';
      }
    }
    assets.push({
      ...draft.row,
      tag,
      condition,
      asset_status: status,
      created_at: createdAt,
      updated_at: updatedAt,
    });
  }

  await sql`insert into assets (tag, name, asset_type_id, brand_id, model, serial_number, branch_id,
      location_id, custodian_id, vendor_id, purchase_order_id, purchase_reference, purchase_date,
      cost, put_to_use_date, warranty_start, warranty_end, useful_life_years, criticality,
      condition, notes, asset_status, created_by, created_at, updated_at)
    select tag, name, asset_type_id, brand_id, model, serial_number, branch_id, location_id,
      custodian_id, vendor_id, purchase_order_id, purchase_reference, purchase_date, cost,
      put_to_use_date, warranty_start, warranty_end, useful_life_years, criticality, condition,
      notes, asset_status, created_by, created_at, updated_at
    from json_populate_recordset(null::assets, ${JSON.stringify(assets)}::json)
    order by created_at`.execute(trx);
  await sql`insert into asset_events (asset_id, kind, at, user_id, changes, reason)
    select a.id, e.kind, e.at, e.user_id, e.changes, e.reason
    from json_to_recordset(${JSON.stringify(events)}::json)
      as e(tag text, kind text, at timestamptz, user_id int, changes jsonb, reason text)
    join assets a on a.tag = e.tag
    order by e.at, a.id`.execute(trx);
  await sql`insert into audit_log (entity, entity_id, action, from_status, to_status, reason,
      user_id, branch_id, at)
    select 'asset', a.id, 'out_of_order', 'IN_USE', 'OUT_OF_ORDER', e.reason, e.user_id,
      e.branch_id, e.at
    from json_to_recordset(${JSON.stringify(audits)}::json)
      as e(tag text, at timestamptz, user_id int, branch_id int, reason text)
    join assets a on a.tag = e.tag
    order by e.at`.execute(trx);
  await trx
    .insertInto('assetTagCounters')
    .values([...lastNumber].map(([prefix, last]) => ({ prefix, lastNumber: last })))
    .execute();

  return {
    assetLocations: locations.length,
    assets: assets.length,
    assetEvents: events.length,
    auditEntries: audits.length,
  };
}
