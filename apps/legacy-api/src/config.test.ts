import { describe, expect, it } from 'vitest';
import { loadConfig, SEED_SCALE_MAX } from './config.ts';

const STRONG = 'a-strong-admin-pass';

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({});
    const { BUILD_DATE, ...rest } = config;
    expect(rest).toEqual({
      HOST: '127.0.0.1',
      PORT: 3100,
      DATA_DIR: './data',
      DATABASE_POOL_SIZE: 10,
      SEED: 'demo',
      SEED_SCALE: 0,
      TOKEN_IDLE_MINUTES: 120,
      TOKEN_ABSOLUTE_HOURS: 12,
      BODY_LIMIT_BYTES: 1024 * 1024,
      LOGIN_FAILURES_PER_ACCOUNT: 5,
      LOGIN_FAILURES_PER_ADDRESS: 50,
      LOGIN_LOCK_MINUTES: 15,
      TRUST_PROXY: 'loopback',
      UPLOAD_WORKERS: 2,
      UPLOAD_QUEUE_LIMIT: 8,
      SCHEDULER_MINUTES: 60,
      LOG_LEVEL: 'info',
      APP_ENVIRONMENT: 'development',
      TEST_MODE: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(BUILD_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads and converts every setting', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      DATA_DIR: '/var/lib/assets',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/assets',
      DATABASE_POOL_SIZE: '25',
      SEED: 'none',
      SEED_SCALE: '0',
      ADMIN_PASSWORD: STRONG,
      TOKEN_IDLE_MINUTES: '30',
      TOKEN_ABSOLUTE_HOURS: '8',
      BODY_LIMIT_BYTES: '2048',
      UPLOAD_WORKERS: '4',
      UPLOAD_QUEUE_LIMIT: '0',
      SCHEDULER_MINUTES: '0',
      LOG_LEVEL: 'warn',
      APP_ENVIRONMENT: 'production',
      TEST_MODE: 'yes',
      BUILD_DATE: '2026-11-01',
    });
    expect(config).toEqual({
      HOST: '0.0.0.0',
      PORT: 8080,
      DATA_DIR: '/var/lib/assets',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/assets',
      DATABASE_POOL_SIZE: 25,
      SEED: 'none',
      SEED_SCALE: 0,
      ADMIN_PASSWORD: STRONG,
      TOKEN_IDLE_MINUTES: 30,
      TOKEN_ABSOLUTE_HOURS: 8,
      BODY_LIMIT_BYTES: 2048,
      LOGIN_FAILURES_PER_ACCOUNT: 5,
      LOGIN_FAILURES_PER_ADDRESS: 50,
      LOGIN_LOCK_MINUTES: 15,
      TRUST_PROXY: 'loopback',
      UPLOAD_WORKERS: 4,
      UPLOAD_QUEUE_LIMIT: 0,
      SCHEDULER_MINUTES: 0,
      LOG_LEVEL: 'warn',
      APP_ENVIRONMENT: 'production',
      TEST_MODE: true,
      BUILD_DATE: '2026-11-01',
    });
  });

  it('ignores variables that are not settings', () => {
    const config = loadConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'test', PORT: '4000' });
    expect(config.PORT).toBe(4000);
    expect(Object.keys(config)).not.toContain('PATH');
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      HOST: '',
      PORT: '',
      DATABASE_URL: '',
      SEED: '',
      ADMIN_PASSWORD: '',
      TOKEN_IDLE_MINUTES: '',
      LOG_LEVEL: '',
      TEST_MODE: '',
      APP_ENVIRONMENT: '',
    });
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3100,
      SEED: 'demo',
      TOKEN_IDLE_MINUTES: 120,
      LOG_LEVEL: 'info',
      TEST_MODE: false,
      APP_ENVIRONMENT: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads TEST_MODE=%s as %s', (value, expected) => {
    expect(loadConfig({ TEST_MODE: value }).TEST_MODE).toBe(expected);
  });

  describe('SEED=none', () => {
    it('requires ADMIN_PASSWORD, and says so', () => {
      expect(() => loadConfig({ SEED: 'none' })).toThrow(/ADMIN_PASSWORD/);
      expect(() => loadConfig({ SEED: 'none' })).toThrow(
        'Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_PASSWORD (at least 12 characters) is required when SEED=none',
      );
    });

    it('treats an empty ADMIN_PASSWORD as missing', () => {
      expect(() => loadConfig({ SEED: 'none', ADMIN_PASSWORD: '' })).toThrow(/ADMIN_PASSWORD/);
    });

    it('refuses an ADMIN_PASSWORD under 12 characters', () => {
      expect(() => loadConfig({ SEED: 'none', ADMIN_PASSWORD: 'elevenchars' })).toThrow(
        /^Invalid configuration:\n {2}ADMIN_PASSWORD: /,
      );
    });

    it('accepts an ADMIN_PASSWORD of 12 characters', () => {
      const config = loadConfig({ SEED: 'none', ADMIN_PASSWORD: 'twelve-chars' });
      expect(config.SEED).toBe('none');
      expect(config.ADMIN_PASSWORD).toBe('twelve-chars');
    });
  });

  it.each(['abc', '70000', '65536', '-1', '80.5', '3100abc'])(
    'refuses PORT=%s, naming PORT',
    (port) => {
      expect(() => loadConfig({ PORT: port })).toThrow(/^Invalid configuration:\n {2}PORT: /);
    },
  );

  // BUG (config.ts, PORT): z.coerce.number() turns a whitespace-only value into 0, so `PORT=" "`
  // silently starts the server on a random port (empty strings are treated as unset, blank ones
  // are not). Fix: trim values in loadConfig before dropping empty ones
  // (`value.trim() !== ''`), or refuse non-digit text with a regex before coercing.
  it('does not read a blank PORT as port 0', () => {
    let port: number | 'refused';
    try {
      port = loadConfig({ PORT: ' ' }).PORT;
    } catch {
      port = 'refused';
    }
    expect([3100, 'refused']).toContain(port);
  });

  it.each(['0', '65535', '3100'])('accepts PORT=%s', (port) => {
    expect(loadConfig({ PORT: port }).PORT).toBe(Number(port));
  });

  describe('SEED_SCALE', () => {
    it.each([
      ['0', 0],
      ['600', 600],
      ['300000', 300_000],
      [String(SEED_SCALE_MAX), SEED_SCALE_MAX],
      ['', 0],
      [' ', 0],
    ])('reads SEED_SCALE=%s as %s', (value, expected) => {
      expect(loadConfig({ SEED_SCALE: value }).SEED_SCALE).toBe(expected);
    });

    it.each(['-1', '1.5', '1e5', '300,000', 'many', '0x10'])(
      'refuses SEED_SCALE=%s: a whole number of orders',
      (value) => {
        expect(() => loadConfig({ SEED_SCALE: value })).toThrow(
          'Invalid configuration:\n  SEED_SCALE: must be a whole number of purchase orders (0 or more)',
        );
      },
    );

    it('refuses more than SEED_SCALE_MAX', () => {
      expect(() => loadConfig({ SEED_SCALE: String(SEED_SCALE_MAX + 1) })).toThrow(
        `Invalid configuration:\n  SEED_SCALE: must be at most ${SEED_SCALE_MAX}`,
      );
    });

    it('adds to the demo only: refused with SEED=none', () => {
      expect(() =>
        loadConfig({ SEED: 'none', ADMIN_PASSWORD: STRONG, SEED_SCALE: '1000' }),
      ).toThrow(
        'Invalid configuration:\n  SEED_SCALE: adds purchase orders to the demo: it needs SEED=demo',
      );
      expect(loadConfig({ SEED: 'none', ADMIN_PASSWORD: STRONG, SEED_SCALE: '0' }).SEED_SCALE).toBe(
        0,
      );
    });
  });

  it.each([
    'postgres://app:secret@localhost:5432/assets',
    'postgresql://app@localhost/assets',
    'postgres://localhost',
  ])('accepts DATABASE_URL=%s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    'mysql://app@localhost/assets',
    'http://localhost:5432/assets',
    'postgresx://localhost/assets',
    'localhost:5432/assets',
    'not a url',
  ])('refuses DATABASE_URL=%s, naming DATABASE_URL', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      /^Invalid configuration:\n {2}DATABASE_URL: /,
    );
  });

  it.each([
    ['SEED', 'full'],
    ['LOG_LEVEL', 'verbose'],
    ['TEST_MODE', 'maybe'],
    ['TOKEN_IDLE_MINUTES', '0'],
    ['TOKEN_IDLE_MINUTES', String(24 * 60 + 1)],
    ['TOKEN_ABSOLUTE_HOURS', '0'],
    ['TOKEN_ABSOLUTE_HOURS', String(24 * 30 + 1)],
    ['BODY_LIMIT_BYTES', '1023'],
    ['BODY_LIMIT_BYTES', String(50 * 1024 * 1024 + 1)],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '101'],
    ['UPLOAD_WORKERS', '0'],
    ['UPLOAD_WORKERS', '33'],
    ['UPLOAD_QUEUE_LIMIT', '-1'],
    ['UPLOAD_QUEUE_LIMIT', '1001'],
    ['APP_ENVIRONMENT', 'x'.repeat(41)],
    ['BUILD_DATE', 'x'.repeat(41)],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n {2}${name}: `),
    );
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', SEED: 'full', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(
      lines
        .slice(1)
        .map((line) => line.trim().split(':')[0])
        .sort(),
    ).toEqual(['DATABASE_URL', 'PORT', 'SEED']);
  });
});
