/*
 * What the purchase order PDF is drawn with: lines of text set run by run in the Noto face of each
 * script (the labels' fonts), a cursor that moves down the page and onto the next, and a table
 * whose header row is drawn again at the top of every page it continues on.
 *
 * Rules and bands are filled rectangles, never stroked paths: they print the same, and the tests'
 * PDF reader models fills.
 */
import PDFDocument from 'pdfkit';
import { type Face, type Run, runsOf, type Weight } from '../labels/fonts.ts';
import { wrapLines } from '../labels/text-fit.ts';

export interface Style {
  readonly size: number;
  readonly weight: Weight;
  readonly color: string;
}

export type Align = 'left' | 'center' | 'right';

export const INK = '#1a1a1a';
export const MUTED = '#5a5f66';
export const BAND = '#e6eaee';
export const RULE = '#b9c0c7';
export const style = (size: number, weight: Weight, color = INK): Style => ({
  size,
  weight,
  color,
});
export const BODY = style(8.5, 400);
export const BOLD = style(8.5, 700);
export const SMALL = style(7.5, 400, MUTED);
export const HEADING = style(7.5, 700, MUTED);
/** Between blocks side by side, and after a block. */
export const GAP = 14;

interface Piece extends Run {
  readonly width: number;
}

/**
 * A line of text, measured. Its ascent and descent (in points) are its tallest face's, so runs of
 * different scripts share one baseline and a line of Kannada gets the room its marks need.
 */
export interface Line {
  readonly pieces: readonly Piece[];
  readonly style: Style;
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
}

export function heightOf(lines: readonly Line[]): number {
  return lines.reduce((sum, line) => sum + line.ascent + line.descent, 0);
}

/** Lines beside others, sharing their first baseline: a cell of a table row, a label, a value. */
export interface Block {
  readonly lines: readonly Line[];
  readonly x: number;
  readonly width: number;
  readonly align: Align;
}

const firstAscent = (lines: readonly Line[]) => lines[0]?.ascent ?? 0;

/** The height of blocks side by side: the tallest first line, then the longest rest. */
export function heightAbreast(blocks: readonly (readonly Line[])[]): number {
  const ascent = Math.max(0, ...blocks.map(firstAscent));
  return ascent + Math.max(0, ...blocks.map((lines) => heightOf(lines) - firstAscent(lines)));
}

export interface PageSetup {
  /** Width and height, in points (as are all lengths here). */
  readonly size: readonly [number, number];
  readonly margin: number;
  /** Kept free above the bottom margin for the footer, drawn once the page count is known. */
  readonly footer: number;
}

export class Pages {
  readonly doc: PDFKit.PDFDocument;
  readonly size: readonly [number, number];
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly top: number;
  /** Where content must end. */
  readonly bottom: number;
  /** The top of the next thing drawn. */
  y = 0;
  /** Drawn at the top of every page after the first: a running head. */
  head: (() => void) | null = null;
  /** Drawn below the head on each new page while set: the header row of a table being drawn. */
  continued: (() => void) | null = null;
  /** Where the content of the current page starts, below its head: nothing is drawn yet there. */
  private fresh = 0;

  constructor(doc: PDFKit.PDFDocument, setup: PageSetup) {
    this.doc = doc;
    this.size = setup.size;
    this.left = setup.margin;
    this.right = setup.size[0] - setup.margin;
    this.width = this.right - this.left;
    this.top = setup.margin;
    this.bottom = setup.size[1] - setup.margin - setup.footer;
  }

  addPage(): void {
    this.doc.addPage({ size: [...this.size], margin: 0 });
    this.y = this.top;
    this.head?.();
    this.continued?.();
    this.fresh = this.y;
  }

  /**
   * Moves to a new page unless `height` more fits on this one. On a page with nothing drawn yet
   * it stays: something taller than a page would otherwise add pages without end.
   */
  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > this.fresh) this.addPage();
  }

  line(text: string, style: Style): Line {
    let width = 0;
    const pieces = runsOf(text, style.weight).map((run) => {
      const piece = { ...run, width: this.use(run.face, style.size).widthOfString(run.text) };
      width += piece.width;
      return piece;
    });
    return {
      pieces,
      style,
      width,
      ascent: Math.max(0, ...pieces.map((p) => p.face.ascent)) * style.size,
      descent: Math.max(0, ...pieces.map((p) => p.face.descent)) * style.size,
    };
  }

  /** Wrapped at spaces to `width`; past `maxLines` it ends in an ellipsis. Newlines are spaces. */
  wrap(text: string, width: number, style: Style, maxLines = Number.POSITIVE_INFINITY): Line[] {
    const measure = (part: string) => this.line(part, style).width;
    return wrapLines(text, width, maxLines, measure).map((part) => this.line(part, style));
  }

  /** On one line, set smaller if it is wider than `width`: an amount must not wrap. */
  fit(text: string, width: number, style: Style): Line {
    const line = this.line(text, style);
    if (line.width <= width) return line;
    return this.line(text, { ...style, size: (style.size * width) / line.width });
  }

  draw(line: Line, x: number, baseline: number): void {
    let cursor = x;
    this.doc.fillColor(line.style.color);
    for (const piece of line.pieces) {
      this.use(piece.face, line.style.size).text(piece.text, cursor, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
      });
      cursor += piece.width;
    }
  }

  /** Lines one below the other from `top`, aligned in `width`; returns where they end. */
  drawLines(lines: readonly Line[], x: number, top: number, width: number, align: Align): number {
    let y = top;
    for (const line of lines) {
      const free = width - line.width;
      const dx = align === 'right' ? free : align === 'center' ? free / 2 : 0;
      this.draw(line, x + dx, y + line.ascent);
      y += line.ascent + line.descent;
    }
    return y;
  }

  /**
   * Blocks side by side from `top`, on one first baseline so that a label and its value, or the
   * cells of a row, line up whatever their scripts; returns where the longest ends.
   */
  drawAbreast(blocks: readonly Block[], top: number): number {
    const ascent = Math.max(0, ...blocks.map((b) => firstAscent(b.lines)));
    let bottom = top;
    for (const { lines, x, width, align } of blocks) {
      const end = this.drawLines(lines, x, top + ascent - firstAscent(lines), width, align);
      bottom = Math.max(bottom, end);
    }
    return bottom;
  }

  /** Lines at the cursor, across pages if need be, line by line. */
  flow(lines: readonly Line[], x: number, width: number, align: Align = 'left'): void {
    for (const line of lines) {
      this.ensure(line.ascent + line.descent);
      this.y = this.drawLines([line], x, this.y, width, align);
    }
  }

  fill(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.rect(x, y, width, height).fill(color);
  }

  private use(face: Face, size: number): PDFKit.PDFDocument {
    // pdfkit 0.20 takes an already parsed fontkit font (parsed once per process, as the labels do);
    // its typings predate that. The key names it within the document.
    const source = face.font as unknown as PDFKit.Mixins.PDFFontSource;
    return this.doc.font(source, face.key).fontSize(size);
  }
}

/** Paragraphs of a cell, each wrapped to the column. */
export interface Paragraph {
  readonly text: string;
  readonly style: Style;
  readonly maxLines: number;
}

export interface Column<Row> {
  readonly title: string;
  /** In points; the one column given none takes what the others leave. */
  readonly width?: number;
  readonly align: Align;
  /** A string stays on one line, set smaller if too wide (amounts); paragraphs wrap. */
  readonly cell: (row: Row) => string | readonly Paragraph[];
}

export interface TableSpec<Row> {
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly x: number;
  readonly width: number;
  readonly head: Style;
  readonly body: (row: Row) => Style;
  /** The header row's band and the rules between rows. */
  readonly band: string;
  readonly rule: string;
}

interface TableRow {
  readonly cells: readonly (readonly Line[])[];
  readonly height: number;
}

const PAD_X = 3;
const PAD_Y = 3;
const HEAD_RULE = 0.8;
const ROW_RULE = 0.4;

/** Laid out once, then drawn at the cursor: its height is known before anything is drawn. */
export class Table<Row> {
  private readonly pages: Pages;
  private readonly spec: TableSpec<Row>;
  private readonly widths: readonly number[];
  private readonly header: TableRow;
  private readonly rows: readonly TableRow[];

  constructor(pages: Pages, spec: TableSpec<Row>) {
    this.pages = pages;
    this.spec = spec;
    const fixed = spec.columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
    this.widths = spec.columns.map((c) => c.width ?? Math.max(0, spec.width - fixed));
    this.header = this.layout(
      spec.columns.map((c, i) => pages.wrap(c.title, this.inner(i), spec.head, 2)),
    );
    this.rows = spec.rows.map((row) => {
      const style = spec.body(row);
      return this.layout(
        spec.columns.map((column, i) => {
          const content = column.cell(row);
          if (typeof content === 'string') return [pages.fit(content, this.inner(i), style)];
          return content.flatMap((p) => pages.wrap(p.text, this.inner(i), p.style, p.maxLines));
        }),
      );
    });
  }

  get height(): number {
    return this.rows.reduce((sum, row) => sum + row.height, this.header.height + HEAD_RULE);
  }

  /** At the cursor: a row that does not fit goes to the next page, under the header again. */
  draw(): void {
    const { pages } = this;
    pages.ensure(this.header.height + HEAD_RULE + (this.rows[0]?.height ?? 0));
    this.drawHeader();
    const outer = pages.continued;
    pages.continued = () => this.drawHeader();
    try {
      for (const row of this.rows) {
        pages.ensure(row.height);
        this.drawRow(row);
        pages.fill(this.spec.x, pages.y - ROW_RULE, this.spec.width, ROW_RULE, this.spec.rule);
      }
    } finally {
      pages.continued = outer;
    }
  }

  private drawHeader(): void {
    const { pages, spec } = this;
    pages.fill(spec.x, pages.y, spec.width, this.header.height, spec.band);
    this.drawRow(this.header);
    pages.fill(spec.x, pages.y, spec.width, HEAD_RULE, spec.head.color);
    pages.y += HEAD_RULE;
  }

  private drawRow(row: TableRow): void {
    const { pages, spec } = this;
    let x = spec.x;
    const blocks = row.cells.map((lines, i) => {
      const width = this.widths[i] ?? 0;
      const block = {
        lines,
        x: x + PAD_X,
        width: width - 2 * PAD_X,
        align: spec.columns[i]?.align ?? 'left',
      } as const;
      x += width;
      return block;
    });
    pages.drawAbreast(blocks, pages.y + PAD_Y);
    pages.y += row.height;
  }

  private inner(column: number): number {
    return Math.max(1, (this.widths[column] ?? 0) - 2 * PAD_X);
  }

  private layout(cells: readonly (readonly Line[])[]): TableRow {
    return { cells, height: 2 * PAD_Y + heightAbreast(cells) };
  }
}

/** Points in a millimetre. */
export const MM = 72 / 25.4;
/** The house margin of every paged document (the order, the gate pass, the reports). */
export const PAGE_MARGIN = 12 * MM;
const FOOTER_HEIGHT = 16;

/**
 * A document of pages of one size with the house margin: `draw` lays its content out from the
 * first page on (reading rows as it goes, if it must); then every page gets its footer ("label" on the left, "Page n of m" on the
 * right: the pages are kept until the end for m) and the PDF's bytes come back.
 */
export async function pagedPdf(
  options: {
    size: readonly [number, number];
    info: { Title: string; Author?: string; Subject?: string };
    footer: string;
  },
  draw: (pages: Pages) => void | Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    margin: 0,
    info: { ...options.info, Creator: 'Branch Assets' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = new Pages(doc, {
    size: options.size,
    margin: PAGE_MARGIN,
    footer: FOOTER_HEIGHT,
  });
  pages.addPage();
  await draw(pages);
  drawFooters(pages, options.footer, options.size[1] - PAGE_MARGIN);
  doc.end();
  return ended;
}

function drawFooters(pages: Pages, label: string, baseline: number): void {
  const { start, count } = pages.doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    pages.doc.switchToPage(start + i);
    pages.fill(pages.left, pages.bottom + 4, pages.width, 0.6, RULE);
    const left = pages.line(label, SMALL);
    const right = pages.line(`Page ${i + 1} of ${count}`, SMALL);
    pages.draw(left, pages.left, baseline);
    pages.draw(right, pages.right - right.width, baseline);
  }
}
