import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';

export type Weight = 400 | 700;

/** One per-script subset of the Noto Sans fonts the web app ships, parsed. */
export interface Face {
  /** Unique per subset and weight: the PostScript name is shared by the latin subsets. */
  readonly key: string;
  readonly font: Font;
  /** Above and below the baseline, in em, from the font's own metrics (they differ per script). */
  readonly ascent: number;
  readonly descent: number;
}

/** A stretch of text drawn with one face. */
export interface Run {
  readonly face: Face;
  readonly text: string;
}

// Order matters only for characters no run has claimed yet: the first face that has a glyph wins,
// and characters none has fall back to the first (drawn as its missing-glyph box).
const SUBSETS = [
  ['noto-sans', 'latin'],
  ['noto-sans', 'latin-ext'],
  ['noto-sans-devanagari', 'devanagari'],
  ['noto-sans-tamil', 'tamil'],
  ['noto-sans-telugu', 'telugu'],
  ['noto-sans-kannada', 'kannada'],
  ['noto-sans-malayalam', 'malayalam'],
] as const;

const require = createRequire(import.meta.url);
const loaded = new Map<Weight, readonly Face[]>();

/** The faces of one weight, read and parsed once per process. */
export function facesOf(weight: Weight): readonly Face[] {
  let faces = loaded.get(weight);
  if (!faces) {
    faces = SUBSETS.map(([family, subset]) => loadFace(family, subset, weight));
    loaded.set(weight, faces);
  }
  return faces;
}

/** One face parsed anew (facesOf keeps one per process). */
export function loadFace(family: string, subset: string, weight: Weight): Face {
  const file = require.resolve(
    `@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`,
  );
  const font = create(sfntOf(readFileSync(file)));
  if ('fonts' in font) throw new Error(`${file} is a font collection, not a font.`);
  skipNullAnchors(font);
  giveEveryGlyphItsCharacter(font);
  return {
    key: `${subset}-${weight}`,
    font,
    ascent: font.ascent / font.unitsPerEm,
    descent: -font.descent / font.unitsPerEm,
  };
}

/**
 * Splits text into runs by the face that has each character's glyph. A character the current run's
 * face also has (a space, a digit, a joiner) stays in that run, so a Tamil phrase is not cut at
 * every space and shaping sees whole words.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const faces = facesOf(weight);
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (last?.face.font.hasGlyphForCodePoint(codePoint)) {
      last.text += char;
      continue;
    }
    const face = faces.find((f) => f.font.hasGlyphForCodePoint(codePoint)) ?? faces[0];
    if (!face) throw new Error('No label fonts.');
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

/**
 * The TrueType font inside a WOFF 1.0 file. fontkit reads WOFF itself but inflates a table (in
 * JavaScript) every time it reads from it, glyf included, so once for every glyph it lays out or
 * embeds: that was nearly half the time of a sheet of labels. Inflated once here, natively.
 */
export function sfntOf(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font.');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + 20 * i;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const padded = (n: number) => (n + 3) & ~3;
  let offset = 12 + 16 * count;
  const size = tables.reduce((sum, t) => sum + padded(t.data.length), offset);
  const sfnt = Buffer.alloc(size);
  const log2 = Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(16 * 2 ** log2, 6);
  sfnt.writeUInt16BE(log2, 8);
  sfnt.writeUInt16BE(16 * count - 16 * 2 ** log2, 10);
  tables.forEach((table, i) => {
    sfnt.writeUInt32BE(table.tag, 12 + 16 * i);
    sfnt.writeUInt32BE(table.checksum, 16 + 16 * i);
    sfnt.writeUInt32BE(offset, 20 + 16 * i);
    sfnt.writeUInt32BE(table.data.length, 24 + 16 * i);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/**
 * fontkit keeps one glyph object per glyph for the life of a font, with the characters of the
 * layout that first made it, and pdfkit writes those characters as the text a reader copies or
 * searches. A glyph first made by a layout that gave it none ('.' after a label's name was cut
 * with '…') kept none: the fonts live as long as the process, so once a sheet of labels had been
 * printed every later PDF — an order, a gate pass — mapped '.' to nothing ('1,85,000.00' copied as
 * '1,85,00000'). Making each character's glyph first, from the font's own character map, gives
 * every glyph its character.
 */
function giveEveryGlyphItsCharacter(font: Font): void {
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
}

interface MarkPositioning {
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseIndex: number): void;
}

/**
 * fontkit 2.0.4 throws on a GPOS anchor left null, which OpenType allows and the Telugu and
 * Malayalam Noto fonts have, so most words of those scripts fail to lay out (foliojs/fontkit#367).
 * This skips such an anchor as HarfBuzz does (and as the proposed fix, foliojs/fontkit#374, does),
 * on our own parsed fonts only. Drop it once a fontkit with the fix is released; the labels tests
 * lay out both scripts and fail if it is still needed and no longer applies.
 */
function skipNullAnchors(font: Font): void {
  type Internals = { _layoutEngine?: { engine?: { GPOSProcessor?: MarkPositioning | null } } };
  const gpos = (font as unknown as Internals)._layoutEngine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const applyAnchor = gpos.applyAnchor.bind(gpos);
  gpos.applyAnchor = (markRecord, baseAnchor, baseIndex) => {
    if (markRecord.markAnchor && baseAnchor) applyAnchor(markRecord, baseAnchor, baseIndex);
  };
}
