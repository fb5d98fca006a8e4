import { createHashRouter, Navigate } from 'react-router';
import { RouteError } from '../features/errors/RouteError.tsx';
import { BlankLayout } from '../features/layout/BlankLayout.tsx';
import { DefaultLayout } from '../features/layout/DefaultLayout.tsx';
import { PurchaseOrderListPage } from '../features/purchase-orders/PurchaseOrderListPage.tsx';
import { RequireSession } from '../features/session/RequireSession.tsx';
import { lazyRoute } from './lazy-route.ts';

/**
 * Hash routes, as the legacy app had. Every page is loaded on demand except the purchase order
 * list; screens the menu names that are not built yet fall through to the not-found page.
 */
export function createRouter() {
  return createHashRouter([
    { path: '/', element: <Navigate to="/login" replace /> },
    {
      element: <BlankLayout />,
      errorElement: <RouteError />,
      children: [
        { path: 'login', lazy: lazyRoute(() => import('../features/auth/LoginPage.tsx')) },
      ],
    },
    {
      element: (
        <RequireSession>
          <DefaultLayout />
        </RequireSession>
      ),
      errorElement: <RouteError />,
      children: [
        { path: 'purchase-order/list', element: <PurchaseOrderListPage /> },
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
}

export type AppRouter = ReturnType<typeof createRouter>;
