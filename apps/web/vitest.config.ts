import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.base.ts';

// Component tests in jsdom; the browser tests (e2e/) drive real Chromium and run separately.
export default mergeConfig(
  vitestConfig('web', {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  }),
  { plugins: [react()] },
);
