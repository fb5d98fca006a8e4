import {
  type CallRecords,
  type CallRequest,
  describeValidationError,
  type LegacyCallName,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type Session } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpRefusal } from './errors.ts';

export interface CallResult<Name extends LegacyCallName> {
  output: string;
  records: CallRecords<Name>;
}

export interface PublicCallContext<Name extends LegacyCallName> {
  body: CallRequest<Name>;
  db: Db;
  config: Config;
  request: FastifyRequest;
}

export interface CallContext<Name extends LegacyCallName> extends PublicCallContext<Name> {
  session: Session;
}

/** Fields of API version 2 that are transport, not part of any call. */
function withoutTransportFields(body: unknown): unknown {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body) || !('token' in body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  return rest;
}

function parseBody<Name extends LegacyCallName>(
  name: Name,
  request: FastifyRequest,
): CallRequest<Name> {
  const definition = legacyCalls[name];
  const input = definition.method === 'GET' ? request.query : withoutTransportFields(request.body);
  const result = definition.request.safeParse(input);
  if (!result.success) throw new HttpRefusal(422, describeValidationError(result.error));
  return result.data as CallRequest<Name>;
}

function route<Name extends LegacyCallName>(
  app: FastifyInstance,
  name: Name,
  run: (request: FastifyRequest) => Promise<CallResult<Name>>,
) {
  const definition = legacyCalls[name];
  app.route({
    method: definition.method,
    url: `/${definition.path}`,
    handler: async (request) => {
      const { output, records } = await run(request);
      return { flag: 1, output, records };
    },
  });
}

/** Registers a call that needs a token. The token is checked before the body. */
export function registerCall<Name extends LegacyCallName>(
  app: FastifyInstance,
  name: Name,
  handler: (context: CallContext<Name>) => Promise<CallResult<Name>>,
): void {
  if (!legacyCalls[name].authenticated) throw new Error(`${name} is a public call`);
  route(app, name, async (request) => {
    const session = await authenticate(app.db, app.config, request);
    const body = parseBody(name, request);
    return handler({ body, session, db: app.db, config: app.config, request });
  });
}

export function registerPublicCall<Name extends LegacyCallName>(
  app: FastifyInstance,
  name: Name,
  handler: (context: PublicCallContext<Name>) => Promise<CallResult<Name>>,
): void {
  if (legacyCalls[name].authenticated) throw new Error(`${name} needs a token`);
  route(app, name, async (request) => {
    const body = parseBody(name, request);
    return handler({ body, db: app.db, config: app.config, request });
  });
}
