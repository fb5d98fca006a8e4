import { describe, expect, it } from 'vitest';
import { legacyCalls } from './calls.ts';
import { describeValidationError } from './errors.ts';

function refusal(name: keyof typeof legacyCalls, body: unknown): string {
  const result = legacyCalls[name].request.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  return describeValidationError(result.error);
}

describe('request schemas', () => {
  // What the client sends, as JSON; the form-encoded request carries each value as text.
  const verify = {
    UserInterface: 1,
    PurchaseOrder: 12,
    PurchaseOrderNumber: 'PO/CHN-ANN/2026-27/0001',
    BilledBranch: 3,
    Status: 1,
    Reason: 'checked the quotation',
  };
  const assetType = { AssetType: 4, AssetTypeName: 'Split AC', SubCategory: 2, ActiveStatus: 0 };

  it.each([
    ['purchaseOrderVerify', verify],
    ['assetTypeUpdate', { ...assetType, TaxRate: 18 }],
  ] as const)(
    '%s accepts JSON numbers and the text form of form-encoded bodies alike',
    (name, body) => {
      const request = legacyCalls[name].request;
      const asForm = Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, `${value}`]),
      );
      expect(request.parse({ ...asForm, token: 'ignored-here' })).toEqual(request.parse(body));
    },
  );

  it('trim text and drop fields they do not know', () => {
    expect(
      legacyCalls.purchaseOrderVerify.request.parse({
        ...verify,
        Reason: '  checked the quotation  ',
        token: 'ignored-here',
      }),
    ).toEqual(verify);
    expect(
      legacyCalls.assetTypeUpdate.request.parse({
        ...assetType,
        AssetTypeName: ' Split AC ',
        TaxRate: '18',
      }),
    ).toEqual({ ...assetType, TaxRate: '18.00' });
  });

  it('name the field and the rule in refusals', () => {
    const base = { PurchaseOrder: 1, PurchaseOrderNumber: 'X', BilledBranch: 1, Status: 1 };
    expect(refusal('purchaseOrderVerify', base)).toBe('Reason is required');
    expect(refusal('purchaseOrderVerify', { ...base, Reason: '   ' })).toBe('Reason is required');
    expect(refusal('purchaseOrderVerify', { ...base, Reason: 'x'.repeat(501) })).toBe(
      'Reason must be at most 500 characters',
    );
    expect(refusal('purchaseOrderVerify', { ...base, Reason: 'ok', Status: 2 })).toBe(
      'Status must be 1 or 0',
    );
    expect(refusal('purchaseOrderVerify', { ...base, Reason: 'ok', PurchaseOrder: 'abc' })).toBe(
      'PurchaseOrder must be a positive whole number',
    );
    expect(refusal('purchaseOrderVerify', { ...base, Reason: 'ok', PurchaseOrder: -4 })).toBe(
      'PurchaseOrder must be a positive whole number',
    );
    expect(refusal('purchaseOrderLists', {})).toBe('Branch is required');
    expect(refusal('purchaseOrderLists', [])).toBe('The request body must be an object.');
    expect(refusal('changePassword', { CurrentPassword: 'a', NewPassword: 'short1' })).toBe(
      'NewPassword must be at least 8 characters',
    );
    expect(refusal('pageInfo', { Module: 'Purchase Order', Action: 'list' })).toBe(
      'Module must be a lower-case code such as purchase_order',
    );
  });

  it('every call has a unique path under api/', () => {
    const paths = Object.values(legacyCalls).map((definition) => definition.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^api\/[a-z-]+\/[a-z-]+$/);
  });
});

describe('records schemas', () => {
  it('normalise money to two decimals, from text or numbers', () => {
    const row = legacyCalls.purchaseOrderShow.records.shape.GrandTotal;
    expect(row.parse('1234.5')).toBe('1234.50');
    expect(row.parse(1234.5)).toBe('1234.50');
    expect(row.safeParse('12.345').success).toBe(false);
  });
});

describe('field messages', () => {
  it('stay readable whichever form of a field is wrong', () => {
    expect(refusal('versionInfo', { UserInterface: 'abc' })).toBe(
      'UserInterface must be a small whole number',
    );
    expect(refusal('versionInfo', { UserInterface: 1.5 })).toBe(
      'UserInterface must be a small whole number',
    );
    expect(refusal('branchLists', { AppFlag: 'maybe' })).toBe('AppFlag must be true or false');
    expect(refusal('purchaseOrderLists', { Branch: '' })).toBe('Branch is required');
    expect(refusal('purchaseOrderLists', { Branch: '12x' })).toBe(
      'Branch must be a positive whole number',
    );
    expect(refusal('purchaseOrderLists', { Branch: 1.5 })).toBe(
      'Branch must be a positive whole number',
    );
    expect(refusal('purchaseOrderLists', { Branch: 99_999_999_999 })).toBe(
      'Branch must be a positive whole number',
    );
    expect(refusal('purchaseOrderLists', { Branch: { id: 1 } })).toBe(
      'Branch must be a positive whole number',
    );
  });
});

describe('starred pages', () => {
  it('name the page by its menu link, trimmed, in JSON and form-encoded bodies alike', () => {
    const json = legacyCalls.starredPagesStore.request.parse({
      UserInterface: 1,
      MenuLink: ' /purchase-order/list ',
    });
    const form = legacyCalls.starredPagesDestroy.request.parse({
      UserInterface: '1',
      MenuLink: '/purchase-order/list',
      token: 'ignored-here',
    });
    expect(json).toEqual({ UserInterface: 1, MenuLink: '/purchase-order/list' });
    expect(form).toEqual(json);
    expect(legacyCalls.starredPagesLists.request.parse({})).toEqual({});
  });

  it('refuse a missing, blank or overlong MenuLink', () => {
    expect(refusal('starredPagesStore', {})).toBe('MenuLink is required');
    expect(refusal('starredPagesStore', { MenuLink: '  ' })).toBe('MenuLink is required');
    expect(refusal('starredPagesDestroy', { MenuLink: 42 })).toBe('MenuLink must be text');
    expect(refusal('starredPagesDestroy', { MenuLink: `/${'x'.repeat(200)}` })).toBe(
      'MenuLink must be at most 200 characters',
    );
  });

  it('answer the list as text, link and icon, nothing more', () => {
    const page = { MenuText: 'Purchase Orders', MenuLink: '/purchase-order/list', MenuIcon: 'x' };
    expect(legacyCalls.starredPagesStore.records.parse([{ ...page, MenuStyle: '' }])).toEqual([
      page,
    ]);
  });
});
