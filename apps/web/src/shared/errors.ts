import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import type { TFunction } from 'i18next';

/** How a failed call should be told to the user. */
export interface Problem {
  /** The code from the gateway's closed set, or UNREACHABLE when no answer came back. */
  code: string;
  message: string;
}

const CODE_MESSAGES = {
  UNAUTHENTICATED: 'errors.unauthenticated',
  FORBIDDEN: 'errors.forbidden',
  BAD_USER_INPUT: 'errors.badInput',
  NOT_FOUND: 'errors.notFound',
  UPSTREAM_UNAVAILABLE: 'alerts.unreachable',
  UPSTREAM_TIMEOUT: 'errors.timeout',
  RATE_LIMITED: 'errors.rateLimited',
  INTERNAL_SERVER_ERROR: 'errors.internal',
} as const;

/**
 * The message for a failed call. A refusal (REJECTED) and a validation problem carry the legacy
 * server's own words, safe to show as they are; other codes get this app's translated text. A
 * network failure, which the legacy app only logged, is told as such (docs/web.md).
 */
export function describeProblem(error: unknown, t: TFunction): Problem {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = String(first?.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    if ((code === 'REJECTED' || code === 'BAD_USER_INPUT') && first?.message)
      return { code, message: first.message };
    const key = CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? 'errors.internal';
    // A masked failure keeps the request id, for matching a user's report with the gateway's log.
    const requestId = first?.extensions?.requestId;
    return {
      code,
      message: typeof requestId === 'string' ? `${t(key)} (${requestId})` : t(key),
    };
  }
  if (ServerError.is(error) || ServerParseError.is(error)) {
    return { code: 'UPSTREAM_UNAVAILABLE', message: t('alerts.unreachable') };
  }
  return { code: 'UNREACHABLE', message: t('alerts.unreachable') };
}
