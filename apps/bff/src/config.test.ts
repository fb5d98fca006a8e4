import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a local start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      LEGACY_API_URL: 'http://127.0.0.1:3100',
      LEGACY_API_VERSION: 1,
      SESSION_IDLE_MINUTES: 60,
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
    });
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('reads lists of keys and origins', () => {
    const config = loadConfig({
      SESSION_SECRET: `${'a'.repeat(32)}, ${'b'.repeat(40)}`,
      ALLOWED_ORIGINS: 'https://tools.example.in',
      LEGACY_API_VERSION: '2',
    });
    expect(config.SESSION_SECRET).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
    expect(config.ALLOWED_ORIGINS).toEqual(['https://tools.example.in']);
    expect(config.LEGACY_API_VERSION).toBe(2);
  });

  it('refuses short keys, bad numbers and a production start without a key, naming the setting', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET.*at least 32 characters/s,
    );
    expect(() => loadConfig({ PORT: '0x10' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ LEGACY_API_URL: 'ftp://legacy' })).toThrow(/LEGACY_API_URL/);
    expect(() => loadConfig({ LEGACY_API_VERSION: '3' })).toThrow(/LEGACY_API_VERSION/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: required in production/,
    );
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: ' ', SESSION_SECRET: '' }).PORT).toBe(3000);
  });
});
