import { describe, expect, it } from 'vitest';
import { graphQLShape } from './graphql-shape.ts';

describe('graphQLShape', () => {
  it('camel-cases keys at every depth and gives ids as text, leaving other numbers and nulls', () => {
    expect(
      graphQLShape({
        AsOf: '2026-11-26',
        Tiles: { AssetsTotal: 3, AuditsDue: null },
        Rows: [{ BranchId: 7, CategoryId: null, Orders: 2, PoNumber: 'PO/1', Cost: '10.00' }],
      }),
    ).toEqual({
      asOf: '2026-11-26',
      tiles: { assetsTotal: 3, auditsDue: null },
      rows: [{ branchId: '7', categoryId: null, orders: 2, poNumber: 'PO/1', cost: '10.00' }],
    });
  });
});
