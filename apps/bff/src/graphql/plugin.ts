import { readFileSync } from 'node:fs';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import {
  AppError,
  defaultMessage,
  ERROR_CODES,
  type ErrorCode,
  publicError,
} from '../errors/codes.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { createContext, type GraphQLContext } from './context.ts';
import { jitGateway } from './jit-executor.ts';
import { resolvers } from './resolvers/index.ts';

const typeDefs = readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8');

/** The most tokens a document may have; a longer one is refused as a syntax error (400). */
const MAX_TOKENS = 2000;

/** GraphQL's own request errors (parse, validation, variables, armor limits) are the caller's input. */
const CALLER_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** An upstream 401 on a cookie session clears the cookie, so the browser goes back to the login page. */
const clearCookieOnUnauthenticated: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        if (response.body.kind !== 'single') return;
        const unauthenticated = response.body.singleResult.errors?.some(
          (error) => error.extensions?.code === 'UNAUTHENTICATED',
        );
        if (unauthenticated && contextValue.auth.kind === 'cookie') {
          contextValue.request.server.sessions.clear(contextValue.request, contextValue.reply);
        }
      },
    };
  },
};

/**
 * A masked failure carries the request id, as the REST routes' do, so that a user's report can be
 * matched with the log line (formatError runs without the request, so it is added here).
 */
const requestIdOnInternalErrors: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        if (response.body.kind !== 'single') return;
        const { singleResult } = response.body;
        if (
          !singleResult.errors?.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR')
        )
          return;
        const masked = publicError(new AppError('INTERNAL_SERVER_ERROR'), contextValue.requestId);
        singleResult.errors = singleResult.errors.map((error) =>
          error.extensions?.code === 'INTERNAL_SERVER_ERROR'
            ? {
                ...error,
                message: masked.message,
                extensions: { ...error.extensions, requestId: contextValue.requestId },
              }
            : error,
        );
      },
    };
  },
};

export async function registerGraphQL(
  app: FastifyInstance,
  options: { config: Config; legacy: LegacyClient },
) {
  const armor = new ApolloArmor({
    maxDepth: { n: 8 },
    maxAliases: { n: 10 },
    maxDirectives: { n: 10 },
    // The token limit is graphql-js's own (parseOptions below): armor's version parses again in a
    // plugin hook, and an error thrown there, a plain syntax error included, is answered with a 500.
    maxTokens: { enabled: false },
    costLimit: { maxCost: 5000 },
    blockFieldSuggestion: { enabled: true },
  }).protect();
  // graphql-armor's types point at Apollo's CommonJS declarations; the plugin objects are the same at run time.
  const armorPlugins = armor.plugins as unknown as ApolloServerPlugin<GraphQLContext>[];

  const introspection =
    options.config.GRAPHQL_INTROSPECTION ?? options.config.NODE_ENV !== 'production';
  const apollo = new ApolloServer<GraphQLContext>({
    gateway: jitGateway(makeExecutableSchema({ typeDefs, resolvers })),
    introspection,
    // Without introspection the schema is not public: no "Did you mean" for a misspelt field,
    // argument, type or enum value either (armor's blockFieldSuggestion covers fields only).
    hideSchemaDetailsFromClientErrors: !introspection,
    csrfPrevention: true,
    parseOptions: { maxTokens: MAX_TOKENS },
    // Compact JSON: Apollo indents by default, which costs time and bytes on long lists.
    stringifyResult: (value) => JSON.stringify(value),
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
    validationRules: armor.validationRules,
    plugins: [
      ...armorPlugins,
      fastifyApolloDrainPlugin(app),
      clearCookieOnUnauthenticated,
      requestIdOnInternalErrors,
      // No cache hints are used; without this plugin Apollo wraps every resolver to collect them,
      // which costs about as much as the resolvers themselves on a long list.
      ApolloServerPluginCacheControlDisabled(),
    ],
    formatError(formatted, error) {
      const unwrapped = unwrapResolverError(error);
      const original = unwrapped === error ? undefined : unwrapped;
      const base = {
        message: formatted.message,
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        ...(formatted.path ? { path: formatted.path } : {}),
      };
      if (original instanceof AppError) {
        const message =
          original.code === 'INTERNAL_SERVER_ERROR'
            ? defaultMessage('INTERNAL_SERVER_ERROR')
            : original.message;
        return {
          ...base,
          message,
          extensions: {
            code: original.code,
            ...(original.outcomeUnknown ? { outcomeUnknown: true } : {}),
          },
        };
      }
      const code = formatted.extensions?.code;
      if (!original && (CALLER_CODES.has(String(code)) || isErrorCode(code))) {
        return { ...base, extensions: { code: isErrorCode(code) ? code : 'BAD_USER_INPUT' } };
      }
      app.log.error({ err: original ?? error }, 'unexpected GraphQL failure');
      return {
        ...base,
        message: defaultMessage('INTERNAL_SERVER_ERROR'),
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      };
    },
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request, reply) => createContext(options.legacy, request, reply),
  });
}
