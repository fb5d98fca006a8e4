import { BANK_ACCOUNT_FORMAT, IFSC_FORMAT } from '@branch-assets/domain';
import { z } from 'zod';
import { Email, gstin, Pan, phone, text, upperCode } from '../primitives.ts';
import { recordCalls, recordFields, reference } from './record-calls.ts';

/*
 * Vendors: api/vendor/lists · show · store · update · destroy · options. The code (V0001, …) is
 * given by the server. GSTIN, PAN and IFSC travel in upper case; the server checks what a format
 * cannot: the GSTIN's check character, that it belongs to the chosen state and holds the PAN.
 */

const vendor = recordFields('Vendor', {
  /** Given by the server: V0001, … */
  VendorCode: { row: z.string(), header: 'Code' },
  VendorName: { row: z.string(), request: text(150, { required: true }), header: 'Vendor' },
  /**
   * Optional since procurement (docs/procurement.md): a vendor without one is an unregistered
   * supplier, who charges no GST and whose orders give no input tax credit. Null in its row.
   */
  Gstin: { row: z.string().nullable(), request: gstin(false).optional(), header: 'GSTIN' },
  Pan: { row: z.string(), request: Pan },
  State: reference('State'),
  Address: { row: z.string(), request: text(500, { required: true }) },
  ContactPerson: {
    row: z.string(),
    request: text(100, { required: true }),
    header: 'Contact Person',
  },
  Phone: { row: z.string(), request: phone(true), header: 'Phone' },
  Email: { row: z.string().nullable(), request: Email.optional(), header: 'Email' },
  BankName: { row: z.string().nullable(), request: text(100, { required: false }).optional() },
  BankAccountNumber: {
    row: z.string().nullable(),
    request: text(18, { required: false })
      .optional()
      .refine((value) => !value || BANK_ACCOUNT_FORMAT.test(value), 'must be 9 to 18 digits'),
  },
  BankIfsc: {
    row: z.string().nullable(),
    request: upperCode(11, IFSC_FORMAT, 'must be an IFSC like SBIN0001234', false).optional(),
  },
});

export const VendorRow = vendor.row;
export type VendorRow = z.output<typeof VendorRow>;

export const vendorCalls = recordCalls({
  prefix: 'vendor',
  path: 'vendor',
  key: 'Vendor',
  graphqlNames: { VendorCode: 'code' },
  title: 'Vendor',
  plural: 'vendors',
  row: vendor.row,
  fields: vendor.request,
  headers: vendor.headers,
  summaries: {
    lists:
      'Every vendor, active or not, with per-row EditFlag and DeleteFlag, table headers and options.',
    store:
      'Creates a vendor (active unless ActiveStatus is 0); the server gives its code. Bank details are all given or none.',
    destroy: 'Deletes a vendor no purchase order names (otherwise set it InActive).',
  },
  refusals: {
    store: [
      'State … does not exist.',
      'GSTIN … is not valid: its check character is wrong.',
      'GSTIN … belongs to state code …, not to … (…).',
      'PAN … is not the one in GSTIN … (…).',
      'A vendor with GSTIN … already exists: ….',
      'Give the bank name, account number and IFSC together, or none of them.',
    ],
    destroy: ['Cannot delete Vendor …: it is used by … purchase orders.'],
  },
});
