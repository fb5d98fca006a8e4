import { makeGstin } from '@branch-assets/domain';
import { UNREGISTERED_VENDOR, VENDORS } from '../demo-data.ts';
import type { Random } from '../random.ts';
import { required, type Trx } from './shared.ts';

/** The demo's vendors, in the states of the branches, each with a PAN and a GSTIN that holds it. */

export interface DemoVendor {
  id: number;
  stateCode: string;
  name: string;
}

function pan(random: Random, holder: string, name: string): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const initial =
    name
      .replace(/[^A-Z]/gi, '')
      .charAt(0)
      .toUpperCase() || 'X';
  const three = Array.from({ length: 3 }, () => random.pick([...letters])).join('');
  return `${three}${holder}${initial}${String(random.int(1000, 9999))}${random.pick([...letters])}`;
}

export async function seedVendors(trx: Trx, random: Random): Promise<DemoVendor[]> {
  const stateRows = await trx.selectFrom('states').select(['id', 'gstCode']).execute();
  const stateId = (code: string) =>
    required(stateRows.find((row) => row.gstCode === code)?.id, `state ${code}`);
  const vendors: { id: number; stateCode: string; name: string }[] = [];
  for (const [index, vendor] of VENDORS.entries()) {
    const vendorPan = pan(random, vendor.holder, vendor.name);
    const { id } = await trx
      .insertInto('vendors')
      .values({
        code: `V${String(index + 1).padStart(4, '0')}`,
        name: vendor.name,
        gstin: makeGstin(vendor.stateCode, vendorPan, String(random.int(1, 3))),
        pan: vendorPan,
        stateId: stateId(vendor.stateCode),
        address: vendor.address,
        contactPerson: vendor.contactPerson,
        phone: vendor.phone,
        email: `sales@${vendor.name
          .toLowerCase()
          .replace(/[^a-z]+/g, '')
          .slice(0, 18)}.in`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    vendors.push({ id, stateCode: vendor.stateCode, name: vendor.name });
  }

  return vendors;
}

/**
 * The local supplier without a GSTIN (UNREGISTERED_VENDOR), coded after the others. It draws
 * nothing at random and is kept out of the list seedVendors answers, so the rest of the demo is
 * as it was; procurement's demo orders buy from it (seed/demo/procurement.ts).
 */
export async function seedUnregisteredVendor(trx: Trx): Promise<DemoVendor> {
  const { count } = await trx
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const state = await trx
    .selectFrom('states')
    .select('id')
    .where('gstCode', '=', UNREGISTERED_VENDOR.stateCode)
    .executeTakeFirstOrThrow();
  const { id } = await trx
    .insertInto('vendors')
    .values({
      code: `V${String(Number(count) + 1).padStart(4, '0')}`,
      name: UNREGISTERED_VENDOR.name,
      gstin: null,
      pan: UNREGISTERED_VENDOR.pan,
      stateId: state.id,
      address: UNREGISTERED_VENDOR.address,
      contactPerson: UNREGISTERED_VENDOR.contactPerson,
      phone: UNREGISTERED_VENDOR.phone,
      email: 'srimuruganfurniture@gmail.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, stateCode: UNREGISTERED_VENDOR.stateCode, name: UNREGISTERED_VENDOR.name };
}
