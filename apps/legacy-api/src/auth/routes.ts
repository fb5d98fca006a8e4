import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../audit/audit.ts';
import { Refusal } from '../http/errors.ts';
import { message } from '../http/messages.ts';
import { registerCall, registerPublicCall } from '../http/register-call.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { accountKey, failed, startAttempt, succeeded } from './throttle.ts';
import { newToken } from './tokens.ts';
import { userRecord } from './user-record.ts';

export async function authRoutes(app: FastifyInstance) {
  registerPublicCall(app, 'login', async ({ body, db, config, request }) => {
    const attempt = await startAttempt(db, config, accountKey(body.UserName), request.ip);
    const user = await db
      .selectFrom('users')
      .select(['id', 'passwordHash', 'active'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', body.UserName.toLowerCase()))
      .executeTakeFirst();
    // Hash even for an unknown name, so the answer's timing does not tell which names exist.
    const matches = await verifyPassword(body.Password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !matches) {
      await failed(db, config, attempt);
      throw new Refusal(message('auth.invalidLogin'));
    }
    await succeeded(db, attempt);
    if (!user.active) throw new Refusal(message('auth.accountDisabled'));

    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + config.TOKEN_ABSOLUTE_HOURS * 3_600_000);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('authTokens')
        .values({ userId: user.id, tokenHash: hash, expiresAt })
        .execute();
      await writeAudit(trx, {
        entity: 'user',
        entityId: user.id,
        action: 'Logged in',
        userId: user.id,
      });
    });
    return {
      output: 'Logged in.',
      records: {
        Token: token,
        ExpiresAt: expiresAt.toISOString(),
        User: await userRecord(db, user.id),
      },
    };
  });

  registerCall(app, 'logout', async ({ db, session }) => {
    await db
      .updateTable('authTokens')
      .set({ revokedAt: new Date() })
      .where('id', '=', session.tokenId)
      .execute();
    return { output: 'Logged out.', records: null };
  });

  registerCall(app, 'me', async ({ db, session }) => ({
    output: 'Current user.',
    records: await userRecord(db, session.user.userId),
  }));

  registerCall(app, 'changePassword', async ({ body, db, config, session, request }) => {
    const { userId } = session.user;
    // Guessing the current password with a stolen session counts against the account like a login.
    const attempt = await startAttempt(db, config, accountKey(session.user.username), request.ip);
    const current = await db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.CurrentPassword, current.passwordHash))) {
      await failed(db, config, attempt);
      throw new Refusal(message('auth.currentPasswordWrong'));
    }
    await succeeded(db, attempt);
    // Compared through the hash, so a look-alike spelling that normalises to the same password counts as the same.
    if (await verifyPassword(body.NewPassword, current.passwordHash)) {
      throw new Refusal(message('auth.newPasswordSame'));
    }
    const passwordHash = await hashPassword(body.NewPassword);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ passwordHash, passwordChangedAt: new Date() })
        .where('id', '=', userId)
        .execute();
      // Other sessions end (a stolen token stops working); the one in use stays, so the user stays in.
      await trx
        .updateTable('authTokens')
        .set({ revokedAt: new Date() })
        .where('userId', '=', userId)
        .where('id', '<>', session.tokenId)
        .where('revokedAt', 'is', null)
        .execute();
      await writeAudit(trx, {
        entity: 'user',
        entityId: userId,
        action: 'Password changed',
        userId,
      });
    });
    return { output: 'Password changed.', records: null };
  });
}
