import {
  type ComputedLine,
  formatPaise,
  type PurchaseOrderLineInput,
  type PurchaseOrderTotals,
} from '@branch-assets/domain';
import type { Insertable } from 'kysely';
import type { PurchaseOrderLinesTable, PurchaseOrdersTable } from '../db/schema.ts';

/*
 * An order's computed totals as its row stores them (paise written as numeric text): one mapping
 * for whatever writes orders (the demo, test factories, and the order form to come).
 */

type TotalColumns = Pick<
  Insertable<PurchaseOrdersTable>,
  | 'subTotal'
  | 'discount'
  | 'freightAmount'
  | 'cgstAmount'
  | 'sgstAmount'
  | 'igstAmount'
  | 'roundOff'
  | 'grandTotal'
>;

export function storedTotals(totals: PurchaseOrderTotals): TotalColumns {
  return {
    subTotal: formatPaise(totals.subTotal),
    discount: formatPaise(totals.discount),
    freightAmount: formatPaise(totals.freight),
    cgstAmount: formatPaise(totals.cgst),
    sgstAmount: formatPaise(totals.sgst),
    igstAmount: formatPaise(totals.igst),
    roundOff: formatPaise(totals.roundOff),
    grandTotal: formatPaise(totals.grandTotal),
  };
}

/** One line as stored: what was ordered (`input`) and what it came to (`computed`). */
export function storedLine(
  line: {
    purchaseOrderId: number;
    lineNo: number;
    itemName: string;
    assetTypeId: number | null;
    brandId: number | null;
    input: PurchaseOrderLineInput;
  },
  computed: ComputedLine,
): Insertable<PurchaseOrderLinesTable> {
  return {
    purchaseOrderId: line.purchaseOrderId,
    lineNo: line.lineNo,
    itemName: line.itemName,
    assetTypeId: line.assetTypeId,
    brandId: line.brandId,
    quantity: String(line.input.quantity),
    rate: formatPaise(line.input.rate),
    discountAmount: formatPaise(computed.discount),
    taxableAmount: formatPaise(computed.taxable),
    taxRate: String(line.input.taxRate),
    cgstAmount: formatPaise(computed.cgst),
    sgstAmount: formatPaise(computed.sgst),
    igstAmount: formatPaise(computed.igst),
    totalAmount: formatPaise(computed.total),
  };
}
