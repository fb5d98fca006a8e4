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
      testTimeout: options.testTimeout ?? 10_000,
      hookTimeout: 60_000,
      globalSetup: options.globalSetup ?? [],
      reporters: reportDir ? ['default', 'json'] : ['default'],
      ...(reportDir ? { outputFile: { json: join(reportDir, `vitest-${suiteName}.json`) } } : {}),
    },
  });
}
