/**
 * The closed set of error codes clients see in `extensions.code`. Every failure maps to one of
 * these in this module and nowhere else.
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  /** The legacy server refused (flag 0); the message is its `output`, safe to show. */
  'REJECTED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  /** Anything else; the message is masked and carries the request id. */
  'INTERNAL_SERVER_ERROR',
  /**
   * Added to the design's set: too many login attempts, or too many exports at once. The caller may
   * try again later (HTTP 429 with Retry-After); no other code says that.
   */
  'RATE_LIMITED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP statuses for the same codes, for the REST-style routes (/auth, /exports, /files). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  REJECTED: 422,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  INTERNAL_SERVER_ERROR: 500,
  RATE_LIMITED: 429,
};

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  UNAUTHENTICATED: 'Your session has ended. Please log in again.',
  FORBIDDEN: 'You are not allowed to do this.',
  BAD_USER_INPUT: 'The request is not valid.',
  NOT_FOUND: 'Not found.',
  REJECTED: 'The request was refused.',
  UPSTREAM_UNAVAILABLE: 'The asset server cannot be reached. Please try again shortly.',
  UPSTREAM_TIMEOUT: 'The asset server took too long to answer. Please try again.',
  INTERNAL_SERVER_ERROR: 'Something went wrong. Please try again.',
  RATE_LIMITED: 'Too many attempts. Please wait a little and try again.',
};

/** UPSTREAM_TIMEOUT's message for a write that was sent and never answered. */
export const OUTCOME_UNKNOWN_MESSAGE =
  'The asset server did not answer in time, so the change may have been made. Check the record before repeating it.';

/** A failure with a code from the closed set and a message that is safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds after which a RATE_LIMITED caller may try again. */
  readonly retryAfter: number | undefined;
  /**
   * A write whose answer never came (UPSTREAM_TIMEOUT after it was sent): it may have been made.
   * Clients see `extensions.outcomeUnknown` and read the record again instead of repeating.
   */
  readonly outcomeUnknown: boolean;
  constructor(
    code: ErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    options?: { cause?: unknown; retryAfter?: number; outcomeUnknown?: boolean },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.retryAfter = options?.retryAfter;
    this.outcomeUnknown = options?.outcomeUnknown ?? false;
  }
}

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code];
}

/**
 * What a client may see of any error: AppErrors keep their code and message; GraphQL's own
 * validation errors keep theirs; anything else becomes a masked INTERNAL_SERVER_ERROR with the
 * request id, so nothing internal (stack, upstream address, SQL) leaves the gateway.
 */
export function publicError(
  error: unknown,
  requestId: string,
): { code: ErrorCode; message: string } {
  if (error instanceof AppError) {
    return error.code === 'INTERNAL_SERVER_ERROR'
      ? {
          code: error.code,
          message: `${DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR} (request ${requestId})`,
        }
      : { code: error.code, message: error.message };
  }
  return {
    code: 'INTERNAL_SERVER_ERROR',
    message: `${DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR} (request ${requestId})`,
  };
}
