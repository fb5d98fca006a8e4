import { describe, expect, it } from 'vitest';
import { loggerOptions, requestIdOf } from './logging.ts';

describe('requestIdOf', () => {
  it('keeps a plain incoming id and replaces anything else', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'gw-42:a.b_c' } })).toBe('gw-42:a.b_c');
    for (const incoming of [undefined, '', 'has space', 'x'.repeat(129), ['a', 'b']]) {
      const id = requestIdOf({ headers: { 'x-request-id': incoming } });
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('loggerOptions', () => {
  it('redacts the credential headers and the given fields', () => {
    expect(loggerOptions('warn', ['body.Password'])).toEqual({
      level: 'warn',
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'body.Password'],
        censor: '[redacted]',
      },
    });
  });
});
