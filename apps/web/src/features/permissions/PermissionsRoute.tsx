import { PermissionsPage } from './PermissionsPage.tsx';

/** The route module of the menu permissions screen, loaded on demand. */
export function Component() {
  return <PermissionsPage />;
}
