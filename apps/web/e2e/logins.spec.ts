import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { listRows, logIn, openScreen, PASSWORD, searchList } from './helpers.ts';

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

test('an office of 30 people logging in from one address, six at a time, a few mistyping first, all get in', async ({
  browser,
}) => {
  // Thirty logins through the login form, on a machine of two cores: more than the default minute.
  test.setTimeout(180_000);
  const users = ['admin', 'verifier', 'approver', 'manager', 'viewer', 'kavitha'];
  for (let round = 0; round < 5; round += 1) {
    await Promise.all(
      users.map(async (username, index) => {
        const page = await loginPage(browser);
        if (index === round) {
          await logIn(page, username, 'Mistyped-1');
          await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
        }
        await logIn(page, username);
        // Six password checks at once share two cores with the other worker's tests: an answer
        // may take longer than an assertion's usual 10 s, and is still an answer.
        await expect(page.getByRole('button', { name: 'Log In' })).toBeHidden({ timeout: 30_000 });
        await expect(page.getByText('Too many')).toHaveCount(0);
        await page.context().close();
      }),
    );
  }
});

test('a login locked after five wrong passwords says so; an administrator sees it on the staff screen and unlocks it', async ({
  page,
  browser,
}) => {
  await logIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
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
