import type { Resolvers, VendorInput } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import * as Records from './records.ts';

const VENDORS: Records.Calls<'vendor'> = { prefix: 'vendor', key: 'Vendor' };

function vendorFields(input: VendorInput): Records.StoreFields<'vendor'> {
  return {
    VendorName: input.name,
    Gstin: input.gstin,
    Pan: input.pan,
    State: numericId(input.stateId, 'stateId'),
    Address: input.address,
    ContactPerson: input.contactPerson,
    Phone: input.phone,
    Email: input.email ?? '',
    BankName: input.bankName ?? '',
    BankAccountNumber: input.bankAccountNumber ?? '',
    BankIfsc: input.bankIfsc ?? '',
    ...Records.activeStatus(input.active),
  };
}

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
    saveVendor: Records.saveMutation(VENDORS, vendorFields),
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
