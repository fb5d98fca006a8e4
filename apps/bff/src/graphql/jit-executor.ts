import type {
  GatewayExecutionResult,
  GatewayInterface,
  GatewaySchemaLoadOrUpdateCallback,
} from '@apollo/server-gateway-interface';
import { GraphQLError, type GraphQLSchema, printSchema } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

/**
 * graphql-jit reports a failure with an error object of its own making, whose message cannot be
 * written; graphql-armor's plugin rewrites messages (field suggestions) and Apollo's formatting
 * expects graphql-js's own errors, so each is made one.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const converted = new GraphQLError(error.message, {
    path: error.path ?? null,
    originalError: error.originalError ?? null,
    extensions: error.extensions ?? null,
  });
  if (error.locations) Object.defineProperty(converted, 'locations', { value: error.locations });
  return converted;
}

/** Distinct operations kept compiled; the web app and the tools send a few dozen. */
const MAX_COMPILED = 500;

/**
 * Executes operations with graphql-jit instead of graphql-js. A long list (a branch's thousand
 * purchase orders, ~20,000 fields) costs graphql-js about as much CPU as the legacy call itself:
 * it looks up every field's definition and arguments again for every row. graphql-jit compiles
 * each operation once into plain functions. Apollo Server takes a custom executor only through its
 * gateway interface; parsing, validation (graphql-armor's limits included), the plugins and error
 * formatting stay Apollo's.
 */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  const compiled = new Map<string, CompiledQuery | GatewayExecutionResult>();
  let onSchema: GatewaySchemaLoadOrUpdateCallback | undefined;
  return {
    onSchemaLoadOrUpdate(callback) {
      onSchema = callback;
      return () => {
        onSchema = undefined;
      };
    },
    async load() {
      onSchema?.({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return {
        executor: async (request) => {
          const key = `${request.queryHash}\n${request.operationName ?? ''}`;
          let query = compiled.get(key);
          if (!query) {
            query = compileQuery(schema, request.document, request.operationName ?? undefined, {
              disablingCapturingStackErrors: true,
            });
            // Oldest first: a Map iterates in insertion order.
            if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value ?? '');
            compiled.set(key, query);
          }
          if (!isCompiledQuery(query)) return query;
          const result = await query.query(undefined, request.context, request.request.variables);
          // Without data the operation never ran: its variables were refused. graphql-js reports
          // those as the caller's input too.
          if (!('data' in result) && result.errors) {
            return {
              errors: result.errors.map(
                (error) =>
                  new GraphQLError(error.message, {
                    nodes: error.nodes ?? null,
                    extensions: { code: 'BAD_USER_INPUT' },
                  }),
              ),
            };
          }
          return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
        },
      };
    },
    async stop() {},
  };
}
