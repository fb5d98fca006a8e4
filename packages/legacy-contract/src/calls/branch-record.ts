import { z } from 'zod';
import { Email, gstin, phone, text, upperCode } from '../primitives.ts';
import { LogoLink } from './company.ts';
import { recordCalls, recordFields, reference } from './record-calls.ts';

/*
 * Branch management: api/branch/records · show · store · update · destroy. api/branch/lists (the
 * branch chooser) and api/branch/options are binding calls of other shapes, so the management list
 * takes api/branch/records and the existing options call serves the selects (no Options here).
 * The server checks what a format cannot: the code is free, the company, state, district and city
 * exist and nest, the GSTIN's check character, state code and PAN, and the logo's gallery kind.
 */

// In the order of the list's columns (the row's and the request's order is nobody's concern).
const branch = recordFields('Branch', {
  BranchCode: {
    row: z.string(),
    request: upperCode(
      20,
      /^[A-Z0-9-]{2,20}$/,
      'must be 2 to 20 capital letters, digits or dashes, like CHN-HO',
      true,
    ),
    header: 'Code',
  },
  BranchName: { row: z.string(), request: text(150, { required: true }), header: 'Branch' },
  Company: reference('Company'),
  Address: { row: z.string(), request: text(500, { required: true }) },
  City: reference('City'),
  District: reference('District'),
  State: reference('State'),
  Pincode: {
    row: z.string().nullable(),
    request: text(6, { required: false })
      .optional()
      .refine((value) => !value || /^[1-9]\d{5}$/.test(value), 'must be a PIN code of 6 digits'),
  },
  Gstin: { row: z.string().nullable(), request: gstin(true), header: 'GSTIN' },
  Phone: { row: z.string().nullable(), request: phone(true), header: 'Phone' },
  Email: { row: z.string().nullable(), request: Email.optional(), header: 'Email' },
  /**
   * The logo's link (files/…), or null: a gallery image of kind branch_logo; empty for none; left
   * out on update it stays as it is.
   */
  LogoPath: { row: z.string().nullable(), request: LogoLink.optional() },
});

export const BranchRecordRow = branch.row;
export type BranchRecordRow = z.output<typeof BranchRecordRow>;

export const branchRecordCalls = recordCalls({
  prefix: 'branchRecord',
  path: 'branch',
  paths: { Lists: 'api/branch/records' },
  omit: ['Options'],
  key: 'Branch',
  graphqlNames: { BranchCode: 'code' },
  title: 'Branch',
  plural: 'branches',
  row: branch.row,
  fields: branch.request,
  headers: branch.headers,
  summaries: {
    lists:
      'The branches for the management screen, active or not, with company and place names, per-row EditFlag and DeleteFlag, table headers and options. A role that may create branches sees every branch; any other role the branches its user works in.',
    store:
      'Creates a branch (active unless ActiveStatus is 0). The code (upper-cased) is unique; the city lies in the district and the district in the state; the GSTIN was issued in that state and holds the PAN of the company; LogoPath, when given, is a gallery image of kind branch_logo.',
    destroy:
      'Deletes a branch nothing refers to: no staff, assignment, purchase order, user (primary branch), document or history entry (otherwise set it InActive).',
  },
  refusals: {
    store: [
      'Branch code … already exists.',
      'Company … does not exist.',
      'Company … is InActive: choose an active company.',
      'State … does not exist.',
      'District … does not exist.',
      'District … is not in State ….',
      'City … does not exist.',
      'City … is not in District ….',
      'GSTIN … is not valid: its check character is wrong.',
      'GSTIN … belongs to state code …, not to … (…).',
      'GSTIN … does not hold the PAN of Company … (…).',
      'Logo … is not a branch logo of the gallery.',
    ],
    destroy: [
      'Cannot delete Branch …: it is used by … staff members, … staff assignments, … purchase orders, … users (primary branch), … documents and … history entries.',
    ],
  },
});
