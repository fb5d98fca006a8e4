import { describe, expect, it } from 'vitest';
import { legacyCalls } from './calls.ts';
import { graphqlName, listFieldNames, recordNames } from './graphql-names.ts';

describe('graphqlName', () => {
  it('is the camelCase of the legacy name, with a final Txt spelled Text', () => {
    expect(graphqlName('StateName')).toBe('stateName');
    expect(graphqlName('BranchesTxt')).toBe('branchesText');
    expect(graphqlName('Gstin')).toBe('gstin');
    expect(graphqlName('TxtCount')).toBe('txtCount');
  });

  it('names what every list has alike, and what a list names otherwise', () => {
    expect(graphqlName('ActiveStatusTxt')).toBe('status');
    expect(graphqlName('EditFlag')).toBe('canEdit');
    expect(graphqlName('VendorName', recordNames('Vendor'))).toBe('name');
    expect(graphqlName('Username', { Username: 'login.username' })).toBe('login.username');
  });
});

describe('listFieldNames', () => {
  it('maps a lists call both ways, Actions included', () => {
    const names = listFieldNames(legacyCalls.purchaseOrderLists);
    expect(names.toGraphql.get('PurchaseOrderNumber')).toBe('number');
    expect(names.toLegacy.get('vendorName')).toBe('VendorName');
    expect(names.toLegacy.get('actions')).toBe('Actions');
  });

  it('refuses a call that is no list, and two fields of one name', () => {
    expect(() => listFieldNames(legacyCalls.me)).toThrow(/not a lists call/);
    expect(() =>
      listFieldNames({
        records: legacyCalls.companyLists.records,
        graphqlNames: { Pan: 'legalName' },
      }),
    ).toThrow(/share a GraphQL name/);
  });
});
