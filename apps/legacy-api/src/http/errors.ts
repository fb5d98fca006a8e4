import { type Message, type MessageParams, messageFields } from './messages.ts';

/** A flag-0 answer with HTTP 200: the action was refused, `output` says why and is safe to show. */
export class Refusal extends Error {
  readonly output: string;
  /** The message's code and values, when it has one (messages.ts), for clients to translate. */
  readonly code: string | undefined;
  readonly params: MessageParams | undefined;
  constructor(output: string | Message) {
    const text = typeof output === 'string' ? output : output.output;
    super(text);
    this.name = 'Refusal';
    this.output = text;
    if (typeof output !== 'string') {
      this.code = output.code;
      this.params = output.params;
    }
  }

  /** The envelope fields of the refusal's message. */
  get envelope(): { output: string; code?: string; params?: MessageParams } {
    return messageFields(this);
  }
}

/** A flag-0 answer with another HTTP status (401, 404, 409, 413, 415, 422, 429). */
export class HttpRefusal extends Error {
  readonly statusCode: number;
  readonly output: string;
  /** Sent as Retry-After (a 429): the seconds after which trying again may succeed. */
  readonly retryAfterSeconds: number | undefined;
  constructor(statusCode: number, output: string, options: { retryAfterSeconds?: number } = {}) {
    super(output);
    this.name = 'HttpRefusal';
    this.statusCode = statusCode;
    this.output = output;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
