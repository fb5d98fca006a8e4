import { BRANCHES } from '../demo-data.ts';
import type { Random } from '../random.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { DAY_MS, required, type Trx } from './shared.ts';
import type { DemoVendor } from './vendors.ts';

/*
 * The demo's accessories: one of each accessory type, fitting the equipment it goes with (made
 * with the catalogue, so that orders can buy them), stocked in most branches with a ledger of the
 * last four months (received from a vendor against a goods receipt, issued to the branch's staff,
 * consumed, now and then damaged or corrected at a stock-take), the larger branches keeping
 * higher minimums; about a quarter of the stock ends below its minimum, as a store's does before
 * the next order. Written in a few statements.
 */

/** Each accessory by its type's name: what it is called and the asset types it fits. */
const ACCESSORIES: readonly { type: string; name: string; fits: readonly string[] }[] = [
  { type: 'BP cuff, adult', name: 'BP cuff, adult, reusable', fits: ['Multipara Monitor'] },
  {
    type: 'ECG lead set, 5-lead',
    name: 'ECG lead set, 5-lead, snap',
    fits: ['ECG Machine', 'Multipara Monitor'],
  },
  { type: 'SpO2 finger probe', name: 'SpO2 finger probe, adult', fits: ['Multipara Monitor'] },
  { type: 'Defibrillator pads', name: 'Defibrillator pads, adult', fits: ['Defibrillator'] },
  { type: 'Thermal printer paper', name: 'ECG thermal paper roll, 80 mm', fits: ['ECG Machine'] },
  { type: 'Oxygen tubing', name: 'Oxygen tubing, bubble humidifier', fits: ['Ventilator'] },
  { type: 'Nebuliser mask kit', name: 'Nebuliser mask kit, adult', fits: [] },
];

/** Branches that keep twice the type's minimum (their stores serve the most beds). */
const LARGE_STORES = new Set(['CHN-HO', 'BLR-JAY', 'CHN-ANN']);

const LEDGER_DAYS = 120;

type Movement = {
  accessoryId: number;
  branchId: number;
  reason: 'RECEIVED' | 'ISSUED' | 'CONSUMED' | 'DAMAGED' | 'ADJUSTED';
  quantity: number;
  balance: number;
  vendorId: number | null;
  reference: string | null;
  staffId: number | null;
  note: string | null;
  userId: number;
  at: Date;
};

/**
 * The accessories themselves (one of each accessory type) and the equipment each fits: made with
 * the catalogue, before the orders that buy them; their stock comes later (seedAccessories).
 */
export async function seedAccessoryCatalogue(trx: Trx): Promise<void> {
  const types = await trx.selectFrom('accessoryTypes').select(['id', 'name', 'unit']).execute();
  const assetTypes = await trx.selectFrom('assetTypes').select(['id', 'name']).execute();
  const made = await trx
    .insertInto('accessories')
    .values(
      ACCESSORIES.map((accessory) => {
        const type = required(
          types.find((row) => row.name === accessory.type),
          accessory.type,
        );
        return { name: accessory.name, accessoryTypeId: type.id, unit: type.unit };
      }),
    )
    .returning(['id', 'name'])
    .execute();
  const fits = made.flatMap((row) => {
    const spec = required(
      ACCESSORIES.find((accessory) => accessory.name === row.name),
      row.name,
    );
    return spec.fits.flatMap((name) => {
      const type = assetTypes.find((candidate) => candidate.name === name);
      return type ? [{ accessoryId: row.id, assetTypeId: type.id }] : [];
    });
  });
  if (fits.length > 0) await trx.insertInto('accessoryFits').values(fits).execute();
}

export async function seedAccessories(
  trx: Trx,
  random: Random,
  parts: { organisation: DemoOrganisation; people: DemoPeople; vendors: DemoVendor[] },
  today: Date,
): Promise<{ accessories: number; movements: number }> {
  const { branchId } = parts.organisation;
  const types = await trx
    .selectFrom('accessoryTypes')
    .select(['id', 'name', 'unit', 'minimumStock'])
    .execute();
  const staff = await trx.selectFrom('staff').select(['id', 'branchId']).orderBy('id').execute();
  const made = await trx
    .selectFrom('accessories')
    .select(['id', 'name', 'accessoryTypeId'])
    .orderBy('id')
    .execute();

  const minimumOf = (accessoryTypeId: number, code: string) => {
    const type = required(
      types.find((row) => row.id === accessoryTypeId),
      'accessory type',
    );
    return LARGE_STORES.has(code) ? type.minimumStock * 2 : type.minimumStock;
  };
  const minimums = made.flatMap((row) =>
    BRANCHES.filter((branch) => LARGE_STORES.has(branch.code)).map((branch) => ({
      accessoryId: row.id,
      branchId: branchId(branch.code),
      minimum: minimumOf(row.accessoryTypeId, branch.code),
    })),
  );
  await trx.insertInto('accessoryMinimums').values(minimums).execute();

  const movements: Movement[] = [];
  const stock: { accessoryId: number; branchId: number; onHand: number }[] = [];
  const start = today.getTime() - LEDGER_DAYS * DAY_MS;
  for (const branch of BRANCHES) {
    const id = branchId(branch.code);
    const user = required(parts.people.raisedBy.get(branch.code), `manager of ${branch.code}`);
    const people = staff.filter((row) => row.branchId === id);
    for (const accessory of made) {
      // Not every branch keeps every accessory.
      if (random.chance(0.15)) continue;
      const minimum = minimumOf(accessory.accessoryTypeId, branch.code);
      let balance = 0;
      let at = start + random.int(0, 10) * DAY_MS;
      const add = (
        move: Omit<Movement, 'accessoryId' | 'branchId' | 'balance' | 'userId' | 'at'>,
      ) => {
        balance += move.quantity;
        movements.push({
          ...move,
          accessoryId: accessory.id,
          branchId: id,
          balance,
          userId: user,
          at: new Date(at),
        });
        at += random.int(3, 14) * DAY_MS + random.int(0, 8 * 3_600_000);
      };
      const receive = () =>
        add({
          reason: 'RECEIVED',
          quantity: minimum * 2 + random.int(5, 20),
          vendorId: random.pick(parts.vendors).id,
          reference: `GRN/${branch.code}/${random.int(100, 999)}`,
          staffId: null,
          note: null,
        });
      receive();
      while (at < today.getTime() - 2 * DAY_MS) {
        const roll = random.int(1, 20);
        if (roll <= 9 && people.length > 0 && balance >= 1) {
          add({
            reason: 'ISSUED',
            quantity: -Math.min(balance, random.int(1, 4)),
            vendorId: null,
            reference: null,
            staffId: random.pick(people).id,
            note: null,
          });
        } else if (roll <= 16 && balance >= 1) {
          add({
            reason: 'CONSUMED',
            quantity: -Math.min(balance, random.int(1, 3)),
            vendorId: null,
            reference: null,
            staffId: null,
            note: null,
          });
        } else if (roll === 17 && balance >= 1) {
          add({
            reason: 'DAMAGED',
            quantity: -1,
            vendorId: null,
            reference: null,
            staffId: null,
            note: 'Cable split at the connector',
          });
        } else if (roll === 18) {
          const delta = balance >= 1 && random.chance(0.5) ? -1 : 1;
          add({
            reason: 'ADJUSTED',
            quantity: delta,
            vendorId: null,
            reference: null,
            staffId: null,
            note: 'Stock-take difference',
          });
        } else if (balance <= minimum) {
          receive();
        } else {
          at += 5 * DAY_MS;
        }
      }
      // About a quarter end below the minimum, waiting for the next order: consumed two days
      // ago at the latest (the loop's last step may have moved the clock past today), so the
      // ledger has nothing in the future and a goods receipt of the last day comes after it.
      if (minimum > 0 && balance >= minimum && random.chance(0.25)) {
        at = Math.min(at, today.getTime() - 2 * DAY_MS);
        add({
          reason: 'CONSUMED',
          quantity: -(balance - minimum + 1),
          vendorId: null,
          reference: null,
          staffId: null,
          note: null,
        });
      }
      stock.push({ accessoryId: accessory.id, branchId: id, onHand: balance });
    }
  }
  // In the order they happened, so that the ledger's ids follow the moments.
  movements.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (let index = 0; index < movements.length; index += 500)
    await trx
      .insertInto('accessoryMovements')
      .values(movements.slice(index, index + 500))
      .execute();
  await trx.insertInto('accessoryStock').values(stock).execute();
  return { accessories: made.length, movements: movements.length };
}
