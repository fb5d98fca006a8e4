import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import introspection from '../gql/possible-types.ts';

/**
 * The gateway's GraphQL client. The session is the httpOnly cookie, which scripts never see; the
 * custom header is what the gateway's CSRF check asks of cookie-authenticated writes.
 * `onSessionEnded` runs when the gateway answers UNAUTHENTICATED (the session expired or was revoked).
 */
export function createApolloClient(options: {
  uri?: string;
  onSessionEnded: () => void;
  /** Instead of the gateway over HTTP (component tests answer from a schema in memory). */
  link?: ApolloLink;
}) {
  const http =
    options.link ??
    new HttpLink({
      uri: options.uri ?? '/graphql',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'branch-assets-web' },
    });
  const sessionEnded = new ErrorLink(({ error, operation }) => {
    if (!CombinedGraphQLErrors.is(error)) return;
    if (error.errors.some((item) => item.extensions?.code === 'UNAUTHENTICATED')) {
      options.onSessionEnded();
    }
    // A change sent and never answered may have been made: every screen showing data reads it
    // again, so the user sees what was saved rather than being told to try again.
    if (error.errors.some((item) => item.extensions?.outcomeUnknown === true)) {
      void operation.client.refetchQueries({ include: 'active' });
    }
  });
  // The gateway words the server's texts (menu, titles, headers, statuses, messages) in the
  // language of the page, which the i18n setup keeps in <html lang>.
  const language = new ApolloLink((operation, forward) => {
    const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (lang) {
      operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, 'accept-language': lang },
      }));
    }
    return forward(operation);
  });
  return new ApolloClient({
    link: ApolloLink.from([sessionEnded, language, http]),
    cache: new InMemoryCache({
      // Fragments on an interface (RecordListFields on RecordList) need the types behind it.
      possibleTypes: introspection.possibleTypes,
      typePolicies: {
        // One row per order whichever list or dialog loaded it, so a decision updates the row.
        PurchaseOrderRow: { keyFields: ['id'] },
        PurchaseOrder: { keyFields: ['id'] },
        Session: { keyFields: [] },
        StatusChip: { keyFields: false },
        PurchaseOrderActions: { keyFields: false },
      },
    }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}
