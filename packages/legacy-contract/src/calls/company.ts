import { z } from 'zod';
import type { CallDefinition } from '../calls.ts';
import { Decision, Id, text } from '../primitives.ts';
import { BaseRequest, listPayload, Option } from './shared.ts';

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

const ById = BaseRequest.extend({ Company: Id });

const NOT_ALLOWED = (action: string) => `You are not allowed to ${action} companies.`;

export const companyCalls = {
  companyLists: {
    path: 'api/company/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'Every company, active or not, with per-row EditFlag and DeleteFlag, table headers and options.',
    request: BaseRequest,
    records: listPayload(CompanyRow),
    refusals: [NOT_ALLOWED('list')],
  },
  companyShow: {
    path: 'api/company/show',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary: 'One company, as its list row.',
    request: ById,
    records: CompanyRow,
    refusals: [NOT_ALLOWED('list'), 'Company … does not exist.'],
  },
  companyStore: {
    path: 'api/company/store',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      'Creates a company (active unless ActiveStatus is 0). The name is unique regardless of case, the PAN (upper-cased) is unique.',
    request: CompanyFields,
    records: CompanyRow,
    refusals: [
      NOT_ALLOWED('create'),
      'Company … already exists.',
      'PAN … is already used by Company ….',
    ],
  },
  companyUpdate: {
    path: 'api/company/update',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: 'Changes a company, named by Company. The same rules as store.',
    request: CompanyFields.extend({ Company: Id }),
    records: CompanyRow,
    refusals: [
      NOT_ALLOWED('edit'),
      'Company … does not exist.',
      'Company … already exists.',
      'PAN … is already used by Company ….',
    ],
  },
  companyDestroy: {
    path: 'api/company/destroy',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: 'Deletes a company no branch belongs to (otherwise set it InActive).',
    request: ById,
    records: z.null(),
    refusals: [
      NOT_ALLOWED('delete'),
      'Company … does not exist.',
      'Cannot delete Company …: it is used by … branches.',
    ],
  },
  companyOptions: {
    path: 'api/company/options',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary: 'The active companies as select options, by name.',
    request: BaseRequest,
    records: z.array(Option),
    refusals: [NOT_ALLOWED('list')],
  },
} as const satisfies Record<string, CallDefinition<z.ZodType, z.ZodType>>;
