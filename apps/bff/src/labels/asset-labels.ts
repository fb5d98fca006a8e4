import PDFDocument from 'pdfkit';
import { type Face, type Run, runsOf, type Weight } from './fonts.ts';
import { qrSymbol } from './qr.ts';
import { ellipsise, wrapLines } from './text-fit.ts';

export const LABEL_FORMATS = ['a4-3x8', 'thermal-50x25'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export interface AssetLabel {
  tag: string;
  name: string;
  branch: string;
  /** What the QR code encodes: the asset page's address. */
  url: string;
}

const MM = 72 / 25.4;

interface Sheet {
  /** Page width and height, in points (as are all lengths below). */
  readonly page: readonly [number, number];
  readonly columns: number;
  readonly rows: number;
  /** The first label's top-left corner on the page. */
  readonly left: number;
  readonly top: number;
  readonly label: readonly [number, number];
  /** Side of the QR square, quiet zone included, centred vertically; and its left inset. */
  readonly qr: number;
  readonly qrLeft: number;
  /** Between the QR square and the text, and between the text and the label's right edge. */
  readonly gap: number;
  readonly right: number;
  /** Largest sizes: a tag wider than the text column is set smaller to fit on one line. */
  readonly tagSize: number;
  readonly nameSize: number;
  readonly branchSize: number;
}

// The text column holds tag, two name lines and branch with room to spare even at the tallest
// script's metrics (Kannada, 1.07 + 0.54 em): a4 ≈ 68 of 105 pt, thermal ≈ 48 of 71 pt.
const SHEETS: Record<LabelFormat, Sheet> = {
  // The common 24-up A4 sheet of 70 × 37 mm labels butted together with no gaps (e.g. Avery 3474):
  // 3 × 70 mm fill the 210 mm width; 8 × 37 mm = 296 mm leave 0.5 mm top and bottom. Printers
  // cannot print to the very edge, hence the QR's inset (and its quiet zone) and the right padding.
  'a4-3x8': {
    page: [210 * MM, 297 * MM],
    columns: 3,
    rows: 8,
    left: 0,
    top: 0.5 * MM,
    label: [70 * MM, 37 * MM],
    qr: 30 * MM,
    qrLeft: 2.5 * MM,
    gap: 1 * MM,
    right: 3 * MM,
    tagSize: 16,
    nameSize: 9,
    branchSize: 8,
  },
  // A roll of 50 × 25 mm thermal labels: the printer's driver takes one page per label.
  'thermal-50x25': {
    page: [50 * MM, 25 * MM],
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    label: [50 * MM, 25 * MM],
    qr: 23 * MM,
    qrLeft: 1 * MM,
    gap: 0.5 * MM,
    right: 1.5 * MM,
    tagSize: 11,
    nameSize: 6.5,
    branchSize: 6,
  },
};

/** A PDF of labels, in the order given: across, then down, then onto the next page. */
export async function assetLabelsPdf(
  labels: readonly AssetLabel[],
  format: LabelFormat,
): Promise<Buffer> {
  if (labels.length === 0) throw new Error('No labels to print.');
  const sheet = SHEETS[format];
  const perPage = sheet.columns * sheet.rows;
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: 'Asset labels', Creator: 'Branch Assets' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (slot === 0) doc.addPage({ size: [...sheet.page], margin: 0 });
    const x = sheet.left + (slot % sheet.columns) * sheet.label[0];
    const y = sheet.top + Math.floor(slot / sheet.columns) * sheet.label[1];
    drawLabel(doc, label, sheet, x, y);
  });
  doc.end();
  return ended;
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  label: AssetLabel,
  sheet: Sheet,
  x: number,
  y: number,
): void {
  const [width, height] = sheet.label;
  drawQr(doc, label.url, x + sheet.qrLeft, y + (height - sheet.qr) / 2, sheet.qr);

  const left = x + sheet.qrLeft + sheet.qr + sheet.gap;
  const column = x + width - sheet.right - left;
  const measure = (size: number, weight: Weight) => (text: string) =>
    widthOf(doc, runsOf(text, weight), size);

  const tag = label.tag.trim();
  // Widths scale with the size, so one measurement gives the size at which the tag just fits.
  const tagWidth = measure(sheet.tagSize, 700)(tag);
  const tagSize = tagWidth <= column ? sheet.tagSize : (sheet.tagSize * column) / tagWidth;
  const nameLines = wrapLines(label.name, column, 2, measure(sheet.nameSize, 400));
  const branch = ellipsise(label.branch.trim(), column, measure(sheet.branchSize, 400));
  const lines = [
    line(tag, 700, tagSize),
    ...nameLines.map((text) => line(text, 400, sheet.nameSize)),
    line(branch, 400, sheet.branchSize),
  ].filter((l) => l.runs.length > 0);

  const blockHeight = lines.reduce((sum, l) => sum + (l.ascent + l.descent) * l.size, 0);
  let top = y + (height - blockHeight) / 2;
  for (const l of lines) {
    const baseline = top + l.ascent * l.size;
    let cursor = left;
    for (const run of l.runs) {
      useFace(doc, run.face, l.size).text(run.text, cursor, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
      });
      cursor += doc.widthOfString(run.text);
    }
    top += (l.ascent + l.descent) * l.size;
  }
}

interface Line {
  readonly runs: readonly Run[];
  readonly size: number;
  /** The tallest of its faces', so runs of different scripts share one baseline and fit. */
  readonly ascent: number;
  readonly descent: number;
}

function line(text: string, weight: Weight, size: number): Line {
  const runs = runsOf(text, weight);
  return {
    runs,
    size,
    ascent: Math.max(0, ...runs.map((r) => r.face.ascent)),
    descent: Math.max(0, ...runs.map((r) => r.face.descent)),
  };
}

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, side: number): void {
  const symbol = qrSymbol(url);
  doc
    .save()
    .translate(x, y)
    .scale(side / symbol.size);
  for (const run of symbol.runs) doc.rect(run.x, run.y, run.width, 1);
  doc.fill('black').restore();
}

function widthOf(doc: PDFKit.PDFDocument, runs: readonly Run[], size: number): number {
  let width = 0;
  for (const run of runs) width += useFace(doc, run.face, size).widthOfString(run.text);
  return width;
}

function useFace(doc: PDFKit.PDFDocument, face: Face, size: number): PDFKit.PDFDocument {
  // pdfkit 0.20 takes an already parsed fontkit font (so each font is parsed once per process, not
  // per document); its typings predate that. The key names it within the document.
  const source = face.font as unknown as PDFKit.Mixins.PDFFontSource;
  return doc.font(source, face.key).fontSize(size);
}
