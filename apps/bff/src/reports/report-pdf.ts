import { displayDate, formatRupees, toPaise } from '@branch-assets/domain';
import {
  BAND,
  BODY,
  type Column,
  GAP,
  HEADING,
  INK,
  MM,
  type Pages,
  pagedPdf,
  RULE,
  SMALL,
  style,
  Table,
} from '../purchase-orders/order-pdf-layout.ts';
import type { Cell, CellKind, ReportDocument, ReportRow } from './document.ts';

/*
 * A report as an A4 landscape PDF (docs/reports.md): the company's letterhead (logo, legal name,
 * address, GSTIN and PAN), the report's title and scope, then each section's table across as many
 * pages as it takes with its header row repeated, subtotal and total rows in bold, and "Page n of
 * m" under every page. Drawn with the purchase order's layout pieces and fonts, so every script
 * of the six languages prints.
 */

const PAGE: readonly [number, number] = [297 * MM, 210 * MM];
const LOGO = 42;
const CELL = style(7.5, 400);
const CELL_BOLD = style(7.5, 700);
const HEAD = style(7, 700);
/** A PDF is read, not processed: past this many rows a section says where the rest is. */
export const MOST_PDF_ROWS = 5000;

/** Amounts with Indian grouping; each table says "Amounts in ₹" once. */
function shown(cell: Cell, kind: CellKind): string {
  if (cell === null || cell === '') return '';
  if (kind === 'money') return formatRupees(toPaise(cell)).replace('₹', '');
  if (kind === 'date' && typeof cell === 'string') return displayDate(cell);
  if (kind === 'count' && typeof cell === 'number') return cell.toLocaleString('en-IN');
  if (kind === 'percent') return `${cell}%`;
  return String(cell);
}

interface Drawn {
  readonly cells: readonly Cell[];
  readonly bold: boolean;
}

async function rowsOf(rows: ReportDocument['sections'][number]['rows']) {
  if (typeof rows !== 'function') return { rows, more: false };
  const taken: ReportRow[] = [];
  for await (const page of rows()) {
    for (const row of page) {
      if (taken.length === MOST_PDF_ROWS) return { rows: taken, more: true };
      taken.push(row);
    }
  }
  return { rows: taken, more: false };
}

function drawLetterhead(pages: Pages, report: ReportDocument, logo: Buffer | null): void {
  const top = pages.y;
  let x = pages.left;
  if (logo) {
    pages.doc.image(logo, x, top, { fit: [LOGO, LOGO] });
    x += LOGO + GAP;
  }
  const titleWidth = 300;
  const width = pages.right - titleWidth - GAP - x;
  const { company } = report;
  const left = company
    ? pages.drawLines(
        [
          ...pages.wrap(company.LegalName, width, style(12, 700), 2),
          ...pages.wrap(company.Address, width, BODY, 2),
          pages.line(`GSTIN: ${company.Gstin ?? 'not registered'}    PAN: ${company.Pan}`, BODY),
        ],
        x,
        top,
        width,
        'left',
      )
    : top;
  const right = pages.drawLines(
    [
      ...pages.wrap(report.title.toUpperCase(), titleWidth, style(14, 700), 2),
      ...report.scope.flatMap((line) => pages.wrap(line, titleWidth, BODY, 3)),
    ],
    pages.right - titleWidth,
    top,
    titleWidth,
    'right',
  );
  pages.y = Math.max(left, right, logo ? top + LOGO : top) + 6;
  pages.fill(pages.left, pages.y, pages.width, 1.2, INK);
  pages.y += 1.2 + 10;
}

export async function reportPdf(report: ReportDocument, logo: Buffer | null): Promise<Buffer> {
  return pagedPdf(
    {
      size: PAGE,
      info: { Title: report.title, Author: report.company?.LegalName ?? 'Branch Assets' },
      footer: report.title,
    },
    async (pages) => {
      drawLetterhead(pages, report, logo);
      pages.head = () => {
        const title = `${report.company?.LegalName ?? ''} · ${report.title}`.replace(/^ · /, '');
        pages.y =
          pages.drawAbreast(
            [
              {
                lines: [pages.line(title, HEADING)],
                x: pages.left,
                width: pages.width,
                align: 'left',
              },
            ],
            pages.y,
          ) + 3;
        pages.fill(pages.left, pages.y, pages.width, 0.6, RULE);
        pages.y += 0.6 + 8;
      };
      for (const section of report.sections) {
        const { rows, more } = await rowsOf(section.rows);
        const totalWidth = section.columns.reduce((sum, column) => sum + column.width, 0);
        const columns: Column<Drawn>[] = section.columns.map((column, index) => ({
          title: column.title,
          width: (pages.width * column.width) / totalWidth,
          align: column.kind === 'text' || column.kind === 'date' ? 'left' : 'right',
          cell: (row) =>
            column.kind === 'text'
              ? [
                  {
                    text: shown(row.cells[index] ?? null, column.kind),
                    style: row.bold ? CELL_BOLD : CELL,
                    maxLines: 3,
                  },
                ]
              : shown(row.cells[index] ?? null, column.kind),
        }));
        const drawn: Drawn[] = rows.map((row) => ({
          cells: row.cells,
          bold: row.subtotal === true,
        }));
        if (section.total) drawn.push({ cells: section.total, bold: true });
        const heading = [pages.line(section.title.toUpperCase(), style(9, 700))];
        const money = section.columns.some((column) => column.kind === 'money');
        const notes = [
          ...(money ? [pages.line('Amounts in ₹', SMALL)] : []),
          ...(drawn.length === 0 ? [pages.line('Nothing in this period.', BODY)] : []),
        ];
        pages.ensure(60);
        pages.flow([...heading, ...notes], pages.left, pages.width);
        pages.y += 3;
        if (drawn.length > 0) {
          new Table(pages, {
            columns,
            rows: drawn,
            x: pages.left,
            width: pages.width,
            head: HEAD,
            body: (row) => (row.bold ? CELL_BOLD : CELL),
            band: BAND,
            rule: RULE,
          }).draw();
        }
        const remarks = [
          ...(more
            ? [
                `The first ${MOST_PDF_ROWS.toLocaleString('en-IN')} rows are shown; the Excel export holds every row.`,
              ]
            : []),
          ...(section.note ? [section.note] : []),
        ];
        for (const remark of remarks) {
          pages.y += 3;
          pages.flow(pages.wrap(remark, pages.width, SMALL), pages.left, pages.width);
        }
        pages.y += GAP;
      }
    },
  );
}
