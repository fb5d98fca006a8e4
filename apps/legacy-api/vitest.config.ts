import { vitestConfig } from '../../vitest.base.ts';

export default vitestConfig('legacy-api', { testTimeout: 30_000 });
