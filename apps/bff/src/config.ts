import { MAX_ITEMS_PER_PAGE } from '@branch-assets/legacy-contract';
import { booleanText, logLevel, readEnvironment, wholeNumber } from '@branch-assets/service';
import { z } from 'zod';

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** Every setting of the gateway, read once from the environment at start. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: wholeNumber.pipe(z.number().max(65535)).default(3000),
  /** The legacy server: our legacy-api, or the company's own. */
  LEGACY_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3100'),
  /** 1: token in the Authorization header; 2: token in the body, form-encoded when the body is flat. */
  LEGACY_API_VERSION: z.enum(['1', '2']).default('1').transform(Number),
  LEGACY_CONNECTIONS: wholeNumber.pipe(z.number().min(1).max(1024)).default(64),
  LEGACY_CONNECT_TIMEOUT_MS: wholeNumber.pipe(z.number().min(100)).default(3000),
  LEGACY_HEADERS_TIMEOUT_MS: wholeNumber.pipe(z.number().min(100)).default(15000),
  LEGACY_BODY_TIMEOUT_MS: wholeNumber.pipe(z.number().min(100)).default(15000),
  /** The whole of one upstream call, retries included. */
  LEGACY_DEADLINE_MS: wholeNumber.pipe(z.number().min(100)).default(20000),
  /**
   * An upload call (a bulk upload's check or commit of 10,000 rows, a gallery image), which works
   * through the whole file before it answers: its headers timeout and deadline.
   */
  LEGACY_UPLOAD_DEADLINE_MS: wholeNumber.pipe(z.number().min(100)).default(300000),
  /**
   * A long report call (the finance report, the branch asset report, the fixed asset register, which
   * work through a company's records before answering): its headers timeout and deadline.
   */
  LEGACY_REPORT_DEADLINE_MS: wholeNumber.pipe(z.number().min(100)).default(120000),
  /** Extra attempts for read-only calls that failed to connect or got 502/503/504. */
  LEGACY_READ_RETRIES: wholeNumber.pipe(z.number().max(5)).default(2),
  /**
   * Keys that encrypt the session cookie, comma-separated, each at least 32 characters. The first
   * encrypts; all decrypt, so a key can be rotated by putting the new one first. Required in
   * production; elsewhere a random key is made at start (sessions then end when the gateway restarts).
   */
  SESSION_SECRET: list
    .pipe(z.array(z.string().min(32, 'each key must be at least 32 characters')).min(1))
    .optional(),
  SESSION_IDLE_MINUTES: wholeNumber
    .pipe(
      z
        .number()
        .min(1)
        .max(24 * 60),
    )
    .default(60),
  SESSION_ABSOLUTE_HOURS: wholeNumber
    .pipe(
      z
        .number()
        .min(1)
        .max(24 * 30),
    )
    .default(12),
  /**
   * Where staff open the app (https://assets.example.in), for the QR codes printed on asset labels;
   * the address each request came to when not set.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Other origins allowed to call with credentials (the app itself is same-origin). */
  ALLOWED_ORIGINS: list.pipe(z.array(z.url())).default([]),
  /** Behind a load balancer: trust its X-Forwarded-* headers (for https detection and client addresses). */
  TRUST_PROXY: booleanText.default(false),
  /** GraphQL introspection; off in production unless set. */
  GRAPHQL_INTROSPECTION: booleanText.optional(),
  BODY_LIMIT_BYTES: wholeNumber
    .pipe(
      z
        .number()
        .min(1024)
        .max(10 * 1024 * 1024),
    )
    .default(256 * 1024),
  /**
   * Login attempts from one client address per minute in this process, whatever their outcome: a
   * flood guard only. Failed logins are counted and locked out by the legacy server, per account
   * and per address, shared by every gateway replica.
   */
  LOGIN_ATTEMPTS_PER_MINUTE: wholeNumber.pipe(z.number().min(1)).default(120),
  EXPORT_CONCURRENCY: wholeNumber.pipe(z.number().min(1).max(64)).default(4),
  /**
   * Rows an export asks of the legacy server per call: the contract's largest page by default,
   * because each call costs the server a session check and its queries whatever its size (5,000
   * rows: 20 calls for 100,000 orders instead of 100). Each page is converted to the workbook's
   * bytes as it arrives, so a larger page costs little memory.
   */
  EXPORT_PAGE_SIZE: wholeNumber
    .pipe(z.number().min(1).max(MAX_ITEMS_PER_PAGE))
    .default(MAX_ITEMS_PER_PAGE),
  /** The built web app to serve; not served when the directory does not exist. */
  WEB_DIST: z.string().default('../web/dist'),
  LOG_LEVEL: logLevel,
});

export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = readEnvironment(ConfigSchema, env);
  if (config.NODE_ENV === 'production' && !config.SESSION_SECRET) {
    throw new Error(
      'Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)',
    );
  }
  return config;
}
