import { z } from 'zod';
import { Boolish, gstin, Pan, text } from '../primitives.ts';
import { recordCalls, recordFields } from './record-calls.ts';

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

const company = recordFields('Company', {
  CompanyName: { row: z.string(), request: text(100, { required: true }), header: 'Company' },
  LegalName: { row: z.string(), request: text(200, { required: true }), header: 'Legal Name' },
  Pan: { row: z.string(), request: Pan, header: 'PAN' },
  /** The registered office's GSTIN (null for none); left out on update it stays as it is. */
  Gstin: { row: z.string().nullable(), request: gstin(false).optional(), header: 'GSTIN' },
  Address: { row: z.string(), request: text(500, { required: true }), header: 'Address' },
  /**
   * The logo's link (files/…), or null: a gallery image of kind company_logo; empty for none;
   * left out on update it stays as it is.
   */
  LogoPath: { row: z.string().nullable(), request: LogoLink.optional() },
  /** The terms and conditions a new purchase order starts with; left out on update it stays. */
  PurchaseTerms: { row: z.string(), request: text(4000, { required: false }).optional() },
  /**
   * Whether an asset's cost includes the GST paid (input tax credit not claimed); false unless
   * set; left out on update it stays.
   */
  GstInAssetCost: { row: z.boolean(), request: Boolish.optional() },
});

export const CompanyRow = company.row;
export type CompanyRow = z.output<typeof CompanyRow>;

export const companyCalls = recordCalls({
  prefix: 'company',
  path: 'company',
  key: 'Company',
  title: 'Company',
  plural: 'companies',
  row: company.row,
  fields: company.request,
  headers: company.headers,
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
