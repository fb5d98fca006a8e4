import { z } from 'zod';
import { Decision, text } from '../primitives.ts';
import { recordCalls } from './record-calls.ts';
import { BaseRequest } from './shared.ts';

/*
 * Companies: api/company/lists · show · store · update · destroy · options. The name is unique
 * regardless of case and the PAN is unique; a company its branches still name cannot be deleted.
 * The logo is not part of these calls (it comes with the gallery).
 */

export const CompanyRow = z.object({
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  LegalName: z.string(),
  Pan: z.string(),
  Address: z.string(),
  ActiveStatus: z.union([z.literal(0), z.literal(1)]),
  ActiveStatusTxt: z.string(),
  EditFlag: z.boolean(),
  DeleteFlag: z.boolean(),
});
export type CompanyRow = z.output<typeof CompanyRow>;

const CompanyFields = BaseRequest.extend({
  CompanyName: text(100, { required: true }),
  LegalName: text(200, { required: true }),
  Pan: text(10, { required: true })
    .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
    .refine((value) => /^[A-Z]{5}\d{4}[A-Z]$/.test(value), 'must be a PAN like AAKCS4821M'),
  Address: text(500, { required: true }),
  /** 1 Active (the default of a new company), 0 InActive; left out on update it stays as it is. */
  ActiveStatus: Decision.optional(),
});

export const companyCalls = recordCalls({
  prefix: 'company',
  path: 'company',
  key: 'Company',
  title: 'Company',
  plural: 'companies',
  row: CompanyRow,
  fields: CompanyFields,
  summaries: {
    lists:
      'Every company, active or not, with per-row EditFlag and DeleteFlag, table headers and options.',
    store:
      'Creates a company (active unless ActiveStatus is 0). The name is unique regardless of case, the PAN (upper-cased) is unique.',
    destroy: 'Deletes a company no branch belongs to (otherwise set it InActive).',
  },
  refusals: {
    store: ['Company … already exists.', 'PAN … is already used by Company ….'],
    destroy: ['Cannot delete Company …: it is used by … branches.'],
  },
});
