// jsqr is CommonJS typed as if it were an ES module; its export also carries itself as `default`.
import jsqr from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type AssetLabel, assetLabelsPdf, type LabelFormat } from './asset-labels.ts';
import { type Box, type PageContent, rasterise, readPages } from './pdf-reader.ts';

const MM = 72 / 25.4;

function aLabel(n: number, overrides: Partial<AssetLabel> = {}): AssetLabel {
  const id = String(n).padStart(6, '0');
  return {
    tag: `CHN-ANN-${id}`,
    name: `Patient monitor ${n}`,
    branch: 'Chennai Anna Nagar',
    url: `https://assets.example.in/#/asset/view?id=${n}`,
    ...overrides,
  };
}

async function read(labels: readonly AssetLabel[], format: LabelFormat) {
  const pdf = await assetLabelsPdf(labels, format);
  return readPages(await PDFDocument.load(pdf));
}

/** Where the label sheets put their labels, written down independently of the generator. */
function labelBoxes(format: LabelFormat, page: PageContent): Box[] {
  if (format === 'thermal-50x25') {
    return [{ left: 0, bottom: 0, right: page.width, top: page.height }];
  }
  return Array.from({ length: 24 }, (_, slot) => {
    const left = (slot % 3) * 70 * MM;
    const top = page.height - 0.5 * MM - Math.floor(slot / 3) * 37 * MM;
    return { left, right: left + 70 * MM, top, bottom: top - 37 * MM };
  });
}

const EPSILON = 0.01;
function inside(inner: Box, outer: Box): boolean {
  return (
    inner.left >= outer.left - EPSILON &&
    inner.right <= outer.right + EPSILON &&
    inner.bottom >= outer.bottom - EPSILON &&
    inner.top <= outer.top + EPSILON
  );
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;
}

function decodeQr(page: PageContent, box: Box): string | undefined {
  const image = rasterise(page.fills, box, 4);
  return jsqr.default(image.data, image.width, image.height)?.data;
}

/** The label's text lines, top to bottom: shown runs that share a baseline joined. */
function textLines(page: PageContent, box: Box): string[] {
  const lines = new Map<number, string>();
  for (const shown of page.shown.filter((s) => inside(s.box, box))) {
    const key = Math.round(shown.baseline * 100);
    lines.set(key, (lines.get(key) ?? '') + shown.text);
  }
  return [...lines.entries()].sort(([a], [b]) => b - a).map(([, text]) => text);
}

describe('asset labels PDF', () => {
  it('puts 24 labels on one A4 page and the 25th on a second', async () => {
    const one = await read(
      Array.from({ length: 24 }, (_, i) => aLabel(i)),
      'a4-3x8',
    );
    const two = await read(
      Array.from({ length: 25 }, (_, i) => aLabel(i)),
      'a4-3x8',
    );
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(2);
    for (const page of two) {
      expect(page.width).toBeCloseTo(595.28, 2);
      expect(page.height).toBeCloseTo(841.89, 2);
    }
  });

  it('prints one thermal label per 50 × 25 mm page', async () => {
    const pages = await read([aLabel(1), aLabel(2), aLabel(3)], 'thermal-50x25');
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(141.73, 2);
      expect(page.height).toBeCloseTo(70.87, 2);
    }
  });

  it.each(['a4-3x8', 'thermal-50x25'] as const)(
    '%s: each label holds its own QR code, tag, name and branch, in order',
    async (format) => {
      const labels = Array.from({ length: 25 }, (_, i) => aLabel(i + 1));
      const pages = await read(labels, format);
      let n = 0;
      for (const page of pages) {
        for (const box of labelBoxes(format, page)) {
          const label = labels[n++];
          if (!label) break;
          expect(decodeQr(page, box)).toBe(label.url);
          expect(textLines(page, box)).toEqual([label.tag, label.name, label.branch]);
        }
      }
      expect(n).toBeGreaterThanOrEqual(labels.length);
    },
  );

  it('sets each script in its own Noto font, a mixed name run by run', async () => {
    const names = ['ECG மானிட்டர்', 'नमस्ते कंप्यूटर', 'తెలుగు ప్రింటర్', 'ಕನ್ನಡ ಮುದ್ರಕ', 'മലയാളം സ്കാനർ'];
    const labels = names.map((name, i) => aLabel(i, { name }));
    const [page] = await read(labels, 'a4-3x8');
    if (!page) throw new Error('No page.');
    const fontsOf = (text: string) =>
      page.shown.filter((s) => s.text === text).map((s) => s.font.replace(/^[A-Z]{6}\+/, ''));
    expect(fontsOf('ECG ')).toEqual(['NotoSans-Regular']);
    expect(fontsOf('மானிட்டர்')).toEqual(['NotoSansTamil-Regular']);
    expect(fontsOf('CHN-ANN-000000')).toEqual(['NotoSans-Bold']);
    const fonts = new Set(page.shown.map((s) => s.font.replace(/^[A-Z]{6}\+/, '')));
    for (const script of ['Devanagari', 'Telugu', 'Kannada', 'Malayalam']) {
      expect(fonts).toContain(`NotoSans${script}-Regular`);
    }
  });

  it.each(['a4-3x8', 'thermal-50x25'] as const)(
    '%s: nothing overflows its label, however long the text',
    async (format) => {
      const long =
        'Ultrasound scanner with three transducers and trolley, refurbished by the vendor';
      const labels = [
        aLabel(1, { tag: 'CHN-ANN-EXTRA-LONG-TAG-0000001234', name: long }),
        aLabel(2, { name: `ECG மானிட்டர் ${long} ಕನ್ನಡ ಮುದ್ರಕ`, branch: long }),
        aLabel(3, { name: 'ಕನ್ನಡಮುದ್ರಕಕನ್ನಡಮುದ್ರಕಕನ್ನಡಮುದ್ರಕಕನ್ನಡಮುದ್ರಕಕನ್ನಡಮುದ್ರಕ' }),
        aLabel(4, { name: 'W'.repeat(80), branch: 'M'.repeat(60) }),
      ];
      const pages = await read(labels, format);
      const perPage = format === 'a4-3x8' ? 24 : 1;
      const used = labels.map((label, i) => {
        const page = pages[Math.floor(i / perPage)];
        const box = page && labelBoxes(format, page)[i % perPage];
        if (!box) throw new Error(`No place for label ${i}.`);
        return { label, page, box };
      });
      for (const page of pages) {
        const boxes = used.filter((u) => u.page === page).map((u) => u.box);
        for (const drawn of [...page.fills, ...page.shown.map((s) => s.box)]) {
          expect(boxes.some((box) => inside(drawn, box))).toBe(true);
        }
        for (const shown of page.shown) {
          expect(page.fills.some((fill) => overlap(fill, shown.box))).toBe(false);
        }
      }
      for (const { label, page, box } of used) {
        const lines = textLines(page, box);
        expect(lines[0]).toBe(label.tag);
        expect(lines.length).toBeLessThanOrEqual(4);
      }
    },
  );

  it('ends a name that does not fit in two lines with an ellipsis', async () => {
    const name = 'Ultrasound scanner with three transducers and trolley, refurbished by the vendor';
    const [page] = await read([aLabel(1, { name })], 'thermal-50x25');
    if (!page) throw new Error('No page.');
    const [box] = labelBoxes('thermal-50x25', page);
    if (!box) throw new Error('No label.');
    const [, first, second] = textLines(page, box);
    expect(name.startsWith(`${first} ${second?.slice(0, -1)}`)).toBe(true);
    expect(second?.endsWith('…')).toBe(true);
  });

  it('refuses an empty list', async () => {
    await expect(assetLabelsPdf([], 'a4-3x8')).rejects.toThrow('No labels to print.');
  });
});
