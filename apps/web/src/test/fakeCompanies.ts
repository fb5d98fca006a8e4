/**
 * The gateway's `companies` for component tests: 23 companies in Chennai and Madurai, searched
 * (every word in the name or address), sorted by name or address and paged as the schema says.
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
  { text: 'Actions', value: 'Actions', align: 'CENTER', sortable: false },
  { text: 'Address', value: 'Address', align: 'START', sortable: true },
  { text: 'Company Name', value: 'CompanyName', align: 'START', sortable: true },
  { text: 'Unknown to the screen', value: 'Mystery', align: 'START', sortable: true },
];

interface ListArgs {
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  sortBy?: string | null;
  sortDesc?: boolean | null;
}

/** The gateway's `companies` as the schema describes it: searched, sorted, one page. */
export function companiesOf(all: readonly FakeCompany[]) {
  return (args: ListArgs) => {
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
