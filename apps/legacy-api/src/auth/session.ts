import { SESSION_EXPIRED_OUTPUT } from '@branch-assets/legacy-contract';
import type { FastifyRequest } from 'fastify';
import { type Access, loadAccess } from '../access/access.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpRefusal } from '../http/errors.ts';
import { hashToken } from './tokens.ts';
import { selectUsers } from './user-record.ts';

export interface SessionUser {
  userId: number;
  staffId: number;
  username: string;
  displayName: string;
  roleCode: string;
  roleName: string;
  primaryBranchId: number | null;
}

export interface Session {
  tokenId: number;
  user: SessionUser;
  access: Access;
}

/** Writing last_used_at on every call would turn each read into a write; a minute's slack is enough. */
const TOUCH_AFTER_MS = 60_000;
const MAX_TOKEN_LENGTH = 200;

/**
 * API version 1 sends the token as `Authorization: Bearer …`; version 2 sends it in the body as
 * `token` (JSON or form-encoded). The header wins when both are present.
 */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ?? null;
  }
  const body: unknown = request.body;
  if (body && typeof body === 'object' && 'token' in body && typeof body.token === 'string') {
    return body.token;
  }
  return null;
}

export function expiredSession(): HttpRefusal {
  return new HttpRefusal(401, SESSION_EXPIRED_OUTPUT);
}

export async function authenticate(
  db: Db,
  config: Config,
  request: FastifyRequest,
): Promise<Session> {
  const token = tokenOf(request);
  if (!token || token.length > MAX_TOKEN_LENGTH) throw expiredSession();
  const row = await selectUsers(db)
    .innerJoin('authTokens', 'authTokens.userId', 'users.id')
    .select([
      'authTokens.id as tokenId',
      'authTokens.expiresAt',
      'authTokens.lastUsedAt',
      'authTokens.revokedAt',
      'users.id as userId',
      'users.staffId',
      'users.username',
      'users.active',
      'users.primaryBranchId',
      'staff.name as displayName',
      'roles.code as roleCode',
      'roles.name as roleName',
    ])
    .where('authTokens.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  const now = Date.now();
  const idleLimitMs = config.TOKEN_IDLE_MINUTES * 60_000;
  if (
    !row?.active ||
    row.revokedAt !== null ||
    row.expiresAt.getTime() <= now ||
    row.lastUsedAt.getTime() + idleLimitMs <= now
  ) {
    throw expiredSession();
  }
  if (now - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .updateTable('authTokens')
      .set({ lastUsedAt: new Date(now) })
      .where('id', '=', row.tokenId)
      .execute();
  }
  const access = await loadAccess(db, row.userId);
  return {
    tokenId: row.tokenId,
    access,
    user: {
      userId: row.userId,
      staffId: row.staffId,
      username: row.username,
      displayName: row.displayName,
      roleCode: row.roleCode,
      roleName: row.roleName,
      primaryBranchId: row.primaryBranchId,
    },
  };
}
