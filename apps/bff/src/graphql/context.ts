import {
  languageOfHeader,
  type ServerTranslator,
  serverTranslator,
} from '@branch-assets/i18n/server';
import type { CallInput, CallRecords, LegacyCallName } from '@branch-assets/legacy-contract';
import { legacyCalls } from '@branch-assets/legacy-contract';
import DataLoader from 'dataloader';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/codes.ts';
import type { CallResult, LegacyClient } from '../legacy/client.ts';
import { writeKeys } from '../legacy/idempotency-keys.ts';
import { type RequestAuth, tokenOf } from '../session/request-auth.ts';

export interface GraphQLContext {
  requestId: string;
  auth: RequestAuth;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The server's texts in the caller's language (Accept-Language), by their stable keys. */
  texts: ServerTranslator;
  /** A read, made at most once per operation for the same input (DataLoader). */
  read<Name extends LegacyCallName>(
    name: Name,
    input: CallInput<Name>,
  ): Promise<CallResult<CallRecords<Name>>>;
  /** A write: never cached, never retried. */
  write<Name extends LegacyCallName>(
    name: Name,
    input: CallInput<Name>,
  ): Promise<CallResult<CallRecords<Name>>>;
}

interface ReadKey {
  name: LegacyCallName;
  input: unknown;
}

export function createContext(
  legacy: LegacyClient,
  request: FastifyRequest,
  reply: FastifyReply,
): GraphQLContext {
  const auth = request.auth;
  const texts = serverTranslator(languageOfHeader(request.headers['accept-language']));
  const context = () => {
    const call = {
      requestId: request.id,
      clientAddress: request.ip,
      texts,
      token: null as string | null,
    };
    if (auth.kind !== 'none') call.token = auth.token;
    return call;
  };
  const nextWriteKey = writeKeys(request);
  const requireToken = (name: LegacyCallName) => {
    if (legacyCalls[name].authenticated) tokenOf(auth);
  };
  const reads = new DataLoader<ReadKey, CallResult<unknown>, string>(
    (keys) =>
      Promise.all(
        keys.map((key) =>
          legacy.call(key.name, key.input as never, context()).then(
            (result) => result as CallResult<unknown>,
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        ),
      ),
    {
      cacheKeyFn: (key) => `${key.name}:${JSON.stringify(key.input)}`,
      batchScheduleFn: (run) => queueMicrotask(run),
    },
  );
  return {
    requestId: request.id,
    auth,
    request,
    reply,
    texts,
    async read(name, input) {
      requireToken(name);
      if (!legacyCalls[name].readOnly)
        throw new AppError('INTERNAL_SERVER_ERROR', `${name} is not a read`);
      return (await reads.load({ name, input })) as never;
    },
    async write(name, input) {
      requireToken(name);
      return legacy.call(name, input, { ...context(), idempotencyKey: nextWriteKey() });
    },
  };
}
