import { vitestConfig } from '../../vitest.base.ts';

export default vitestConfig('service');
