import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../audit/audit.ts';
import { byName, registerBulkUpload } from '../bulk-upload/bulk-upload.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { toBranch } from './branch-record.ts';
import { branchRowProblems, registerBranchRecords } from './records.ts';

const NOT_YOUR_BRANCH = 'You do not work in that branch.';

export async function branchRoutes(app: FastifyInstance) {
  const records = registerBranchRecords(app);
  // api/branch/bulk-upload: the rows of a spreadsheet, each through the same create as store.
  registerBulkUpload(app, records, {
    call: 'branchBulkUpload',
    references: {
      company: byName('companies'),
      state: byName('states'),
      district: byName('districts', { parent: { column: 'state_id', field: 'State' } }),
      city: byName('cities', { parent: { column: 'district_id', field: 'District' } }),
    },
    // Every rule a row breaks, not only the first: the row's report names them all at once.
    checks: branchRowProblems,
  });

  registerCall(app, 'branchLists', async ({ db, session }) => {
    const ids = [...session.access.branchIds];
    const rows =
      ids.length === 0
        ? []
        : await db
            .selectFrom('branches')
            .select(['id', 'code', 'name', 'logoPath'])
            .where('id', 'in', ids)
            .orderBy('code')
            .execute();
    return { output: `${rows.length} branches.`, records: rows.map(toBranch) };
  });

  registerCall(app, 'branchOptions', async ({ body, db, session }) => {
    let query = db
      .selectFrom('branches')
      .select(['id', 'code', 'name'])
      .where('active', '=', true)
      .orderBy('code');
    if ((body.Source ?? 'user') === 'user') {
      const ids = [...session.access.branchIds];
      if (ids.length === 0) return { output: '0 branches.', records: [] };
      query = query.where('id', 'in', ids);
    }
    const stateId = body.Conditions?.StateId;
    if (stateId !== undefined) query = query.where('stateId', '=', stateId);
    const search = body.Conditions?.Search;
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern)]),
      );
    }
    const rows = await query.execute();
    return {
      output: `${rows.length} branches.`,
      records: rows.map((row) => ({ value: row.id, text: `${row.code} - ${row.name}` })),
    };
  });

  registerCall(app, 'updatePrimaryBranch', async ({ body, db, session }) => {
    if (!session.access.worksIn(body.BranchId)) throw new Refusal(NOT_YOUR_BRANCH);
    const branch = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ primaryBranchId: body.BranchId })
        .where('id', '=', session.user.userId)
        .execute();
      await writeAudit(trx, {
        entity: 'user',
        entityId: session.user.userId,
        action: 'Primary branch changed',
        userId: session.user.userId,
        branchId: body.BranchId,
        details: { from: session.user.primaryBranchId, to: body.BranchId },
      });
      return trx
        .selectFrom('branches')
        .select(['id', 'code', 'name', 'logoPath'])
        .where('id', '=', body.BranchId)
        .executeTakeFirstOrThrow();
    });
    return {
      output: `Primary branch set to ${branch.code} - ${branch.name}.`,
      records: toBranch(branch),
    };
  });

  registerCall(app, 'branchAssetDestroy', async ({ body, db, session }) => {
    const { access, user } = session;
    if (!access.can('staff', 'edit'))
      throw new Refusal('Your role may not change staff assignments.');
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    await db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('branchStaff')
        .where('id', '=', body.BranchStaff)
        .where('branchId', '=', body.Branch)
        .where('staffId', '=', body.Staff)
        .returning(['id'])
        .executeTakeFirst();
      if (!removed) throw new Refusal('Staff assignment not found.');
      // A user cannot keep as primary a branch they no longer work in: they choose again at next login.
      await trx
        .updateTable('users')
        .set({ primaryBranchId: null })
        .where('staffId', '=', body.Staff)
        .where('primaryBranchId', '=', body.Branch)
        .execute();
      await writeAudit(trx, {
        entity: 'staff',
        entityId: body.Staff,
        action: 'Removed from branch',
        userId: user.userId,
        branchId: body.Branch,
        details: { branchStaffId: body.BranchStaff },
      });
    });
    return { output: 'Staff member removed from the branch.', records: null };
  });
}
