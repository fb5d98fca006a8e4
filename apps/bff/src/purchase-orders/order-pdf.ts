import { displayDate, type Paise } from '@branch-assets/domain';
import {
  BODY,
  BOLD,
  GAP,
  HEADING,
  heightOf,
  INK,
  type Line,
  MM,
  type Pages,
  pagedPdf,
  RULE,
  SMALL,
  type Style,
  style,
} from './order-pdf-layout.ts';
import { drawLineTable, drawTaxesAndTotals } from './order-pdf-table.ts';

export interface PdfParty {
  name: string;
  address: string;
  gstin: string | null;
  stateName: string;
  stateCode: string;
  phone?: string | null;
  email?: string | null;
}

export interface PurchaseOrderDocument {
  company: {
    name: string;
    legalName: string;
    address: string;
    gstin: string | null;
    pan: string;
    /** PNG or JPEG bytes. */
    logo: Uint8Array | null;
  };
  /** The billed branch. */
  billedTo: PdfParty;
  /** The shipped-to branch. */
  shippedTo: PdfParty;
  vendor: PdfParty;
  /** e.g. PO/CHN-ANN/2026-27/0042 */
  number: string;
  /** ISO yyyy-mm-dd. */
  date: string;
  /** ISO yyyy-mm-dd. */
  expectedDelivery: string | null;
  paymentTerms: string;
  supply: 'intra' | 'inter' | 'unregistered';
  lines: Array<{
    no: number;
    item: string;
    /** brand · model · type */
    detail: string;
    deliverTo: string | null;
    quantity: number;
    unit: string;
    rate: Paise;
    discount: Paise;
    taxable: Paise;
    taxRate: number;
    cgst: Paise;
    sgst: Paise;
    igst: Paise;
    total: Paise;
  }>;
  totals: {
    subTotal: Paise;
    discount: Paise;
    freight: Paise;
    freightTaxRate: number | null;
    freightTax: { cgst: Paise; sgst: Paise; igst: Paise };
    cgst: Paise;
    sgst: Paise;
    igst: Paise;
    roundOff: Paise;
    grandTotal: Paise;
  };
  amountInWords: string;
  /** Plain text, paragraphs separated by newlines. */
  terms: string;
  /** Plain text. */
  remarks: string;
  /** `at` is an ISO date-time. */
  authorisedBy: { name: string; at: string } | null;
}

// Landscape: up to ten columns of amounts in crores beside an item description that still wraps
// at a readable width; in portrait the description would get a word or two a line.
const PAGE: readonly [number, number] = [297 * MM, 210 * MM];
const LOGO = 54;

/** The order as an A4 PDF: letterhead, parties, lines, taxes, totals, terms and approval. */
export async function purchaseOrderPdf(order: PurchaseOrderDocument): Promise<Buffer> {
  return pagedPdf(
    {
      size: PAGE,
      info: { Title: `Purchase order ${order.number}`, Author: order.company.legalName },
      footer: order.number,
    },
    (pages) => {
      drawLetterhead(pages, order);
      pages.head = () => drawRunningHead(pages, order);
      drawParties(pages, order);
      drawLineTable(pages, order);
      drawTaxesAndTotals(pages, order);
      drawText(pages, 'TERMS AND CONDITIONS', order.terms);
      drawText(pages, 'REMARKS', order.remarks);
      drawApproval(pages, order);
    },
  );
}

const SUPPLY: Record<PurchaseOrderDocument['supply'], string> = {
  intra: 'Within the state: CGST + SGST',
  inter: 'Inter-state: IGST',
  unregistered: 'Unregistered supplier: no GST',
};

function drawLetterhead(pages: Pages, order: PurchaseOrderDocument): void {
  const { company } = order;
  const top = pages.y;
  let x = pages.left;
  if (company.logo) {
    pages.doc.image(Buffer.from(company.logo), x, top, { fit: [LOGO, LOGO] });
    x += LOGO + GAP;
  }
  const metaWidth = 260;
  const metaX = pages.right - metaWidth;
  const width = metaX - GAP - x;
  const gstin = `GSTIN: ${company.gstin ?? 'not registered'}`;
  const left = pages.drawLines(
    [
      ...pages.wrap(company.legalName, width, style(13, 700), 2),
      ...pages.wrap(company.address, width, BODY, 3),
      pages.line(`${gstin}    PAN: ${company.pan}`, BODY),
    ],
    x,
    top,
    width,
    'left',
  );

  const title = [pages.line('PURCHASE ORDER', style(16, 700))];
  let y = pages.drawLines(title, metaX, top, metaWidth, 'right') + 4;
  const labelWidth = 86;
  const meta: [string, string, Style][] = [
    ['Order No.', order.number, BOLD],
    ['Date', displayDate(order.date), BODY],
    ['Expected delivery', order.expectedDelivery ? displayDate(order.expectedDelivery) : '—', BODY],
    ['Payment terms', order.paymentTerms, BODY],
    ['Supply', SUPPLY[order.supply], BODY],
  ];
  const valueWidth = metaWidth - labelWidth;
  for (const [label, value, valueStyle] of meta) {
    y = pages.drawAbreast(
      [
        { lines: [pages.line(label, SMALL)], x: metaX, width: labelWidth, align: 'left' },
        {
          lines: pages.wrap(value, valueWidth, valueStyle, 3),
          x: metaX + labelWidth,
          width: valueWidth,
          align: 'left',
        },
      ],
      y,
    );
  }
  pages.y = Math.max(left, y, company.logo ? top + LOGO : top) + 8;
  pages.fill(pages.left, pages.y, pages.width, 1.2, INK);
  pages.y += 1.2 + 10;
}

function drawRunningHead(pages: Pages, order: PurchaseOrderDocument): void {
  const title = `${order.company.legalName} · Purchase order ${order.number}`;
  const { left, width } = pages;
  pages.y =
    pages.drawAbreast(
      [
        { lines: [pages.line(title, HEADING)], x: left, width, align: 'left' },
        { lines: [pages.line('continued', SMALL)], x: left, width, align: 'right' },
      ],
      pages.y,
    ) + 3;
  pages.fill(pages.left, pages.y, pages.width, 0.6, RULE);
  pages.y += 0.6 + 8;
}

function drawParties(pages: Pages, order: PurchaseOrderDocument): void {
  const width = (pages.width - 2 * GAP) / 3;
  const gstin = (party: PdfParty) =>
    pages.wrap(`GSTIN: ${party.gstin ?? 'not registered'}`, width, BODY, 1);
  const blocks = [
    partyLines(
      pages,
      'VENDOR',
      order.vendor,
      width,
      order.supply === 'unregistered'
        ? pages.wrap('Unregistered supplier — no input tax credit', width, BOLD)
        : gstin(order.vendor),
    ),
    partyLines(pages, 'BILLED TO', order.billedTo, width, gstin(order.billedTo)),
    partyLines(pages, 'SHIPPED TO', order.shippedTo, width, gstin(order.shippedTo)),
  ];
  const top = pages.y;
  let bottom = top;
  blocks.forEach((lines, i) => {
    const x = pages.left + i * (width + GAP);
    pages.fill(x, top, width, 0.6, RULE);
    bottom = Math.max(bottom, pages.drawLines(lines, x, top + 4, width, 'left'));
  });
  pages.y = bottom + GAP;
}

function partyLines(
  pages: Pages,
  heading: string,
  party: PdfParty,
  width: number,
  tax: Line[],
): Line[] {
  const contact = [party.phone && `Phone: ${party.phone}`, party.email && `Email: ${party.email}`]
    .filter(Boolean)
    .join('    ');
  return [
    pages.line(heading, HEADING),
    ...pages.wrap(party.name, width, style(9.5, 700), 2),
    ...pages.wrap(party.address, width, BODY, 4),
    ...tax,
    pages.line(`State: ${party.stateName} (code ${party.stateCode})`, BODY),
    ...(contact ? pages.wrap(contact, width, SMALL, 2) : []),
  ];
}

/** A heading and paragraphs of plain text, flowing across pages; nothing when the text is empty. */
function drawText(pages: Pages, heading: string, text: string): void {
  const paragraphs = text
    .split('\n')
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => pages.wrap(paragraph, pages.width, BODY));
  const [first] = paragraphs;
  if (!first) return;
  const title = pages.line(heading, HEADING);
  // The heading stays with the first line of text.
  pages.ensure(heightOf([title, ...first.slice(0, 1)]));
  pages.flow([title], pages.left, pages.width);
  for (const lines of paragraphs) {
    pages.flow(lines, pages.left, pages.width);
    pages.y += 2;
  }
  pages.y += GAP - 2;
}

function drawApproval(pages: Pages, order: PurchaseOrderDocument): void {
  const { authorisedBy } = order;
  const width = 360;
  const lines = [
    ...pages.wrap(`For ${order.company.legalName}`, width, BOLD, 2),
    ...pages.wrap(
      authorisedBy
        ? `Authorised by ${authorisedBy.name} on ${indianDate(authorisedBy.at)}`
        : 'Not yet approved',
      width,
      BODY,
      2,
    ),
  ];
  pages.ensure(heightOf(lines));
  pages.y = pages.drawLines(lines, pages.right - width, pages.y, width, 'right');
}

const INDIA = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The day a moment falls on in India, as dd-mm-yyyy: approved at 01:30 in India is still the
 * previous day in UTC. A date-time without a zone is taken as written.
 */
function indianDate(at: string): string {
  const moment = new Date(at);
  if (!/(?:z|[+-]\d{2}:?\d{2})$/i.test(at) || Number.isNaN(moment.getTime()))
    return displayDate(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    INDIA.formatToParts(moment).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}
