import type { AssetStatus, DepreciationClass } from '@branch-assets/domain';
import type { Db } from '../db/database.ts';
import { aBranch, aLogin, anAsset, anAssetType } from '../test/factories.ts';

/*
 * Test data of branch-asset.test.ts and depreciation.test.ts (not a test itself): two branches
 * the report asks for (A, B) and one it does not (C), with assets of known cost, dates and lives
 * dated around the financial year 2030-31, written straight into the tables as the
 * workflows leave them (a received transfer, one in transit, a sale, a condemnation).
 */

export const FROM = '2030-04-01';
export const TO = '2031-03-31';
export const FY = '2030-31';

export interface WorldAsset {
  id: number;
  tag: string;
  /** In rupees, as stored. */
  cost: string;
  purchase: string;
  putToUse: string | null;
  life: number | null;
  depreciationClass: DepreciationClass;
  disposedOn?: string;
}

export interface World {
  a: { id: number; code: string };
  b: { id: number; code: string };
  c: { id: number; code: string };
  assets: Record<'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'a7' | 'a8' | 'a9', WorldAsset>;
  /** A manager of A and B (the report's grant); a verifier of A and B (no grant); a manager of A. */
  logins: { manager: string; verifier: string; managerOfA: string };
}

async function asset(
  db: Db,
  branch: number,
  spec: {
    cost: string;
    purchase: string;
    putToUse: string | null;
    life: number | null;
    depreciationClass?: DepreciationClass;
    status?: AssetStatus;
  },
): Promise<WorldAsset> {
  const type = await anAssetType(db);
  const depreciationClass = spec.depreciationClass ?? 'plantAndMachinery';
  const made = await anAsset(db, { branch, type });
  await db
    .updateTable('subCategories')
    .set({ depreciationClass })
    .where('id', '=', (eb) =>
      eb.selectFrom('assetTypes').select('subCategoryId').where('id', '=', type.id),
    )
    .execute();
  await db
    .updateTable('assets')
    .set({
      cost: spec.cost,
      purchaseDate: spec.purchase,
      putToUseDate: spec.putToUse,
      usefulLifeYears: spec.life,
      assetStatus: spec.status ?? (spec.putToUse ? 'IN_USE' : 'IN_STOCK'),
    })
    .where('id', '=', made.id)
    .execute();
  return {
    id: made.id,
    tag: made.tag,
    cost: spec.cost,
    purchase: spec.purchase,
    putToUse: spec.putToUse,
    life: spec.life,
    depreciationClass,
  };
}

let transfers = 0;

/** A transfer of one asset, dispatched; received at `receivedAt` (an instant) when given. */
async function transfer(
  db: Db,
  options: { from: number; to: number; asset: number; by: number; receivedAt?: string },
) {
  transfers += 1;
  const received = options.receivedAt !== undefined;
  const { id } = await db
    .insertInto('assetTransfers')
    .values({
      transferNumber: `TR/WORLD/${process.pid}/${transfers}`,
      fromBranchId: options.from,
      toBranchId: options.to,
      financialYear: FY,
      sequence: 9000 + transfers,
      reason: 'Needed there',
      status: received ? 'RECEIVED' : 'IN_TRANSIT',
      requestedBy: options.by,
      gatePassNumber: `GP/WORLD/${process.pid}/${transfers}`,
      dispatchedBy: options.by,
      dispatchedAt: '2030-09-01T10:00:00+05:30',
      ...(received ? { receivedBy: options.by, receivedAt: options.receivedAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('assetTransferItems')
    .values({
      transferId: id,
      assetId: options.asset,
      previousStatus: 'IN_USE',
      outcome: received ? 'RECEIVED' : null,
      receivedBy: received ? options.by : null,
      receivedAt: options.receivedAt ?? null,
    })
    .execute();
  await db
    .updateTable('assets')
    .set(received ? { branchId: options.to } : { assetStatus: 'IN_TRANSIT' })
    .where('id', '=', options.asset)
    .execute();
}

async function condemn(
  db: Db,
  options: {
    asset: WorldAsset;
    branch: number;
    by: number;
    condemnedOn: string;
    sold?: { on: string; amount: string };
  },
) {
  await db
    .insertInto('assetDisposals')
    .values({
      assetId: options.asset.id,
      branchId: options.branch,
      previousStatus: 'IN_USE',
      condemnedOn: options.condemnedOn,
      reason: 'Beyond economical repair',
      condition: 'POOR',
      committeeRemarks: 'Condemned by the committee',
      condemnedBy: options.by,
      ...(options.sold
        ? {
            method: 'SOLD',
            disposedOn: options.sold.on,
            amount: options.sold.amount,
            buyer: 'Scrap dealer',
            disposedBy: options.by,
            disposedAt: new Date(),
          }
        : {}),
    })
    .execute();
  await db
    .updateTable('assets')
    .set({ assetStatus: options.sold ? 'DISPOSED' : 'CONDEMNED' })
    .where('id', '=', options.asset.id)
    .execute();
  if (options.sold) options.asset.disposedOn = options.sold.on;
}

export async function buildWorld(
  db: Db,
  login: (username: string, password: string) => Promise<string>,
): Promise<World> {
  const [a, b, c] = [await aBranch(db), await aBranch(db), await aBranch(db)];
  const manager = await aLogin(db, { role: 'manager', branches: [a.id, b.id] });
  const verifier = await aLogin(db, { role: 'verifier', branches: [a.id, b.id] });
  const managerOfA = await aLogin(db, { role: 'manager', branches: [a.id] });
  const by = manager.userId;
  const assets = {
    // Held at A throughout.
    a1: await asset(db, a.id, {
      cost: '100000.00',
      purchase: '2028-04-01',
      putToUse: '2028-04-01',
      life: 10,
    }),
    // Bought at A in the period, put to use 10 October 2030: 173 days of the year, half rate.
    a2: await asset(db, a.id, {
      cost: '50000.00',
      purchase: '2030-06-01',
      putToUse: '2030-10-10',
      life: 5,
      depreciationClass: 'computers',
    }),
    // Moved A → B, received 15 September 2030 (late evening in India: still the 15th there).
    a3: await asset(db, a.id, {
      cost: '200000.00',
      purchase: '2029-04-01',
      putToUse: '2029-04-01',
      life: 10,
    }),
    // On its way A → B, not received: still A's.
    a4: await asset(db, a.id, {
      cost: '30000.00',
      purchase: '2029-07-01',
      putToUse: '2029-07-01',
      life: null,
    }),
    // Sold at B on 1 December 2030 for ₹15,000.
    a5: await asset(db, b.id, {
      cost: '80000.00',
      purchase: '2027-04-01',
      putToUse: '2027-04-01',
      life: 8,
    }),
    // Condemned at B, not yet disposed of: still on the register.
    a6: await asset(db, b.id, {
      cost: '40000.00',
      purchase: '2026-04-01',
      putToUse: '2026-04-01',
      life: null,
    }),
    // Bought after the period.
    a7: await asset(db, b.id, {
      cost: '70000.00',
      purchase: '2031-05-01',
      putToUse: null,
      life: null,
    }),
    // Bought at A in the period, in stock: no depreciation.
    a8: await asset(db, a.id, {
      cost: '10000.00',
      purchase: '2030-05-01',
      putToUse: null,
      life: null,
    }),
    // Moved C → A, received 1 November 2030.
    a9: await asset(db, c.id, {
      cost: '60000.00',
      purchase: '2029-04-01',
      putToUse: '2029-04-01',
      life: 10,
    }),
  };
  await transfer(db, {
    from: a.id,
    to: b.id,
    asset: assets.a3.id,
    by,
    receivedAt: '2030-09-15T23:00:00+05:30',
  });
  await transfer(db, { from: a.id, to: b.id, asset: assets.a4.id, by });
  await transfer(db, {
    from: c.id,
    to: a.id,
    asset: assets.a9.id,
    by,
    receivedAt: '2030-11-01T11:00:00+05:30',
  });
  await condemn(db, {
    asset: assets.a5,
    branch: b.id,
    by,
    condemnedOn: '2030-11-20',
    sold: { on: '2030-12-01', amount: '15000.00' },
  });
  await condemn(db, { asset: assets.a6, branch: b.id, by, condemnedOn: '2031-01-10' });
  return {
    a: { id: a.id, code: a.code },
    b: { id: b.id, code: b.code },
    c: { id: c.id, code: c.code },
    assets,
    logins: {
      manager: await login(manager.username, manager.password),
      verifier: await login(verifier.username, verifier.password),
      managerOfA: await login(managerOfA.username, managerOfA.password),
    },
  };
}
