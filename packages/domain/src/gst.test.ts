import { describe, expect, it } from 'vitest';
import {
  GST_RATES,
  gstinChecksum,
  gstinStateCode,
  INDIAN_STATES,
  isGstRate,
  isValidGstin,
  makeGstin,
  splitGst,
  supplyOf,
  type TaxKind,
  taxKind,
} from './gst.ts';

const KNOWN_VALID = '27AAPFU0939F1ZV';
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GST_RATES', () => {
  it('lists the slabs', () => {
    expect(GST_RATES).toEqual([0, 0.25, 3, 5, 12, 18, 28]);
    expect(isGstRate(18)).toBe(true);
    expect(isGstRate(0.25)).toBe(true);
    expect(isGstRate(0)).toBe(true);
    expect(isGstRate(40)).toBe(false);
    expect(isGstRate(2.5)).toBe(false);
    expect(isGstRate('18')).toBe(false);
  });
});

describe('taxKind', () => {
  it('is intra within one state and inter across states', () => {
    expect(taxKind('33', '33')).toBe('intra');
    expect(taxKind('33', '29')).toBe('inter');
    expect(taxKind('07', '07')).toBe('intra');
    expect(taxKind('36', '37')).toBe('inter');
  });

  it('refuses what is not a two-digit code', () => {
    expect(() => taxKind('7', '07')).toThrow(RangeError);
    expect(() => taxKind('33', '')).toThrow(RangeError);
    expect(() => taxKind('TN', 'TN')).toThrow(RangeError);
    expect(() => taxKind(' 33', '33')).toThrow(RangeError);
  });
});

describe('splitGst', () => {
  it('splits intra-state tax into equal CGST and SGST', () => {
    expect(splitGst(100000, 18, 'intra')).toEqual({ cgst: 9000, sgst: 9000, igst: 0 });
    expect(splitGst(240100, 18, 'intra')).toEqual({ cgst: 21609, sgst: 21609, igst: 0 });
    expect(splitGst(50000, 5, 'intra')).toEqual({ cgst: 1250, sgst: 1250, igst: 0 });
    expect(splitGst(100000, 0.25, 'intra')).toEqual({ cgst: 125, sgst: 125, igst: 0 });
    expect(splitGst(12345, 0.25, 'intra')).toEqual({ cgst: 15, sgst: 15, igst: 0 }); // 15.43125
  });

  it('rounds each half on its own', () => {
    // 9% of 50 paise is 4.5, rounded up in both halves; 18% of 50 is exactly 9.
    expect(splitGst(50, 18, 'intra')).toEqual({ cgst: 5, sgst: 5, igst: 0 });
    expect(splitGst(50, 18, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 9 });
  });

  it('puts inter-state tax into IGST', () => {
    expect(splitGst(100000, 18, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 18000 });
    expect(splitGst(29900, 12, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 3588 });
    expect(splitGst(12345, 0.25, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 31 }); // 30.8625
  });

  it('gives no tax at 0%', () => {
    expect(splitGst(123456, 0, 'intra')).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(splitGst(123456, 0, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 0 });
  });

  it('refuses bad amounts, rates and kinds', () => {
    expect(() => splitGst(100.5, 18, 'intra')).toThrow(RangeError);
    expect(() => splitGst(100, -5, 'intra')).toThrow(RangeError);
    expect(() => splitGst(100, 0.125, 'inter')).toThrow(RangeError);
    expect(() => splitGst(100, Number.NaN, 'inter')).toThrow(RangeError);
    expect(() => splitGst(100, 18, 'export' as TaxKind)).toThrow(RangeError);
  });
});

describe('gstinChecksum', () => {
  it('computes the check character of a known GSTIN', () => {
    expect(gstinChecksum(KNOWN_VALID.slice(0, 14))).toBe('V');
  });

  it('refuses anything but 14 characters of 0-9 and A-Z', () => {
    expect(() => gstinChecksum('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinChecksum('27AAPFU0939F1ZV')).toThrow(RangeError);
    expect(() => gstinChecksum('27aapfu0939f1z')).toThrow(RangeError);
  });
});

describe('isValidGstin', () => {
  it('accepts a known valid GSTIN', () => {
    expect(isValidGstin(KNOWN_VALID)).toBe(true);
  });

  it('refuses every single-character change', () => {
    for (let at = 0; at < KNOWN_VALID.length; at++) {
      for (const replacement of CHARS) {
        if (replacement === KNOWN_VALID[at]) continue;
        const changed = `${KNOWN_VALID.slice(0, at)}${replacement}${KNOWN_VALID.slice(at + 1)}`;
        expect(isValidGstin(changed), changed).toBe(false);
      }
    }
  });

  it('refuses swapped neighbours that change the sum', () => {
    expect(isValidGstin('72AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27AAPFU9039F1ZV')).toBe(false);
  });

  it('refuses other lengths, lower case and spaces', () => {
    expect(isValidGstin('')).toBe(false);
    expect(isValidGstin(KNOWN_VALID.slice(0, 14))).toBe(false);
    expect(isValidGstin(`${KNOWN_VALID}0`)).toBe(false);
    expect(isValidGstin(KNOWN_VALID.toLowerCase())).toBe(false);
    expect(isValidGstin(` ${KNOWN_VALID}`)).toBe(false);
  });

  it('refuses state codes outside 01–38, 97 and 99 even with a right checksum', () => {
    for (const code of ['00', '39', '50', '96', '98']) {
      const first14 = `${code}AAPFU0939F1Z`;
      expect(isValidGstin(`${first14}${gstinChecksum(first14)}`), code).toBe(false);
    }
    for (const code of ['01', '25', '28', '38', '97', '99']) {
      expect(isValidGstin(makeGstin(code, 'AAPFU0939F', '1')), code).toBe(true);
    }
  });

  it('refuses a wrong-format body even with a right checksum', () => {
    const noZ = '27AAPFU0939F1Y';
    expect(isValidGstin(`${noZ}${gstinChecksum(noZ)}`)).toBe(false);
    const zeroEntity = '27AAPFU0939F0Z';
    expect(isValidGstin(`${zeroEntity}${gstinChecksum(zeroEntity)}`)).toBe(false);
  });

  it('refuses non-strings at run time', () => {
    expect(isValidGstin(null as unknown as string)).toBe(false);
  });
});

describe('makeGstin', () => {
  it('rebuilds the known GSTIN', () => {
    expect(makeGstin('27', 'AAPFU0939F', '1')).toBe(KNOWN_VALID);
  });

  it('makes valid GSTINs for every state and entity code', () => {
    for (const { code } of INDIAN_STATES) {
      for (const entity of ['1', '9', 'A', 'Z']) {
        const gstin = makeGstin(code, 'ABCDE1234F', entity);
        expect(gstin).toHaveLength(15);
        expect(gstin.slice(0, 14)).toBe(`${code}ABCDE1234F${entity}Z`);
        expect(isValidGstin(gstin)).toBe(true);
        expect(gstinStateCode(gstin)).toBe(code);
      }
    }
  });

  it('refuses bad parts', () => {
    expect(() => makeGstin('00', 'AAPFU0939F', '1')).toThrow(RangeError);
    expect(() => makeGstin('7', 'AAPFU0939F', '1')).toThrow(RangeError);
    expect(() => makeGstin('27', 'AAPFU0939', '1')).toThrow(RangeError);
    expect(() => makeGstin('27', 'aapfu0939f', '1')).toThrow(RangeError);
    expect(() => makeGstin('27', '1APFU0939F', '1')).toThrow(RangeError);
    expect(() => makeGstin('27', 'AAPFU0939F', '0')).toThrow(RangeError);
    expect(() => makeGstin('27', 'AAPFU0939F', '12')).toThrow(RangeError);
  });
});

describe('gstinStateCode', () => {
  it('gives the first two characters', () => {
    expect(gstinStateCode(KNOWN_VALID)).toBe('27');
    expect(gstinStateCode('33ABCDE1234F1Z5')).toBe('33');
  });
});

describe('INDIAN_STATES', () => {
  it('has the 28 states and 8 union territories once each, in code order', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    const codes = INDIAN_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((state) => state.name)).size).toBe(36);
    expect([...codes].sort()).toEqual(codes);
    for (const code of codes) expect(code).toMatch(/^(0[1-9]|[12]\d|3[0-8])$/);
  });

  it('leaves out the retired codes 25 and 28', () => {
    const codes = INDIAN_STATES.map((state) => state.code);
    expect(codes).not.toContain('25');
    expect(codes).not.toContain('28');
  });

  it.each([
    ['33', 'Tamil Nadu'],
    ['29', 'Karnataka'],
    ['32', 'Kerala'],
    ['36', 'Telangana'],
    ['37', 'Andhra Pradesh'],
    ['27', 'Maharashtra'],
    ['07', 'Delhi'],
    ['01', 'Jammu and Kashmir'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['38', 'Ladakh'],
  ])('%s is %s', (code, name) => {
    expect(INDIAN_STATES.find((state) => state.code === code)?.name).toBe(name);
  });
});

describe('supplyOf', () => {
  const tamilNadu = makeGstin('33', 'AAPFU0939F', '1');
  it('is intra-state or inter-state by the GSTIN’s state, unregistered without one', () => {
    expect(supplyOf(tamilNadu, '33')).toBe('intra');
    expect(supplyOf(tamilNadu, '29')).toBe('inter');
    expect(supplyOf(null, '33')).toBe('unregistered');
    expect(supplyOf('', '33')).toBe('unregistered');
    expect(() => supplyOf('33AAPFU0939F1Z0', '33')).toThrow(RangeError);
  });
});
