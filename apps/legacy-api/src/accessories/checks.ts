import type { CallRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { mustWorkIn } from '../shared/branch-scope.ts';
import { valuesByRule } from '../shared/record-calls.ts';
import type { StoredAccessory } from './rows.ts';

/*
 * What an accessory's save must agree with beyond its format: its type, brand and the asset types
 * it fits exist (one newly chosen is active), its name is its brand's only one, the minimums it
 * sets are of branches the caller works in, and its unit (its type's) stays once stock was counted
 * in it. Then the fits and minimums the request names are written beside the record.
 */

type AccessoryBody = CallRequest<'accessoryStore'>;

type Named = 'accessoryTypes' | 'brands' | 'assetTypes';

const NOUN: Record<Named, string> = {
  accessoryTypes: 'Accessory type',
  brands: 'Brand',
  assetTypes: 'Asset type',
};

/** A record of a named table: it exists, and is active unless the accessory already had it. */
async function chosen(trx: Db, table: Named, id: number, had: boolean) {
  const record = await trx
    .selectFrom(table)
    .select(['name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!record) throw new Refusal(`${NOUN[table]} ${id} does not exist.`);
  if (!record.active && !had)
    throw new Refusal(`${NOUN[table]} ${record.name} is InActive: choose another.`);
}

/** The columns a store (self null) or update writes, once the request is checked. */
export async function accessoryValues(
  trx: Db,
  body: AccessoryBody,
  self: StoredAccessory | null,
  session: Session,
): Promise<Record<string, unknown>> {
  await chosen(
    trx,
    'accessoryTypes',
    body.AccessoryType,
    body.AccessoryType === self?.accessoryTypeId,
  );
  if (body.Brand !== undefined)
    await chosen(trx, 'brands', body.Brand, body.Brand === self?.brandId);
  const fitted = new Set(self?.fits.map((fit) => fit.id));
  for (const assetType of new Set(body.AssetTypes ?? []))
    await chosen(trx, 'assetTypes', assetType, fitted.has(assetType));
  for (const { Branch } of body.Minimums ?? []) await mustWorkIn(trx, session.access, Branch);

  const taken = await trx
    .selectFrom('accessories as a')
    .leftJoin('brands as br', 'br.id', 'a.brandId')
    .select(['a.name', 'br.name as brandName'])
    .where(sql<boolean>`lower(a.name) = ${body.AccessoryName.toLowerCase()}`)
    .where(sql<boolean>`coalesce(a.brand_id, 0) = ${body.Brand ?? 0}`)
    .where('a.id', '<>', self?.id ?? 0)
    .executeTakeFirst();
  if (taken)
    throw new Refusal(
      `Accessory ${taken.brandName ? `${taken.name} (${taken.brandName})` : taken.name} already exists.`,
    );

  const type = await trx
    .selectFrom('accessoryTypes')
    .select(['name', 'unit'])
    .where('id', '=', body.AccessoryType)
    .executeTakeFirstOrThrow();
  // The ledger counts in the unit: a box of probes is not a probe.
  if (self && type.unit !== self.unit) {
    const moved = await trx
      .selectFrom('accessoryMovements')
      .select('id')
      .where('accessoryId', '=', self.id)
      .limit(1)
      .executeTakeFirst();
    if (moved)
      throw new Refusal(
        `The unit of ${self.name} cannot change once it has stock movements: choose a type counted in ${self.unit}, not ${type.name} (${type.unit}).`,
      );
  }
  return {
    ...valuesByRule('accessoryStore', 'Accessory', body, ['AssetTypes', 'Minimums']),
    unit: type.unit,
  };
}

/** The fits and minimums a save names, written once the accessory is. */
export async function writeFitsAndMinimums(
  trx: Db,
  id: number,
  body: AccessoryBody,
): Promise<void> {
  if (body.AssetTypes !== undefined) {
    await trx.deleteFrom('accessoryFits').where('accessoryId', '=', id).execute();
    const assetTypes = [...new Set(body.AssetTypes)];
    if (assetTypes.length > 0)
      await trx
        .insertInto('accessoryFits')
        .values(assetTypes.map((assetTypeId) => ({ accessoryId: id, assetTypeId })))
        .execute();
  }
  for (const { Branch, Minimum } of body.Minimums ?? []) {
    if (Minimum === undefined) {
      await trx
        .deleteFrom('accessoryMinimums')
        .where('accessoryId', '=', id)
        .where('branchId', '=', Branch)
        .execute();
      continue;
    }
    await trx
      .insertInto('accessoryMinimums')
      .values({ accessoryId: id, branchId: Branch, minimum: Minimum })
      .onConflict((conflict) =>
        conflict.columns(['accessoryId', 'branchId']).doUpdateSet({ minimum: Minimum }),
      )
      .execute();
  }
}
