import { describe, expect, it } from 'vitest';
import { receiptInputOf, receiptStart, rejectedOf, serialsOf } from './receiptValues.ts';

const line = (id: string, pending: number) => ({
  __typename: 'PurchaseOrderReceiptLine' as const,
  id,
  lineNo: Number(id),
  itemName: `Item ${id}`,
  kind: 'ASSET' as const,
  unit: 'Nos',
  deliveryBranchId: '3',
  deliveryBranchName: 'Velachery',
  ordered: 5,
  received: 5 - pending,
  accepted: 5 - pending,
  rejected: 0,
  pending,
});

describe('a goods receive note’s values', () => {
  it('start with every pending line expected whole, all accepted', () => {
    const start = receiptStart([line('1', 2), line('2', 0)], '2026-11-20');
    expect(start.lines).toEqual([
      expect.objectContaining({ purchaseOrderLineId: '1', received: '2', accepted: '2' }),
    ]);
  });

  it('reject what was received and not accepted, and read serials one a line or by commas', () => {
    expect(rejectedOf({ received: '6', accepted: '5' })).toBe(1);
    expect(rejectedOf({ received: 'x', accepted: '5' })).toBe(0);
    expect(serialsOf(' A-1 \n\nB-2, C-3\n')).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('send the lines received now, with the reason only when some are rejected', () => {
    const start = receiptStart([line('1', 3), line('2', 2)], '2026-11-20');
    const input = receiptInputOf('9', {
      ...start,
      invoiceNumber: ' INV-1 ',
      receivedById: '4',
      lines: [
        {
          ...start.lines[0],
          received: '3',
          accepted: '2',
          rejectionReason: 'Cracked',
          locationId: '8',
          serialNumbers: 'S1\nS2',
        },
        { ...(start.lines[1] ?? start.lines[0]), received: '0', accepted: '0' },
      ] as typeof start.lines,
    });
    expect(input).toMatchObject({ purchaseOrderId: '9', invoiceNumber: 'INV-1', remarks: null });
    expect(input.lines).toEqual([
      {
        purchaseOrderLineId: '1',
        received: 3,
        accepted: 2,
        rejected: 1,
        rejectionReason: 'Cracked',
        locationId: '8',
        serialNumbers: ['S1', 'S2'],
      },
    ]);
  });
});
