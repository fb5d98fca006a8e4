import type { Resolvers, VendorInput } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import * as Records from './records.ts';

const VENDORS: Records.Calls<'vendor'> = { prefix: 'vendor', key: 'Vendor' };

/** Vendors: the legacy vendor calls as typed queries and mutations. */
export const vendorResolvers: Resolvers = {
  Query: {
    vendors: (_parent, { stateId, ...args }, context) =>
      Records.readList(context, VENDORS, args, {
        rowFilters: stateId ? { StateId: numericId(stateId, 'stateId') } : {},
        exportQuery: stateId ? { stateId } : {},
      }),
    vendor: Records.showQuery(VENDORS),
    vendorOptions: Records.optionsQuery(VENDORS),
  },
  Mutation: {
    saveVendor: Records.saveMutation(VENDORS, (input: VendorInput) =>
      Records.storeFieldsOf('vendor', input),
    ),
    deleteVendor: Records.deleteMutation(VENDORS),
  },
  VendorList: Records.listFields({ module: 'vendor', exportName: 'vendors' }),
  Vendor: {
    ...Records.namedFields('vendorLists'),
    ...Records.rowFields,
  },
  VendorResult: {
    message: (result) => result.message,
    vendor: (result) => result.record,
  },
};
