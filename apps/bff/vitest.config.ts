import { vitestConfig } from '../../vitest.base.ts';

export default vitestConfig('bff', {
  testTimeout: 30_000,
  // The gateway's suites run against a real legacy-api, on the same seeded template its own suites use.
  globalSetup: ['../legacy-api/src/test/global-setup.ts'],
});
