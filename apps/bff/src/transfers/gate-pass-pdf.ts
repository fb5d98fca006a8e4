import {
  BAND,
  BODY,
  BOLD,
  type Column,
  GAP,
  HEADING,
  heightAbreast,
  heightOf,
  INK,
  type Line,
  MM,
  type Pages,
  type Paragraph,
  pagedPdf,
  RULE,
  SMALL,
  type Style,
  style,
  Table,
} from '../purchase-orders/order-pdf-layout.ts';
import { CELL, HEAD } from '../purchase-orders/order-pdf-table.ts';

/*
 * The gate pass of a transfer between branches: what leaves the source branch's gate, for its
 * security desk to check tag by tag, and for the destination to sign for. Drawn with the purchase
 * order's layout (fonts of every Indian script, a page frame, tables whose header row repeats), in
 * A4 portrait: four narrow columns read best down a tall page.
 */

export interface GatePassDocument {
  /** e.g. GP/CHN-ANN/2026-27/0007 */
  gatePassNumber: string;
  /** e.g. TRF/CHN-ANN/2026-27/0007 */
  transferNumber: string;
  /** ISO date-time with its offset; null only for a transfer not yet dispatched. */
  dispatchedAt: string | null;
  fromBranch: string;
  toBranch: string;
  /** The vehicle or courier that carries it. */
  vehicle: string;
  reason: string;
  requestedBy: string | null;
  approvedBy: string | null;
  dispatchedBy: string | null;
  assets: Array<{ tag: string; name: string; serialNumber: string | null }>;
  accessories: Array<{ name: string; unit: string; quantity: number }>;
}

const PAGE: readonly [number, number] = [210 * MM, 297 * MM];
/** Between the source and destination branches. */
const ARROW = 40;
const LABEL_WIDTH = 100;
/** Room above each signature line to sign in. */
const SIGN_SPACE = 38;

const QUANTITY = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** The gate pass as an A4 portrait PDF. */
export async function gatePassPdf(pass: GatePassDocument): Promise<Buffer> {
  return pagedPdf(
    {
      size: PAGE,
      info: {
        Title: `Gate pass ${pass.gatePassNumber}`,
        Subject: `Transfer ${pass.transferNumber}: ${pass.fromBranch} to ${pass.toBranch}`,
      },
      footer: pass.gatePassNumber,
    },
    (pages) => {
      drawTitle(pages, pass);
      pages.head = () => drawRunningHead(pages, pass);
      drawRoute(pages, pass);
      drawDetails(pages, pass);
      drawAssets(pages, pass);
      drawAccessories(pages, pass);
      drawTotals(pages, pass);
      drawSignatures(pages, pass);
    },
  );
}

const INDIA = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the clock in India shows it, DD-MM-YYYY HH:MM; '—' when there is none. */
export function indiaDateTime(at: string | null): string {
  const moment = at ? new Date(at) : null;
  if (!moment || Number.isNaN(moment.getTime())) return '—';
  const parts = INDIA.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

function plural(count: number, one: string, many: string): string {
  return `${QUANTITY.format(count)} ${count === 1 ? one : many}`;
}

/** Labels and values, one pair a row, each value wrapped beside its label; returns where they end. */
function drawPairs(
  pages: Pages,
  pairs: readonly [string, string, Style][],
  x: number,
  top: number,
  width: number,
): number {
  let y = top;
  const valueWidth = width - LABEL_WIDTH;
  for (const [label, value, valueStyle] of pairs) {
    y =
      pages.drawAbreast(
        [
          { lines: [pages.line(label, SMALL)], x, width: LABEL_WIDTH, align: 'left' },
          {
            lines: pages.wrap(value, valueWidth, valueStyle, 4),
            x: x + LABEL_WIDTH,
            width: valueWidth,
            align: 'left',
          },
        ],
        y,
      ) + 1.5;
  }
  return y;
}

function drawTitle(pages: Pages, pass: GatePassDocument): void {
  const top = pages.y;
  const metaWidth = 250;
  const metaX = pages.right - metaWidth;
  const titleWidth = metaX - GAP - pages.left;
  const left = pages.drawLines(
    [
      pages.line('Gate Pass', style(20, 700)),
      ...pages.wrap('Asset transfer between branches', titleWidth, SMALL),
    ],
    pages.left,
    top,
    titleWidth,
    'left',
  );
  const right = drawPairs(
    pages,
    [
      ['Gate pass No.', pass.gatePassNumber, style(10, 700)],
      ['Transfer No.', pass.transferNumber, BOLD],
      ['Dispatched on', indiaDateTime(pass.dispatchedAt), BODY],
    ],
    metaX,
    top + 2,
    metaWidth,
  );
  pages.y = Math.max(left, right) + 6;
  pages.fill(pages.left, pages.y, pages.width, 1.2, INK);
  pages.y += 1.2 + 10;
}

function drawRunningHead(pages: Pages, pass: GatePassDocument): void {
  const title = `Gate Pass ${pass.gatePassNumber} · Transfer ${pass.transferNumber}`;
  const { left, width } = pages;
  pages.y =
    pages.drawAbreast(
      [
        { lines: [pages.fit(title, width - 60, HEADING)], x: left, width, align: 'left' },
        { lines: [pages.line('continued', SMALL)], x: left, width, align: 'right' },
      ],
      pages.y,
    ) + 3;
  pages.fill(pages.left, pages.y, pages.width, 0.6, RULE);
  pages.y += 0.6 + 8;
}

/** From the source branch, an arrow, to the destination. */
function drawRoute(pages: Pages, pass: GatePassDocument): void {
  const width = (pages.width - ARROW) / 2;
  const name = style(11, 700);
  const from = [pages.line('FROM', HEADING), ...pages.wrap(pass.fromBranch, width, name, 2)];
  const to = [pages.line('TO', HEADING), ...pages.wrap(pass.toBranch, width, name, 2)];
  const top = pages.y;
  const toX = pages.left + width + ARROW;
  pages.fill(pages.left, top, width, 0.6, RULE);
  pages.fill(toX, top, width, 0.6, RULE);
  const bottom = pages.drawAbreast(
    [
      { lines: from, x: pages.left, width, align: 'left' },
      { lines: to, x: toX, width, align: 'left' },
    ],
    top + 4,
  );
  // Beside the first line of the names: rules only, which every reader of the PDF draws alike.
  const middle = top + 4 + heightOf(from.slice(0, 1)) + name.size * 0.6;
  drawArrow(pages, pages.left + width + 8, pages.left + width + ARROW - 8, middle);
  pages.y = bottom + GAP;
}

function drawArrow(pages: Pages, x0: number, x1: number, middle: number): void {
  const head = 7;
  pages.fill(x0, middle - 0.6, x1 - x0 - head / 2, 1.2, INK);
  // The head, a triangle in vertical strips narrowing to its point.
  const strips = 7;
  for (let i = 0; i < strips; i++) {
    const half = (head / 2) * (1 - i / strips);
    pages.fill(x1 - head + (i * head) / strips, middle - half, head / strips, 2 * half, INK);
  }
}

function drawDetails(pages: Pages, pass: GatePassDocument): void {
  const pairs: [string, string, Style][] = [
    ['Vehicle / courier', pass.vehicle, BOLD],
    ['Reason', pass.reason, BODY],
    ['Requested by', pass.requestedBy ?? '—', BODY],
    ['Approved by', pass.approvedBy ?? '—', BODY],
    ['Dispatched by', pass.dispatchedBy ?? '—', BODY],
  ];
  pages.y = drawPairs(pages, pairs, pages.left, pages.y, pages.width) + GAP - 1.5;
}

type PassAsset = GatePassDocument['assets'][number] & { no: number };
type PassAccessory = GatePassDocument['accessories'][number] & { no: number };

const serialNo: Column<{ no: number }> = {
  title: 'S.No',
  width: 34,
  align: 'right',
  cell: (row) => String(row.no),
};

const wrapped = (text: string, cellStyle: Style): Paragraph[] => [
  { text, style: cellStyle, maxLines: 4 },
];

/** A heading and a table, the heading kept with the table's first rows. */
function drawSection<Row>(pages: Pages, heading: string, table: Table<Row>): void {
  const title = [pages.line(heading, HEADING)];
  pages.ensure(heightOf(title) + 3 + 60);
  pages.flow(title, pages.left, pages.width);
  pages.y += 3;
  table.draw();
  pages.y += GAP;
}

function drawAssets(pages: Pages, pass: GatePassDocument): void {
  if (pass.assets.length === 0) return;
  const rows: PassAsset[] = pass.assets.map((asset, i) => ({ ...asset, no: i + 1 }));
  const table = new Table<PassAsset>(pages, {
    columns: [
      serialNo,
      { title: 'Asset tag', width: 120, align: 'left', cell: (row) => row.tag },
      { title: 'Asset name', align: 'left', cell: (row) => wrapped(row.name, CELL) },
      { title: 'Serial No.', width: 130, align: 'left', cell: (row) => row.serialNumber ?? '—' },
    ],
    rows,
    x: pages.left,
    width: pages.width,
    head: HEAD,
    body: () => CELL,
    band: BAND,
    rule: RULE,
  });
  drawSection(pages, `ASSETS (${QUANTITY.format(rows.length)})`, table);
}

function drawAccessories(pages: Pages, pass: GatePassDocument): void {
  if (pass.accessories.length === 0) return;
  const rows: PassAccessory[] = pass.accessories.map((item, i) => ({ ...item, no: i + 1 }));
  const table = new Table<PassAccessory>(pages, {
    columns: [
      serialNo,
      { title: 'Accessory', align: 'left', cell: (row) => wrapped(row.name, CELL) },
      {
        title: 'Quantity',
        width: 110,
        align: 'right',
        cell: (row) => `${QUANTITY.format(row.quantity)} ${row.unit}`,
      },
    ],
    rows,
    x: pages.left,
    width: pages.width,
    head: HEAD,
    body: () => CELL,
    band: BAND,
    rule: RULE,
  });
  drawSection(pages, `ACCESSORIES (${QUANTITY.format(rows.length)})`, table);
}

function drawTotals(pages: Pages, pass: GatePassDocument): void {
  const units = pass.accessories.reduce((sum, item) => sum + item.quantity, 0);
  const text = `Total: ${plural(pass.assets.length, 'asset', 'assets')}, ${plural(units, 'accessory unit', 'accessory units')}`;
  const lines = [
    ...pages.wrap(text, pages.width, style(9.5, 700)),
    ...pages.wrap(
      'Security: check each asset tag and the accessory quantities against this pass before the consignment leaves the gate.',
      pages.width,
      SMALL,
    ),
  ];
  pages.ensure(heightOf(lines));
  pages.y = pages.drawLines(lines, pages.left, pages.y, pages.width, 'left') + GAP;
}

/** Three blocks side by side, each a blank line to sign on above who signs. */
function drawSignatures(pages: Pages, pass: GatePassDocument): void {
  const width = (pages.width - 2 * GAP) / 3;
  const blocks: Line[][] = [
    [
      pages.line('Dispatched by', BOLD),
      ...pages.wrap(pass.dispatchedBy ?? 'Name:', width, BODY, 2),
      pages.line(indiaDateTime(pass.dispatchedAt), SMALL),
    ],
    [
      pages.line('Security (gate)', BOLD),
      pages.line('Name:', SMALL),
      pages.line('Date and time:', SMALL),
    ],
    [
      pages.line('Received by', BOLD),
      ...pages.wrap(`Name: (at ${pass.toBranch})`, width, SMALL, 2),
      pages.line('Date and time:', SMALL),
    ],
  ];
  pages.ensure(SIGN_SPACE + 0.8 + 4 + heightAbreast(blocks));
  const line = pages.y + SIGN_SPACE;
  blocks.forEach((_, i) => {
    pages.fill(pages.left + i * (width + GAP), line, width, 0.8, INK);
  });
  pages.y = pages.drawAbreast(
    blocks.map((lines, i) => ({
      lines,
      x: pages.left + i * (width + GAP),
      width,
      align: 'left' as const,
    })),
    line + 0.8 + 4,
  );
}
