import { vitestConfig } from '../../vitest.base.ts';

export default vitestConfig('i18n');
