import { describe, expect, it } from 'vitest';
import { aLogin, anAsset, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Condemnation and disposal (docs/workflows.md): the committee's decision recorded by a user with
 * the disposal's approve grant, then the branch's disposal; each on the asset's timeline and in the
 * audit log; a disposed asset leaves the active register and keeps its page.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'viewer'] as const);
const { token } = logins;

let adminToken: string | undefined;
async function admin() {
  if (!adminToken) {
    const login = await aLogin(api.db, { role: 'admin', branches: [logins.branch()] });
    adminToken = await api.login(login.username, login.password);
  }
  return adminToken;
}

const condemnation = (asset: { id: number }, changes = {}) => ({
  Asset: asset.id,
  CondemnedOn: '2026-11-18',
  Reason: 'Beyond economical repair: the X-ray tube has failed twice',
  Condition: 'POOR',
  CommitteeRemarks: 'Condemnation committee meeting 14/2026: condemned, to be sold as scrap',
  ...changes,
});

const statusOf = async (id: number) =>
  await api.db
    .selectFrom('assets')
    .select(['assetStatus', 'condition'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('condemning and disposing of an asset', () => {
  it('condemned by the committee, then sold by the branch: on its timeline, and out of the active register', async () => {
    const asset = await anAsset(api.db, { branch: logins.branch(), status: 'OUT_OF_ORDER' });
    const condemned = await api.call('assetCondemn', await admin(), condemnation(asset));
    expect(condemned.flag, condemned.output).toBe(1);
    expect(condemned.output).toBe(`Asset ${asset.tag} is condemned.`);
    expect(await statusOf(asset.id)).toEqual({ assetStatus: 'CONDEMNED', condition: 'POOR' });
    const disposed = await api.call('assetDispose', token('manager'), {
      Asset: asset.id,
      Method: 'SOLD',
      DisposedOn: '2026-11-24',
      Amount: '12500.00',
      Buyer: 'Sri Lakshmi Scrap Traders',
    });
    expect(disposed.flag, disposed.output).toBe(1);
    expect(disposed.records?.AssetStatus).toBe('DISPOSED');
    const events = await api.db
      .selectFrom('assetEvents')
      .select(['kind', 'changes', 'reason'])
      .where('assetId', '=', asset.id)
      .orderBy('id')
      .execute();
    expect(events).toMatchObject([
      {
        kind: 'CONDEMNED',
        changes: { AssetStatus: ['OUT_OF_ORDER', 'CONDEMNED'], Condition: ['GOOD', 'POOR'] },
      },
      {
        kind: 'DISPOSED',
        changes: { AssetStatus: ['CONDEMNED', 'DISPOSED'] },
        reason: 'Sold to Sri Lakshmi Scrap Traders for ₹12500.00',
      },
    ]);
    expect((await api.auditOf('asset', asset.id)).map((entry) => entry.action)).toEqual([
      'condemned',
      'disposed',
    ]);
    const shown = await api.call('assetDisposalShow', token('viewer'), { Asset: asset.id });
    expect(shown.records).toMatchObject({
      Method: 'SOLD',
      Amount: '12500.00',
      Buyer: 'Sri Lakshmi Scrap Traders',
      CondemnedOn: '2026-11-18',
      DisposedOn: '2026-11-24',
    });
    const list = (filters?: Record<string, string>) =>
      api.call('assetLists', token('manager'), {
        Page: 1,
        ItemsPerPage: 50,
        Filters: { BranchId: String(logins.branch()), ...filters },
      });
    const active = (await list()).records?.TableData.map((row) => row.AssetId);
    expect(active).not.toContain(asset.id);
    const gone = (await list({ AssetStatus: 'DISPOSED' })).records?.TableData.map(
      (row) => row.AssetId,
    );
    expect(gone).toContain(asset.id);
    const page = await api.call('assetShow', token('manager'), { Asset: asset.id });
    expect(page.flag).toBe(1);
  });

  it('refuses, changing nothing: a branch manager condemning, the wrong states, a sale without its buyer', async () => {
    const inUse = await anAsset(api.db, { branch: logins.branch(), status: 'IN_USE' });
    const condemned = await anAsset(api.db, { branch: logins.branch(), status: 'IN_USE' });
    expect((await api.call('assetCondemn', await admin(), condemnation(condemned))).flag).toBe(1);
    const dispose =
      (asset: { id: number }, changes = {}, login = token('manager')) =>
      () =>
        api.call('assetDispose', login, {
          Asset: asset.id,
          Method: 'SCRAPPED',
          DisposedOn: '2026-11-24',
          ...changes,
        });
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('assetCondemn', token('manager'), condemnation(inUse)),
        'Your role may not condemn assets.',
      ],
      [
        async () => api.call('assetCondemn', await admin(), condemnation(condemned)),
        `Asset ${condemned.tag} cannot be condemned while it is Condemned.`,
      ],
      [
        async () =>
          api.call(
            'assetCondemn',
            await admin(),
            condemnation(inUse, { CondemnedOn: '2099-01-01' }),
          ),
        'The date is in the future.',
      ],
      [
        async () =>
          api.call('assetCondemn', await admin(), condemnation(inUse, { CommitteeRemarks: '' })),
        /CommitteeRemarks/,
        422,
      ],
      [dispose(inUse), 'Only a condemned asset can be disposed of (it is In use).'],
      [dispose(condemned, {}, token('viewer')), 'Your role may not dispose of assets.'],
      [
        dispose(condemned, { DisposedOn: '2026-11-01' }),
        'The disposal date is before the condemnation (2026-11-18).',
      ],
      [
        dispose(condemned, { Method: 'SOLD', Amount: '100.00' }),
        /Buyer.*is required when the asset was sold/,
        422,
      ],
      [dispose(condemned, { Method: 'GIFTED' }), /Method.*must be one of/, 422],
    ]);
  });

  it('condemned by two at once is condemned once', async () => {
    const asset = await anAsset(api.db, { branch: logins.branch(), status: 'IN_USE' });
    const answers = await Promise.all([
      api.call('assetCondemn', await admin(), condemnation(asset)),
      api.call('assetCondemn', await admin(), condemnation(asset, { Reason: 'Obsolete' })),
    ]);
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    expect(await api.count('assetDisposals', { assetId: asset.id })).toBe(1);
  });
});
