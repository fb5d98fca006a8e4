import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { loadFace, runsOf, sfntOf } from './fonts.ts';

const runs = (text: string) => runsOf(text, 400).map((run) => [run.face.key, run.text]);

describe('runsOf', () => {
  it('splits a mixed name by script', () => {
    expect(runs('ECG மானிட்டர் 2')).toEqual([
      ['latin-400', 'ECG '],
      ['tamil-400', 'மானிட்டர் '],
      ['latin-400', '2'],
    ]);
  });

  it('keeps a phrase in one run across its spaces and danda', () => {
    expect(runs('नमस्ते दुनिया।')).toEqual([['devanagari-400', 'नमस्ते दुनिया।']]);
  });

  it('takes the latin-ext subset only for what latin lacks', () => {
    expect(runs('Café Ā')).toEqual([
      ['latin-400', 'Café '],
      ['latin-ext-400', 'Ā'],
    ]);
  });

  it('lays out Telugu and Malayalam, whose fonts have null mark anchors', () => {
    for (const text of ['తెలుగు ప్రింటర్', 'മലയാളം സ്കാനർ']) {
      for (const run of runsOf(text, 700)) {
        expect(run.face.font.layout(run.text).glyphs.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('sfntOf', () => {
  it('unpacks a WOFF font into the same font as fontkit reads from the WOFF', () => {
    const file = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff',
    );
    const woff = readFileSync(file);
    const [fromWoff, fromSfnt] = [woff, sfntOf(woff)].map((bytes) => create(bytes) as Font);
    expect(fromSfnt?.postscriptName).toBe(fromWoff?.postscriptName);
    expect(fromSfnt?.numGlyphs).toBe(fromWoff?.numGlyphs);
    const shaped = (font: Font | undefined) =>
      font?.layout('மானிட்டர்').glyphs.map((g) => [g.id, g.advanceWidth, g.path.toSVG()]);
    expect(shaped(fromSfnt)).toEqual(shaped(fromWoff));
  });
});

describe('a parsed face', () => {
  /** A PDF of `text` in `font`, embedded as the labels and the order embed their fonts. */
  async function embed(font: Font, text: string): Promise<void> {
    const doc = new PDFDocument();
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.on('data', () => {});
    doc.font(font as unknown as PDFKit.Mixins.PDFFontSource, 'face').text(text);
    doc.end();
    await ended;
  }
  /** The characters a PDF would give as the text of each glyph of `text`. */
  const characters = (font: Font, text: string) =>
    font.layout(text).glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints));

  it('keeps the character of a glyph that a PDF first embedded as part of another', async () => {
    // fontkit alone: '…' is drawn from '.' three times, and embedding it makes '.' first, with no
    // character, for the life of the font.
    const file = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
    );
    const bare = create(sfntOf(readFileSync(file))) as Font;
    await embed(bare, 'Cut…');
    expect(characters(bare, '1.5')).toEqual(['1', '', '5']);

    const face = loadFace('noto-sans', 'latin', 400);
    await embed(face.font, 'Cut…');
    expect(characters(face.font, '1.5')).toEqual(['1', '.', '5']);
  });
});
