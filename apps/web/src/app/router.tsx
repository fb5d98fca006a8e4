import { createHashRouter, Navigate } from 'react-router';
import { BULK_UPLOAD_SCREENS } from '../features/bulk-upload/screens.ts';
import { RouteError } from '../features/errors/RouteError.tsx';
import { BlankLayout } from '../features/layout/BlankLayout.tsx';
import { MASTER_LIST_ROUTES } from '../features/master-lists/lists.ts';
import { RECORD_ROUTES, type RoutedModule } from '../shared/recordRoutes.ts';
import { lazyRoute } from './lazy-route.ts';

/** A record screen's list, create and edit routes (RECORD_ROUTES), all three its one page. */
function recordRoutes(module: RoutedModule, load: Parameters<typeof lazyRoute>[0]) {
  const { list, create, edit } = RECORD_ROUTES[module];
  // create and edit open the form over the list.
  return [list, create, edit].map((path) => ({ path: path.slice(1), lazy: lazyRoute(load) }));
}

/**
 * The signed-in shell — layout, session guard, data client and the purchase order list. A
 * signed-in route loads it with its own page; the login page fetches it ahead, once its form is
 * first used (prefetchSignedInShell), so that the list after logging in does not wait for code. It
 * is a file of its own so that the login page renders without it (docs/web.md).
 */
export const loadSignedInShell = () => import('../features/layout/SignedInShell.tsx');

let shellRequested = false;
/** Starts fetching the signed-in shell, once; a failure is reported by the route that needs it. */
export function prefetchSignedInShell(): void {
  if (shellRequested) return;
  shellRequested = true;
  void loadSignedInShell().catch(() => {
    shellRequested = false;
  });
}

/**
 * Hash routes, as the legacy app had. Every other page is loaded on demand; screens the menu names
 * that are not built yet fall through to the not-found page.
 */
export const router = createHashRouter([
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    element: <BlankLayout />,
    errorElement: <RouteError />,
    children: [{ path: 'login', lazy: lazyRoute(() => import('../features/auth/LoginPage.tsx')) }],
  },
  {
    lazy: lazyRoute(loadSignedInShell),
    errorElement: <RouteError />,
    children: [
      {
        path: 'purchase-order/list',
        lazy: lazyRoute(() =>
          loadSignedInShell().then((shell) => ({ Component: shell.PurchaseOrderListPage })),
        ),
      },
      {
        path: 'dashboard/branch-manager',
        lazy: lazyRoute(() => import('../features/dashboard/DashboardPage.tsx')),
      },
      {
        path: 'purchase-order/create',
        lazy: lazyRoute(() => import('../features/purchase-orders/form/OrderFormPage.tsx')),
      },
      {
        path: 'goods-receive-note/list',
        lazy: lazyRoute(() => import('../features/goods-receipts/GoodsReceiptsPage.tsx')),
      },
      {
        path: 'goods-receive-note/new',
        lazy: lazyRoute(() => import('../features/goods-receipts/NewGoodsReceiptPage.tsx')),
      },
      {
        path: 'goods-receive-note/view',
        lazy: lazyRoute(() => import('../features/goods-receipts/GoodsReceiptPage.tsx')),
      },
      {
        path: 'asset-installation/list',
        lazy: lazyRoute(() => import('../features/installations/InstallationsPage.tsx')),
      },
      {
        path: 'asset-installation/new',
        lazy: lazyRoute(() => import('../features/installations/NewInstallationPage.tsx')),
      },
      {
        path: 'asset-installation/view',
        lazy: lazyRoute(() => import('../features/installations/InstallationPage.tsx')),
      },
      {
        path: 'asset-transferred/list',
        lazy: lazyRoute(() => import('../features/transfers/TransfersPage.tsx')),
      },
      {
        path: 'asset-transfer/new',
        lazy: lazyRoute(() => import('../features/transfers/NewTransferPage.tsx')),
      },
      {
        path: 'asset-transfer/view',
        lazy: lazyRoute(() => import('../features/transfers/TransferPage.tsx')),
      },
      {
        path: 'job-order/list',
        lazy: lazyRoute(() => import('../features/job-orders/JobOrdersPage.tsx')),
      },
      {
        path: 'job-order/create',
        lazy: lazyRoute(() => import('../features/job-orders/NewJobOrderPage.tsx')),
      },
      {
        path: 'job-order/view',
        lazy: lazyRoute(() => import('../features/job-orders/JobOrderPage.tsx')),
      },
      {
        path: 'asset-audit/list',
        lazy: lazyRoute(() => import('../features/asset-audits/AuditsPage.tsx')),
      },
      {
        path: 'asset-audit/new',
        lazy: lazyRoute(() => import('../features/asset-audits/NewAuditPage.tsx')),
      },
      {
        path: 'asset-audit/view',
        lazy: lazyRoute(() => import('../features/asset-audits/AuditPage.tsx')),
      },
      {
        path: 'asset-audit/scan',
        lazy: lazyRoute(() => import('../features/asset-audits/ScanPage.tsx')),
      },
      {
        path: 'amc/list',
        lazy: lazyRoute(() => import('../features/maintenance/ContractsPage.tsx')),
      },
      {
        path: 'amc/create',
        lazy: lazyRoute(() => import('../features/maintenance/ContractFormPage.tsx')),
      },
      {
        path: 'amc/view',
        lazy: lazyRoute(() => import('../features/maintenance/ContractPage.tsx')),
      },
      {
        path: 'reports/amc-report',
        lazy: lazyRoute(() => import('../features/maintenance/AmcReportPage.tsx')),
      },
      {
        path: 'reports/finance',
        lazy: lazyRoute(() => import('../features/reports/FinanceReportPage.tsx')),
      },
      {
        path: 'reports/branch-asset',
        lazy: lazyRoute(() => import('../features/reports/BranchAssetReportPage.tsx')),
      },
      {
        path: 'notifications',
        lazy: lazyRoute(() => import('../features/notifications/NotificationsPage.tsx')),
      },
      // The simple master lists share one page, loaded on demand for any of their routes.
      ...Object.keys(MASTER_LIST_ROUTES).map((path) => ({
        path,
        lazy: lazyRoute(() => import('../features/master-lists/MasterListRoute.tsx')),
      })),
      {
        path: 'menu-permission/lists',
        lazy: lazyRoute(() => import('../features/permissions/PermissionsRoute.tsx')),
      },
      {
        path: 'menu/lists',
        lazy: lazyRoute(() => import('../features/menus/MenusPage.tsx')),
      },
      ...recordRoutes('vendor', () => import('../features/vendors/VendorsPage.tsx')),
      ...recordRoutes('staff', () => import('../features/staff/StaffPage.tsx')),
      ...recordRoutes('company', () => import('../features/companies/CompaniesPage.tsx')),
      ...recordRoutes('branch', () => import('../features/branches/BranchesPage.tsx')),
      ...recordRoutes('asset', () => import('../features/assets/AssetsPage.tsx')),
      { path: 'asset/view', lazy: lazyRoute(() => import('../features/assets/AssetPage.tsx')) },
      {
        path: 'asset/search',
        lazy: lazyRoute(() => import('../features/assets/AssetSearchPage.tsx')),
      },
      ...recordRoutes(
        'asset_location',
        () => import('../features/asset-locations/AssetLocationsPage.tsx'),
      ),
      ...recordRoutes('accessories', () => import('../features/accessories/AccessoriesPage.tsx')),
      {
        path: 'accessories/view',
        lazy: lazyRoute(() => import('../features/accessories/AccessoryPage.tsx')),
      },
      // Bulk uploads: one page for every resource, described in bulk-upload/screens.ts.
      ...Object.keys(BULK_UPLOAD_SCREENS).map((path) => ({
        path: path.slice(1),
        lazy: lazyRoute(() => import('../features/bulk-upload/BulkUploadPage.tsx')),
      })),
      {
        path: 'gallery/lists',
        lazy: lazyRoute(() => import('../features/gallery/GalleryPage.tsx')),
      },
      {
        path: 'change-password',
        lazy: lazyRoute(() => import('../features/auth/ChangePasswordPage.tsx')),
      },
      {
        path: 'access-denied',
        lazy: lazyRoute(() => import('../features/errors/AccessDeniedPage.tsx')),
      },
      { path: '*', lazy: lazyRoute(() => import('../features/errors/NotFoundPage.tsx')) },
    ],
  },
]);
