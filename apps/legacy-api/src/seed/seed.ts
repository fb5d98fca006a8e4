import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { type SeedSummary, seedDemo } from './demo.ts';
import { seedReferenceData } from './reference.ts';

/**
 * Seeds an empty database (one without users): the demo company for `SEED=demo`, with SEED_SCALE
 * purchase orders more (seed/scale.ts); for `SEED=none` only the reference data and an `admin`
 * login with ADMIN_PASSWORD, working in a head-office branch whose details the administrator
 * completes on the branch screen.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<Config, 'SEED' | 'ADMIN_PASSWORD'> & Partial<Pick<Config, 'SEED_SCALE'>>,
  /** Told before an empty database is seeded (a large SEED_SCALE takes minutes). */
  onSeeding?: () => void,
): Promise<SeedSummary | { administrator: string } | null> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  onSeeding?.();
  if (config.SEED === 'demo') return seedDemo(db, new Date(), { scale: config.SEED_SCALE ?? 0 });

  const password = config.ADMIN_PASSWORD;
  if (!password) throw new Error('ADMIN_PASSWORD is required when SEED=none');
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx);
    const state = await trx
      .selectFrom('states')
      .select('id')
      .where('gstCode', '=', '33')
      .executeTakeFirstOrThrow();
    const company = await trx
      .insertInto('companies')
      .values({
        name: 'Company',
        legalName: 'Company',
        pan: 'AAAAA0000A',
        address: 'To be completed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const district = await trx
      .insertInto('districts')
      .values({ stateId: state.id, name: 'Chennai' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const city = await trx
      .insertInto('cities')
      .values({ districtId: district.id, name: 'Chennai' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const branch = await trx
      .insertInto('branches')
      .values({
        companyId: company.id,
        code: 'HO',
        name: 'Head Office',
        address: 'To be completed',
        stateId: state.id,
        districtId: district.id,
        cityId: city.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const designation = await trx
      .insertInto('designations')
      .values({ name: 'Administrator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staff = await trx
      .insertInto('staff')
      .values({
        branchId: branch.id,
        code: 'ADMIN',
        name: 'Administrator',
        designationId: designation.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('branchStaff')
      .values({ branchId: branch.id, staffId: staff.id })
      .execute();
    const role = await trx
      .selectFrom('roles')
      .select('id')
      .where('code', '=', 'admin')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('users')
      .values({
        staffId: staff.id,
        username: 'admin',
        passwordHash,
        roleId: role.id,
        primaryBranchId: branch.id,
      })
      .execute();
  });
  return { administrator: 'admin' };
}
