import { toPaise } from '@branch-assets/domain';
import type { PurchaseOrderParty, PurchaseOrderPrint } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/codes.ts';
import { numericId } from '../graphql/ids.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { letterheadLogo } from '../reports/logo.ts';
import { tokenOf } from '../session/request-auth.ts';
import { type PdfParty, type PurchaseOrderDocument, purchaseOrderPdf } from './order-pdf.ts';

/*
 * GET /purchase-orders/<id>/order.pdf: an order's document, printed here from what legacy-api
 * answers (purchaseOrderPrint, which checks the caller's branch and download grant). An order has
 * its document from its approval on (docs/procurement.md); before that it is a proposal, not an
 * order, and is refused.
 */

/** The statuses whose order has a document, as its row's FilePathFlag says. */
const PRINTED = new Set([
  'APPROVED',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'CLOSED_SHORT',
  'COMPLETED',
]);

export function orderPdfUrl(id: number | string): string {
  return `/purchase-orders/${id}/order.pdf`;
}

function party(from: PurchaseOrderParty): PdfParty {
  return {
    name: from.Name,
    address: from.Address,
    gstin: from.Gstin,
    stateName: from.StateName,
    stateCode: from.StateCode,
    phone: from.Phone,
    email: from.Email,
  };
}

export function orderDocument(
  print: PurchaseOrderPrint,
  logo: Uint8Array | null,
): PurchaseOrderDocument {
  const paise = toPaise;
  return {
    company: {
      name: print.Company.Name,
      legalName: print.Company.LegalName,
      address: print.Company.Address,
      gstin: print.Company.Gstin,
      pan: print.Company.Pan,
      logo,
    },
    billedTo: party(print.BilledTo),
    shippedTo: party(print.ShippedTo),
    vendor: party(print.Vendor),
    number: print.PurchaseOrderNumber,
    date: print.PurchaseOrderDate,
    expectedDelivery: print.ExpectedDeliveryDate,
    paymentTerms: print.PaymentTerms,
    supply: print.Supply,
    lines: print.Lines.map((line) => ({
      no: line.LineNo,
      item: line.ItemName,
      detail: line.Detail,
      deliverTo: line.DeliverTo,
      quantity: line.Quantity,
      unit: line.Unit,
      rate: paise(line.Rate),
      discount: paise(line.DiscountAmount),
      taxable: paise(line.TaxableAmount),
      taxRate: line.TaxRate,
      cgst: paise(line.CgstAmount),
      sgst: paise(line.SgstAmount),
      igst: paise(line.IgstAmount),
      total: paise(line.TotalAmount),
    })),
    totals: {
      subTotal: paise(print.SubTotal),
      discount: paise(print.Discount),
      freight: paise(print.FreightAmount),
      freightTaxRate: print.FreightTaxRate,
      freightTax: {
        cgst: paise(print.FreightCgst),
        sgst: paise(print.FreightSgst),
        igst: paise(print.FreightIgst),
      },
      cgst: paise(print.CgstAmount),
      sgst: paise(print.SgstAmount),
      igst: paise(print.IgstAmount),
      roundOff: paise(print.RoundOff),
      grandTotal: paise(print.GrandTotal),
    },
    amountInWords: print.AmountInWords,
    terms: print.Terms,
    remarks: print.Remarks.replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    authorisedBy:
      print.ApprovedBy && print.ApprovedAt
        ? { name: print.ApprovedBy, at: print.ApprovedAt }
        : null,
  };
}

export async function purchaseOrderRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  const { legacy } = options;
  app.get<{ Params: { id: string } }>('/purchase-orders/:id/order.pdf', async (request, reply) => {
    const token = tokenOf(request.auth);
    const context = { token, requestId: request.id };
    const id = numericId(request.params.id, 'id');
    const { records: print } = await legacy.call(
      'purchaseOrderPrint',
      { UserInterface: 1, PurchaseOrder: id },
      context,
    );
    if (!PRINTED.has(print.StatusCode))
      throw new AppError('REJECTED', 'An order has its document once it is approved.');
    const logo = await letterheadLogo(legacy, print.Company.LogoPath, context);
    const pdf = await purchaseOrderPdf(orderDocument(print, logo));
    const name = print.PurchaseOrderNumber.replaceAll('/', '-');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });
}
