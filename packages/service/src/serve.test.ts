import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configOrExit, type Host, SHUTDOWN_GRACE_MS, serveUntilStopped } from './serve.ts';

/** A process stand-in: signals are emitted by the test, exit codes recorded. */
function fakeHost() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const host: Host = {
    once: (signal, listener) => signals.once(signal, listener),
    exit: (code) => {
      exits.push(code);
    },
  };
  return { host, signals, exits };
}

function fakeApp(close: () => Promise<unknown>) {
  const messages: string[] = [];
  return {
    messages,
    app: {
      log: {
        info: (_details: object, message: string) => messages.push(message),
        error: (details: unknown, message?: string) => messages.push(message ?? String(details)),
      },
      listen: vi.fn(async () => undefined),
      close: vi.fn(close),
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('serveUntilStopped', () => {
  it('listens at the address, and on SIGTERM closes once and exits 0', async () => {
    const { host, signals, exits } = fakeHost();
    const { app, messages } = fakeApp(async () => undefined);
    await serveUntilStopped(app, { host: '127.0.0.1', port: 3999 }, host);
    expect(app.listen).toHaveBeenCalledWith({ host: '127.0.0.1', port: 3999 });

    signals.emit('SIGTERM');
    signals.emit('SIGINT');
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(app.close).toHaveBeenCalledTimes(1);
    expect(messages).toEqual(['shutting down']);
  });

  it('exits 1 when closing fails', async () => {
    const { host, signals, exits } = fakeHost();
    const { app, messages } = fakeApp(async () => {
      throw new Error('pool would not close');
    });
    await serveUntilStopped(app, { host: '127.0.0.1', port: 3999 }, host);
    signals.emit('SIGINT');
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(messages).toEqual(['shutting down', 'shutdown failed']);
  });

  it('exits 1 when requests do not finish within the grace period', async () => {
    vi.useFakeTimers();
    const { host, signals, exits } = fakeHost();
    const { app, messages } = fakeApp(() => new Promise(() => {}));
    await serveUntilStopped(app, { host: '127.0.0.1', port: 3999 }, host);
    signals.emit('SIGTERM');
    vi.advanceTimersByTime(SHUTDOWN_GRACE_MS - 1);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([1]);
    expect(messages).toEqual(['shutting down', 'shutdown took too long; exiting']);
  });
});

describe('configOrExit', () => {
  it('gives the configuration, or prints the problem and exits 1', () => {
    const { host, exits } = fakeHost();
    expect(configOrExit(() => ({ PORT: 1 }), host)).toEqual({ PORT: 1 });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      configOrExit(() => {
        throw new Error('Invalid configuration:\n  PORT: must be a whole number');
      }, host),
    ).toThrow();
    expect(exits).toEqual([1]);
    expect(printed).toHaveBeenCalledWith('Invalid configuration:\n  PORT: must be a whole number');
    printed.mockRestore();
  });
});
