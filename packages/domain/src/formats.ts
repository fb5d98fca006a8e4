/*
 * The formats of Indian identifiers and contact details, once: the contract's request schemas
 * check them on the server and the forms check them before sending. What a format cannot tell
 * (a GSTIN's check character, its state) is in gst.ts.
 */

/** 33AAPFU0939F1Z5: state code, PAN, entity number, Z, check character. */
export const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** AAPFU0939F */
export const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** SBIN0001234: bank, a zero, branch. */
export const IFSC_FORMAT = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** 9 to 18 digits. */
export const BANK_ACCOUNT_FORMAT = /^[0-9]{9,18}$/;
/** 8 to 15 digits, an optional leading +, spaces and dashes between. */
export const PHONE_FORMAT = /^\+?[0-9][0-9 -]{7,18}$/;
