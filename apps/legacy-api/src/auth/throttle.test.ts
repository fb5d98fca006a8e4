import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../embedded.ts';
import { aLogin, FACTORY_PASSWORD, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Login throttling in the database: failures only, per account and per address, shared by every
 * app instance over the database. The file starts from the reference data; each test makes its own
 * logins (test/factories.ts) (and, where an address matters,
 * its own client address through X-Forwarded-For from the loopback peer the tests inject from), so
 * no test's locks reach another's.
 */

const PER_ACCOUNT = 5;
const PER_ADDRESS = 8;
const api = useTestApi({
  reference: true,
  env: { LOGIN_FAILURES_PER_ADDRESS: String(PER_ADDRESS) },
});
const PASSWORD = FACTORY_PASSWORD;
const INVALID = 'Invalid user name or password.';

const logins = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);
const { token } = logins;

let addresses = 0;
/** A client address no other test uses. */
const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

/** A new staff member of the file's branch with a login (role: viewer unless said). */
async function newLogin(
  role = 'viewer',
): Promise<{ username: string; staffId: number; name: string }> {
  return aLogin(api.db, { role, branches: [logins.branch()] });
}

async function login(
  username: string,
  password: string,
  address: string,
  app = api.app,
): Promise<{ status: number; flag: number; output: string; retryAfter: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': address },
    payload: { UserName: username, Password: password },
  });
  const body = response.json() as { flag: number; output: string };
  return {
    status: response.statusCode,
    flag: body.flag,
    output: body.output,
    retryAfter: Number(response.headers['retry-after'] ?? 0),
  };
}

async function failTimes(username: string, times: number, address: string) {
  for (let index = 0; index < times; index += 1) {
    const answer = await login(username, 'Wrong-password-1', address);
    expect(answer).toMatchObject({ status: 200, flag: 0, output: INVALID });
  }
}

const lockedAccount = /^Too many failed logins for this user name\. Try again in 15 minutes/;
const lockedAddress =
  /^Too many failed logins for your network address\. Try again in \d+ minutes?/;

describe('login throttling per account', () => {
  it(`locks an account after ${PER_ACCOUNT} failures, even for the right password, from any address, saying for how long`, async () => {
    const { username } = await newLogin();
    await failTimes(username, PER_ACCOUNT, newAddress());
    for (const address of [newAddress(), newAddress()]) {
      const answer = await login(username, PASSWORD, address);
      expect(answer.status).toBe(429);
      expect(answer.flag).toBe(0);
      expect(answer.output).toMatch(lockedAccount);
      expect(answer.retryAfter).toBeGreaterThan(14 * 60);
      expect(answer.retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Another account is not touched, nor (with fewer than its limit) the address.
    const other = await newLogin();
    expect((await login(other.username, PASSWORD, newAddress())).flag).toBe(1);
  });

  it('counts unknown user names like known ones, so a lock tells nothing about which exist', async () => {
    const address = newAddress();
    await failTimes('nobody.here', PER_ACCOUNT, address);
    expect((await login('NOBODY.here', 'anything', newAddress())).output).toMatch(lockedAccount);
  });

  it('forgives earlier failures when the right password comes before the limit', async () => {
    const { username } = await newLogin();
    await failTimes(username, PER_ACCOUNT - 1, newAddress());
    expect((await login(username, PASSWORD, newAddress())).flag).toBe(1);
    await failTimes(username, PER_ACCOUNT - 1, newAddress());
    expect((await login(username, PASSWORD, newAddress())).flag).toBe(1);
  });

  it('lifts the lock when its time is up', async () => {
    const { username } = await newLogin();
    await failTimes(username, PER_ACCOUNT, newAddress());
    expect((await login(username, PASSWORD, newAddress())).status).toBe(429);
    await api.db
      .updateTable('loginLocks')
      .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
      .where('subject', '=', username)
      .execute();
    await api.db
      .updateTable('loginFailures')
      .set({ at: sql<Date>`at - interval '16 minutes'` })
      .where('account', '=', username)
      .execute();
    expect((await login(username, PASSWORD, newAddress())).flag).toBe(1);
  });

  it('checks no password while a burst sent at once is over the limit', async () => {
    const { username } = await newLogin();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(username, 'Wrong-password-1', address)),
    );
    const checked = answers.filter((answer) => answer.output === INVALID);
    expect(checked.length).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20 - checked.length);
    expect((await login(username, PASSWORD, newAddress())).status).toBe(429);
  });

  it('counts wrong current passwords in change-password, which then locks the login too', async () => {
    const { username, staffId } = await newLogin();
    const own = await api.login(username, PASSWORD);
    const change = (current: string) =>
      api.call('changePassword', own, { CurrentPassword: current, NewPassword: 'Another123' });
    for (let index = 0; index < PER_ACCOUNT; index += 1) {
      expect((await change('Wrong-password-1')).output).toBe('The current password is wrong.');
    }
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.output).toMatch(lockedAccount);
    expect((await login(username, PASSWORD, newAddress())).status).toBe(429);
    // Nothing changed: the old password is still the one (once unlocked).
    await api.call('staffUnlockLogin', token('admin'), { Staff: staffId });
    expect((await login(username, PASSWORD, newAddress())).flag).toBe(1);
  });
});

describe('login throttling per address', () => {
  it('never counts successful logins: an office logs in all morning, then failures lock the address', async () => {
    const office = newAddress();
    const staff = await Promise.all(Array.from({ length: 3 }, () => newLogin()));
    for (let round = 0; round < 10; round += 1) {
      for (const { username } of staff) {
        expect((await login(username, PASSWORD, office)).flag).toBe(1);
      }
    }
    // Failures spread over accounts (none reaches its own limit) lock the address.
    for (let index = 0; index < PER_ADDRESS; index += 1) {
      await failTimes(`guess.${index}`, 1, office);
    }
    const refused = await login(staff[0]?.username ?? '', PASSWORD, office);
    expect(refused.status).toBe(429);
    expect(refused.output).toMatch(lockedAddress);
    // Elsewhere the same account logs in.
    expect((await login(staff[0]?.username ?? '', PASSWORD, newAddress())).flag).toBe(1);
  });

  it('believes X-Forwarded-For only from a trusted peer', async () => {
    const untrusting = await buildApp({
      config: { ...api.config, TRUST_PROXY: false },
      db: api.db,
      logger: false,
    });
    try {
      const { username } = await newLogin();
      // Untrusted, the header is ignored: every attempt is the peer's own address.
      const response = await untrusting.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { UserName: username, Password: 'Wrong-password-1' },
      });
      expect(response.json()).toMatchObject({ flag: 0, output: INVALID });
      const rows = await api.db
        .selectFrom('loginFailures')
        .select('address')
        .where('account', '=', username)
        .execute();
      expect(rows.map((row) => row.address)).toEqual(['127.0.0.1']);
    } finally {
      await untrusting.close();
    }
  });
});

describe('an administrator and a locked login', () => {
  it('sees the lock in the staff list, clears it (audited), and the user logs in', async () => {
    const { username, staffId, name } = await newLogin();
    await failTimes(username, PER_ACCOUNT, newAddress());
    const show = await api.call('staffShow', token('admin'), {
      UserInterface: 1,
      Staff: staffId,
    });
    const until = Date.parse(show.records?.LoginLockedUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const unlocked = await api.call('staffUnlockLogin', token('admin'), { Staff: staffId });
    expect(unlocked).toMatchObject({ flag: 1, output: `The login of ${name} is unlocked.` });
    expect(
      (await api.auditOf('user', await api.idOf('users', 'username', username), 'Login unlocked'))
        .length,
    ).toBe(1);
    const after = await api.call('staffShow', token('admin'), {
      UserInterface: 1,
      Staff: staffId,
    });
    expect(after.records?.LoginLockedUntil).toBeNull();
    expect((await login(username, PASSWORD, newAddress())).flag).toBe(1);
    // Its failures went with the lock: one more failure does not lock it again.
    await failTimes(username, 1, newAddress());
    expect((await login(username, PASSWORD, newAddress())).flag).toBe(1);
  });

  it('refuses to unlock what is not locked, a login above the caller, and without the edit grant', async () => {
    const { staffId, name } = await newLogin();
    expect((await api.call('staffUnlockLogin', token('admin'), { Staff: staffId })).output).toBe(
      `The login of ${name} is not locked.`,
    );
    const administrator = await newLogin('admin');
    await failTimes(administrator.username, PER_ACCOUNT, newAddress());
    const manager = await api.call('staffUnlockLogin', token('manager'), {
      Staff: administrator.staffId,
    });
    expect(manager.output).toMatch(/has the role .*, above yours: you may not change it\.$/);
    expect((await login(administrator.username, PASSWORD, newAddress())).status).toBe(429);
    expect(
      (await api.call('staffUnlockLogin', token('viewer'), { Staff: administrator.staffId }))
        .output,
    ).toBe('Your role may not edit staff.');
  });
});

describe('two app instances over one database', () => {
  it('share the counts: failures through either lock the account on both', async () => {
    const second = await buildApp({ config: api.config, db: api.db, logger: false });
    try {
      const { username } = await newLogin();
      await failTimes(username, 3, newAddress());
      for (let index = 0; index < PER_ACCOUNT - 3; index += 1) {
        expect((await login(username, 'Wrong-password-1', newAddress(), second)).output).toBe(
          INVALID,
        );
      }
      expect((await login(username, PASSWORD, newAddress())).status).toBe(429);
      expect((await login(username, PASSWORD, newAddress(), second)).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
