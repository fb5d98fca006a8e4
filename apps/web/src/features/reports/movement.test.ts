import { describe, expect, it } from 'vitest';
import { reconciles, withBranchSubtotals } from './movement.ts';

const at = (assets: number, cost: string) => ({ assets, cost });

describe('the movement check', () => {
  const row = {
    opening: at(10, '1000000.00'),
    additions: at(3, '250000.10'),
    transfersIn: at(1, '50000.00'),
    transfersOut: at(2, '120000.05'),
    disposals: at(1, '30000.00'),
    closing: at(11, '1150000.05'),
  };

  it('holds when opening + additions + in − out − disposals = closing, in number and cost', () => {
    expect(reconciles(row)).toBe(true);
  });

  it('fails on a paisa or an asset out', () => {
    expect(reconciles({ ...row, closing: at(11, '1150000.06') })).toBe(false);
    expect(reconciles({ ...row, closing: at(12, '1150000.05') })).toBe(false);
  });
});

describe('the register’s subtotals', () => {
  it('follows each branch’s rows with their sum, exactly, in the order the branches came', () => {
    const line = (branchId: string, assets: number, cost: string, accumulated: string) => ({
      branchId,
      branchCode: `B${branchId}`,
      assets,
      cost,
      accumulated,
      netBook: (Number(cost) - Number(accumulated)).toFixed(2),
    });
    const rows = withBranchSubtotals([
      line('2', 1, '0.10', '0.00'),
      line('1', 2, '100.00', '10.00'),
      line('2', 3, '0.20', '0.05'),
    ]);
    expect(
      rows.map((row) => (row.kind === 'line' ? row.line.branchId : `Σ${row.branchId}`)),
    ).toEqual(['2', '2', 'Σ2', '1', 'Σ1']);
    expect(rows[2]).toMatchObject({
      assets: 4,
      cost: '0.30',
      accumulated: '0.05',
      netBook: '0.25',
    });
    expect(rows[4]).toMatchObject({
      branchCode: 'B1',
      assets: 2,
      cost: '100.00',
      netBook: '90.00',
    });
  });
});
