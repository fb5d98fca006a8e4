import { matchRoutes } from 'react-router';
import { router } from './router.tsx';

/**
 * Whether the app has a screen at a link (`/vendor/lists`, `/purchase-order/create?id=5`): a route
 * of the router other than the not-found page. The server's menu and its buttons name screens that
 * later issues build (the dashboard, the order form); until then they are not offered, rather than
 * leading to "Page not found" (docs/web.md).
 */
export function isBuilt(link: string): boolean {
  const path = link.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) return false;
  const route = matchRoutes(router.routes, path)?.at(-1)?.route;
  return route !== undefined && route.path !== '*';
}

/** The menu without entries for screens not built yet, and without groups left empty. */
export function builtMenu<
  Child extends { link: string },
  Entry extends { link: string; children: readonly Child[] },
>(menu: readonly Entry[]): Entry[] {
  return menu.flatMap((item) => {
    if (item.children.length === 0) return isBuilt(item.link) ? [item] : [];
    const children = item.children.filter((child) => isBuilt(child.link));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
