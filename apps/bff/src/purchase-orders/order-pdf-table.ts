/* The order's money: its lines, its taxes by GST rate, its totals and the amount in words. */
import { formatRupees, type Paise } from '@branch-assets/domain';
import type { PurchaseOrderDocument } from './order-pdf.ts';
import {
  BAND,
  BODY,
  BOLD,
  type Column,
  GAP,
  HEADING,
  heightAbreast,
  heightOf,
  type Line,
  type Pages,
  type Paragraph,
  RULE,
  SMALL,
  type Style,
  style,
  Table,
} from './order-pdf-layout.ts';

type OrderLine = PurchaseOrderDocument['lines'][number];

const TOTALS_WIDTH = 280;
const PAD = 4;
const VALUE_WIDTH = 110;
const LABEL_WIDTH = TOTALS_WIDTH - VALUE_WIDTH - 3 * PAD;

/** A table's header row, its cells, and its cells set bold. */
export const HEAD = style(7.5, 700);
export const CELL = style(8, 400);
export const CELL_BOLD = style(8, 700);

/** Rupees with Indian grouping; the table says "Amounts in ₹" once rather than in every cell. */
const amount = (p: Paise) => formatRupees(p).replace('₹', '');
const percent = (rate: number) => `${rate}%`;
const QUANTITY = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

const money = <Row>(title: string, width: number, pick: (row: Row) => Paise): Column<Row> => ({
  title,
  width,
  align: 'right',
  cell: (row) => amount(pick(row)),
});

function lineColumns(supply: PurchaseOrderDocument['supply']): Column<OrderLine>[] {
  // An unregistered supplier charges no GST: its columns would only hold zeros.
  const taxed: Column<OrderLine>[] =
    supply === 'unregistered'
      ? []
      : [
          { title: 'GST %', width: 36, align: 'right', cell: (line) => percent(line.taxRate) },
          ...(supply === 'intra'
            ? [
                money<OrderLine>('CGST', 64, (l) => l.cgst),
                money<OrderLine>('SGST', 64, (l) => l.sgst),
              ]
            : [money<OrderLine>('IGST', 72, (l) => l.igst)]),
        ];
  return [
    { title: '#', width: 24, align: 'right', cell: (line) => String(line.no) },
    { title: 'Item', align: 'left', cell: itemCell },
    {
      title: 'Qty',
      width: 60,
      align: 'right',
      cell: (line) => `${QUANTITY.format(line.quantity)} ${line.unit}`,
    },
    money('Rate', 72, (l) => l.rate),
    money('Discount', 64, (l) => l.discount),
    money('Taxable', 76, (l) => l.taxable),
    ...taxed,
    money('Total', 80, (l) => l.total),
  ];
}

// Capped so that a row always fits on a page: a row is never split between two.
function itemCell(line: OrderLine): Paragraph[] {
  const paragraphs: Paragraph[] = [{ text: line.item, style: CELL_BOLD, maxLines: 4 }];
  if (line.detail.trim()) paragraphs.push({ text: line.detail, style: SMALL, maxLines: 4 });
  if (line.deliverTo?.trim()) {
    paragraphs.push({ text: `Deliver to: ${line.deliverTo}`, style: SMALL, maxLines: 3 });
  }
  return paragraphs;
}

/** The lines at the cursor, across as many pages as they take. */
export function drawLineTable(pages: Pages, order: PurchaseOrderDocument): void {
  const notes = [pages.line('Amounts in ₹', SMALL)];
  if (order.supply === 'unregistered') {
    const note =
      'Unregistered supplier: no GST is charged, so the order has no GST columns and gives no input tax credit.';
    notes.unshift(...pages.wrap(note, pages.width, BOLD));
  }
  const table = new Table(pages, {
    columns: lineColumns(order.supply),
    rows: order.lines,
    x: pages.left,
    width: pages.width,
    head: HEAD,
    body: () => CELL,
    band: BAND,
    rule: RULE,
  });
  // The notes stay with the table's first rows.
  pages.ensure(heightOf(notes) + 60);
  pages.flow(notes, pages.left, pages.width);
  pages.y += 3;
  table.draw();
  pages.y += GAP;
}

interface RateRow {
  /** null on the total row. */
  rate: number | null;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

function rateRows(order: PurchaseOrderDocument): RateRow[] {
  const byRate = new Map<number, RateRow>();
  const add = (rate: number, taxable: Paise, tax: { cgst: Paise; sgst: Paise; igst: Paise }) => {
    const row = byRate.get(rate) ?? { rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    row.taxable += taxable;
    row.cgst += tax.cgst;
    row.sgst += tax.sgst;
    row.igst += tax.igst;
    byRate.set(rate, row);
  };
  for (const line of order.lines) add(line.taxRate, line.taxable, line);
  // Freight with a rate of its own is taxed as a line is: counted in, the summary's tax is the
  // order's, as its totals show it.
  const { totals } = order;
  if (totals.freightTaxRate !== null) add(totals.freightTaxRate, totals.freight, totals.freightTax);
  const rows = [...byRate.values()].sort((a, b) => (a.rate ?? 0) - (b.rate ?? 0));
  const sum = (pick: (row: RateRow) => Paise) => rows.reduce((total, row) => total + pick(row), 0);
  const total: RateRow = {
    rate: null,
    taxable: sum((r) => r.taxable),
    cgst: sum((r) => r.cgst),
    sgst: sum((r) => r.sgst),
    igst: sum((r) => r.igst),
  };
  return [...rows, total];
}

/** HSN-summary style: per GST rate, the taxable value and its taxes; none when no GST is charged. */
function taxSummary(
  pages: Pages,
  order: PurchaseOrderDocument,
  x: number,
  width: number,
): Table<RateRow> | null {
  if (order.supply === 'unregistered') return null;
  const half = (row: RateRow) => (row.rate === null ? '' : percent(row.rate / 2));
  const taxes: Column<RateRow>[] =
    order.supply === 'intra'
      ? [
          { title: 'CGST rate', width: 44, align: 'right', cell: half },
          money('CGST', 78, (r) => r.cgst),
          { title: 'SGST rate', width: 44, align: 'right', cell: half },
          money('SGST', 78, (r) => r.sgst),
        ]
      : [money('IGST', 90, (r) => r.igst)];
  return new Table(pages, {
    columns: [
      {
        title: 'GST rate',
        width: 40,
        align: 'left',
        cell: (r) => (r.rate === null ? 'Total' : percent(r.rate)),
      },
      { title: 'Taxable value', align: 'right', cell: (r) => amount(r.taxable) },
      ...taxes,
      money('Total tax', 80, (r) => r.cgst + r.sgst + r.igst),
    ],
    rows: rateRows(order),
    x,
    width,
    head: HEAD,
    body: (r) => (r.rate === null ? CELL_BOLD : CELL),
    band: BAND,
    rule: RULE,
  });
}

/**
 * The tax summary and the amount in words on the left, the totals on the right: kept together on
 * one page, so that the grand total and its words are never apart.
 */
export function drawTaxesAndTotals(pages: Pages, order: PurchaseOrderDocument): void {
  const width = pages.width - TOTALS_WIDTH - 2 * GAP;
  const summary = taxSummary(pages, order, pages.left, width);
  const heading = pages.line(summary ? 'TAX SUMMARY BY GST RATE' : 'TAX SUMMARY', HEADING);
  const unregistered = summary
    ? []
    : pages.wrap('No GST: the supplier is not registered, so no tax is charged.', width, BODY);
  const words = [
    pages.line('AMOUNT IN WORDS', HEADING),
    ...pages.wrap(order.amountInWords, width, style(9, 700)),
  ];
  const totals = totalRows(pages, order);
  const leftHeight =
    heightOf([heading]) + 3 + (summary?.height ?? heightOf(unregistered)) + GAP + heightOf(words);
  const rightHeight = totals.reduce((sum, row) => sum + row.height, 0);
  pages.ensure(Math.max(leftHeight, rightHeight));

  const top = pages.y;
  pages.y = pages.drawLines([heading], pages.left, top, width, 'left') + 3;
  if (summary) summary.draw();
  else pages.y = pages.drawLines(unregistered, pages.left, pages.y, width, 'left');
  const wordsEnd = pages.drawLines(words, pages.left, pages.y + GAP, width, 'left');

  const x = pages.right - TOTALS_WIDTH;
  let y = top;
  for (const row of totals) {
    if (row.band) pages.fill(x, y, TOTALS_WIDTH, row.height, BAND);
    const label = { lines: [row.label], x: x + PAD, width: LABEL_WIDTH, align: 'left' } as const;
    const valueX = pages.right - PAD - VALUE_WIDTH;
    const value = { lines: [row.value], x: valueX, width: VALUE_WIDTH, align: 'right' } as const;
    pages.drawAbreast([label, value], y + PAD / 2);
    y += row.height;
  }
  pages.y = Math.max(wordsEnd, y) + GAP;
}

interface TotalRow {
  label: Line;
  value: Line;
  height: number;
  band: boolean;
}

function totalRows(pages: Pages, order: PurchaseOrderDocument): TotalRow[] {
  const { totals, supply } = order;
  const rows: [string, string, Style][] = [
    ['Sub-total', formatRupees(totals.subTotal), BODY],
    ['Less: discount', formatRupees(totals.discount), BODY],
    ['Freight', formatRupees(totals.freight), BODY],
  ];
  if (totals.freightTaxRate !== null && supply !== 'unregistered') {
    // Already in the CGST and SGST (or IGST) below: shown, not added again.
    const { cgst, sgst, igst } = totals.freightTax;
    const label = `Freight GST @ ${totals.freightTaxRate}%, included below`;
    rows.push([label, formatRupees(cgst + sgst + igst), SMALL]);
  }
  if (supply === 'intra') {
    rows.push(['CGST', formatRupees(totals.cgst), BODY], ['SGST', formatRupees(totals.sgst), BODY]);
  } else if (supply === 'inter') rows.push(['IGST', formatRupees(totals.igst), BODY]);
  else rows.push(['GST', 'Not charged', BODY]);
  const sign = totals.roundOff > 0 ? '+' : '';
  rows.push(['Round off', `${sign}${formatRupees(totals.roundOff)}`, BODY]);
  const grand = style(10.5, 700);
  rows.push(['GRAND TOTAL', formatRupees(totals.grandTotal), grand]);
  return rows.map(([label, value, rowStyle]) => {
    const labelLine = pages.fit(label, LABEL_WIDTH, rowStyle);
    const valueLine = pages.fit(value, VALUE_WIDTH, rowStyle);
    const height = heightAbreast([[labelLine], [valueLine]]) + PAD;
    return { label: labelLine, value: valueLine, height, band: rowStyle === grand };
  });
}
