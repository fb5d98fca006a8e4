const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the caller's X-Request-Id when it is a plain token (the gateway passes its own
 * on, so one id follows a request through both logs), else a new one.
 */
export function requestIdOf(request: { headers: Record<string, unknown> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** pino's options at this level, with credentials never written: the headers and `secrets`. */
export function loggerOptions(level: string, secrets: readonly string[]) {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', ...secrets],
      censor: '[redacted]',
    },
  };
}
