/** A flag-0 answer with HTTP 200: the action was refused, `output` says why and is safe to show. */
export class Refusal extends Error {
  readonly output: string;
  constructor(output: string) {
    super(output);
    this.name = 'Refusal';
    this.output = output;
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
