import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanText, logLevel, readEnvironment, wholeNumber } from './environment.ts';

const Schema = z.object({
  PORT: wholeNumber.default(3000),
  TEST_MODE: booleanText.default(false),
  LOG_LEVEL: logLevel,
  NAME: z.string().optional(),
});

describe('readEnvironment', () => {
  it('reads the settings, with the defaults for what is not set', () => {
    expect(readEnvironment(Schema, { PORT: '8080', TEST_MODE: 'yes' })).toEqual({
      PORT: 8080,
      TEST_MODE: true,
      LOG_LEVEL: 'info',
    });
  });

  it('takes an empty or blank variable as not set', () => {
    expect(readEnvironment(Schema, { PORT: '', NAME: '   ', TEST_MODE: '0' })).toEqual({
      PORT: 3000,
      TEST_MODE: false,
      LOG_LEVEL: 'info',
    });
  });

  it('names every problem in one error', () => {
    expect(() => readEnvironment(Schema, { PORT: '0x10', TEST_MODE: 'maybe' })).toThrow(
      /^Invalid configuration:\n {2}PORT: must be a whole number\n {2}TEST_MODE: /,
    );
  });

  it('refuses numbers that are not plain digits and levels pino does not have', () => {
    for (const port of ['1e3', '-1', ' 80', '1234567890'])
      expect(wholeNumber.safeParse(port).success, port).toBe(false);
    expect(logLevel.safeParse('verbose').success).toBe(false);
  });
});
