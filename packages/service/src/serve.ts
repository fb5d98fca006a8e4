/** What serving needs of a Fastify instance. */
export interface Service {
  log: {
    info: (details: object, message: string) => void;
    error: (details: unknown, message?: string) => void;
  };
  listen: (address: { host: string; port: number }) => Promise<unknown>;
  close: () => Promise<unknown>;
}

/** The part of `process` that stopping uses (a test gives its own). */
export interface Host {
  once: (signal: 'SIGTERM' | 'SIGINT', listener: () => void) => unknown;
  exit: (code: number) => void;
}

/** How long in-flight requests may take to finish before the process ends anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The configuration, or the end of the process with its problems: a configuration mistake is the
 * operator's to fix, so they are told what, without a stack trace.
 */
export function configOrExit<Config>(load: () => Config, host: Host = process): Config {
  try {
    return load();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    host.exit(1);
    throw error;
  }
}

/**
 * Listens; on SIGTERM or SIGINT stops cleanly: in-flight requests finish and the onClose hooks run
 * (the database pool closes), then the process exits 0; after the grace period, or if closing
 * fails, it exits 1.
 */
export async function serveUntilStopped(
  app: Service,
  address: { host: string; port: number },
  host: Host = process,
): Promise<void> {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    host.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const forceExit = setTimeout(() => {
        app.log.error('shutdown took too long; exiting');
        host.exit(1);
      }, SHUTDOWN_GRACE_MS);
      forceExit.unref();
      app.close().then(
        () => {
          clearTimeout(forceExit);
          host.exit(0);
        },
        (error: unknown) => {
          clearTimeout(forceExit);
          app.log.error({ err: error }, 'shutdown failed');
          host.exit(1);
        },
      );
    });
  }
  await app.listen(address);
}
