import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { branchLabel, mustWorkIn } from '../shared/branch-scope.ts';
import { registerRecordCalls, valuesByRule } from '../shared/record-calls.ts';

/*
 * Asset locations (api/asset-location/*): the rooms and departments of a branch. A caller keeps
 * the locations of the branches they work in; a name is unique within its branch regardless of
 * case; a location assets stand in is not deleted (the database's foreign keys say so).
 */

function selectLocations(db: Db) {
  return db
    .selectFrom('assetLocations as l')
    .innerJoin('branches as b', 'b.id', 'l.branchId')
    .selectAll('l')
    .select(['b.name as branchName', 'b.code as branchCode']);
}

export async function assetLocationRoutes(app: FastifyInstance) {
  registerRecordCalls(app, {
    prefix: 'assetLocation',
    module: 'asset_location',
    title: 'Location',
    key: 'AssetLocation',
    plural: 'locations',
    table: 'asset_locations',
    filters: ['BranchId'],
    list: (db, access) => {
      const mine = [...access.branchIds];
      return mine.length === 0
        ? Promise.resolve([])
        : selectLocations(db)
            .where('l.branchId', 'in', mine)
            .orderBy('b.code')
            .orderBy('l.name')
            .orderBy('l.id')
            .execute();
    },
    find: (db, id) => selectLocations(db).where('l.id', '=', id).executeTakeFirst(),
    inScope: (access, location) => access.worksIn(location.branchId),
    options: async (db, access, body) => {
      await mustWorkIn(db, access, body.Branch);
      return db
        .selectFrom('assetLocations')
        .select(['id as value', 'name as text'])
        .where('branchId', '=', body.Branch)
        .where('active', '=', true)
        .orderBy('name')
        .execute();
    },
    label: (location) => `${location.name} (${location.branchCode})`,
    active: (location) => location.active,
    values: async (trx, body, self, session) => {
      // A location stays in its branch: moving it would move every asset standing in it.
      if (self && body.Branch !== self.branchId)
        throw new Refusal('A location stays in its branch: create one in the other branch.');
      await mustWorkIn(trx, session.access, body.Branch);
      const taken = await trx
        .selectFrom('assetLocations')
        .select('name')
        .where('branchId', '=', body.Branch)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', body.AssetLocationName.toLowerCase()))
        .where('id', '<>', self?.id ?? 0)
        .executeTakeFirst();
      if (taken)
        throw new Refusal(
          `Location ${taken.name} already exists in branch ${await branchLabel(trx, body.Branch)}.`,
        );
      return valuesByRule('assetLocationStore', 'AssetLocation', body);
    },
  });
}
