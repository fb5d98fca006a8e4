import { BANK_ACCOUNT_FORMAT, IFSC_FORMAT } from '@branch-assets/domain';
import { z } from 'zod';
import { Decision, Email, gstin, Id, Pan, phone, text, upperCode } from '../primitives.ts';
import { recordCalls, recordRowEnd } from './record-calls.ts';
import { BaseRequest } from './shared.ts';

/*
 * Vendors: api/vendor/lists · show · store · update · destroy · options. The code (V0001, …) is
 * given by the server. GSTIN, PAN and IFSC travel in upper case; the server checks what a format
 * cannot: the GSTIN's check character, that it belongs to the chosen state and holds the PAN.
 */

export const VendorRow = z.object({
  VendorId: z.number().int(),
  VendorCode: z.string(),
  VendorName: z.string(),
  Gstin: z.string(),
  Pan: z.string(),
  StateId: z.number().int(),
  StateName: z.string(),
  Address: z.string(),
  ContactPerson: z.string(),
  Phone: z.string(),
  Email: z.string().nullable(),
  BankName: z.string().nullable(),
  BankAccountNumber: z.string().nullable(),
  BankIfsc: z.string().nullable(),
  ...recordRowEnd,
});
export type VendorRow = z.output<typeof VendorRow>;

const VendorFields = BaseRequest.extend({
  VendorName: text(150, { required: true }),
  Gstin: gstin(true),
  Pan,
  State: Id,
  Address: text(500, { required: true }),
  ContactPerson: text(100, { required: true }),
  Phone: phone(true),
  Email: Email.optional(),
  BankName: text(100, { required: false }).optional(),
  BankAccountNumber: text(18, { required: false })
    .optional()
    .refine((value) => !value || BANK_ACCOUNT_FORMAT.test(value), 'must be 9 to 18 digits'),
  BankIfsc: upperCode(11, IFSC_FORMAT, 'must be an IFSC like SBIN0001234', false).optional(),
  /** 1 Active (the default of a new vendor), 0 InActive; left out on update it stays as it is. */
  ActiveStatus: Decision.optional(),
});

export const vendorCalls = recordCalls({
  prefix: 'vendor',
  path: 'vendor',
  key: 'Vendor',
  graphqlNames: { VendorCode: 'code' },
  title: 'Vendor',
  plural: 'vendors',
  row: VendorRow,
  fields: VendorFields,
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
