import { scaledInteger } from './decimal.ts';
import { GSTIN_FORMAT, PAN_FORMAT } from './formats.ts';
import { assertPaise, type Paise, percentOf } from './money.ts';

export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export function isGstRate(value: unknown): value is GstRate {
  return typeof value === 'number' && (GST_RATES as readonly number[]).includes(value);
}

/** 'intra': supplier and place of supply in one state, CGST + SGST; 'inter': IGST. */
export type TaxKind = 'intra' | 'inter';

const STATE_CODE = /^\d{2}$/;

export function taxKind(supplierStateCode: string, placeOfSupplyStateCode: string): TaxKind {
  for (const code of [supplierStateCode, placeOfSupplyStateCode]) {
    if (typeof code !== 'string' || !STATE_CODE.test(code)) {
      throw new RangeError(`'${String(code)}' is not a two-digit GST state code`);
    }
  }
  return supplierStateCode === placeOfSupplyStateCode ? 'intra' : 'inter';
}

/**
 * The taxes on a taxable amount. Intra-state, CGST and SGST are each half the rate, rounded on
 * their own as they are printed separately, so together they may differ by a paisa from the
 * full rate.
 */
export function splitGst(
  taxable: Paise,
  ratePercent: number,
  kind: TaxKind,
): { cgst: Paise; sgst: Paise; igst: Paise } {
  assertPaise(taxable, 'taxable amount');
  // Up to 2 decimals, so the half rate still fits percentOf's 4 decimals exactly.
  if (scaledInteger(ratePercent, 2) < 0n) throw new RangeError('a tax rate cannot be negative');
  if (kind === 'intra') {
    const half = percentOf(taxable, ratePercent / 2);
    return { cgst: half, sgst: half, igst: 0 };
  }
  if (kind === 'inter') return { cgst: 0, sgst: 0, igst: percentOf(taxable, ratePercent) };
  throw new RangeError(`'${String(kind)}' is not a tax kind`);
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN = GSTIN_FORMAT;
const GSTIN_BODY = /^[0-9A-Z]{14}$/;
const PAN = PAN_FORMAT;
const ENTITY = /^[1-9A-Z]$/;

// Codes a GSTIN may carry: 01–38 keeps 25 (Daman and Diu) and 28 (undivided Andhra Pradesh),
// which are no longer issued but remain on older registrations; 97 is Other Territory and 99
// Centre Jurisdiction.
function isGstinStateCode(code: string): boolean {
  if (!STATE_CODE.test(code)) return false;
  const number = Number(code);
  return (number >= 1 && number <= 38) || number === 97 || number === 99;
}

/** The 15th GSTIN character: a Luhn mod 36 check over the first 14. */
export function gstinChecksum(first14: string): string {
  if (typeof first14 !== 'string' || !GSTIN_BODY.test(first14)) {
    throw new RangeError(`'${String(first14)}' is not 14 characters of 0-9 and A-Z`);
  }
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(value / 36) + (value % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/** Format, state code and check character; expects upper case without spaces. */
export function isValidGstin(value: string): boolean {
  return (
    typeof value === 'string' &&
    GSTIN.test(value) &&
    isGstinStateCode(value.slice(0, 2)) &&
    gstinChecksum(value.slice(0, 14)) === value.charAt(14)
  );
}

/** A GSTIN from its state code, the holder's PAN and the entity number in that state. */
export function makeGstin(stateCode: string, pan: string, entity: string): string {
  if (typeof stateCode !== 'string' || !isGstinStateCode(stateCode)) {
    throw new RangeError(`'${String(stateCode)}' is not a GST state code`);
  }
  if (typeof pan !== 'string' || !PAN.test(pan)) {
    throw new RangeError(`'${String(pan)}' is not a PAN like AAPFU0939F`);
  }
  if (typeof entity !== 'string' || !ENTITY.test(entity)) {
    throw new RangeError(`'${String(entity)}' is not an entity code 1-9 or A-Z`);
  }
  const first14 = `${stateCode}${pan}${entity}Z`;
  return `${first14}${gstinChecksum(first14)}`;
}

export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

/** The GST slabs a purchase order's line and its freight may take. */
export const PURCHASE_GST_RATES = [0, 5, 12, 18, 28] as const satisfies readonly GstRate[];

/**
 * How a purchase is taxed: 'intra' or 'inter' by the supplier's GSTIN state against the billed
 * branch's state; 'unregistered' when the supplier has no GSTIN, who charges no GST and whose
 * order gives no input tax credit (the order says so).
 */
export type Supply = TaxKind | 'unregistered';

export function supplyOf(
  supplierGstin: string | null | undefined,
  billedStateCode: string,
): Supply {
  if (!supplierGstin) return 'unregistered';
  if (!isValidGstin(supplierGstin)) throw new RangeError(`'${supplierGstin}' is not a valid GSTIN`);
  return taxKind(gstinStateCode(supplierGstin), billedStateCode);
}

export interface IndianState {
  code: string;
  name: string;
}

/** Current states and union territories with their GST state codes, by code. */
export const INDIAN_STATES: readonly IndianState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
];
