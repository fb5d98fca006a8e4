import { vitestConfig } from '../../vitest.base.ts';

export default vitestConfig('bff', {
  testTimeout: 30_000,
  // The gateway's suites run against a real legacy-api, on the same seeded template its own suites use.
  globalSetup: ['../legacy-api/src/test/global-setup.ts'],
  // graphql 16 has no "exports": Node gives Apollo its CommonJS build, vitest would give our code the
  // .mjs one, and errors would then fail `instanceof` across the two copies. One copy, as in production.
  alias: { graphql: 'graphql/index.js' },
});
