import { z } from 'zod';
import { Decision, gstin, Pan, text } from '../primitives.ts';
import { recordCalls, recordRowEnd } from './record-calls.ts';
import { BaseRequest } from './shared.ts';

/*
 * Companies: api/company/lists · show · store · update · destroy · options. The name is unique
 * regardless of case and the PAN is unique; a company its branches still name cannot be deleted.
 * The logo is an image of the gallery (kind company_logo), named by its link.
 */

/**
 * A logo, as the gallery's options give it: the image's link (files/gallery/…); empty for none.
 * The server checks that it is a gallery image of the right kind.
 */
export const LogoLink = text(500, { required: false }).refine(
  (value) => value === '' || /^files\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(value),
  'must be a gallery image link like files/gallery/….png',
);

export const CompanyRow = z.object({
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  LegalName: z.string(),
  Pan: z.string(),
  /** The registered office's GSTIN, or null. */
  Gstin: z.string().nullable(),
  Address: z.string(),
  /** The logo's link (files/…), or null. */
  LogoPath: z.string().nullable(),
  ...recordRowEnd,
});
export type CompanyRow = z.output<typeof CompanyRow>;

const CompanyFields = BaseRequest.extend({
  CompanyName: text(100, { required: true }),
  LegalName: text(200, { required: true }),
  Pan,
  /** The registered office's GSTIN; empty for none; left out on update it stays as it is. */
  Gstin: gstin(false).optional(),
  Address: text(500, { required: true }),
  /** A gallery image of kind company_logo; empty for none; left out on update it stays as it is. */
  LogoPath: LogoLink.optional(),
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
      "Creates a company (active unless ActiveStatus is 0). The name is unique regardless of case, the PAN (upper-cased) is unique; the GSTIN, when given, has a valid check character, a known state code, holds the PAN and is no other company's; LogoPath, when given, is a gallery image of kind company_logo.",
    destroy: 'Deletes a company no branch belongs to (otherwise set it InActive).',
  },
  refusals: {
    store: [
      'Company … already exists.',
      'PAN … is already used by Company ….',
      'GSTIN … is not valid: its check character is wrong.',
      'GSTIN … names state code …, which is no state of the list.',
      'GSTIN … does not hold the PAN of the company (…).',
      'GSTIN … is already used by Company ….',
      'Logo … is not a company logo of the gallery.',
    ],
    destroy: ['Cannot delete Company …: it is used by … branches.'],
  },
});
