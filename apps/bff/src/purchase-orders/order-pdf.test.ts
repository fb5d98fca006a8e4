import {
  amountInWords,
  computePurchaseOrderTotals,
  formatRupees,
  type Supply,
} from '@branch-assets/domain';
import { Jimp } from 'jimp';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type PageContent, readPages, type Shown } from '../labels/pdf-reader.ts';
import { type PdfParty, type PurchaseOrderDocument, purchaseOrderPdf } from './order-pdf.ts';

const ITEMS = [
  {
    item: 'Multipara patient monitor',
    detail: 'Philips · IntelliVue MX450 · Patient monitor',
    deliverTo: 'ICU, second floor',
    quantity: 2,
    unit: 'Nos',
    rate: 1_85_000_00,
    discount: 5_000_00,
    taxRate: 12,
  },
  {
    item: 'Infusion pump',
    detail: 'B. Braun · Infusomat Space · Pump',
    deliverTo: null,
    quantity: 4,
    unit: 'Nos',
    rate: 48_500_50,
    discount: 0,
    taxRate: 12,
  },
  {
    item: 'Surgical gloves, sterile, size 7',
    detail: 'Ansell · Gammex · Consumable',
    deliverTo: 'Operation theatre store',
    quantity: 12.5,
    unit: 'box',
    rate: 799_99,
    discount: { percent: 5 },
    taxRate: 18,
  },
];

const party = (name: string, gstin: string | null, state: [string, string]): PdfParty => ({
  name,
  address: '12, Second Avenue, Anna Nagar, Chennai 600040',
  gstin,
  stateName: state[0],
  stateCode: state[1],
  phone: '044 2626 1234',
  email: null,
});
const TAMIL_NADU: [string, string] = ['Tamil Nadu', '33'];

const VENDORS: Record<Supply, PdfParty> = {
  intra: party('Chennai Medicals Pvt Ltd', '33AABCC5678K1Z2', TAMIL_NADU),
  inter: party('Bengaluru Biomedical LLP', '29AAKFB1234M1Z9', ['Karnataka', '29']),
  unregistered: party('Ravi Surgical Traders', null, TAMIL_NADU),
};

function anOrder(
  supply: Supply,
  count = 3,
  overrides: Partial<PurchaseOrderDocument> = {},
): PurchaseOrderDocument {
  const items = Array.from({ length: count }, (_, i) => {
    const item = ITEMS[i % ITEMS.length];
    if (!item) throw new Error('No item.');
    return item;
  });
  const totals = computePurchaseOrderTotals(items, { amount: 1_500_00, taxRate: 18 }, supply);
  return {
    company: {
      name: 'Annai Hospitals',
      legalName: 'Annai Healthcare Private Limited',
      address: '1, Hospital Road, Anna Nagar, Chennai 600040, Tamil Nadu',
      gstin: '33AAACA1234F1Z5',
      pan: 'AAACA1234F',
      logo: null,
    },
    billedTo: party('Annai Hospitals — Anna Nagar', '33AAACA1234F1Z5', TAMIL_NADU),
    shippedTo: party('Annai Hospitals — Velachery', '33AAACA1234F1Z5', TAMIL_NADU),
    vendor: VENDORS[supply],
    number: 'PO/CHN-ANN/2026-27/0042',
    date: '2026-04-01',
    expectedDelivery: '2026-04-15',
    paymentTerms: '30 days from delivery',
    supply,
    lines: items.map((item, i) => {
      const computed = totals.lines[i];
      if (!computed) throw new Error('No computed line.');
      return { ...item, ...computed, no: i + 1, item: `Item ${i + 1}: ${item.item}` };
    }),
    totals: { ...totals, freightTaxRate: 18 },
    amountInWords: amountInWords(totals.grandTotal),
    terms: 'Delivery to the branch stores only.\nPrices include packing.\n\nWarranty: 2 years.',
    remarks: 'Urgent: ICU expansion.',
    authorisedBy: { name: 'Dr. R. Meena', at: '2026-04-01T20:15:00Z' },
    ...overrides,
  };
}

async function render(order: PurchaseOrderDocument): Promise<PageContent[]> {
  return readPages(await PDFDocument.load(await purchaseOrderPdf(order)));
}

/** A page's lines of text, top to bottom: what shares a baseline, joined left to right. */
function linesOf(page: PageContent): string[] {
  const lines = new Map<number, Shown[]>();
  for (const shown of page.shown) {
    const key = Math.round(shown.baseline * 10);
    lines.set(key, [...(lines.get(key) ?? []), shown]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, shown]) => {
      const sorted = shown.toSorted((a, b) => a.box.left - b.box.left);
      // Runs of one piece of text touch; separate cells or a label and its value do not.
      return sorted.reduce(
        (text, s, i) =>
          text + (i > 0 && s.box.left - (sorted[i - 1]?.box.right ?? 0) > 0.5 ? ' ' : '') + s.text,
        '',
      );
    });
}

const HEADERS: Record<Supply, string> = {
  intra: '# Item Qty Rate Discount Taxable GST % CGST SGST Total',
  inter: '# Item Qty Rate Discount Taxable GST % IGST Total',
  unregistered: '# Item Qty Rate Discount Taxable Total',
};

describe('purchase order PDF', () => {
  it('an intra-state order: number, parties, CGST and SGST columns, totals in Indian grouping', async () => {
    const order = anOrder('intra');
    const pages = await render(order);
    pages.forEach((page, i) => {
      expect(linesOf(page).at(-1)).toBe(`${order.number} Page ${i + 1} of ${pages.length}`);
    });
    const lines = pages.flatMap(linesOf);
    const text = lines.join('\n');

    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain(`Order No. ${order.number}`);
    expect(text).toContain('Date 01-04-2026');
    expect(text).toContain('Chennai Medicals Pvt Ltd');
    expect(text).toContain('GSTIN: 33AABCC5678K1Z2');
    expect(text).toContain('State: Tamil Nadu (code 33)');
    expect(lines).toContain(HEADERS.intra);
    expect(text).not.toContain('IGST');
    expect(lines).toContain(
      '1 Item 1: Multipara patient monitor 2 Nos 1,85,000.00 5,000.00 3,65,000.00 12% 21,900.00 21,900.00 4,08,800.00',
    );
    expect(text).toContain('Deliver to: ICU, second floor');
    expect(formatRupees(order.totals.grandTotal)).toBe('₹6,39,062.00');
    expect(lines).toContain('GRAND TOTAL ₹6,39,062.00');
    expect(lines).toContain('Round off -₹0.11');
    expect(lines).toContain('CGST ₹34,530.11');
    expect(lines).toContain('Freight GST @ 18%, included below ₹270.00');
    expect(lines).toContain('Rupees Six Lakh Thirty Nine Thousand Sixty Two Only');
    // The tax summary: one row per rate, freight in its own, and a total that is the order's tax.
    expect(lines).toContain('12% 5,59,002.00 6% 33,540.12 6% 33,540.12 67,080.24');
    expect(lines).toContain('18% 10,999.89 9% 989.99 9% 989.99 1,979.98');
    expect(lines).toContain('Total 5,70,001.89 34,530.11 34,530.11 69,060.22');
    expect(text).toContain('Delivery to the branch stores only.');
    expect(text).toContain('Urgent: ICU expansion.');
    // Approved at 01:45 in India on 2 April, still 1 April in UTC.
    expect(text).toContain('Authorised by Dr. R. Meena on 02-04-2026');
  });

  it('an inter-state order has an IGST column and no CGST or SGST', async () => {
    const lines = (await render(anOrder('inter'))).flatMap(linesOf);
    expect(lines).toContain(HEADERS.inter);
    const text = lines.join('\n');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
  });

  it('an order from an unregistered supplier says so and has no GST columns', async () => {
    const order = anOrder('unregistered', 3, { authorisedBy: null, remarks: '  ' });
    const lines = (await render(order)).flatMap(linesOf);
    const text = lines.join('\n');
    expect(text).toContain('Unregistered supplier — no input tax credit');
    expect(text).toContain('so the order has no GST columns');
    expect(lines).toContain(HEADERS.unregistered);
    for (const tax of ['GST %', 'CGST', 'SGST', 'IGST']) expect(text).not.toContain(tax);
    expect(text).not.toContain('REMARKS');
    expect(text).toContain('Not yet approved');
  });

  it('breaks 120 lines across pages, the header row and "Page n of N" on every one', async () => {
    const order = anOrder('intra', 120);
    const pages = await render(order);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const seen: number[] = [];
    pages.forEach((page, i) => {
      const lines = linesOf(page);
      expect(lines.at(-1)).toBe(`${order.number} Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(lines[0]).toMatch(/Purchase order PO\/CHN-ANN\/2026-27\/0042 continued$/);
      const rows = lines.flatMap((line, at) => {
        const match = /^(\d+) Item (\d+): /.exec(line);
        return match ? [{ at, no: Number(match[2]) }] : [];
      });
      if (i < pages.length - 1) expect(rows.length).toBeGreaterThan(0);
      if (rows.length > 0) {
        const header = lines.indexOf(HEADERS.intra);
        expect(header).toBeGreaterThanOrEqual(0);
        expect(header).toBeLessThan(rows[0]?.at ?? 0);
      }
      seen.push(...rows.map((row) => row.no));

      // Nothing runs off the page or into the footer.
      const footer = Math.max(...page.shown.map((s) => s.baseline).filter((b) => b < 40));
      for (const shown of page.shown) {
        expect(shown.box.left).toBeGreaterThanOrEqual(0);
        expect(shown.box.right).toBeLessThanOrEqual(page.width);
        expect(shown.box.top).toBeLessThanOrEqual(page.height);
        if (shown.baseline !== footer) expect(shown.box.bottom).toBeGreaterThan(footer + 10);
      }
    });
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it.each([
    ['Tamil', 'சென்னை மெடிக்கல்ஸ்', /[\u0B80-\u0BFF]/],
    ['Devanagari', 'मुंबई मेडिकल्स', /[\u0900-\u097F]/],
  ])("draws a vendor name in %s with that script's Noto face", async (script, name, letters) => {
    const order = anOrder('intra', 3, { vendor: { ...VENDORS.intra, name } });
    const shown = (await render(order)).flatMap((page) => page.shown);
    const drawn = shown.filter((s) => letters.test(s.text));
    expect(drawn.length).toBeGreaterThan(0);
    const fonts = new Set(drawn.map((s) => s.font.replace(/^[A-Z]{6}\+/, '')));
    expect(fonts).toEqual(new Set([`NotoSans${script}-Bold`]));
  });

  it('puts the logo in the letterhead', async () => {
    const logo = await new Jimp({ width: 64, height: 32, color: 0x7367f0ff }).getBuffer(
      'image/png',
    );
    const order = anOrder('intra');
    const pdf = await purchaseOrderPdf({ ...order, company: { ...order.company, logo } });
    const [first] = (await PDFDocument.load(pdf)).getPages();
    const images = first?.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const subtypes = [...(images?.values() ?? [])].map((ref) =>
      first?.doc.context.lookup(ref, PDFStream).dict.get(PDFName.of('Subtype'))?.toString(),
    );
    expect(subtypes).toEqual(['/Image']);
  });

  it('builds a 100-line order quickly', async () => {
    const order = anOrder('intra', 100);
    // The first build parses the fonts, once per process.
    await purchaseOrderPdf(order);
    const start = performance.now();
    const pdf = await purchaseOrderPdf(order);
    const took = performance.now() - start;
    const pageCount = (await PDFDocument.load(pdf)).getPageCount();
    console.info(
      `Purchase order PDF of 100 lines: ${took.toFixed(0)} ms, ${pageCount} pages, ${(pdf.length / 1024).toFixed(0)} KiB`,
    );
    expect(pageCount).toBeGreaterThan(1);
  });
});
