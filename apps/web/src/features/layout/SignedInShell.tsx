import { ApolloProvider } from '@apollo/client/react';
import { client } from '../../app/data.ts';
import { RequireSession } from '../session/RequireSession.tsx';
import { DefaultLayout } from './DefaultLayout.tsx';

export { PurchaseOrderListPage } from '../purchase-orders/PurchaseOrderListPage.tsx';

/** Everything behind the login: the data client, the session guard and the default layout. */
export function Component() {
  return (
    <ApolloProvider client={client}>
      <RequireSession>
        <DefaultLayout />
      </RequireSession>
    </ApolloProvider>
  );
}
