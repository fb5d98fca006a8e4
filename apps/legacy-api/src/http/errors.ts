/** A flag-0 answer with HTTP 200: the action was refused, `output` says why and is safe to show. */
export class Refusal extends Error {
  readonly output: string;
  constructor(output: string) {
    super(output);
    this.name = 'Refusal';
    this.output = output;
  }
}

/** A flag-0 answer with another HTTP status (401, 404, 413, 415, 422). */
export class HttpRefusal extends Error {
  readonly statusCode: number;
  readonly output: string;
  constructor(statusCode: number, output: string) {
    super(output);
    this.name = 'HttpRefusal';
    this.statusCode = statusCode;
    this.output = output;
  }
}
