import { type BulkColumn, bulkUploadCall } from './bulk-upload.ts';

/*
 * The resources that take a bulk upload, each described by its spreadsheet columns: header text,
 * the store request field it fills, an example for the template and a note on its rules.
 */

/** The columns every upload reads the same way; the example is the resource's own. */
const SHARED = {
  address: (example: string): BulkColumn => ({
    header: 'Address',
    field: 'Address',
    example,
    note: 'At most 500 characters.',
    required: true,
  }),
  state: {
    header: 'State',
    field: 'State',
    example: 'Tamil Nadu',
    note: 'The state’s name as the States list has it.',
    required: true,
    reference: 'state',
  } satisfies BulkColumn,
  phone: (example: string): BulkColumn => ({
    header: 'Phone',
    field: 'Phone',
    example,
    note: '8 to 15 digits; spaces, dashes and a leading + are allowed. Format the column as Text to keep a leading 0.',
    required: true,
  }),
  email: (example: string): BulkColumn => ({
    header: 'Email',
    field: 'Email',
    example,
    note: 'Optional. An e-mail address.',
    required: false,
  }),
  /** The legacy Active status select, by its texts; `more` adds to the note. */
  activeStatus: (more = ''): BulkColumn => ({
    header: 'Active Status',
    field: 'ActiveStatus',
    example: 'Active',
    note: `Optional. Active or InActive; blank means Active.${more}`,
    required: false,
    values: { Active: '1', InActive: '0' },
  }),
};

export const vendorBulkUploadCall = bulkUploadCall({
  prefix: 'vendor',
  path: 'vendor',
  plural: 'vendors',
  sheet: 'Vendors',
  columns: [
    {
      header: 'Vendor Name',
      field: 'VendorName',
      example: 'Amman Surgical Traders',
      note: 'At most 150 characters.',
      required: true,
    },
    {
      header: 'GSTIN',
      field: 'Gstin',
      example: '33AABCK4321L1ZR',
      note: '15 characters, like 33AAPFU0939F1Z5: issued in the vendor’s state (its first two digits are the state’s GST code), holding the PAN, with a valid check character. No other vendor may have it.',
      required: true,
      unique: true,
    },
    {
      header: 'PAN',
      field: 'Pan',
      example: 'AABCK4321L',
      note: 'Like AAPFU0939F: characters 3 to 12 of the GSTIN.',
      required: true,
    },
    SHARED.state,
    SHARED.address('14 Cross Cut Road, Gandhipuram, Coimbatore 641012'),
    {
      header: 'Contact Person',
      field: 'ContactPerson',
      example: 'K. Murugesan',
      note: 'At most 100 characters.',
      required: true,
    },
    SHARED.phone('0422 243 5678'),
    SHARED.email('orders@ammansurgical.in'),
    {
      header: 'Bank Name',
      field: 'BankName',
      example: 'Indian Bank',
      note: 'Optional. Bank name, account number and IFSC come all three or not at all.',
      required: false,
    },
    {
      header: 'Bank Account Number',
      field: 'BankAccountNumber',
      example: '6012345678',
      note: 'Optional. 9 to 18 digits; format the column as Text so long numbers keep every digit.',
      required: false,
    },
    {
      header: 'IFSC',
      field: 'BankIfsc',
      example: 'IDIB000C012',
      note: 'Optional. Like SBIN0001234.',
      required: false,
    },
    SHARED.activeStatus(),
  ],
});

export const branchBulkUploadCall = bulkUploadCall({
  prefix: 'branch',
  path: 'branch',
  plural: 'branches',
  sheet: 'Branches',
  columns: [
    {
      header: 'Branch Code',
      field: 'BranchCode',
      example: 'CBE-GDP',
      note: '2 to 20 capital letters, digits or dashes, like CHN-HO. No other branch may have it.',
      required: true,
      unique: true,
    },
    {
      header: 'Branch Name',
      field: 'BranchName',
      example: 'Coimbatore Gandhipuram',
      note: 'At most 150 characters.',
      required: true,
    },
    {
      header: 'Company',
      field: 'Company',
      example: 'Sundaram Healthcare',
      note: 'The company’s name as the Companies list has it; an active company.',
      required: true,
      reference: 'company',
    },
    SHARED.address('41, Cross Cut Road, Gandhipuram'),
    SHARED.state,
    {
      header: 'District',
      field: 'District',
      example: 'Coimbatore',
      note: 'A district of that state, as the Districts list has it.',
      required: true,
      reference: 'district',
    },
    {
      header: 'City',
      field: 'City',
      example: 'Coimbatore',
      note: 'A city of that district, as the Cities list has it.',
      required: true,
      reference: 'city',
    },
    {
      header: 'PIN Code',
      field: 'Pincode',
      example: '641012',
      note: 'Optional. 6 digits.',
      required: false,
    },
    {
      header: 'GSTIN',
      field: 'Gstin',
      example: '33AAKCS4821M1Z3',
      note: 'The company’s GSTIN in the branch’s state: its first two digits are the state’s GST code and it holds the company’s PAN.',
      required: true,
    },
    SHARED.phone('0422 249 7700'),
    SHARED.email('gandhipuram@sundaramhealth.in'),
    SHARED.activeStatus(' The logo is chosen later, in the branch form.'),
  ],
});
