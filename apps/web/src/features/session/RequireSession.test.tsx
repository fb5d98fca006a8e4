import { useApolloClient } from '@apollo/client/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionQuery as SessionData } from '../../gql/graphql.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SessionQuery } from './documents.ts';
import { forgetSession } from './forgetSession.ts';
import { RequireSession } from './RequireSession.tsx';
import { useSession } from './SessionContext.tsx';

/*
 * The guard's answer depends only on the gateway's `session` query, so these tests give it that
 * answer with Apollo's MockedProvider instead of a running gateway. The real path (cookie,
 * gateway, legacy-api) is what the browser tests in e2e/ drive.
 */
function sessionMock(session: SessionData['session']) {
  return [{ request: { query: SessionQuery }, result: { data: { session } } }];
}

function LoginPage() {
  const [params] = useSearchParams();
  return <p>Login page{params.get('loggedOut') ? ': logged out' : ''}</p>;
}

function Dashboard() {
  const session = useSession();
  const client = useApolloClient();
  return (
    <>
      <p>Signed in as {session.user.displayName}</p>
      <button type="button" onClick={() => void forgetSession(client, 'loggedOut')}>
        End session
      </button>
    </>
  );
}

function renderGuard(session: SessionData['session'] | Error) {
  const mocks =
    session instanceof Error
      ? [{ request: { query: SessionQuery }, error: session }]
      : sessionMock(session);
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/purchase-order/list"
        element={
          <RequireSession>
            <Dashboard />
          </RequireSession>
        }
      />
    </Routes>,
    {
      route: '/purchase-order/list',
      wrapper: (children: ReactNode) => <MockedProvider mocks={mocks}>{children}</MockedProvider>,
    },
  );
}

describe('RequireSession', () => {
  it('sends a visitor without a session to /login', async () => {
    renderGuard({ authenticated: false, user: null, primaryBranch: null });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('shows the page, with the session, to a signed-in user', async () => {
    renderGuard({
      authenticated: true,
      user: { id: '2', username: 'verifier', displayName: 'Lakshmi Narayanan', role: 'verifier' },
      primaryBranch: null,
    });
    expect(await screen.findByText('Signed in as Lakshmi Narayanan')).toBeInTheDocument();
  });

  it('leaves for /login at once when the session is forgotten, without asking again', async () => {
    const { user } = renderGuard({
      authenticated: true,
      user: { id: '2', username: 'verifier', displayName: 'Lakshmi Narayanan', role: 'verifier' },
      primaryBranch: null,
    });
    await user.click(await screen.findByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Login page: logged out')).toBeInTheDocument();
  });

  it('shows the loading dots while it asks', () => {
    renderGuard({ authenticated: false, user: null, primaryBranch: null });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('offers a retry when the gateway cannot be reached', async () => {
    renderGuard(new TypeError('Failed to fetch'));
    expect(
      await screen.findByText(
        'The server could not be reached. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
