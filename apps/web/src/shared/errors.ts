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
  UNREACHABLE: 'alerts.unreachable',
} as const;

/**
 * The problem a gateway error code makes, for GraphQL answers and uploads alike: a refusal
 * (REJECTED) or a validation problem carries the legacy server's own words, safe to show as they
 * are; other codes get this app's translated text, with the request id of a masked failure for
 * matching a user's report with the gateway's log.
 */
export function problemOf(
  code: string,
  serverMessage: string | undefined,
  requestId: unknown,
  t: TFunction,
  outcomeUnknown = false,
): Problem {
  if ((code === 'REJECTED' || code === 'BAD_USER_INPUT') && serverMessage)
    return { code, message: serverMessage };
  // A write sent and never answered: never "try again" (the screen re-reads it, see apollo.ts).
  if (outcomeUnknown) return { code, message: t('errors.outcomeUnknown') };
  const key = Object.hasOwn(CODE_MESSAGES, code)
    ? CODE_MESSAGES[code as keyof typeof CODE_MESSAGES]
    : 'errors.internal';
  const text: string = t(key);
  return { code, message: typeof requestId === 'string' ? `${text} (${requestId})` : text };
}

/**
 * The message for a failed call (problemOf). A network failure, which the legacy app only logged,
 * is told as such (docs/web.md).
 */
export function describeProblem(error: unknown, t: TFunction): Problem {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = String(first?.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    return problemOf(
      code,
      first?.message,
      first?.extensions?.requestId,
      t,
      first?.extensions?.outcomeUnknown === true,
    );
  }
  if (ServerError.is(error) || ServerParseError.is(error)) {
    return { code: 'UPSTREAM_UNAVAILABLE', message: t('alerts.unreachable') };
  }
  return { code: 'UNREACHABLE', message: t('alerts.unreachable') };
}
