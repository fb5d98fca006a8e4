import { INTERNAL_ERROR_OUTPUT, ListPagingError } from '@branch-assets/legacy-contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRefusal } from './database-errors.ts';
import { HttpRefusal, Refusal } from './errors.ts';

/** Fastify's own 4xx errors, answered in the envelope with a message fit for a user. */
const FRAMEWORK_ERRORS: Record<string, { status: number; output: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 422, output: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 422, output: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, output: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    output: 'Send the request body as JSON or form-encoded.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, output: 'The request body is incomplete.' },
};

/**
 * One error handler for the whole API: refusals keep their message, framework errors get a
 * fixed one, anything else is a 500 with a generic message and the detail in the log only.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((thrown: FastifyError, request, reply) => {
      const mapped = databaseRefusal(thrown);
      if (mapped)
        request.log.info(
          { code: thrown.code, detail: (thrown as { detail?: string }).detail },
          'a database constraint refused the request',
        );
      const error = mapped ?? thrown;
      if (error instanceof Refusal) {
        return reply.code(200).send({ flag: 0, ...error.envelope, records: null });
      }
      if (error instanceof ListPagingError) {
        return reply.code(422).send({ flag: 0, output: error.message, records: null });
      }
      if (error instanceof HttpRefusal) {
        if (error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
        return reply.code(error.statusCode).send({ flag: 0, output: error.output, records: null });
      }
      const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (known) {
        request.log.info({ code: error.code }, 'request refused by the framework');
        return reply.code(known.status).send({ flag: 0, output: known.output, records: null });
      }
      request.log.error({ err: error }, 'unexpected failure');
      return reply.code(500).send({ flag: 0, output: INTERNAL_ERROR_OUTPUT, records: null });
    });

    app.setNotFoundHandler((request, reply) => {
      request.log.info({ url: request.url }, 'unknown call');
      return reply.code(404).send({ flag: 0, output: 'Unknown call.', records: null });
    });
  },
  { name: 'error-handler' },
);
