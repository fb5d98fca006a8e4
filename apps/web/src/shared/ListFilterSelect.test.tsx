import { ApolloProvider } from '@apollo/client/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../app/i18n.ts';
import { Component as GalleryPage } from '../features/gallery/GalleryPage.tsx';
import { PurchaseOrderListPage } from '../features/purchase-orders/PurchaseOrderListPage.tsx';
import { SessionContext } from '../features/session/SessionContext.tsx';
import { Component as VendorsPage } from '../features/vendors/VendorsPage.tsx';
import type { GalleryKind, PurchaseOrderState } from '../gql/graphql.ts';
import { fakeGateway } from '../test/fakeGateway.ts';
import { renderWithApp } from '../test/render.tsx';

/*
 * The list filters of the screens (ListFilterSelect): a purchase order's status and a vendor's
 * state, against the schema in memory. Each is the URL's, asked for from the first page, kept in
 * the export link the server builds, and dropped from the URL when it is none of the choices.
 */

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const location = () => screen.getByTestId('location').textContent;

interface Paging {
  page?: number | null;
  pageSize?: number | null;
}

/** One page of rows, as every list field of the schema answers it. */
function pageOf<Row>(rows: readonly Row[], args: Paging) {
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? 10;
  return {
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    totalCount: rows.length,
    page,
    pageSize,
  };
}

const CHIP = { background: '#FFF8E1', color: '#6D4C00' };
const STATUS_TEXT: Record<PurchaseOrderState, string> = {
  PENDING: 'Pending',
  WAITING_FOR_APPROVAL: 'Waiting For Approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
  DRAFT: 'Draft',
  PARTIALLY_RECEIVED: 'Partially Received',
  RECEIVED: 'Received',
  CLOSED_SHORT: 'Closed Short',
};
/** The orders' statuses: the six of the legacy flow (procurement's are filtered alike). */
const STATES: PurchaseOrderState[] = [
  'PENDING',
  'WAITING_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'COMPLETED',
];

/** 30 orders of branch 1, five in each status; branch 2 has none. */
const orders = Array.from({ length: 30 }, (_, index) => ({
  number: `PO/CHN-ANN/2025-26/${String(index + 1).padStart(4, '0')}`,
  state: STATES[index % STATES.length] ?? 'PENDING',
}));

function purchaseOrdersOf(args: Paging & { branchId: string; status?: PurchaseOrderState | null }) {
  const matching = orders.filter(
    (order) => args.branchId === '1' && (!args.status || order.state === args.status),
  );
  const page = pageOf(matching, args);
  const query = new URLSearchParams({ branchId: args.branchId });
  if (args.status) query.set('status', args.status);
  return {
    ...page,
    rows: page.rows.map((order) => ({
      id: order.number.slice(-4),
      number: order.number,
      billedBranchId: '1',
      billedBranchName: 'Anna Nagar',
      shippedBranchName: 'Anna Nagar',
      dateText: '01-04-2025',
      date: '2025-04-01',
      vendorName: 'Cauvery Electricals',
      documentUrl: null,
      status: { text: STATUS_TEXT[order.state], ...CHIP },
      verification: { text: 'Pending', ...CHIP },
      approval: { text: 'Pending', ...CHIP },
      actions: { preview: true, verify: false, approve: false, edit: false, cancel: false },
    })),
    headers: [
      { text: 'Actions', value: 'actions', align: 'CENTER', sortable: false },
      { text: 'PO Number', value: 'number', align: 'START', sortable: true },
      { text: 'Status', value: 'status', align: 'START', sortable: true },
    ],
    options: {
      itemKey: 'PurchaseOrderId',
      itemsPerPage: 10,
      itemsPerPageOptions: [10, 25, -1],
      downloadable: true,
      excelFileName: 'PurchaseOrders',
      branchSelect: true,
    },
    canCreate: false,
    exportUrl: `/exports/purchase-orders.xlsx?${query}`,
  };
}

const session = {
  authenticated: true,
  user: { id: '1', username: 'admin', displayName: 'Admin', role: 'Administrator' },
  primaryBranch: { id: '1', code: 'CHN-ANN', name: 'Anna Nagar', logoUrl: null },
};

function renderOrders(route: string) {
  const gateway = fakeGateway({
    pageInfo: () => ({ title: 'Purchase Orders', description: 'Orders', permitted: true }),
    can: () => false,
    branchOptions: () => [
      { value: '1', text: 'CHN-ANN - Anna Nagar' },
      { value: '2', text: 'CHN-VEL - Velachery' },
    ],
    purchaseOrders: purchaseOrdersOf,
  });
  const rendered = renderWithApp(
    <SessionContext.Provider value={session}>
      <PurchaseOrderListPage />
      <Location />
    </SessionContext.Provider>,
    {
      route,
      wrapper: (children: ReactNode) => (
        <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
      ),
    },
  );
  const requests = () => gateway.callsOf('PurchaseOrderList').map((call) => call.variables);
  return { ...rendered, requests };
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the purchase-order status filter', () => {
  it('offers every status beside the branch, narrows the list from page 1, and keeps it in the URL and the download', async () => {
    const { user, requests } = renderOrders('/purchase-order/list?page=2');
    expect(await screen.findByText('11–20 of 30')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('');
    expect(optionTexts(status)).toEqual([
      'All statuses',
      'Draft',
      'Pending',
      'Waiting for approval',
      'Approved',
      'Rejected',
      'Cancelled',
      'Partially received',
      'Received',
      'Closed short',
      'Completed',
    ]);

    await user.selectOptions(status, 'Approved');
    expect(await screen.findByText('1–5 of 5')).toBeInTheDocument();
    expect(location()).toBe('/purchase-order/list?status=APPROVED');
    expect(requests().at(-1)).toEqual({ branchId: '1', status: 'APPROVED', page: 1 });
    expect(screen.getByRole('link', { name: 'Download as spreadsheet' })).toHaveAttribute(
      'href',
      '/exports/purchase-orders.xlsx?branchId=1&status=APPROVED',
    );
    const body = screen.getAllByRole('rowgroup')[1] as HTMLElement;
    for (const row of within(body).getAllByRole('row')) expect(row).toHaveTextContent('Approved');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    expect(await screen.findByText('1–10 of 30')).toBeInTheDocument();
    expect(location()).toBe('/purchase-order/list');
  });

  it('keeps the status for another branch, where nothing matches', async () => {
    const { user, requests } = renderOrders('/purchase-order/list?status=APPROVED');
    expect(await screen.findByText('1–5 of 5')).toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Branch' }),
      'CHN-VEL - Velachery',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No matching records found')).toBeInTheDocument();
    expect(location()).toBe('/purchase-order/list?status=APPROVED&branch=2');
    expect(requests().at(-1)).toEqual({ branchId: '2', status: 'APPROVED', page: 1 });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('APPROVED');
  });

  it('asks without a status that is none of the schema’s, and drops it from the URL', async () => {
    const { requests } = renderOrders('/purchase-order/list?status=LOST&sort=status');
    expect(await screen.findByText('1–10 of 30')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/purchase-order/list?sort=status'));
    expect(requests()).toEqual([
      { branchId: '1', status: null, page: 1, sortBy: 'status', sortDesc: false },
    ]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it("names the statuses in the user's language", async () => {
    const { i18n } = renderOrders('/purchase-order/list');
    await screen.findByText('1–10 of 30');
    await act(() => switchLanguage(i18n, 'tam'));
    const status = await screen.findByRole('combobox', { name: 'நிலை' });
    expect(optionTexts(status)).toEqual([
      'அனைத்து நிலைகளும்',
      'வரைவு',
      'நிலுவையில்',
      'அங்கீகாரத்திற்காகக் காத்திருக்கிறது',
      'அங்கீகரிக்கப்பட்டது',
      'நிராகரிக்கப்பட்டது',
      'ரத்துசெய்யப்பட்டது',
      'பகுதியளவு பெறப்பட்டது',
      'பெறப்பட்டது',
      'முழுமையாகப் பெறாமல் மூடப்பட்டது',
      'நிறைவடைந்தது',
    ]);
  });
});

/** 15 vendors: 9 in Tamil Nadu (state 1), 6 in Karnataka (state 2). */
const vendors = Array.from({ length: 15 }, (_, index) => ({
  id: String(index + 1),
  code: `V${String(index + 1).padStart(3, '0')}`,
  name: `Vendor ${String(index + 1).padStart(2, '0')}`,
  gstin: '33AAKCS7777Q1ZA',
  pan: 'AAKCS7777Q',
  stateId: index < 9 ? '1' : '2',
  stateName: index < 9 ? 'Tamil Nadu' : 'Karnataka',
  address: 'Main Road',
  contactPerson: 'S. Kumar',
  phone: '0422 255 1234',
  email: null,
  bankName: null,
  bankAccountNumber: null,
  bankIfsc: null,
  active: true,
  canEdit: true,
  canDelete: false,
  status: { text: 'Active', background: '#E8F5E9', color: '#1B5E20' },
}));

function renderVendors(route: string) {
  const gateway = fakeGateway({
    pageInfo: () => ({ title: 'Vendors', description: 'Every vendor', permitted: true }),
    masterOptions: ({ list }: { list: string }) =>
      list === 'STATE'
        ? [
            { value: '1', text: 'Tamil Nadu' },
            { value: '2', text: 'Karnataka' },
          ]
        : [],
    vendors: (args: Paging & { stateId?: string | null }) => ({
      ...pageOf(
        vendors.filter((vendor) => !args.stateId || vendor.stateId === args.stateId),
        args,
      ),
      headers: [
        { text: 'Actions', value: 'actions', align: 'CENTER', sortable: false },
        { text: 'Vendor', value: 'name', align: 'START', sortable: true },
        { text: 'State', value: 'stateName', align: 'START', sortable: true },
      ],
      options: { itemsPerPage: 10, itemsPerPageOptions: [10, 25, -1], downloadable: true },
      canCreate: true,
      exportUrl: `/exports/vendors.xlsx${args.stateId ? `?stateId=${args.stateId}` : ''}`,
    }),
  });
  const rendered = renderWithApp(
    <>
      <VendorsPage />
      <Location />
    </>,
    {
      route,
      wrapper: (children: ReactNode) => (
        <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
      ),
    },
  );
  const requests = () => gateway.callsOf('Vendors').map((call) => call.variables);
  return { ...rendered, requests };
}

describe('the vendor state filter', () => {
  it('narrows the list to a state from page 1, and the edit link and the download keep it', async () => {
    const { user, requests } = renderVendors('/vendor/list?page=2');
    expect(await screen.findByText('11–15 of 15')).toBeInTheDocument();
    const state = screen.getByRole('combobox', { name: 'State' });
    await waitFor(() =>
      expect(optionTexts(state)).toEqual(['All states', 'Tamil Nadu', 'Karnataka']),
    );
    await user.selectOptions(state, 'Karnataka');
    expect(await screen.findByText('1–6 of 6')).toBeInTheDocument();
    expect(location()).toBe('/vendor/list?state=2');
    expect(requests().at(-1)).toEqual({ stateId: '2', page: 1 });
    expect(screen.getByRole('link', { name: 'Download as spreadsheet' })).toHaveAttribute(
      'href',
      '/exports/vendors.xlsx?stateId=2',
    );

    const actions = screen.getByRole('group', { name: /Vendor 10/ });
    await user.click(within(actions).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit vendor: Vendor 10' })).toBeVisible();
    expect(location()).toBe('/vendor/edit?id=10&state=2');
  });

  it('drops a state that is no id before asking, and one that is none of the states once they are known', async () => {
    const first = renderVendors('/vendor/list?state=tn');
    expect(await screen.findByText('1–10 of 15')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/vendor/list'));
    expect(first.requests()).toEqual([{ page: 1 }]);
    first.unmount();

    const second = renderVendors('/vendor/list?state=99');
    await waitFor(() => expect(location()).toBe('/vendor/list'));
    expect(await screen.findByText('1–10 of 15')).toBeInTheDocument();
    expect(second.requests()[0]).toEqual({ stateId: '99', page: 1 });
    expect(second.requests().at(-1)).toEqual({ page: 1 });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
  });
});

const KINDS: GalleryKind[] = ['ASSET_PHOTO', 'BRANCH_LOGO', 'COMPANY_LOGO'];

/** 12 images, four of each kind. */
const images = Array.from({ length: 12 }, (_, index) => ({
  id: String(index + 1),
  title: `Image ${String(index + 1).padStart(2, '0')}`,
  kind: KINDS[index % KINDS.length] ?? 'ASSET_PHOTO',
  kindText: '',
  imageUrl: `/files/gallery/${index + 1}.png`,
  thumbnailUrl: `/files/gallery/${index + 1}-thumb.png`,
  contentType: 'image/png',
  sizeText: '12 KB',
  width: 200,
  height: 100,
  dimensionsText: '200 × 100',
  uploadedBy: 'admin',
  uploadedAt: '2025-04-01T04:30:00Z',
  uploadedAtText: '01-04-2025 10:00',
  usedBy: 0,
  canEdit: false,
  canDelete: true,
}));

describe('the gallery kind filter', () => {
  it('offers every kind by its name and narrows the list to one', async () => {
    const gateway = fakeGateway({
      pageInfo: () => ({ title: 'Gallery', description: 'Images', permitted: true }),
      gallery: (args: Paging & { kind?: GalleryKind | null }) => ({
        ...pageOf(
          images.filter((image) => !args.kind || image.kind === args.kind),
          args,
        ),
        headers: [
          { text: 'Title', value: 'title', align: 'START', sortable: true },
          { text: 'Kind', value: 'kindText', align: 'START', sortable: true },
        ],
        options: { itemsPerPage: 10, itemsPerPageOptions: [10, 25, -1], downloadable: false },
        canCreate: false,
        upload: {
          url: '/uploads/gallery',
          field: 'file',
          maxBytes: 2_000_000,
          maxText: '2 MB',
          accept: ['image/png'],
          acceptText: 'PNG',
          maxSide: 4096,
        },
        exportUrl: null,
      }),
    });
    const { user } = renderWithApp(
      <>
        <GalleryPage />
        <Location />
      </>,
      {
        route: '/gallery/lists',
        wrapper: (children: ReactNode) => (
          <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
        ),
      },
    );
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(optionTexts(kind)).toEqual(['All kinds', 'Asset photo', 'Branch logo', 'Company logo']);
    await user.selectOptions(kind, 'Branch logo');
    expect(await screen.findByText('1–4 of 4')).toBeInTheDocument();
    expect(location()).toBe('/gallery/lists?kind=BRANCH_LOGO');
    expect(gateway.callsOf('Gallery').at(-1)?.variables).toEqual({ kind: 'BRANCH_LOGO', page: 1 });
  });
});
