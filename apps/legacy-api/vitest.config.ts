import { vitestConfig } from '../../vitest.base.ts';

export default vitestConfig('legacy-api', {
  testTimeout: 30_000,
  globalSetup: ['src/test/global-setup.ts'],
});
