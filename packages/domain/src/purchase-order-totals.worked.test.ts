import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';
import { gstinStateCode, makeGstin, type Supply, supplyOf } from './gst.ts';
import type { Paise } from './money.ts';
import {
  type ComputedLine,
  computePurchaseOrderTotals,
  type Freight,
  type PurchaseOrderLineInput,
} from './purchase-order-totals.ts';

/*
 * Worked examples: purchase orders a hospital buyer would write, with every figure worked out by
 * hand (the comments show the arithmetic, in rupees with Indian grouping) and written down as
 * literal paise. The rules, from the source's comments:
 *   gross = quantity × rate, half away from zero to a paisa;
 *   a percentage discount = that % of gross, half away from zero to a paisa;
 *   taxable = gross − discount;
 *   intra-state: CGST and SGST are each half the rate, each rounded on its own (half away from
 *   zero), so together they may be a paisa more than the full rate; inter-state: IGST, the full
 *   rate; an unregistered supplier charges no GST at all, whatever the rates;
 *   freight as an amount alone is untaxed; with a rate it is taxed as a line is;
 *   grand total = subTotal − discount + freight + CGST + SGST + IGST, rounded to the rupee with
 *   50 paise going up, so round off is −49..+50 paise.
 */

/** The supplier's GSTIN state (null: unregistered, no GSTIN) and the billed branch's state. */
interface Parties {
  supplierState: string | null;
  billedState: string;
}

interface Expected {
  lines: ComputedLine[];
  subTotal: Paise;
  discount: Paise;
  freight: Paise;
  freightTax: { cgst: Paise; sgst: Paise; igst: Paise };
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  roundOff: Paise;
  grandTotal: Paise;
  words: string;
}

interface WorkedOrder {
  name: string;
  parties: Parties;
  kind: Supply;
  lines: PurchaseOrderLineInput[];
  freight: Freight;
  expected: Expected;
}

const NO_TAX = { cgst: 0, sgst: 0, igst: 0 };

const ORDERS: WorkedOrder[] = [
  {
    name: 'ICU multipara monitors, 5 % off, within Karnataka: an exact-rupee total',
    parties: { supplierState: '29', billedState: '29' },
    kind: 'intra',
    lines: [{ quantity: 3, rate: 4500000, discount: { percent: 5 }, taxRate: 18 }],
    freight: 0,
    expected: {
      lines: [
        // 3 × 45,000.00 = 1,35,000.00; 5 % off = 6,750.00; taxable 1,28,250.00;
        // CGST 9 % = 11,542.50, SGST 9 % = 11,542.50; total 1,51,335.00
        {
          gross: 13500000,
          discount: 675000,
          taxable: 12825000,
          cgst: 1154250,
          sgst: 1154250,
          igst: 0,
          total: 15133500,
        },
      ],
      subTotal: 13500000,
      discount: 675000,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 1154250,
      sgst: 1154250,
      igst: 0,
      // 1,28,250.00 + 23,085.00 = 1,51,335.00, already whole rupees
      roundOff: 0,
      grandTotal: 15133500,
      words: 'Rupees One Lakh Fifty One Thousand Three Hundred Thirty Five Only',
    },
  },
  {
    name: 'syringe pumps from Maharashtra to Karnataka, ₹2,000 off the line, rounds up',
    parties: { supplierState: '27', billedState: '29' },
    kind: 'inter',
    lines: [{ quantity: 4, rate: 3849900, discount: 200000, taxRate: 12 }],
    freight: 0,
    expected: {
      lines: [
        // 4 × 38,499.00 = 1,53,996.00; − 2,000.00 = 1,51,996.00; IGST 12 % = 18,239.52;
        // total 1,70,235.52
        {
          gross: 15399600,
          discount: 200000,
          taxable: 15199600,
          cgst: 0,
          sgst: 0,
          igst: 1823952,
          total: 17023552,
        },
      ],
      subTotal: 15399600,
      discount: 200000,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 1823952,
      // 1,70,235.52 → 1,70,236.00: +0.48
      roundOff: 48,
      grandTotal: 17023600,
      words: 'Rupees One Lakh Seventy Thousand Two Hundred Thirty Six Only',
    },
  },
  {
    name: 'wheelchairs within Tamil Nadu, 7.5 % off, untaxed freight, rounds down',
    parties: { supplierState: '33', billedState: '33' },
    kind: 'intra',
    lines: [{ quantity: 10, rate: 875000, discount: { percent: 7.5 }, taxRate: 5 }],
    freight: 150000,
    expected: {
      lines: [
        // 10 × 8,750.00 = 87,500.00; 7.5 % off = 6,562.50; taxable 80,937.50;
        // 2.5 % = 2,023.4375 → 2,023.44 each; total 80,937.50 + 4,046.88 = 84,984.38
        {
          gross: 8750000,
          discount: 656250,
          taxable: 8093750,
          cgst: 202344,
          sgst: 202344,
          igst: 0,
          total: 8498438,
        },
      ],
      subTotal: 8750000,
      discount: 656250,
      freight: 150000,
      freightTax: NO_TAX,
      cgst: 202344,
      sgst: 202344,
      igst: 0,
      // 84,984.38 + freight 1,500.00 = 86,484.38 → 86,484.00: −0.38
      roundOff: -38,
      grandTotal: 8648400,
      words: 'Rupees Eighty Six Thousand Four Hundred Eighty Four Only',
    },
  },
  {
    name: 'oxygen cylinders within Telangana, half paise in CGST/SGST on goods and on freight at 18 %',
    parties: { supplierState: '36', billedState: '36' },
    kind: 'intra',
    lines: [{ quantity: 7, rate: 785050, discount: 0, taxRate: 18 }],
    freight: { amount: 85050, taxRate: 18 },
    expected: {
      lines: [
        // 7 × 7,850.50 = 54,953.50; 9 % = 4,945.815 → 4,945.82 each (the full 18 % would be
        // 9,891.63, a paisa less than the two halves); total 54,953.50 + 9,891.64 = 64,845.14
        {
          gross: 5495350,
          discount: 0,
          taxable: 5495350,
          cgst: 494582,
          sgst: 494582,
          igst: 0,
          total: 6484514,
        },
      ],
      subTotal: 5495350,
      discount: 0,
      freight: 85050,
      // freight 850.50 at 9 % = 76.545 → 76.55 each
      freightTax: { cgst: 7655, sgst: 7655, igst: 0 },
      // 4,945.82 + 76.55 = 5,022.37
      cgst: 502237,
      sgst: 502237,
      igst: 0,
      // 54,953.50 + 850.50 + 2 × 5,022.37 = 65,848.74 → 65,849.00: +0.26
      roundOff: 26,
      grandTotal: 6584900,
      words: 'Rupees Sixty Five Thousand Eight Hundred Forty Nine Only',
    },
  },
  {
    name: 'motorised ICU beds from Gujarat to Karnataka, freight at 18 % IGST',
    parties: { supplierState: '24', billedState: '29' },
    kind: 'inter',
    lines: [{ quantity: 2, rate: 18500000, discount: 0, taxRate: 12 }],
    freight: { amount: 457525, taxRate: 18 },
    expected: {
      lines: [
        // 2 × 1,85,000.00 = 3,70,000.00; IGST 12 % = 44,400.00; total 4,14,400.00
        {
          gross: 37000000,
          discount: 0,
          taxable: 37000000,
          cgst: 0,
          sgst: 0,
          igst: 4440000,
          total: 41440000,
        },
      ],
      subTotal: 37000000,
      discount: 0,
      freight: 457525,
      // freight 4,575.25 × 18 % = 823.545 → 823.55
      freightTax: { cgst: 0, sgst: 0, igst: 82355 },
      cgst: 0,
      sgst: 0,
      // 44,400.00 + 823.55 = 45,223.55
      igst: 4522355,
      // 3,70,000.00 + 4,575.25 + 45,223.55 = 4,19,798.80 → 4,19,799.00: +0.20
      roundOff: 20,
      grandTotal: 41979900,
      words: 'Rupees Four Lakh Nineteen Thousand Seven Hundred Ninety Nine Only',
    },
  },
  {
    name: 'bedside lockers from an unregistered carpenter: no GST on lines or on rated freight',
    parties: { supplierState: null, billedState: '29' },
    kind: 'unregistered',
    lines: [{ quantity: 12, rate: 325080, discount: 50000, taxRate: 18 }],
    freight: { amount: 75000, taxRate: 18 },
    expected: {
      lines: [
        // 12 × 3,250.80 = 39,009.60; − 500.00 = 38,509.60; no tax; total 38,509.60
        {
          gross: 3900960,
          discount: 50000,
          taxable: 3850960,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 3850960,
        },
      ],
      subTotal: 3900960,
      discount: 50000,
      freight: 75000,
      // 750.00 at 18 % from an unregistered supplier: still no tax
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 0,
      // 38,509.60 + 750.00 = 39,259.60 → 39,260.00: +0.40
      roundOff: 40,
      grandTotal: 3926000,
      words: 'Rupees Thirty Nine Thousand Two Hundred Sixty Only',
    },
  },
  {
    name: 'nil-rated hearing aids and an 18 % audiometer headset within Delhi',
    parties: { supplierState: '07', billedState: '07' },
    kind: 'intra',
    lines: [
      { quantity: 5, rate: 1249999, discount: 0, taxRate: 0 },
      { quantity: 1, rate: 1850000, discount: { percent: 10 }, taxRate: 18 },
    ],
    freight: 0,
    expected: {
      lines: [
        // 5 × 12,499.99 = 62,499.95 at 0 %: no tax; total 62,499.95
        {
          gross: 6249995,
          discount: 0,
          taxable: 6249995,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 6249995,
        },
        // 18,500.00; 10 % off = 1,850.00; taxable 16,650.00; 9 % = 1,498.50 each;
        // total 16,650.00 + 2,997.00 = 19,647.00
        {
          gross: 1850000,
          discount: 185000,
          taxable: 1665000,
          cgst: 149850,
          sgst: 149850,
          igst: 0,
          total: 1964700,
        },
      ],
      // 62,499.95 + 18,500.00 = 80,999.95
      subTotal: 8099995,
      discount: 185000,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 149850,
      sgst: 149850,
      igst: 0,
      // 80,999.95 − 1,850.00 + 2,997.00 = 82,146.95 → 82,147.00: +0.05
      roundOff: 5,
      grandTotal: 8214700,
      words: 'Rupees Eighty Two Thousand One Hundred Forty Seven Only',
    },
  },
  {
    name: 'zero-rated medical textbooks from Delhi to Tamil Nadu, freight still taxed at 18 %',
    parties: { supplierState: '07', billedState: '33' },
    kind: 'inter',
    lines: [{ quantity: 15, rate: 189500, discount: { percent: 15 }, taxRate: 0 }],
    freight: { amount: 25000, taxRate: 18 },
    expected: {
      lines: [
        // 15 × 1,895.00 = 28,425.00; 15 % off = 4,263.75; taxable 24,161.25; 0 %; total 24,161.25
        {
          gross: 2842500,
          discount: 426375,
          taxable: 2416125,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 2416125,
        },
      ],
      subTotal: 2842500,
      discount: 426375,
      freight: 25000,
      // 250.00 × 18 % = 45.00
      freightTax: { cgst: 0, sgst: 0, igst: 4500 },
      cgst: 0,
      sgst: 0,
      igst: 4500,
      // 24,161.25 + 250.00 + 45.00 = 24,456.25 → 24,456.00: −0.25
      roundOff: -25,
      grandTotal: 2445600,
      words: 'Rupees Twenty Four Thousand Four Hundred Fifty Six Only',
    },
  },
  {
    name: 'OT consumables and equipment within Maharashtra, slabs 5/12/18/28 in one order',
    parties: { supplierState: '27', billedState: '27' },
    kind: 'intra',
    lines: [
      { quantity: 40, rate: 24500, discount: 0, taxRate: 5 },
      { quantity: 6, rate: 134900, discount: 9400, taxRate: 12 },
      { quantity: 2, rate: 1499900, discount: { percent: 2 }, taxRate: 18 },
      { quantity: 1, rate: 5299000, discount: 0, taxRate: 28 },
    ],
    freight: 120000,
    expected: {
      lines: [
        // surgical masks 40 × 245.00 = 9,800.00; 2.5 % = 245.00 each; total 10,290.00
        {
          gross: 980000,
          discount: 0,
          taxable: 980000,
          cgst: 24500,
          sgst: 24500,
          igst: 0,
          total: 1029000,
        },
        // pulse oximeters 6 × 1,349.00 = 8,094.00; − 94.00 = 8,000.00; 6 % = 480.00 each;
        // total 8,960.00
        {
          gross: 809400,
          discount: 9400,
          taxable: 800000,
          cgst: 48000,
          sgst: 48000,
          igst: 0,
          total: 896000,
        },
        // instrument trolleys 2 × 14,999.00 = 29,998.00; 2 % off = 599.96; taxable 29,398.04;
        // 9 % = 2,645.8236 → 2,645.82 each; total 29,398.04 + 5,291.64 = 34,689.68
        {
          gross: 2999800,
          discount: 59996,
          taxable: 2939804,
          cgst: 264582,
          sgst: 264582,
          igst: 0,
          total: 3468968,
        },
        // OT air conditioner 52,990.00; 14 % = 7,418.60 each; total 52,990.00 + 14,837.20
        // = 67,827.20
        {
          gross: 5299000,
          discount: 0,
          taxable: 5299000,
          cgst: 741860,
          sgst: 741860,
          igst: 0,
          total: 6782720,
        },
      ],
      // 9,800.00 + 8,094.00 + 29,998.00 + 52,990.00 = 1,00,882.00
      subTotal: 10088200,
      // 94.00 + 599.96 = 693.96
      discount: 69396,
      freight: 120000,
      freightTax: NO_TAX,
      // 245.00 + 480.00 + 2,645.82 + 7,418.60 = 10,789.42
      cgst: 1078942,
      sgst: 1078942,
      igst: 0,
      // 1,00,882.00 − 693.96 + 1,200.00 + 2 × 10,789.42 = 1,22,966.88 → 1,22,967.00: +0.12
      roundOff: 12,
      grandTotal: 12296700,
      words: 'Rupees One Lakh Twenty Two Thousand Nine Hundred Sixty Seven Only',
    },
  },
  {
    name: 'ward supplies from Haryana to Delhi, slabs 12/18/5/28 in one order',
    parties: { supplierState: '06', billedState: '07' },
    kind: 'inter',
    lines: [
      { quantity: 25, rate: 38950, discount: 0, taxRate: 12 },
      { quantity: 12, rate: 115000, discount: { percent: 5 }, taxRate: 18 },
      { quantity: 50, rate: 42500, discount: 12500, taxRate: 5 },
      { quantity: 1, rate: 3845000, discount: 0, taxRate: 28 },
    ],
    freight: 0,
    expected: {
      lines: [
        // syringes (box of 100) 25 × 389.50 = 9,737.50; IGST 12 % = 1,168.50; total 10,906.00
        {
          gross: 973750,
          discount: 0,
          taxable: 973750,
          cgst: 0,
          sgst: 0,
          igst: 116850,
          total: 1090600,
        },
        // hand sanitiser 5 L 12 × 1,150.00 = 13,800.00; 5 % off = 690.00; taxable 13,110.00;
        // IGST 18 % = 2,359.80; total 15,469.80
        {
          gross: 1380000,
          discount: 69000,
          taxable: 1311000,
          cgst: 0,
          sgst: 0,
          igst: 235980,
          total: 1546980,
        },
        // bedsheets 50 × 425.00 = 21,250.00; − 125.00 = 21,125.00; IGST 5 % = 1,056.25;
        // total 22,181.25
        {
          gross: 2125000,
          discount: 12500,
          taxable: 2112500,
          cgst: 0,
          sgst: 0,
          igst: 105625,
          total: 2218125,
        },
        // pharmacy refrigerator 38,450.00; IGST 28 % = 10,766.00; total 49,216.00
        {
          gross: 3845000,
          discount: 0,
          taxable: 3845000,
          cgst: 0,
          sgst: 0,
          igst: 1076600,
          total: 4921600,
        },
      ],
      // 9,737.50 + 13,800.00 + 21,250.00 + 38,450.00 = 83,237.50
      subTotal: 8323750,
      // 690.00 + 125.00 = 815.00
      discount: 81500,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      // 1,168.50 + 2,359.80 + 1,056.25 + 10,766.00 = 15,350.55
      igst: 1535055,
      // 83,237.50 − 815.00 + 15,350.55 = 97,773.05 → 97,773.00: −0.05
      roundOff: -5,
      grandTotal: 9777300,
      words: 'Rupees Ninety Seven Thousand Seven Hundred Seventy Three Only',
    },
  },
  {
    name: 'liquid medical oxygen by the cubic metre (3 decimals) within Karnataka',
    parties: { supplierState: '29', billedState: '29' },
    kind: 'intra',
    lines: [{ quantity: 1234.567, rate: 1875, discount: 0, taxRate: 12 }],
    freight: 0,
    expected: {
      lines: [
        // 1,234.567 m³ × 18.75 = 23,148.13125 → 23,148.13; 6 % = 1,388.8878 → 1,388.89 each;
        // total 23,148.13 + 2,777.78 = 25,925.91
        {
          gross: 2314813,
          discount: 0,
          taxable: 2314813,
          cgst: 138889,
          sgst: 138889,
          igst: 0,
          total: 2592591,
        },
      ],
      subTotal: 2314813,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 138889,
      sgst: 138889,
      igst: 0,
      // 25,925.91 → 25,926.00: +0.09
      roundOff: 9,
      grandTotal: 2592600,
      words: 'Rupees Twenty Five Thousand Nine Hundred Twenty Six Only',
    },
  },
  {
    name: 'medical gas copper pipe, 12.5 m from Tamil Nadu to Kerala, half a paisa in the gross',
    parties: { supplierState: '33', billedState: '32' },
    kind: 'inter',
    lines: [{ quantity: 12.5, rate: 123457, discount: 0, taxRate: 18 }],
    freight: 35000,
    expected: {
      lines: [
        // 12.5 × 1,234.57 = 15,432.125 → 15,432.13 (half away from zero);
        // IGST 18 % = 2,777.7834 → 2,777.78; total 18,209.91
        {
          gross: 1543213,
          discount: 0,
          taxable: 1543213,
          cgst: 0,
          sgst: 0,
          igst: 277778,
          total: 1820991,
        },
      ],
      subTotal: 1543213,
      discount: 0,
      freight: 35000,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 277778,
      // 18,209.91 + 350.00 untaxed freight = 18,559.91 → 18,560.00: +0.09
      roundOff: 9,
      grandTotal: 1856000,
      words: 'Rupees Eighteen Thousand Five Hundred Sixty Only',
    },
  },
  {
    name: 'liquid nitrogen, 37.125 L within Kerala, 3.5 % off rounded to a paisa',
    parties: { supplierState: '32', billedState: '32' },
    kind: 'intra',
    lines: [{ quantity: 37.125, rate: 8645, discount: { percent: 3.5 }, taxRate: 18 }],
    freight: 0,
    expected: {
      lines: [
        // 37.125 × 86.45 = 3,209.45625 → 3,209.46; 3.5 % = 112.3311 → 112.33;
        // taxable 3,097.13; 9 % = 278.7417 → 278.74 each; total 3,097.13 + 557.48 = 3,654.61
        {
          gross: 320946,
          discount: 11233,
          taxable: 309713,
          cgst: 27874,
          sgst: 27874,
          igst: 0,
          total: 365461,
        },
      ],
      subTotal: 320946,
      discount: 11233,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 27874,
      sgst: 27874,
      igst: 0,
      // 3,654.61 → 3,655.00: +0.39
      roundOff: 39,
      grandTotal: 365500,
      words: 'Rupees Three Thousand Six Hundred Fifty Five Only',
    },
  },
  {
    name: 'wheelchair cushions from West Bengal to Telangana, 10 % off is half a paisa, rounded up',
    parties: { supplierState: '19', billedState: '36' },
    kind: 'inter',
    lines: [{ quantity: 3, rate: 166655, discount: { percent: 10 }, taxRate: 12 }],
    freight: 0,
    expected: {
      lines: [
        // 3 × 1,666.55 = 4,999.65; 10 % = 499.965 → 499.97; taxable 4,499.68;
        // IGST 12 % = 539.9616 → 539.96; total 5,039.64
        {
          gross: 499965,
          discount: 49997,
          taxable: 449968,
          cgst: 0,
          sgst: 0,
          igst: 53996,
          total: 503964,
        },
      ],
      subTotal: 499965,
      discount: 49997,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 53996,
      // 5,039.64 → 5,040.00: +0.36
      roundOff: 36,
      grandTotal: 504000,
      words: 'Rupees Five Thousand Forty Only',
    },
  },
  {
    name: 'oxygen flowmeters within Karnataka, total ends in exactly 50 paise: rounds up',
    parties: { supplierState: '29', billedState: '29' },
    kind: 'intra',
    lines: [{ quantity: 4, rate: 218750, discount: 0, taxRate: 12 }],
    freight: 15050,
    expected: {
      lines: [
        // 4 × 2,187.50 = 8,750.00; 6 % = 525.00 each; total 9,800.00
        {
          gross: 875000,
          discount: 0,
          taxable: 875000,
          cgst: 52500,
          sgst: 52500,
          igst: 0,
          total: 980000,
        },
      ],
      subTotal: 875000,
      discount: 0,
      freight: 15050,
      freightTax: NO_TAX,
      cgst: 52500,
      sgst: 52500,
      igst: 0,
      // 9,800.00 + 150.50 = 9,950.50 → 9,951.00: +0.50
      roundOff: 50,
      grandTotal: 995100,
      words: 'Rupees Nine Thousand Nine Hundred Fifty One Only',
    },
  },
  {
    name: 'folding wheelchairs from Karnataka to Tamil Nadu, total ends in 49 paise: rounds down',
    parties: { supplierState: '29', billedState: '33' },
    kind: 'inter',
    lines: [{ quantity: 6, rate: 749900, discount: 100000, taxRate: 5 }],
    freight: 120079,
    expected: {
      lines: [
        // 6 × 7,499.00 = 44,994.00; − 1,000.00 = 43,994.00; IGST 5 % = 2,199.70;
        // total 46,193.70
        {
          gross: 4499400,
          discount: 100000,
          taxable: 4399400,
          cgst: 0,
          sgst: 0,
          igst: 219970,
          total: 4619370,
        },
      ],
      subTotal: 4499400,
      discount: 100000,
      freight: 120079,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 219970,
      // 46,193.70 + 1,200.79 = 47,394.49 → 47,394.00: −0.49
      roundOff: -49,
      grandTotal: 4739400,
      words: 'Rupees Forty Seven Thousand Three Hundred Ninety Four Only',
    },
  },
  {
    name: 'a cath lab and lead aprons from Maharashtra to Telangana, in crores, freight at 18 %',
    parties: { supplierState: '27', billedState: '36' },
    kind: 'inter',
    lines: [
      { quantity: 1, rate: 4750000000, discount: { percent: 2.5 }, taxRate: 12 },
      { quantity: 10, rate: 1875000, discount: 0, taxRate: 12 },
    ],
    freight: { amount: 12543217, taxRate: 18 },
    expected: {
      lines: [
        // 4,75,00,000.00; 2.5 % off = 11,87,500.00; taxable 4,63,12,500.00;
        // IGST 12 % = 55,57,500.00; total 5,18,70,000.00
        {
          gross: 4750000000,
          discount: 118750000,
          taxable: 4631250000,
          cgst: 0,
          sgst: 0,
          igst: 555750000,
          total: 5187000000,
        },
        // 10 × 18,750.00 = 1,87,500.00; IGST 12 % = 22,500.00; total 2,10,000.00
        {
          gross: 18750000,
          discount: 0,
          taxable: 18750000,
          cgst: 0,
          sgst: 0,
          igst: 2250000,
          total: 21000000,
        },
      ],
      // 4,75,00,000.00 + 1,87,500.00 = 4,76,87,500.00
      subTotal: 4768750000,
      discount: 118750000,
      freight: 12543217,
      // 1,25,432.17 × 18 % = 22,577.7906 → 22,577.79
      freightTax: { cgst: 0, sgst: 0, igst: 2257779 },
      cgst: 0,
      sgst: 0,
      // 55,57,500.00 + 22,500.00 + 22,577.79 = 56,02,577.79
      igst: 560257779,
      // 4,76,87,500.00 − 11,87,500.00 + 1,25,432.17 + 56,02,577.79 = 5,22,28,009.96
      // → 5,22,28,010.00: +0.04
      roundOff: 4,
      grandTotal: 5222801000,
      words: 'Rupees Five Crore Twenty Two Lakh Twenty Eight Thousand Ten Only',
    },
  },
  {
    name: 'a 3T MRI and its UPS within Maharashtra, over ten crore, freight at 18 %',
    parties: { supplierState: '27', billedState: '27' },
    kind: 'intra',
    lines: [
      { quantity: 1, rate: 11850000000, discount: 250000000, taxRate: 12 },
      { quantity: 1, rate: 184567890, discount: 0, taxRate: 18 },
    ],
    freight: { amount: 35000000, taxRate: 18 },
    expected: {
      lines: [
        // 11,85,00,000.00 − 25,00,000.00 = 11,60,00,000.00; 6 % = 69,60,000.00 each;
        // total 11,60,00,000.00 + 1,39,20,000.00 = 12,99,20,000.00
        {
          gross: 11850000000,
          discount: 250000000,
          taxable: 11600000000,
          cgst: 696000000,
          sgst: 696000000,
          igst: 0,
          total: 12992000000,
        },
        // UPS 18,45,678.90; 9 % = 1,66,111.101 → 1,66,111.10 each;
        // total 18,45,678.90 + 3,32,222.20 = 21,77,901.10
        {
          gross: 184567890,
          discount: 0,
          taxable: 184567890,
          cgst: 16611110,
          sgst: 16611110,
          igst: 0,
          total: 217790110,
        },
      ],
      // 11,85,00,000.00 + 18,45,678.90 = 12,03,45,678.90
      subTotal: 12034567890,
      discount: 250000000,
      freight: 35000000,
      // 3,50,000.00 at 9 % = 31,500.00 each
      freightTax: { cgst: 3150000, sgst: 3150000, igst: 0 },
      // 69,60,000.00 + 1,66,111.10 + 31,500.00 = 71,57,611.10
      cgst: 715761110,
      sgst: 715761110,
      igst: 0,
      // 12,03,45,678.90 − 25,00,000.00 + 3,50,000.00 + 2 × 71,57,611.10 = 13,25,10,901.10
      // → 13,25,10,901.00: −0.10
      roundOff: -10,
      grandTotal: 13251090100,
      words: 'Rupees Thirteen Crore Twenty Five Lakh Ten Thousand Nine Hundred One Only',
    },
  },
  {
    name: 'crash carts from Gujarat to Maharashtra, exactly one lakh',
    parties: { supplierState: '24', billedState: '27' },
    kind: 'inter',
    lines: [{ quantity: 2, rate: 4237288, discount: 0, taxRate: 18 }],
    freight: 0,
    expected: {
      lines: [
        // 2 × 42,372.88 = 84,745.76; IGST 18 % = 15,254.2368 → 15,254.24; total 1,00,000.00
        {
          gross: 8474576,
          discount: 0,
          taxable: 8474576,
          cgst: 0,
          sgst: 0,
          igst: 1525424,
          total: 10000000,
        },
      ],
      subTotal: 8474576,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 1525424,
      roundOff: 0,
      grandTotal: 10000000,
      words: 'Rupees One Lakh Only',
    },
  },
  {
    name: 'a modular OT package within Tamil Nadu, one crore after a paisa of round off',
    parties: { supplierState: '33', billedState: '33' },
    kind: 'intra',
    lines: [{ quantity: 1, rate: 892857143, discount: 0, taxRate: 12 }],
    freight: 0,
    expected: {
      lines: [
        // 89,28,571.43; 6 % = 5,35,714.2858 → 5,35,714.29 each;
        // total 89,28,571.43 + 10,71,428.58 = 1,00,00,000.01
        {
          gross: 892857143,
          discount: 0,
          taxable: 892857143,
          cgst: 53571429,
          sgst: 53571429,
          igst: 0,
          total: 1000000001,
        },
      ],
      subTotal: 892857143,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 53571429,
      sgst: 53571429,
      igst: 0,
      // 1,00,00,000.01 → 1,00,00,000.00: −0.01
      roundOff: -1,
      grandTotal: 1000000000,
      words: 'Rupees One Crore Only',
    },
  },
  {
    name: 'disposable bed-sheet rolls within Telangana, half a paisa in each 2.5 % half',
    parties: { supplierState: '36', billedState: '36' },
    kind: 'intra',
    lines: [{ quantity: 12, rate: 10285, discount: 0, taxRate: 5 }],
    freight: 0,
    expected: {
      lines: [
        // 12 × 102.85 = 1,234.20; 2.5 % = 30.855 → 30.86 each (5 % whole would be 61.71);
        // total 1,234.20 + 61.72 = 1,295.92
        {
          gross: 123420,
          discount: 0,
          taxable: 123420,
          cgst: 3086,
          sgst: 3086,
          igst: 0,
          total: 129592,
        },
      ],
      subTotal: 123420,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 3086,
      sgst: 3086,
      igst: 0,
      // 1,295.92 → 1,296.00: +0.08
      roundOff: 8,
      grandTotal: 129600,
      words: 'Rupees One Thousand Two Hundred Ninety Six Only',
    },
  },
  {
    name: 'split air conditioners for the ICU within Delhi, half a paisa in each 14 % half',
    parties: { supplierState: '07', billedState: '07' },
    kind: 'intra',
    lines: [{ quantity: 3, rate: 2199675, discount: 0, taxRate: 28 }],
    freight: 0,
    expected: {
      lines: [
        // 3 × 21,996.75 = 65,990.25; 14 % = 9,238.635 → 9,238.64 each;
        // total 65,990.25 + 18,477.28 = 84,467.53
        {
          gross: 6599025,
          discount: 0,
          taxable: 6599025,
          cgst: 923864,
          sgst: 923864,
          igst: 0,
          total: 8446753,
        },
      ],
      subTotal: 6599025,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 923864,
      sgst: 923864,
      igst: 0,
      // 84,467.53 → 84,468.00: +0.47
      roundOff: 47,
      grandTotal: 8446800,
      words: 'Rupees Eighty Four Thousand Four Hundred Sixty Eight Only',
    },
  },
  {
    name: 'commode wheelchairs within Karnataka, freight at the goods’ 5 % with half paise',
    parties: { supplierState: '29', billedState: '29' },
    kind: 'intra',
    lines: [{ quantity: 8, rate: 624000, discount: { percent: 4 }, taxRate: 5 }],
    freight: { amount: 111020, taxRate: 5 },
    expected: {
      lines: [
        // 8 × 6,240.00 = 49,920.00; 4 % off = 1,996.80; taxable 47,923.20;
        // 2.5 % = 1,198.08 each; total 47,923.20 + 2,396.16 = 50,319.36
        {
          gross: 4992000,
          discount: 199680,
          taxable: 4792320,
          cgst: 119808,
          sgst: 119808,
          igst: 0,
          total: 5031936,
        },
      ],
      subTotal: 4992000,
      discount: 199680,
      freight: 111020,
      // 1,110.20 at 2.5 % = 27.755 → 27.76 each
      freightTax: { cgst: 2776, sgst: 2776, igst: 0 },
      // 1,198.08 + 27.76 = 1,225.84
      cgst: 122584,
      sgst: 122584,
      igst: 0,
      // 49,920.00 − 1,996.80 + 1,110.20 + 2 × 1,225.84 = 51,485.08 → 51,485.00: −0.08
      roundOff: -8,
      grandTotal: 5148500,
      words: 'Rupees Fifty One Thousand Four Hundred Eighty Five Only',
    },
  },
  {
    name: 'infusion and syringe pumps from Tamil Nadu to Karnataka, freight at the goods’ 12 %',
    parties: { supplierState: '33', billedState: '29' },
    kind: 'inter',
    lines: [
      { quantity: 5, rate: 6250000, discount: { percent: 8 }, taxRate: 12 },
      { quantity: 5, rate: 4125000, discount: { percent: 8 }, taxRate: 12 },
    ],
    freight: { amount: 234567, taxRate: 12 },
    expected: {
      lines: [
        // infusion pumps 5 × 62,500.00 = 3,12,500.00; 8 % off = 25,000.00;
        // taxable 2,87,500.00; IGST 12 % = 34,500.00; total 3,22,000.00
        {
          gross: 31250000,
          discount: 2500000,
          taxable: 28750000,
          cgst: 0,
          sgst: 0,
          igst: 3450000,
          total: 32200000,
        },
        // syringe pumps 5 × 41,250.00 = 2,06,250.00; 8 % off = 16,500.00;
        // taxable 1,89,750.00; IGST 12 % = 22,770.00; total 2,12,520.00
        {
          gross: 20625000,
          discount: 1650000,
          taxable: 18975000,
          cgst: 0,
          sgst: 0,
          igst: 2277000,
          total: 21252000,
        },
      ],
      // 3,12,500.00 + 2,06,250.00 = 5,18,750.00
      subTotal: 51875000,
      // 25,000.00 + 16,500.00 = 41,500.00
      discount: 4150000,
      freight: 234567,
      // 2,345.67 × 12 % = 281.4804 → 281.48
      freightTax: { cgst: 0, sgst: 0, igst: 28148 },
      cgst: 0,
      sgst: 0,
      // 34,500.00 + 22,770.00 + 281.48 = 57,551.48
      igst: 5755148,
      // 5,18,750.00 − 41,500.00 + 2,345.67 + 57,551.48 = 5,37,147.15 → 5,37,147.00: −0.15
      roundOff: -15,
      grandTotal: 53714700,
      words: 'Rupees Five Lakh Thirty Seven Thousand One Hundred Forty Seven Only',
    },
  },
  {
    name: 'patient gowns from an unregistered tailor, 2.5 % off is half a paisa, freight at 5 %',
    parties: { supplierState: null, billedState: '32' },
    kind: 'unregistered',
    lines: [{ quantity: 60, rate: 34999, discount: { percent: 2.5 }, taxRate: 5 }],
    freight: { amount: 18000, taxRate: 5 },
    expected: {
      lines: [
        // 60 × 349.99 = 20,999.40; 2.5 % = 524.985 → 524.99; taxable 20,474.41; no tax
        {
          gross: 2099940,
          discount: 52499,
          taxable: 2047441,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 2047441,
        },
      ],
      subTotal: 2099940,
      discount: 52499,
      freight: 18000,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 0,
      // 20,474.41 + 180.00 = 20,654.41 → 20,654.00: −0.41
      roundOff: -41,
      grandTotal: 2065400,
      words: 'Rupees Twenty Thousand Six Hundred Fifty Four Only',
    },
  },
  {
    name: 'housekeeping supplies from an unregistered local vendor, fractional litres, 18 % ignored',
    parties: { supplierState: null, billedState: '36' },
    kind: 'unregistered',
    lines: [
      { quantity: 45.5, rate: 6240, discount: 0, taxRate: 18 },
      { quantity: 6, rate: 85000, discount: 10000, taxRate: 18 },
    ],
    freight: 0,
    expected: {
      lines: [
        // phenyl 45.5 L × 62.40 = 2,839.20; no tax
        {
          gross: 283920,
          discount: 0,
          taxable: 283920,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 283920,
        },
        // pedal dustbins 6 × 850.00 = 5,100.00; − 100.00 = 5,000.00; no tax
        {
          gross: 510000,
          discount: 10000,
          taxable: 500000,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 500000,
        },
      ],
      // 2,839.20 + 5,100.00 = 7,939.20
      subTotal: 793920,
      discount: 10000,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 0,
      // 7,939.20 − 100.00 = 7,839.20 → 7,839.00: −0.20
      roundOff: -20,
      grandTotal: 783900,
      words: 'Rupees Seven Thousand Eight Hundred Thirty Nine Only',
    },
  },
  {
    name: 'surgical cotton by the kg and gauze swabs from West Bengal to Jharkhand',
    parties: { supplierState: '19', billedState: '20' },
    kind: 'inter',
    lines: [
      { quantity: 2.75, rate: 48235, discount: 0, taxRate: 5 },
      { quantity: 100, rate: 345, discount: 0, taxRate: 5 },
    ],
    freight: 0,
    expected: {
      lines: [
        // 2.750 kg × 482.35 = 1,326.4625 → 1,326.46; IGST 5 % = 66.323 → 66.32; total 1,392.78
        {
          gross: 132646,
          discount: 0,
          taxable: 132646,
          cgst: 0,
          sgst: 0,
          igst: 6632,
          total: 139278,
        },
        // 100 × 3.45 = 345.00; IGST 5 % = 17.25; total 362.25
        {
          gross: 34500,
          discount: 0,
          taxable: 34500,
          cgst: 0,
          sgst: 0,
          igst: 1725,
          total: 36225,
        },
      ],
      // 1,326.46 + 345.00 = 1,671.46
      subTotal: 167146,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      // 66.32 + 17.25 = 83.57
      igst: 8357,
      // 1,671.46 + 83.57 = 1,755.03 → 1,755.00: −0.03
      roundOff: -3,
      grandTotal: 175500,
      words: 'Rupees One Thousand Seven Hundred Fifty Five Only',
    },
  },
  {
    name: 'pulse oximeters within Gujarat, half a paisa in each 6 % half',
    parties: { supplierState: '24', billedState: '24' },
    kind: 'intra',
    lines: [{ quantity: 7, rate: 129975, discount: 0, taxRate: 12 }],
    freight: 0,
    expected: {
      lines: [
        // 7 × 1,299.75 = 9,098.25; 6 % = 545.895 → 545.90 each (12 % whole would be 1,091.79);
        // total 9,098.25 + 1,091.80 = 10,190.05
        {
          gross: 909825,
          discount: 0,
          taxable: 909825,
          cgst: 54590,
          sgst: 54590,
          igst: 0,
          total: 1019005,
        },
      ],
      subTotal: 909825,
      discount: 0,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 54590,
      sgst: 54590,
      igst: 0,
      // 10,190.05 → 10,190.00: −0.05
      roundOff: -5,
      grandTotal: 1019000,
      words: 'Rupees Ten Thousand One Hundred Ninety Only',
    },
  },
  {
    name: 'a biphasic defibrillator from Delhi to Uttar Pradesh, 12.75 % off',
    parties: { supplierState: '07', billedState: '09' },
    kind: 'inter',
    lines: [{ quantity: 1, rate: 23456789, discount: { percent: 12.75 }, taxRate: 12 }],
    freight: 0,
    expected: {
      lines: [
        // 2,34,567.89; 12.75 % = 29,907.405975 → 29,907.41; taxable 2,04,660.48;
        // IGST 12 % = 24,559.2576 → 24,559.26; total 2,29,219.74
        {
          gross: 23456789,
          discount: 2990741,
          taxable: 20466048,
          cgst: 0,
          sgst: 0,
          igst: 2455926,
          total: 22921974,
        },
      ],
      subTotal: 23456789,
      discount: 2990741,
      freight: 0,
      freightTax: NO_TAX,
      cgst: 0,
      sgst: 0,
      igst: 2455926,
      // 2,29,219.74 → 2,29,220.00: +0.26
      roundOff: 26,
      grandTotal: 22922000,
      words: 'Rupees Two Lakh Twenty Nine Thousand Two Hundred Twenty Only',
    },
  },
];

/** A supplier's GSTIN in a state, or none when the supplier is unregistered. */
function supplierGstin(state: string | null): string | null {
  return state === null ? null : makeGstin(state, 'AAPFU0939F', '1');
}

describe('purchase orders worked out by hand', () => {
  it('has enough worked examples', () => {
    expect(ORDERS.length).toBeGreaterThanOrEqual(24);
  });

  it.each(ORDERS)('$name', ({ parties, kind, lines, freight, expected }) => {
    // The tax kind follows from the supplier's GSTIN and the billed branch's state.
    const gstin = supplierGstin(parties.supplierState);
    if (gstin !== null) expect(gstinStateCode(gstin)).toBe(parties.supplierState);
    expect(supplyOf(gstin, parties.billedState)).toBe(kind);

    const totals = computePurchaseOrderTotals(lines, freight, kind);
    expect(totals.lines).toEqual(expected.lines);
    expect({
      subTotal: totals.subTotal,
      discount: totals.discount,
      freight: totals.freight,
      freightTax: totals.freightTax,
      cgst: totals.cgst,
      sgst: totals.sgst,
      igst: totals.igst,
      roundOff: totals.roundOff,
      grandTotal: totals.grandTotal,
    }).toEqual({
      subTotal: expected.subTotal,
      discount: expected.discount,
      freight: expected.freight,
      freightTax: expected.freightTax,
      cgst: expected.cgst,
      sgst: expected.sgst,
      igst: expected.igst,
      roundOff: expected.roundOff,
      grandTotal: expected.grandTotal,
    });
    expect(Object.keys(totals).sort()).toEqual(
      [
        'lines',
        'subTotal',
        'discount',
        'freight',
        'freightTax',
        'cgst',
        'sgst',
        'igst',
        'roundOff',
        'grandTotal',
      ].sort(),
    );
    expect(amountInWords(totals.grandTotal)).toBe(expected.words);
  });
});

describe('amounts in words worked out by hand', () => {
  it.each<[string, Paise, string]>([
    // 1,23,45,678.90: 1 crore, 23 lakh, 45 thousand, 6 hundred, 78; 90 paise
    [
      '1,23,45,678.90',
      1234567890,
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    ],
    // zero paise: no "and … Paise"
    ['45,600.00', 4560000, 'Rupees Forty Five Thousand Six Hundred Only'],
    ['8,15,014.00', 81501400, 'Rupees Eight Lakh Fifteen Thousand Fourteen Only'],
    // exactly one lakh, and one lakh and a paisa
    ['1,00,000.00', 10000000, 'Rupees One Lakh Only'],
    ['1,00,000.01', 10000001, 'Rupees One Lakh and One Paise Only'],
    // exactly one crore
    ['1,00,00,000.00', 1000000000, 'Rupees One Crore Only'],
    // no lakh or thousand between the crore and the hundreds
    ['2,00,00,200.20', 2000020020, 'Rupees Two Crore Two Hundred and Twenty Paise Only'],
    [
      '99,99,999.99',
      999999999,
      'Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    ],
    [
      '11,11,111.11',
      111111111,
      'Rupees Eleven Lakh Eleven Thousand One Hundred Eleven and Eleven Paise Only',
    ],
    // ten crore and more
    ['10,00,00,001.50', 10000000150, 'Rupees Ten Crore One and Fifty Paise Only'],
    [
      '25,07,03,019.09',
      25070301909,
      'Rupees Twenty Five Crore Seven Lakh Three Thousand Nineteen and Nine Paise Only',
    ],
    ['1,05,00,00,000.00', 105000000000, 'Rupees One Hundred Five Crore Only'],
    ['70,000.70', 7000070, 'Rupees Seventy Thousand and Seventy Paise Only'],
    ['0.99', 99, 'Rupees Zero and Ninety Nine Paise Only'],
  ])('₹%s → %s', (_, paise, text) => {
    expect(amountInWords(paise)).toBe(text);
  });
});
