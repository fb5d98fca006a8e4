import { addDays, daysBetween, indianDate } from '@branch-assets/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { aBranch, aLogin, anAsset, aVendor, useBranchLogins } from '../test/factories.ts';
import { type Refusal, useTestApi } from '../test/test-api.ts';

/*
 * Maintenance contracts (docs/workflows.md): an AMC or CMC of a vendor over assets of a branch,
 * with its preventive visits, notice date and GST; listed by the state it is in today; corrected
 * until it is renewed; renewed as a new contract linked to the old one, which keeps its dates.
 * Every refusal writes nothing; of two renewals at once exactly one wins. The file makes its own
 * branches, logins, vendors and assets; states are reckoned from today's date in India, so the
 * contracts whose state a test checks are dated from it.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'viewer'] as const);
const { token } = logins;

const today = () => indianDate(new Date());

let serial = 0;

/** The maintenance tables, which the shared fingerprint does not read: a refusal writes none. */
async function maintenanceRows() {
  const tables = [
    'maintenance_contracts',
    'maintenance_contract_assets',
    'maintenance_schedules',
    'job_orders',
  ];
  const digests: Record<string, string | null> = {};
  for (const table of tables) {
    const { rows } = await sql<{ digest: string | null }>`
      select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(
      api.db,
    );
    digests[table] = rows[0]?.digest ?? null;
  }
  return digests;
}

/** Each call refused as expectEachRefusedWithoutChange checks, and no maintenance row written. */
async function expectEachRefused(refusals: readonly Refusal[]) {
  for (const [attempt, output, status] of refusals) {
    const before = await maintenanceRows();
    await api.expectRefusedWithoutChange(
      attempt,
      status === undefined ? { output } : { output, status },
    );
    expect(await maintenanceRows()).toEqual(before);
  }
}

async function someAssets(count: number, branch = logins.branch(), cost?: string) {
  const assets = [];
  for (let index = 0; index < count; index += 1) {
    const asset = await anAsset(api.db, { branch, status: 'IN_USE' });
    if (cost !== undefined)
      await api.db.updateTable('assets').set({ cost }).where('id', '=', asset.id).execute();
    assets.push(asset);
  }
  return assets;
}

const codeOf = async (branch: number) =>
  (
    await api.db
      .selectFrom('branches')
      .select('code')
      .where('id', '=', branch)
      .executeTakeFirstOrThrow()
  ).code;

const vendorName = async (id: number) =>
  (await api.db.selectFrom('vendors').select('name').where('id', '=', id).executeTakeFirstOrThrow())
    .name;

/** A valid contract of the branch over the assets: one year from 1 April 2026, visited quarterly. */
async function contractBody(
  assets: readonly { id: number }[],
  changes: Record<string, unknown> = {},
) {
  serial += 1;
  return {
    Branch: logins.branch(),
    Vendor: await aVendor(api.db),
    ContractType: 'AMC',
    ContractNumber: `AMC/T/${serial}`,
    StartDate: '2026-04-01',
    EndDate: '2027-03-31',
    ContractValue: '12345.67',
    GstRate: 18,
    PaymentSchedule: 'QUARTERLY',
    VisitsPerYear: 4,
    ResponseHours: 24,
    NoticeDays: 60,
    Renewal: 'MANUAL',
    Assets: assets.map((asset) => asset.id),
    Remarks: 'Covers the ICU monitors',
    ...changes,
  };
}

async function stored(
  assets: readonly { id: number }[],
  changes: Record<string, unknown> = {},
  login = token('manager'),
) {
  const answer = await api.call(
    'maintenanceContractStore',
    login,
    await contractBody(assets, changes),
  );
  expect(answer.flag, answer.output).toBe(1);
  const detail = answer.records;
  if (!detail) throw new Error('no contract');
  return detail;
}

function renewal(
  old: { MaintenanceContractId: number; AssetCount: number },
  assets: readonly { id: number }[],
  changes: Record<string, unknown> = {},
) {
  serial += 1;
  return {
    MaintenanceContract: old.MaintenanceContractId,
    ContractType: 'CMC',
    ContractNumber: `CMC/T/${serial}`,
    StartDate: '2027-04-01',
    EndDate: '2028-03-31',
    ContractValue: '15000.00',
    GstRate: 18,
    PaymentSchedule: 'HALF_YEARLY',
    VisitsPerYear: 2,
    ResponseHours: 12,
    NoticeDays: 30,
    Renewal: 'TACIT',
    Assets: assets.map((asset) => asset.id),
    ...changes,
  };
}

/** A new branch with a manager and a viewer of its own, for a list no other test adds to. */
async function aBranchOfItsOwn() {
  const branch = await aBranch(api.db);
  const login = async (role: string) => {
    const made = await aLogin(api.db, { role, branches: [branch.id] });
    return api.login(made.username, made.password);
  };
  return { ...branch, manager: await login('manager'), viewer: await login('viewer') };
}

describe('a maintenance contract', () => {
  it('is recorded over assets of the branch, with its visits, notice date and GST to the paisa', async () => {
    const assets = await someAssets(2, logins.branch(), '150000.25');
    const body = await contractBody(assets);
    const saved = await api.call('maintenanceContractStore', token('manager'), body);
    expect(saved.flag, saved.output).toBe(1);
    expect(saved.output).toBe(`Contract ${body.ContractNumber} saved.`);
    const detail = saved.records;
    if (!detail) throw new Error('no contract');
    const tags = assets.map((asset) => asset.tag).sort();
    expect(detail).toMatchObject({
      ContractNumber: body.ContractNumber,
      BranchId: logins.branch(),
      BranchCode: await codeOf(logins.branch()),
      VendorId: body.Vendor,
      VendorName: await vendorName(body.Vendor),
      ContractType: 'AMC',
      StartDate: '2026-04-01',
      EndDate: '2027-03-31',
      DaysLeft: daysBetween(today(), '2027-03-31'),
      ContractValue: '12345.67',
      GstRate: 18,
      // 18 % of ₹12,345.67 is ₹2,222.2206: rounded to the paisa.
      GstAmount: '2222.22',
      TotalValue: '14567.89',
      CoveredValue: '300000.50',
      PaymentSchedule: 'QUARTERLY',
      ResponseHours: 24,
      NoticeDays: 60,
      // Sixty days before 31 March 2027.
      NoticeBy: '2027-01-30',
      Renewal: 'MANUAL',
      Remarks: 'Covers the ICU monitors',
      AssetCount: 2,
      VisitsPerYear: 4,
      PreviousContractId: null,
      PreviousContractNumber: null,
      NextContractId: null,
      NextContractNumber: null,
      CreatedByName: expect.stringMatching(/^Test Person \d+$/),
      RenewFlag: true,
      EditFlag: true,
    });
    expect(detail.Assets.map((asset) => [asset.AssetTag, asset.Cost])).toEqual(
      tags.map((tag) => [tag, '150000.25']),
    );
    // The last day of each quarter from 1 April: no visit on day one, the last on the last day.
    expect(detail.Visits).toEqual(
      ['2026-06-30', '2026-09-30', '2026-12-31', '2027-03-31'].map((DueDate) => ({
        DueDate,
        JobOrderId: null,
        JobNumber: null,
        StatusCode: null,
        CompletedOn: null,
      })),
    );
    expect(await api.auditOf('amc', detail.MaintenanceContractId)).toMatchObject([
      { action: 'created', userId: logins.userId('manager'), branchId: logins.branch() },
    ]);

    const shown = await api.call('maintenanceContractShow', token('viewer'), {
      MaintenanceContract: detail.MaintenanceContractId,
    });
    expect(shown.flag, shown.output).toBe(1);
    expect(shown.output).toBe(body.ContractNumber);
    expect(shown.records).toMatchObject({
      ContractNumber: body.ContractNumber,
      RenewFlag: false,
      EditFlag: false,
    });

    // Without preventive visits, a CMC of two years: no visits; the same asset twice is once.
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const cmc = await stored([asset, asset], {
      ContractType: 'CMC',
      VisitsPerYear: 0,
      StartDate: '2026-01-01',
      EndDate: '2027-12-31',
      GstRate: 0,
      NoticeDays: 0,
    });
    expect(cmc).toMatchObject({
      ContractType: 'CMC',
      AssetCount: 1,
      Visits: [],
      GstAmount: '0.00',
      TotalValue: '12345.67',
      NoticeBy: '2027-12-31',
      CoveredValue: '0.00',
    });
  });

  it('refuses, writing nothing: bad dates or rates, no assets, assets or a vendor not its, a user not in the branch, a viewer', async () => {
    const [asset, condemned] = await someAssets(2);
    if (!asset || !condemned) throw new Error('no assets');
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'CONDEMNED' })
      .where('id', '=', condemned.id)
      .execute();
    const other = await aBranch(api.db);
    const [foreign] = await someAssets(1, other.id);
    if (!foreign) throw new Error('no asset');
    const code = await codeOf(logins.branch());
    const body = await contractBody([asset]);
    const existing = await stored([asset], { Vendor: body.Vendor });
    const admin = await aLogin(api.db, { role: 'admin', branches: [other.id] });
    const adminToken = await api.login(admin.username, admin.password);
    const elsewhere = await stored([foreign], { Branch: other.id }, adminToken);
    const send =
      (changes: Record<string, unknown>, login = token('manager')) =>
      () =>
        api.call('maintenanceContractStore', login, { ...body, ...changes });
    await expectEachRefused([
      [send({}, token('viewer')), 'Your role may not write maintenance contracts.'],
      [send({ EndDate: '2026-03-31' }), /EndDate.*must be on or after the start date/, 422],
      [send({ EndDate: '2036-04-02' }), /EndDate.*must be within 10 years of the start/, 422],
      [send({ Assets: [] }), /Assets.*must name at least one covered asset/, 422],
      [send({ GstRate: 7 }), /GstRate.*must be one of 0, 5, 12, 18, 28/, 422],
      [send({ VisitsPerYear: 13 }), /VisitsPerYear.*must be at most 12/, 422],
      [send({ ContractValue: '-1' }), /ContractValue.*cannot be negative/, 422],
      [
        send({ ContractValue: '100000000.01' }),
        /ContractValue.*must be at most 100000000 \(ten crore\)/,
        422,
      ],
      [
        send({ Assets: [asset.id, foreign.id] }),
        `Asset ${foreign.tag} is not an asset of branch ${code}.`,
      ],
      [send({ Assets: [999_999_999] }), 'Asset 999999999 does not exist.'],
      [
        send({ Assets: [condemned.id] }),
        `Asset ${condemned.tag} is condemned or disposed of: it cannot be covered.`,
      ],
      [send({ Vendor: 999_999_999 }), 'Vendor 999999999 does not exist.'],
      [send({ Branch: other.id, Assets: [foreign.id] }), 'You do not work in that branch.'],
      [
        send({ ContractNumber: existing.ContractNumber }),
        `Contract ${existing.ContractNumber} of this vendor starting 2026-04-01 exists already.`,
      ],
      [
        send({ MaintenanceContract: elsewhere.MaintenanceContractId }),
        'Maintenance contract not found.',
      ],
      [send({ MaintenanceContract: 999_999_999 }), 'Maintenance contract not found.'],
      [
        () =>
          api.call('maintenanceContractShow', token('manager'), {
            MaintenanceContract: elsewhere.MaintenanceContractId,
          }),
        'Maintenance contract not found.',
      ],
    ]);
  });

  it('is listed for its branch by the state it is in today, searched and paged, those ending first', async () => {
    const branch = await aBranchOfItsOwn();
    const [asset] = await someAssets(1, branch.id);
    if (!asset) throw new Error('no asset');
    const day = today();
    const made = async (name: string, start: number, end: number) => {
      const answer = await api.call('maintenanceContractStore', branch.manager, {
        ...(await contractBody([asset], {
          Branch: branch.id,
          ContractNumber: `${name}/${serial}`,
          StartDate: addDays(day, start),
          EndDate: addDays(day, end),
        })),
      });
      expect(answer.flag, answer.output).toBe(1);
      return answer.records?.ContractNumber ?? '';
    };
    const upcoming = await made('UPCOMING', 10, 400);
    const active = await made('ACTIVE', -100, 200);
    // 90 days left is Ending Soon (ENDS_IN_90); 91 is not yet; the last day itself is not Ended.
    const justActive = await made('ACTIVE91', -200, 91);
    const ending = await made('ENDING', -300, 45);
    const ending90 = await made('ENDING90', -300, 90);
    const lastDay = await made('LASTDAY', -300, 0);
    const ended = await made('ENDED', -400, -1);
    const old = await made('RENEWED', -360, 5);
    const oldId = await api.idOf('maintenanceContracts', 'contractNumber', old);
    const renewed = await api.call('maintenanceContractRenew', branch.manager, {
      ...renewal({ MaintenanceContractId: oldId, AssetCount: 1 }, [asset], {
        ContractNumber: `SUCCESSOR/${serial}`,
        StartDate: addDays(day, 6),
        EndDate: addDays(day, 370),
      }),
    });
    expect(renewed.flag, renewed.output).toBe(1);
    const successor = renewed.records?.ContractNumber ?? '';

    const list = (body: Record<string, unknown>, login = branch.manager) =>
      api.call('maintenanceContractLists', login, {
        Branch: branch.id,
        Page: 1,
        ItemsPerPage: 50,
        ...body,
      });
    const numbers = async (body: Record<string, unknown>) => {
      const answer = await list(body);
      expect(answer.flag, answer.output).toBe(1);
      return answer.records?.TableData.map((row) => row.ContractNumber);
    };
    const all = await list({});
    expect(all.output).toBe('9 maintenance contracts.');
    expect(all.records?.TotalCount).toBe(9);
    // Those ending first.
    expect(all.records?.TableData.map((row) => row.ContractNumber)).toEqual([
      ended,
      lastDay,
      old,
      ending,
      ending90,
      justActive,
      active,
      successor,
      upcoming,
    ]);
    const states = Object.fromEntries(
      (all.records?.TableData ?? []).map((row) => [
        row.ContractNumber,
        [row.StatusCode, row.StatusTxt, row.DaysLeft],
      ]),
    );
    expect(states).toEqual({
      [upcoming]: ['UPCOMING', 'Upcoming', 400],
      [active]: ['ACTIVE', 'Active', 200],
      [justActive]: ['ACTIVE', 'Active', 91],
      [ending]: ['ENDING', 'Ending Soon', 45],
      [ending90]: ['ENDING', 'Ending Soon', 90],
      [lastDay]: ['ENDING', 'Ending Soon', 0],
      [ended]: ['ENDED', 'Ended', -1],
      [old]: ['RENEWED', 'Renewed', 5],
      [successor]: ['UPCOMING', 'Upcoming', 370],
    });
    // The filter in SQL agrees with the state each row shows.
    expect(await numbers({ Filters: { StatusCode: 'ENDING' } })).toEqual([
      lastDay,
      ending,
      ending90,
    ]);
    expect(await numbers({ Filters: { StatusCode: 'ACTIVE' } })).toEqual([justActive, active]);
    expect(await numbers({ Filters: { StatusCode: 'UPCOMING' } })).toEqual([successor, upcoming]);
    expect(await numbers({ Filters: { StatusCode: 'ENDED' } })).toEqual([ended]);
    expect(await numbers({ Filters: { StatusCode: 'RENEWED' } })).toEqual([old]);
    expect(await numbers({ Search: 'ending soon' })).toEqual([lastDay, ending, ending90]);
    expect(await numbers({ Search: ending90.toLowerCase() })).toEqual([ending90]);
    const vendor = all.records?.TableData.find((row) => row.ContractNumber === active);
    expect(await numbers({ Filters: { Vendor: vendor?.VendorId ?? 0 } })).toEqual([active]);
    expect(await numbers({ Filters: { Asset: asset.id } })).toHaveLength(9);
    expect(await numbers({ Filters: { ContractType: 'CMC' } })).toEqual([successor]);

    const page = await list({ Page: 2, ItemsPerPage: 4 });
    expect(page.records?.TotalCount).toBe(9);
    expect(page.records?.TableData.map((row) => row.ContractNumber)).toEqual([
      ending90,
      justActive,
      active,
      successor,
    ]);
    const filteredPage = await list({
      Page: 2,
      ItemsPerPage: 2,
      Filters: { StatusCode: 'ENDING' },
    });
    expect(filteredPage.records?.TotalCount).toBe(3);
    expect(filteredPage.records?.TableData.map((row) => row.ContractNumber)).toEqual([ending90]);

    const byManager = Object.fromEntries(
      (all.records?.TableData ?? []).map((row) => [row.ContractNumber, row.RenewFlag]),
    );
    expect(byManager[old]).toBe(false);
    expect(byManager[successor]).toBe(true);
    const viewed = await list({}, branch.viewer);
    expect(viewed.records?.TableData.some((row) => row.RenewFlag || row.EditFlag)).toBe(false);

    const verifier = await aLogin(api.db, { role: 'verifier', branches: [branch.id] });
    const verifierToken = await api.login(verifier.username, verifier.password);
    await expectEachRefused([
      [() => list({}, token('manager')), 'You do not work in that branch.'],
      [() => list({}, verifierToken), 'Your role may not list maintenance contracts.'],
    ]);
  });

  it('is corrected in place until it is renewed: its terms, its assets, its GST rounded half up', async () => {
    const [first, second, third] = await someAssets(3);
    if (!first || !second || !third) throw new Error('no assets');
    const body = await contractBody([first, second]);
    const made = await api.call('maintenanceContractStore', token('manager'), body);
    const id = made.records?.MaintenanceContractId ?? 0;
    const corrected = await api.call('maintenanceContractStore', token('manager'), {
      ...body,
      MaintenanceContract: id,
      Assets: [third.id],
      // 18 % of ₹100.25 is ₹18.045: half a paisa rounds up.
      ContractValue: '100.25',
      VisitsPerYear: 2,
      NoticeDays: 0,
      ContractType: 'CMC',
    });
    expect(corrected.flag, corrected.output).toBe(1);
    expect(corrected.records).toMatchObject({
      MaintenanceContractId: id,
      ContractType: 'CMC',
      AssetCount: 1,
      Assets: [{ AssetId: third.id }],
      ContractValue: '100.25',
      GstAmount: '18.05',
      TotalValue: '118.30',
      NoticeBy: '2027-03-31',
      Visits: [{ DueDate: '2026-09-30' }, { DueDate: '2027-03-31' }],
    });
    expect(await api.count('maintenanceContracts', { contractNumber: body.ContractNumber })).toBe(
      1,
    );
    expect(await api.count('maintenanceContractAssets', { contractId: id })).toBe(1);
    expect((await api.auditOf('amc', id)).map((entry) => entry.action)).toEqual([
      'created',
      'updated',
    ]);
  });

  it('is renewed as a new contract linked to it; the old one keeps its dates and can no longer change', async () => {
    const [asset, added] = await someAssets(2);
    if (!asset || !added) throw new Error('no assets');
    const old = await stored([asset]);
    const body = renewal(old, [asset, added]);
    const renewed = await api.call('maintenanceContractRenew', token('manager'), body);
    expect(renewed.flag, renewed.output).toBe(1);
    expect(renewed.output).toBe(
      `Contract ${old.ContractNumber} renewed as ${body.ContractNumber}.`,
    );
    const next = renewed.records;
    if (!next) throw new Error('no renewal');
    expect(next.MaintenanceContractId).not.toBe(old.MaintenanceContractId);
    expect(next).toMatchObject({
      ContractNumber: body.ContractNumber,
      ContractType: 'CMC',
      BranchId: old.BranchId,
      VendorId: old.VendorId,
      StartDate: '2027-04-01',
      EndDate: '2028-03-31',
      AssetCount: 2,
      PreviousContractId: old.MaintenanceContractId,
      PreviousContractNumber: old.ContractNumber,
      NextContractId: null,
      Renewal: 'TACIT',
      NoticeBy: '2028-03-01',
      Visits: [{ DueDate: '2027-09-30' }, { DueDate: '2028-03-31' }],
      RenewFlag: true,
    });
    const shown = await api.call('maintenanceContractShow', token('manager'), {
      MaintenanceContract: old.MaintenanceContractId,
    });
    expect(shown.records).toMatchObject({
      StartDate: old.StartDate,
      EndDate: old.EndDate,
      AssetCount: 1,
      StatusCode: 'RENEWED',
      StatusTxt: 'Renewed',
      NextContractId: next.MaintenanceContractId,
      NextContractNumber: next.ContractNumber,
      RenewFlag: false,
      EditFlag: false,
    });
    expect(await api.auditOf('amc', next.MaintenanceContractId)).toMatchObject([
      { action: 'renewed', userId: logins.userId('manager') },
    ]);

    const other = await aBranch(api.db);
    const admin = await aLogin(api.db, { role: 'admin', branches: [other.id] });
    const [foreign] = await someAssets(1, other.id);
    if (!foreign) throw new Error('no asset');
    const elsewhere = await stored(
      [foreign],
      { Branch: other.id },
      await api.login(admin.username, admin.password),
    );
    const fresh = await stored([asset]);
    const renew =
      (contract: typeof old, changes: Record<string, unknown> = {}, login = token('manager')) =>
      () =>
        api.call('maintenanceContractRenew', login, renewal(contract, [asset], changes));
    const correctOld = await contractBody([asset], {
      MaintenanceContract: old.MaintenanceContractId,
      Vendor: old.VendorId,
      ContractNumber: old.ContractNumber,
    });
    await expectEachRefused([
      [renew(old), `Contract ${old.ContractNumber} is renewed already by ${next.ContractNumber}.`],
      [
        () => api.call('maintenanceContractStore', token('manager'), correctOld),
        'A renewed contract cannot be changed: its successor continues it.',
      ],
      [
        renew(fresh, { StartDate: '2027-03-31' }),
        'A renewal starts after the contract it renews ends (2027-03-31).',
      ],
      [
        renew(fresh, { StartDate: '2026-06-01', EndDate: '2027-05-31' }),
        'A renewal starts after the contract it renews ends (2027-03-31).',
      ],
      [renew(fresh, {}, token('viewer')), 'Your role may not write maintenance contracts.'],
      [renew(elsewhere), 'Maintenance contract not found.'],
      [renew(fresh, { Assets: [foreign.id] }), /^Asset .+ is not an asset of branch TST-\d+\.$/],
      [renew(fresh, { EndDate: '2027-03-31' }), /EndDate.*must be on or after the start date/, 422],
    ]);
  });

  it('renewed, cannot be corrected to start before the contract it renews ends', async () => {
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const old = await stored([asset]);
    const body = renewal(old, [asset]);
    const next = await api.call('maintenanceContractRenew', token('manager'), body);
    expect(next.flag, next.output).toBe(1);
    const correction = {
      ...body,
      MaintenanceContract: next.records?.MaintenanceContractId,
      Branch: logins.branch(),
      Vendor: old.VendorId,
    };
    await expectEachRefused([
      [
        () =>
          api.call('maintenanceContractStore', token('manager'), {
            ...correction,
            StartDate: '2027-03-31',
          }),
        'A renewal starts after the contract it renews ends (2027-03-31).',
      ],
    ]);
    const later = await api.call('maintenanceContractStore', token('manager'), {
      ...correction,
      StartDate: '2027-04-15',
    });
    expect(later.flag, later.output).toBe(1);
    expect(later.records).toMatchObject({
      StartDate: '2027-04-15',
      PreviousContractId: old.MaintenanceContractId,
    });
  });

  it('renewed by two users at once is renewed exactly once', async () => {
    const [asset] = await someAssets(1);
    if (!asset) throw new Error('no asset');
    const old = await stored([asset]);
    const second = await aLogin(api.db, { role: 'manager', branches: [logins.branch()] });
    const secondToken = await api.login(second.username, second.password);
    const answers = await Promise.all(
      [token('manager'), secondToken].map((login) =>
        api.call('maintenanceContractRenew', login, renewal(old, [asset])),
      ),
    );
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    const won = answers.find((answer) => answer.flag === 1);
    const lost = answers.find((answer) => answer.flag === 0);
    expect(lost?.output).toBe(
      `Contract ${old.ContractNumber} is renewed already by ${won?.records?.ContractNumber}.`,
    );
    expect(
      await api.count('maintenanceContracts', { previousContractId: old.MaintenanceContractId }),
    ).toBe(1);
    expect(
      (await api.auditOf('amc', won?.records?.MaintenanceContractId ?? 0)).map((e) => e.action),
    ).toEqual(['renewed']);
  });
});
