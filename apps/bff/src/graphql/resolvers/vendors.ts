import { statusTone, toneColors } from '@branch-assets/domain';
import { exportUrl } from '../../exports/lists.ts';
import type { Resolvers } from '../../generated/resolvers.ts';
import { numericId } from '../ids.ts';
import { permitted } from '../permitted.ts';

/** Vendors: the legacy vendor calls as typed queries and mutations. */
export const vendorResolvers: Resolvers = {
  Query: {
    vendors: async (_parent, _args, { read }) => {
      const { records } = await read('vendorLists', { UserInterface: 1 });
      return {
        rows: records.TableData,
        headers: records.TableHeader,
        options: records.TableOptions,
      };
    },
    vendor: async (_parent, { id }, { read }) =>
      (await read('vendorShow', { UserInterface: 1, Vendor: numericId(id, 'id') })).records,
    vendorOptions: async (_parent, _args, { read }) =>
      (await read('vendorOptions', { UserInterface: 1 })).records,
  },
  Mutation: {
    saveVendor: async (_parent, { input }, { write }) => {
      const fields = {
        UserInterface: 1,
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
        ...(input.active === undefined || input.active === null
          ? {}
          : { ActiveStatus: input.active ? (1 as const) : (0 as const) }),
      };
      const { output, records } = input.id
        ? await write('vendorUpdate', { ...fields, Vendor: numericId(input.id, 'id') })
        : await write('vendorStore', fields);
      return { message: output, vendor: records };
    },
    deleteVendor: async (_parent, { id }, { write }) => {
      const { output } = await write('vendorDestroy', {
        UserInterface: 1,
        Vendor: numericId(id, 'id'),
      });
      return { message: output };
    },
  },
  VendorList: {
    rows: (list) => list.rows,
    headers: (list) => list.headers,
    options: (list) => list.options,
    canCreate: (_list, _args, context) => permitted(context, 'vendor', 'create'),
    exportUrl: (list) => (list.options.DownloadFlag ? exportUrl('vendors', {}) : null),
  },
  Vendor: {
    id: (vendor) => String(vendor.VendorId),
    code: (vendor) => vendor.VendorCode,
    name: (vendor) => vendor.VendorName,
    gstin: (vendor) => vendor.Gstin,
    pan: (vendor) => vendor.Pan,
    stateId: (vendor) => String(vendor.StateId),
    stateName: (vendor) => vendor.StateName,
    address: (vendor) => vendor.Address,
    contactPerson: (vendor) => vendor.ContactPerson,
    phone: (vendor) => vendor.Phone,
    email: (vendor) => vendor.Email,
    bankName: (vendor) => vendor.BankName,
    bankAccountNumber: (vendor) => vendor.BankAccountNumber,
    bankIfsc: (vendor) => vendor.BankIfsc,
    active: (vendor) => vendor.ActiveStatus === 1,
    status: (vendor) => {
      const colors = toneColors(statusTone(vendor.ActiveStatusTxt));
      return { text: vendor.ActiveStatusTxt, background: colors.background, color: colors.text };
    },
    canEdit: (vendor) => vendor.EditFlag,
    canDelete: (vendor) => vendor.DeleteFlag,
  },
  VendorResult: {
    message: (result) => result.message,
    vendor: (result) => result.vendor,
  },
};
