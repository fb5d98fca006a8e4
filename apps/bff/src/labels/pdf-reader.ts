/**
 * Test helper: reads back what the label PDFs draw, no more of PDF than pdfkit writes for them.
 * It fails loudly on an operator it does not model, rather than misplace what follows.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/** In PDF user space: points, y up from the page's bottom edge. */
export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** One text-showing operator: where its glyphs' advances and the font's ascent and descent reach. */
export interface Shown {
  text: string;
  font: string;
  size: number;
  box: Box;
  baseline: number;
}

export interface PageContent {
  width: number;
  height: number;
  fills: Box[];
  shown: Shown[];
}

type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first` then `second`, as PDF concatenates matrices. */
function times(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [a2, b2, c2, d2, e2, f2] = second;
  return [
    a * a2 + b * c2,
    a * b2 + b * d2,
    c * a2 + d * c2,
    c * b2 + d * d2,
    e * a2 + f * c2 + e2,
    e * b2 + f * d2 + f2,
  ];
}

function boxOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const [a, b, c, d, e, f] = m;
  const xs = [x0, x1].flatMap((x) => [y0, y1].map((y) => a * x + c * y + e));
  const ys = [x0, x1].flatMap((x) => [y0, y1].map((y) => b * x + d * y + f));
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    bottom: Math.min(...ys),
    top: Math.max(...ys),
  };
}

interface FontInfo {
  name: string;
  widths: Map<number, number>;
  unicode: Map<number, string>;
  ascent: number;
  descent: number;
}

function bytesOf(stream: PDFObject | undefined): string {
  if (!(stream instanceof PDFRawStream)) throw new Error('Expected a stream.');
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

function numberAt(array: PDFArray, index: number): number {
  const value = array.lookup(index);
  if (!(value instanceof PDFNumber)) throw new Error('Expected a number.');
  return value.asNumber();
}

/** The glyph widths of a CIDFont's /W array: `c [w1 w2 …]` and `cFirst cLast w` entries. */
function widthsOf(w: PDFArray): Map<number, number> {
  const widths = new Map<number, number>();
  for (let i = 0; i < w.size(); ) {
    const first = numberAt(w, i);
    const next = w.lookup(i + 1);
    if (next instanceof PDFArray) {
      for (let k = 0; k < next.size(); k++) widths.set(first + k, numberAt(next, k));
      i += 2;
    } else {
      for (let cid = first; cid <= numberAt(w, i + 1); cid++) widths.set(cid, numberAt(w, i + 2));
      i += 3;
    }
  }
  return widths;
}

function utf16(hex: string): string {
  const units = hex.replace(/\s+/g, '').match(/.{4}/g) ?? [];
  return String.fromCharCode(...units.map((unit) => Number.parseInt(unit, 16)));
}

/** The glyph-to-text map of a ToUnicode CMap (bfchar and bfrange, both forms). */
function unicodeOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of (body ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      map.set(Number.parseInt(code ?? '', 16), utf16(text ?? ''));
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const ranges = (body ?? '').matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f\s]+>)/gi,
    );
    for (const [, low, high, target] of ranges) {
      const first = Number.parseInt(low ?? '', 16);
      const last = Number.parseInt(high ?? '', 16);
      // An empty target (<>) is a glyph with no text: it keeps its place in the array.
      const targets = [...(target ?? '').matchAll(/<([0-9a-f\s]*)>/gi)].map(([, t]) => t ?? '');
      for (let code = first; code <= last; code++) {
        if (target?.startsWith('[')) map.set(code, utf16(targets[code - first] ?? ''));
        else {
          const start = utf16(targets[0] ?? '');
          map.set(
            code,
            start.slice(0, -1) +
              String.fromCharCode(start.charCodeAt(start.length - 1) + code - first),
          );
        }
      }
    }
  }
  return map;
}

function fontInfo(doc: PDFDocument, ref: PDFObject): FontInfo {
  const font = doc.context.lookup(ref, PDFDict);
  const cid = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
  return {
    name: font.lookup(PDFName.of('BaseFont'), PDFName).decodeText(),
    widths: widthsOf(cid.lookup(PDFName.of('W'), PDFArray)),
    unicode: unicodeOf(bytesOf(font.lookup(PDFName.of('ToUnicode')))),
    ascent: descriptor.lookup(PDFName.of('Ascent'), PDFNumber).asNumber(),
    descent: descriptor.lookup(PDFName.of('Descent'), PDFNumber).asNumber(),
  };
}

type Operand = number | string | Operand[];
const TOKEN = /\[|\]|<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|\/[^\s/[\]<>()]+|[^\s/[\]<>()]+/g;

/** Every page's size, filled rectangles and shown text, in drawing order. */
export function readPages(doc: PDFDocument): PageContent[] {
  return doc.getPages().map((page) => {
    const fonts = new Map<string, FontInfo>();
    const resources = page.node.Resources()?.lookup(PDFName.of('Font'));
    if (resources instanceof PDFDict) {
      for (const [name, ref] of resources.entries())
        fonts.set(name.decodeText(), fontInfo(doc, ref));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const source = streams
      .map((s) => bytesOf(s instanceof PDFRef ? doc.context.lookup(s) : s))
      .join('\n');
    const { width, height } = page.getSize();
    return { width, height, ...interpret(source, fonts) };
  });
}

function interpret(source: string, fonts: Map<string, FontInfo>) {
  const fills: Box[] = [];
  const shown: Shown[] = [];
  const saved: Matrix[] = [];
  let ctm = IDENTITY;
  let path: Box[] = [];
  let tm = IDENTITY;
  let font: FontInfo | undefined;
  let size = 0;
  const stack: Operand[][] = [[]];
  const operands = () => stack[stack.length - 1] ?? [];
  const num = (i: number) => Number(operands()[i]);

  for (const [token] of source.matchAll(TOKEN)) {
    if (token === '[') stack.push([]);
    else if (token === ']') {
      const array = stack.pop() ?? [];
      operands().push(array);
    } else if (/^[-+.\d]/.test(token)) operands().push(Number(token));
    else if (token.startsWith('/')) operands().push(token.slice(1));
    else if (token.startsWith('<')) operands().push(`<${token.slice(1, -1).replace(/\s+/g, '')}`);
    else if (token.startsWith('(')) throw new Error('Literal strings are not modelled.');
    else {
      switch (token) {
        case 'q':
          saved.push(ctm);
          break;
        case 'Q':
          ctm = saved.pop() ?? IDENTITY;
          break;
        case 'cm':
          ctm = times([num(0), num(1), num(2), num(3), num(4), num(5)], ctm);
          break;
        case 're':
          path.push(boxOf(ctm, num(0), num(1), num(0) + num(2), num(1) + num(3)));
          break;
        case 'f':
        case 'f*':
          fills.push(...path);
          path = [];
          break;
        case 'n':
          path = [];
          break;
        case 'BT':
          tm = IDENTITY;
          break;
        case 'Tm':
          tm = [num(0), num(1), num(2), num(3), num(4), num(5)];
          break;
        case 'Tf':
          font = fonts.get(String(operands()[0]));
          size = num(1);
          break;
        case 'Tj':
        case 'TJ': {
          if (!font) throw new Error('Text shown before a font is set.');
          const parts = token === 'TJ' ? (operands()[0] as Operand[]) : operands();
          let advance = 0;
          let text = '';
          for (const part of parts) {
            if (typeof part === 'number') advance -= (part / 1000) * size;
            else if (typeof part === 'string' && part.startsWith('<')) {
              for (const hex of part.slice(1).match(/.{4}/g) ?? []) {
                const glyph = Number.parseInt(hex, 16);
                advance += ((font.widths.get(glyph) ?? 0) / 1000) * size;
                text += font.unicode.get(glyph) ?? '\uFFFD';
              }
            }
          }
          const toPage = times(tm, ctm);
          const box = boxOf(
            toPage,
            0,
            (font.descent / 1000) * size,
            advance,
            (font.ascent / 1000) * size,
          );
          shown.push({
            text,
            font: font.name,
            size,
            box,
            baseline: boxOf(toPage, 0, 0, 0, 0).bottom,
          });
          tm = times([1, 0, 0, 1, advance, 0], tm);
          break;
        }
        case 'W':
        case 'W*':
        case 'ET':
        case 'cs':
        case 'CS':
        case 'sc':
        case 'scn':
        case 'SC':
        case 'SCN':
        case 'gs':
          break;
        default:
          throw new Error(`The PDF operator ${token} is not modelled.`);
      }
      stack.splice(0, stack.length, []);
    }
  }
  return { fills, shown };
}

/** The filled rectangles inside `area` as an RGBA bitmap (black on white), `scale` pixels a point. */
export function rasterise(fills: readonly Box[], area: Box, scale: number) {
  const width = Math.ceil((area.right - area.left) * scale);
  const height = Math.ceil((area.top - area.bottom) * scale);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const fill of fills) {
    // Pixel centres inside the rectangle; rows run down from the area's top.
    const x0 = Math.max(0, Math.round((fill.left - area.left) * scale));
    const x1 = Math.min(width, Math.round((fill.right - area.left) * scale));
    const y0 = Math.max(0, Math.round((area.top - fill.top) * scale));
    const y1 = Math.min(height, Math.round((area.top - fill.bottom) * scale));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { data, width, height };
}
