import { describe, expect, it } from 'vitest';
import { aBranch, aLogin, anAsset } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { reportDataVersion } from './figures-cache.ts';

/*
 * The reports' kept figures (figures-cache.ts): a second request for the same register is
 * answered from them, and any write to the assets moves the report data version on, so the next
 * request reads the database again and shows the change — never a stale total.
 */

const api = useTestApi({ reference: true });

describe('the kept figures of the fixed asset register and the branch asset report', () => {
  it('serve the same request again, and are read anew after an asset changes', async () => {
    const branch = await aBranch(api.db);
    const login = await aLogin(api.db, { role: 'admin', branches: [branch.id] });
    const token = await api.login(login.username, login.password);
    const asset = await anAsset(api.db, { branch: branch.id });
    const setCost = (cost: string) =>
      api.db
        .updateTable('assets')
        .set({ cost, purchaseDate: '2030-05-01', putToUseDate: '2030-05-01' })
        .where('id', '=', asset.id)
        .execute();
    await setCost('1000.00');
    const register = async () => {
      const answer = await api.call('depreciationSchedule', token, {
        Branches: [branch.id],
        FinancialYear: '2030-31',
        Page: 1,
        ItemsPerPage: 10,
      });
      expect(answer.flag, answer.output).toBe(1);
      return answer.records?.AssetTotals.Additions;
    };
    const movement = async () => {
      const answer = await api.call('branchAssetReport', token, {
        Branches: [branch.id],
        From: '2030-04-01',
        To: '2031-03-31',
      });
      expect(answer.flag, answer.output).toBe(1);
      return answer.records?.MovementTotal.Additions.Cost;
    };
    expect([await register(), await movement()]).toEqual(['1000.00', '1000.00']);
    const before = await reportDataVersion(api.db);
    expect([await register(), await movement()]).toEqual(['1000.00', '1000.00']);
    // Reading wrote nothing: the version stands.
    expect(await reportDataVersion(api.db)).toBe(before);

    await setCost('2500.50');
    expect(await reportDataVersion(api.db)).not.toBe(before);
    expect([await register(), await movement()]).toEqual(['2500.50', '2500.50']);
  });
});
