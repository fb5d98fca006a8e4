import { makeGstin } from '@branch-assets/domain';
import { INTERNAL_ERROR_OUTPUT } from '@branch-assets/legacy-contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../http/error-handler.ts';
import { aBranch, aCity, aCompany, aStaffMember, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { NAMED_TABLES } from './nouns.ts';
import { foreignKeys, forgetForeignKeys } from './references.ts';

/*
 * What uses a record comes from the database's foreign keys, and a constraint the calls did not
 * foresee is a refusal naming what was wrong, never a 500. The file starts from the reference
 * data and makes the company, places, branches and staff it uses (test/factories.ts).
 */

const api = useTestApi({ reference: true });
const { token } = useBranchLogins(api, ['admin'] as const);

afterAll(() => forgetForeignKeys());

describe('the foreign-key catalogue', () => {
  it('names every table of the schema', async () => {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(api.db);
    expect(rows.map((row) => row.name).sort()).toEqual([...NAMED_TABLES].sort());
  });

  it('reads the keys, and which of them stop a delete', async () => {
    const keys = await foreignKeys(api.db);
    const staffBranch = keys.find((key) => key.table === 'staff' && key.columns[0] === 'branch_id');
    expect(staffBranch).toMatchObject({ referenced: 'branches', blocks: true });
    const assignment = keys.find(
      (key) => key.table === 'branch_staff' && key.columns[0] === 'staff_id',
    );
    expect(assignment).toMatchObject({ referenced: 'staff', blocks: false });
  });

  it('a new table that points at branches stops a delete, named, with nothing written for it', async () => {
    await sql`create table test_inspections (
      id integer generated always as identity primary key,
      branch_id integer not null references branches)`.execute(api.db);
    forgetForeignKeys();
    try {
      const company = await aCompany(api.db);
      const city = await aCity(api.db);
      const store = await api.call('branchRecordStore', token('admin'), {
        UserInterface: 1,
        Company: company.id,
        Gstin: makeGstin('33', company.pan, 'Z'),
        BranchCode: 'TST-REF',
        BranchName: 'Reference Test',
        Address: '1 Test Street',
        State: await api.idOf('states', 'gstCode', '33'),
        District: city.districtId,
        City: city.id,
        Pincode: '600001',
        Phone: '044 2615 7788',
        Email: 'ref@sundaramhealthcare.in',
      });
      expect([store.flag, store.output]).toEqual([1, 'Branch Reference Test (TST-REF) created.']);
      const id = await api.idOf('branches', 'code', 'TST-REF');
      await sql`insert into test_inspections (branch_id) values (${id}), (${id})`.execute(api.db);
      await api.expectRefusedWithoutChange(
        () => api.call('branchRecordDestroy', token('admin'), { UserInterface: 1, Branch: id }),
        {
          output:
            'Cannot delete Branch Reference Test (TST-REF): it is used by 2 test inspections rows.',
        },
      );
    } finally {
      // The schema is as it was for the other tests, whichever runs next.
      await sql`drop table test_inspections`.execute(api.db);
      forgetForeignKeys();
    }
  });
});

describe('database constraints nobody foresaw', () => {
  /** A real error of the database, through the real error handler. */
  async function answerTo(statement: () => Promise<unknown>) {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.post('/try', async () => {
      await statement();
      return { flag: 1 };
    });
    const response = await app.inject({ method: 'POST', url: '/try' });
    await app.close();
    return {
      status: response.statusCode,
      ...(response.json() as { flag: number; output: string }),
    };
  }

  it('each becomes a refusal naming what was wrong', async () => {
    // A branch a staff member works in (at home there), and another branch's code.
    const chennai = (await aBranch(api.db)).id;
    await aStaffMember(api.db, { branches: [chennai] });
    const other = await aBranch(api.db);
    const cases: [() => Promise<unknown>, number, string][] = [
      [
        () => sql`delete from branches where id = ${chennai}`.execute(api.db),
        200,
        'It cannot be deleted or changed: it is still used by staff members.',
      ],
      [
        () =>
          sql`update staff set designation_id = 999999 where id = (select min(id) from staff)`.execute(
            api.db,
          ),
        422,
        'Designation 999999 does not exist (no such designation).',
      ],
      [
        () => sql`update branches set code = ${other.code} where id = ${chennai}`.execute(api.db),
        422,
        `Code ${other.code} is already taken.`,
      ],
      [
        () =>
          sql`insert into login_locks (scope, subject, locked_until) values ('planet', 'x', now())`.execute(
            api.db,
          ),
        422,
        'Scope is not valid.',
      ],
      [
        () =>
          sql`insert into login_locks (scope, locked_until) values ('account', now())`.execute(
            api.db,
          ),
        422,
        'Subject is required.',
      ],
    ];
    for (const [statement, status, output] of cases) {
      expect(await answerTo(statement)).toEqual({ status, flag: 0, output, records: null });
    }
  });

  it('anything else stays a 500 that says nothing of it', async () => {
    const answer = await answerTo(() => sql`select * from no_such_table`.execute(api.db));
    expect(answer).toEqual({ status: 500, flag: 0, output: INTERNAL_ERROR_OUTPUT, records: null });
  });
});
