import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request,
  test,
} from '@playwright/test';
import { listRows, logIn, openScreen, PASSWORD, searchList, signIn } from './helpers.ts';

/*
 * Logging in as an office does: many people behind one address, some mistyping. The browser
 * tests all come from one address (127.0.0.1), so these run with the product's own limits.
 */

const CSRF = { 'x-requested-with': 'branch-assets-web' };

async function graphql<Data>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Data> {
  const response = await request.post('/graphql', {
    headers: { ...CSRF, 'content-type': 'application/json' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Data; errors?: { message: string }[] };
  if (!body.data || body.errors) throw new Error(body.errors?.[0]?.message ?? 'no data');
  return body.data;
}

/** A new staff member of CHN-ANN with a Viewer login, made by the administrator's session. */
async function newViewer(admin: Page): Promise<{ name: string; username: string }> {
  const stamp = Date.now().toString(36).toUpperCase();
  const options = await graphql<{
    branchOptions: { value: string; text: string }[];
    staffFormOptions: {
      designations: { value: string; text: string }[];
      roles: { value: string; text: string }[];
    };
  }>(
    admin.request,
    '{ branchOptions(source: USER) { value text } staffFormOptions { designations { value text } roles { value text } } }',
  );
  const pick = (list: { value: string; text: string }[], text: RegExp) => {
    const found = list.find((option) => text.test(option.text));
    if (!found) throw new Error(`no option ${text}`);
    return found.value;
  };
  const name = `Lock Test ${stamp}`;
  const username = `lock.${stamp.toLowerCase()}`;
  await graphql(
    admin.request,
    'mutation ($input: StaffInput!) { saveStaff(input: $input) { message } }',
    {
      input: {
        code: `L${stamp}`.slice(0, 20),
        name,
        branchId: pick(options.branchOptions, /^CHN-ANN /),
        designationId: pick(options.staffFormOptions.designations, /^Store Keeper$/),
        username,
        roleId: pick(options.staffFormOptions.roles, /^Viewer$/),
        password: PASSWORD,
        loginActive: true,
      },
    },
  );
  return { name, username };
}

async function loginPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const OFFICE = ['admin', 'verifier', 'approver', 'manager', 'viewer', 'kavitha'];

/**
 * One person's login with the login form's own request (POST /auth/login), in a client of their
 * own (their own cookies), mistyping first when told to. The answer is the form's: a mistype is
 * "Invalid user name or password." (never "Too many"), the right password a session the gateway
 * knows as theirs.
 */
async function logInByRequest(
  baseURL: string | undefined,
  username: string,
  mistypeFirst: boolean,
): Promise<void> {
  const person = await request.newContext({ baseURL });
  try {
    const attempt = (password: string) =>
      person.post('/auth/login', { headers: CSRF, data: { username, password } });
    if (mistypeFirst) {
      const wrong = await attempt('Mistyped-1');
      const answer = await wrong.text();
      expect(wrong.status(), `${username} mistyping: ${answer}`).toBe(422);
      expect(answer).toContain('Invalid user name or password.');
    }
    const right = await attempt(PASSWORD);
    expect(right.status(), `${username}: ${await right.text()}`).toBe(200);
    const { session } = await graphql<{ session: { user: { username: string } | null } }>(
      person,
      '{ session { user { username } } }',
    );
    expect(session.user?.username).toBe(username);
  } finally {
    await person.dispose();
  }
}

test('an office of 30 people logging in from one address, six at a time, a few mistyping first, all get in: 24 by the form’s request, the last 6 through the form', async ({
  browser,
  baseURL,
}) => {
  // Five rounds of six people at once, person `round` of each round mistyping first: thirty logins
  // and five mistypes from 127.0.0.1 within seconds, more of a burst than an office's morning.
  // The first four rounds send the login form's request (the gateway and the legacy server
  // throttle by what arrives, not by who drew the form); the last six log in through the form in
  // browsers of their own, after the 24 logins and 4 mistypes before them, one mistyping.
  for (let round = 0; round < 4; round += 1)
    await Promise.all(
      OFFICE.map((username, index) => logInByRequest(baseURL, username, index === round)),
    );
  await Promise.all(
    OFFICE.map(async (username, index) => {
      const page = await loginPage(browser);
      if (index === 4) {
        await logIn(page, username, 'Mistyped-1');
        await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
      }
      await logIn(page, username);
      // Six browsers at once share two cores with the other worker's tests: an answer may take
      // longer than an assertion's usual 10 s, and is still an answer.
      await expect(page.getByRole('button', { name: 'Log In' })).toBeHidden({ timeout: 30_000 });
      await expect(page.getByText('Too many')).toHaveCount(0);
      await page.context().close();
    }),
  );
});

test('a login locked after five wrong passwords says so; an administrator sees it on the staff screen and unlocks it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  const { name, username } = await newViewer(page);

  const guesser = await loginPage(browser);
  for (let index = 0; index < 5; index += 1) {
    await logIn(guesser, username, `Guess-${index}-x`);
    await expect(guesser.getByRole('alert')).toContainText('Invalid user name or password.');
  }
  await logIn(guesser, username);
  await expect(guesser.getByRole('alert')).toContainText(
    /Too many failed logins for this user name\. Try again in 15 minutes/,
  );

  await openScreen(page, '/staff/list', 'Staff');
  await searchList(page, name);
  await listRows(page).first().getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Edit staff member: ${name}`) });
  await expect(
    dialog.getByText(/^Locked after too many failed password attempts, until /),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(`The login of ${name} is unlocked.`)).toBeVisible();
  await expect(dialog.getByText(/^Locked after too many/)).toHaveCount(0);

  await logIn(guesser, username);
  await expect(guesser.getByRole('button', { name: 'Log In' })).toBeHidden();
  await guesser.context().close();
});
