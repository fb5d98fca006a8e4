import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorCode, HTTP_STATUS, publicError } from './codes.ts';

const FRAMEWORK: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_USER_INPUT',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_USER_INPUT',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BAD_USER_INPUT',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'BAD_USER_INPUT',
  FST_ERR_VALIDATION: 'BAD_USER_INPUT',
};

/**
 * The REST-style routes (/auth, /exports, /files) answer errors as
 * `{ "error": { "code", "message", "requestId" } }` with the HTTP status of the code. An upstream
 * 401 for a cookie session also clears the cookie, so the browser is sent to log in.
 */
export const httpErrorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let appError: AppError;
      if (error instanceof AppError) appError = error;
      else if (error.code && FRAMEWORK[error.code]) {
        appError = new AppError(
          FRAMEWORK[error.code] ?? 'BAD_USER_INPUT',
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : 'The request body is not valid.',
        );
        reply.code(error.statusCode ?? 400);
      } else {
        request.log.error({ err: error }, 'unexpected failure');
        appError = new AppError('INTERNAL_SERVER_ERROR');
      }
      const { code, message } = publicError(appError, request.id);
      if (code === 'UNAUTHENTICATED' && request.auth?.kind === 'cookie')
        app.sessions.clear(request, reply);
      if (appError.retryAfter) reply.header('retry-after', String(appError.retryAfter));
      const status =
        error instanceof AppError || !error.statusCode ? HTTP_STATUS[code] : error.statusCode;
      return reply.code(status).send({
        error: {
          code,
          message,
          requestId: request.id,
          ...(appError.outcomeUnknown ? { outcomeUnknown: true } : {}),
        },
      });
    });
    app.setNotFoundHandler((request, reply) =>
      reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: 'Not found.', requestId: request.id } }),
    );
  },
  { name: 'http-errors', dependencies: ['request-auth'] },
);
