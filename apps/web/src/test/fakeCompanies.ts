import { GraphQLError } from 'graphql';

/**
 * The gateway's `companies` for component tests: 23 companies in Chennai and Madurai, searched
 * (every word in the name or address), sorted by name or address and paged as the schema says;
 * a sort by no sortable column or a page size above 1000 is refused as the gateway refuses it.
 */
export interface FakeCompany {
  id: string;
  name: string;
  address: string;
}

export const companies: FakeCompany[] = Array.from({ length: 23 }, (_, index) => ({
  id: String(index + 1),
  name: `Company ${String(index + 1).padStart(2, '0')}`,
  address: index % 2 === 0 ? 'Chennai' : 'Madurai',
}));

const headers = [
  { text: 'Actions', value: 'actions', align: 'CENTER', sortable: false },
  { text: 'Address', value: 'address', align: 'START', sortable: true },
  { text: 'Company Name', value: 'name', align: 'START', sortable: true },
  { text: 'Unknown to the screen', value: 'mystery', align: 'START', sortable: true },
];

interface ListArgs {
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  sortBy?: string | null;
  sortDesc?: boolean | null;
}

function refuse(message: string): never {
  throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

const SORTABLE = headers.filter((header) => header.sortable).map((header) => header.value);

/** The gateway's `companies` as the schema describes it: searched, sorted, one page. */
export function companiesOf(all: readonly FakeCompany[]) {
  return (args: ListArgs) => {
    if (args.sortBy && !SORTABLE.includes(args.sortBy))
      refuse(`sortBy must be one of ${SORTABLE.join(', ')}.`);
    if (args.pageSize !== undefined && args.pageSize !== null && args.pageSize > 1000)
      refuse('pageSize must be a whole number from 1 to 1000.');
    const words = (args.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    let rows = all.filter((row) =>
      words.every((word) =>
        [row.name, row.address].some((text) => text.toLowerCase().includes(word)),
      ),
    );
    const field = args.sortBy === 'Address' ? 'address' : 'name';
    if (args.sortBy) rows = [...rows].sort((a, b) => a[field].localeCompare(b[field]));
    if (args.sortDesc) rows.reverse();
    const page = args.page ?? 1;
    const pageSize = args.pageSize ?? 10;
    return {
      rows: rows.slice((page - 1) * pageSize, page * pageSize).map((row) => ({
        ...row,
        legalName: `${row.name} Private Limited`,
        pan: 'AAKCK1234M',
        gstin: null,
        logoUrl: null,
        purchaseTerms: '',
        gstInAssetCost: false,
        active: true,
        status: { text: 'Active', background: '#E8F5E9', color: '#1B5E20' },
        canEdit: true,
        canDelete: true,
      })),
      headers,
      totalCount: rows.length,
      page,
      pageSize,
      options: {
        itemKey: 'CompanyId',
        itemsPerPage: 10,
        itemsPerPageOptions: [10, 25, -1],
        singleSelect: false,
        showSelect: false,
        downloadable: true,
        excelFileName: 'Companies',
        excelFields: [],
        branchSelect: false,
      },
      canCreate: true,
      exportUrl: '/exports/companies.xlsx',
    };
  };
}
