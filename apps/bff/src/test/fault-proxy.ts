import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the proxy does to a request instead of forwarding it:
 * - `drop`: reads the request, then closes the connection without a byte of answer;
 * - `lose-answer`: forwards the request (so the server does the work), throws the answer away and
 *   closes the connection: the caller cannot tell whether anything happened;
 * - `reset-mid-body`: answers 200 with a Content-Length, sends half of the body, then resets the
 *   connection (TCP RST);
 * - `hang`: never answers (the connection stays open);
 * - `slow-body`: answers 200 with its headers and a first chunk, then one more byte every
 *   `intervalMs`, never finishing;
 * - `oversized-body`: answers 200 without a Content-Length: `head`, then `fillerBytes` bytes of
 *   `x`, then `tail`, as fast as the reader takes them;
 * - `respond`: a canned answer (any status, any body).
 */
export type Fault =
  | { kind: 'drop' }
  | { kind: 'lose-answer' }
  | { kind: 'reset-mid-body' }
  | { kind: 'hang' }
  /** Forwarded, and the server's answer held back this long before it is passed on. */
  | { kind: 'slow-answer'; delayMs: number }
  | { kind: 'slow-body'; intervalMs: number }
  | { kind: 'oversized-body'; head: string; fillerBytes: number; tail: string }
  | { kind: 'respond'; status: number; body: string; contentType?: string };

export interface ArmOptions {
  /** How many matching requests get the fault; the default is every one until `disarm()`. */
  times?: number;
  /** Only requests whose path (query included) contains this text. */
  match?: string;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The fault it got, or null when it was forwarded. */
  fault: Fault['kind'] | null;
}

interface Armed {
  fault: Fault;
  remaining: number;
  match: string | undefined;
}

/** A canned JSON answer. */
export function respondJson(status: number, value: unknown): Fault {
  return { kind: 'respond', status, body: JSON.stringify(value), contentType: 'application/json' };
}

/** A canned answer that is not JSON (an HTML error page, a truncated document). */
export function respondText(status: number, body: string, contentType = 'text/html'): Fault {
  return { kind: 'respond', status, body, contentType };
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

/**
 * A small HTTP proxy in front of a real server (legacy-api, in the gateway's tests). It forwards
 * every request as it is, records what it saw, and answers with a fault instead when armed with
 * one. `stop()` makes its port refuse connections until `resume()`.
 */
export class FaultProxy {
  readonly #target: URL;
  readonly #server: Server;
  readonly #agent = new Agent({ keepAlive: true });
  readonly #sockets = new Set<Socket>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #armed: Armed[] = [];
  #port = 0;
  /** Every request that reached the proxy, in order. */
  readonly requests: SeenRequest[] = [];

  private constructor(target: string) {
    this.#target = new URL(target);
    this.#server = createServer((request, response) => this.#handle(request, response));
    this.#server.keepAliveTimeout = 30_000;
    this.#server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  /** A proxy listening on an ephemeral port of 127.0.0.1, forwarding to `target`. */
  static async start(target: string): Promise<FaultProxy> {
    const proxy = new FaultProxy(target);
    await proxy.#listen(0);
    proxy.#port = (proxy.#server.address() as AddressInfo).port;
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get port(): number {
    return this.#port;
  }

  /** The next matching request(s) get `fault` instead of being forwarded. */
  arm(fault: Fault, options: ArmOptions = {}): void {
    this.#armed.push({
      fault,
      remaining: options.times ?? Number.POSITIVE_INFINITY,
      match: options.match,
    });
  }

  /** Forward everything again. */
  disarm(): void {
    this.#armed = [];
  }

  /** Disarms and forgets the requests seen so far. */
  reset(): void {
    this.disarm();
    this.requests.length = 0;
  }

  /** The requests seen whose path contains `match`. */
  seen(match: string): SeenRequest[] {
    return this.requests.filter((request) => request.path.includes(match));
  }

  /** Stops listening and drops every open connection: the port now refuses connections. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#dropConnections();
    await closed;
  }

  /** Listens again, on the same port. */
  async resume(): Promise<void> {
    await this.#listen(this.#port);
  }

  async close(): Promise<void> {
    if (this.#server.listening) await this.stop();
    else this.#dropConnections();
    this.#agent.destroy();
  }

  #listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen({ host: '127.0.0.1', port }, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
  }

  #dropConnections(): void {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers.clear();
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  #take(path: string): Fault | null {
    const index = this.#armed.findIndex((armed) => !armed.match || path.includes(armed.match));
    const armed = this.#armed[index];
    if (!armed) return null;
    armed.remaining -= 1;
    if (armed.remaining <= 0) this.#armed.splice(index, 1);
    return armed.fault;
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    const fault = this.#take(path);
    this.requests.push({
      method: request.method ?? 'GET',
      path,
      headers: request.headers,
      fault: fault?.kind ?? null,
    });
    if (!fault || fault.kind === 'lose-answer' || fault.kind === 'slow-answer') {
      this.#forward(request, response, path, fault);
      return;
    }
    // The request is read in full first, as a server would, so that the fault hits the answer.
    request.resume();
    request.once('end', () => this.#inject(fault, request, response));
  }

  #forward(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    fault: Extract<Fault, { kind: 'lose-answer' | 'slow-answer' }> | null,
  ): void {
    const upstream = httpRequest(
      {
        protocol: this.#target.protocol,
        hostname: this.#target.hostname,
        port: this.#target.port,
        method: request.method,
        path,
        headers: { ...endToEnd(request.headers), host: this.#target.host },
        agent: this.#agent,
      },
      (answer) => {
        if (fault?.kind === 'lose-answer') {
          answer.resume();
          answer.once('end', () => request.socket.destroy());
          return;
        }
        const pass = () => {
          response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(response);
          answer.once('error', () => response.destroy());
        };
        if (fault?.kind !== 'slow-answer') return pass();
        const timer = setTimeout(() => {
          this.#timers.delete(timer);
          pass();
        }, fault.delayMs);
        this.#timers.add(timer);
      },
    );
    upstream.once('error', () => response.destroy());
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  }

  #inject(
    fault: Exclude<Fault, { kind: 'lose-answer' | 'slow-answer' }>,
    request: IncomingMessage,
    response: ServerResponse,
  ): void {
    const socket = request.socket;
    switch (fault.kind) {
      case 'drop':
        socket.destroy();
        return;
      case 'hang':
        return;
      case 'reset-mid-body': {
        const body = JSON.stringify({
          flag: 1,
          output: 'ok',
          records: { filler: 'x'.repeat(4000) },
        });
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        });
        response.write(body.slice(0, body.length / 2), () => {
          const timer = setTimeout(() => {
            this.#timers.delete(timer);
            if (!socket.destroyed) socket.resetAndDestroy();
          }, 20);
          this.#timers.add(timer);
        });
        return;
      }
      case 'slow-body': {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"flag":1,"output":"');
        const timer = setInterval(() => {
          if (socket.destroyed) {
            clearInterval(timer);
            this.#timers.delete(timer);
          } else response.write('.');
        }, fault.intervalMs);
        this.#timers.add(timer);
        response.once('close', () => {
          clearInterval(timer);
          this.#timers.delete(timer);
        });
        return;
      }
      case 'oversized-body': {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(fault.head);
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let left = fault.fillerBytes;
        const pump = () => {
          while (left > 0 && !response.destroyed) {
            const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
            left -= piece.length;
            if (!response.write(piece)) {
              response.once('drain', pump);
              return;
            }
          }
          if (!response.destroyed) response.end(fault.tail);
        };
        pump();
        return;
      }
      case 'respond':
        response.writeHead(fault.status, {
          'content-type': fault.contentType ?? 'application/json',
          'content-length': String(Buffer.byteLength(fault.body)),
        });
        response.end(fault.body);
        return;
    }
  }
}
