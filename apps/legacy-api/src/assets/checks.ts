import type { CallRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { branchLabel, mustWorkIn } from '../shared/branch-scope.ts';
import type { StoredAsset } from './rows.ts';

/*
 * What an asset's request must agree with beyond its format (docs/assets.md): its references
 * exist (a newly chosen one is active), its location, custodian and order belong to its branch,
 * its serial number is its brand's only one, its warranty ends after it starts, and its status is
 * one a form may give.
 */

type AssetBody = CallRequest<'assetStore'>;

type Named = 'assetTypes' | 'brands' | 'vendors';

const NOUN: Record<Named, string> = {
  assetTypes: 'Asset type',
  brands: 'Brand',
  vendors: 'Vendor',
};

/** A record of a named table: it exists, and is active unless the asset already had it. */
async function chosen(trx: Db, table: Named, id: number, had: number | null | undefined) {
  const record = await trx
    .selectFrom(table)
    .select(['name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!record) throw new Refusal(`${NOUN[table]} ${id} does not exist.`);
  if (!record.active && id !== had)
    throw new Refusal(`${NOUN[table]} ${record.name} is InActive: choose another.`);
}

export async function assetChecks(
  trx: Db,
  body: AssetBody,
  self: StoredAsset | null,
  session: Session,
): Promise<void> {
  if (self && body.Branch !== self.branchId)
    throw new Refusal('An asset moves to another branch by a transfer, not by editing it.');
  if (!self) await mustWorkIn(trx, session.access, body.Branch);
  const status = body.AssetStatus;
  if (self) {
    if (status !== undefined && status !== self.assetStatus)
      throw new Refusal('The status of an asset changes only through its workflows.');
  } else if (status !== undefined && status !== 'IN_STOCK' && status !== 'IN_USE') {
    throw new Refusal(
      'A new asset is In stock or In use; the other statuses come from their workflows.',
    );
  }
  if (!self && status === 'IN_USE' && !body.PutToUseDate)
    throw new Refusal('An asset in use needs its put-to-use date.');
  await chosen(trx, 'assetTypes', body.AssetType, self?.assetTypeId);
  await chosen(trx, 'brands', body.Brand, self?.brandId);
  if (body.Vendor !== undefined) await chosen(trx, 'vendors', body.Vendor, self?.vendorId);
  const location = await trx
    .selectFrom('assetLocations')
    .select(['name', 'branchId', 'active'])
    .where('id', '=', body.Location)
    .executeTakeFirst();
  if (!location || location.branchId !== body.Branch)
    throw new Refusal(
      `Location ${location?.name ?? body.Location} is not a location of branch ${await branchLabel(trx, body.Branch)}.`,
    );
  if (!location.active && body.Location !== self?.locationId)
    throw new Refusal(`Location ${location.name} is InActive: choose another.`);
  if (body.Custodian !== undefined) {
    const custodian = await trx
      .selectFrom('staff as s')
      .select(['s.name', 's.active'])
      .where('s.id', '=', body.Custodian)
      .where((eb) =>
        eb.or([
          eb('s.branchId', '=', body.Branch),
          eb.exists(
            eb
              .selectFrom('branchStaff as bs')
              .select('bs.id')
              .whereRef('bs.staffId', '=', 's.id')
              .where('bs.branchId', '=', body.Branch),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!custodian)
      throw new Refusal(
        `Custodian ${body.Custodian} is not a staff member of branch ${await branchLabel(trx, body.Branch)}.`,
      );
    if (!custodian.active && body.Custodian !== self?.custodianId)
      throw new Refusal(`Custodian ${custodian.name} is InActive: choose another.`);
  }
  if (body.PurchaseOrder !== undefined) {
    const order = await trx
      .selectFrom('purchaseOrders')
      .select(['poNumber', 'billedBranchId', 'shippedBranchId'])
      .where('id', '=', body.PurchaseOrder)
      .executeTakeFirst();
    if (!order || (order.billedBranchId !== body.Branch && order.shippedBranchId !== body.Branch))
      throw new Refusal(
        `Purchase order ${order?.poNumber ?? body.PurchaseOrder} is not an order of branch ${await branchLabel(trx, body.Branch)}.`,
      );
  }
  if (body.SerialNumber) {
    const holder = await trx
      .selectFrom('assets as a')
      .innerJoin('brands as br', 'br.id', 'a.brandId')
      .select(['a.tag', 'br.name as brandName'])
      .where('a.brandId', '=', body.Brand)
      .where(sql<boolean>`lower(a.serial_number) = ${body.SerialNumber.toLowerCase()}`)
      .where('a.id', '<>', self?.id ?? 0)
      .executeTakeFirst();
    if (holder)
      throw new Refusal(
        `Brand ${holder.brandName} already has an asset with serial number ${body.SerialNumber}: ${holder.tag}.`,
      );
  }
  if (body.WarrantyStart && body.WarrantyEnd && body.WarrantyEnd < body.WarrantyStart)
    throw new Refusal(
      `Warranty end ${body.WarrantyEnd} is before its start ${body.WarrantyStart}.`,
    );
}
