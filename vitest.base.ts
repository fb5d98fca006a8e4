import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * One vitest configuration for every workspace. When TEST_REPORT_DIR is set (by .ci/run), each
 * suite also writes a JSON report there, so CI can total passed and failed tests over all suites.
 */
export function vitestConfig(
  suiteName: string,
  options: {
    testTimeout?: number;
    globalSetup?: string[];
    alias?: Record<string, string>;
    /** 'jsdom' for the web app's component tests; node otherwise. */
    environment?: 'node' | 'jsdom';
    setupFiles?: string[];
    include?: string[];
  } = {},
) {
  const reportDir = process.env.TEST_REPORT_DIR;
  return defineConfig({
    ...(options.alias ? { resolve: { alias: options.alias } } : {}),
    test: {
      include: options.include ?? ['src/**/*.test.ts'],
      environment: options.environment ?? 'node',
      setupFiles: options.setupFiles ?? [],
      // The files of a worker share its process: each file still makes its own database, server
      // and rendered tree, but imports the product and (legacy-api) compiles PGlite once per worker
      // instead of once per file. That halves the processor time of the legacy-api, gateway and
      // web suites (436 → 254, 228 → 134, 92 → 22 s measured alone), on a 2-core machine where
      // every suite and the browser tests share the cores. What a file leaves in shared state it
      // must undo (the web suite's setup file clears the document's).
      isolate: false,
      testTimeout: options.testTimeout ?? 10_000,
      hookTimeout: 60_000,
      globalSetup: options.globalSetup ?? [],
      reporters: reportDir ? ['default', 'json'] : ['default'],
      ...(reportDir ? { outputFile: { json: join(reportDir, `vitest-${suiteName}.json`) } } : {}),
    },
  });
}
