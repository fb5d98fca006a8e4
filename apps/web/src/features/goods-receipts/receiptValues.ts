import type { GoodsReceiptNoteInput, OrderReceiptQuery } from '../../gql/graphql.ts';

/*
 * The goods receive note's form values (text, as inputs hold them) and the gateway's input. A
 * line's rejected units are what was received and not accepted; serial numbers are typed or
 * scanned one a line (a scanner types the code and Enter).
 */

export type ReceiptLine = OrderReceiptQuery['purchaseOrderReceipt']['lines'][number];

export interface ReceiptLineValues {
  purchaseOrderLineId: string;
  received: string;
  accepted: string;
  rejectionReason: string;
  locationId: string;
  serialNumbers: string;
}

export interface ReceiptValues {
  receivedDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  receivedById: string;
  remarks: string;
  lines: ReceiptLineValues[];
}

export const UNITS = /^(0|[1-9]\d{0,5})$/;

/** Each pending line, expecting all of what is pending, all accepted. */
export function receiptStart(lines: readonly ReceiptLine[], today: string): ReceiptValues {
  return {
    receivedDate: today,
    invoiceNumber: '',
    invoiceDate: today,
    receivedById: '',
    remarks: '',
    lines: lines
      .filter((line) => line.pending > 0)
      .map((line) => ({
        purchaseOrderLineId: line.id,
        received: String(line.pending),
        accepted: String(line.pending),
        rejectionReason: '',
        locationId: '',
        serialNumbers: '',
      })),
  };
}

export function serialsOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((serial) => serial.trim())
    .filter((serial) => serial !== '');
}

export function rejectedOf(line: Pick<ReceiptLineValues, 'received' | 'accepted'>): number {
  if (!UNITS.test(line.received) || !UNITS.test(line.accepted)) return 0;
  return Math.max(0, Number(line.received) - Number(line.accepted));
}

export function receiptInputOf(orderId: string, values: ReceiptValues): GoodsReceiptNoteInput {
  return {
    purchaseOrderId: orderId,
    receivedDate: values.receivedDate,
    invoiceNumber: values.invoiceNumber.trim(),
    invoiceDate: values.invoiceDate,
    receivedById: values.receivedById,
    remarks: values.remarks.trim() || null,
    lines: values.lines
      .filter((line) => UNITS.test(line.received) && Number(line.received) > 0)
      .map((line) => {
        const rejected = rejectedOf(line);
        const serials = serialsOf(line.serialNumbers);
        return {
          purchaseOrderLineId: line.purchaseOrderLineId,
          received: Number(line.received),
          accepted: Number(line.accepted),
          rejected,
          rejectionReason: rejected > 0 ? line.rejectionReason.trim() : null,
          locationId: line.locationId || null,
          serialNumbers: serials.length > 0 ? serials : null,
        };
      }),
  };
}
