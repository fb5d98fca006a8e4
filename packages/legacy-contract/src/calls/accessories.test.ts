import { describe, expect, it } from 'vitest';
import { legacyCalls } from '../calls.ts';
import { describeValidationError } from '../errors.ts';

/** The 422 output a movement body gets, or null when it passes. */
function refusal(body: Record<string, unknown>): string | null {
  const result = legacyCalls.accessoryMovement.request.safeParse(body);
  return result.success ? null : describeValidationError(result.error);
}

const base = { UserInterface: 1, Accessory: 3, Branch: 2 };

describe('an accessory movement’s request', () => {
  it('takes what each reason needs, as JSON or form-encoded text', () => {
    expect(
      refusal({ ...base, Reason: 'RECEIVED', Quantity: 10, Vendor: 4, Reference: 'DC-1' }),
    ).toBeNull();
    expect(refusal({ ...base, Reason: 'ISSUED', Quantity: '2', Staff: '7' })).toBeNull();
    expect(refusal({ ...base, Reason: 'RETURNED', Quantity: 1 })).toBeNull();
    expect(refusal({ ...base, Reason: 'ADJUSTED', Quantity: '-3', Note: 'Stock-take' })).toBeNull();
    expect(
      legacyCalls.accessoryMovement.request.parse({
        ...base,
        Reason: 'ISSUED',
        Quantity: '2',
        Asset: '',
        Staff: '7',
        Reference: '',
      }),
    ).toEqual({ ...base, Reason: 'ISSUED', Quantity: 2, Staff: 7 });
  });

  it.each([
    [{ Reason: 'TRANSFERRED_OUT', Quantity: 1 }, /^Reason must be one of RECEIVED, ISSUED/],
    [{ Reason: 'RECEIVED', Quantity: 0 }, 'Quantity must not be 0'],
    [
      { Reason: 'ISSUED', Quantity: -2, Staff: 7 },
      'Quantity must be a positive whole number (only an adjustment takes a sign)',
    ],
    [{ Reason: 'RECEIVED', Quantity: 1.5 }, /^Quantity must be a whole number/],
    [{ Reason: 'ISSUED', Quantity: 2 }, 'Asset or Staff is required for an issue'],
    [
      { Reason: 'ISSUED', Quantity: 2, Asset: 1, Staff: 7 },
      'Staff must be left out when Asset is given (one or the other)',
    ],
    [{ Reason: 'CONSUMED', Quantity: 2, Staff: 7 }, 'Staff is only for an issue or a return'],
    [{ Reason: 'ISSUED', Quantity: 2, Staff: 7, Vendor: 3 }, 'Vendor is only for a receipt'],
    [{ Reason: 'ADJUSTED', Quantity: 2 }, 'Note is required for adjusted or damaged'],
    [{ Reason: 'DAMAGED', Quantity: 2, Note: '  ' }, 'Note is required for adjusted or damaged'],
  ])('refuses %o naming the field', (change, expected) => {
    const output = refusal({ ...base, ...change });
    if (typeof expected === 'string') expect(output).toBe(expected);
    else expect(output).toMatch(expected);
  });
});

describe('an accessory’s save request', () => {
  it('takes its fits as a list and its minimums as JSON text when form-encoded', () => {
    const body = legacyCalls.accessoryStore.request.parse({
      AccessoryName: ' SpO2 finger probe ',
      AccessoryType: '2',
      Brand: '',
      AssetTypes: '4, 5',
      Minimums: '[{"Branch": 3, "Minimum": "6"}, {"Branch": 4, "Minimum": ""}]',
    });
    expect(body).toEqual({
      AccessoryName: 'SpO2 finger probe',
      AccessoryType: 2,
      AssetTypes: [4, 5],
      Minimums: [{ Branch: 3, Minimum: 6 }, { Branch: 4 }],
    });
  });
});
