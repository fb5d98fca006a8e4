import { booleanText, logLevel, readEnvironment, wholeNumber } from '@branch-assets/service';
import { z } from 'zod';

/** SEED_SCALE's ceiling: ten times a large company (300,000 orders). */
export const SEED_SCALE_MAX = 3_000_000;

/** Every setting of legacy-api, read once from the environment at start. */
export const ConfigSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    PORT: wholeNumber.pipe(z.number().max(65535)).default(3100),
    /** PGlite's directory when DATABASE_URL is not set. */
    DATA_DIR: z.string().default('./data'),
    /** A PostgreSQL connection string; when set, PGlite is not used. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: wholeNumber.pipe(z.number().min(1).max(100)).default(10),
    /** `demo` seeds the demo company into an empty database; `none` seeds only an administrator. */
    SEED: z.enum(['demo', 'none']).default('demo'),
    /** Purchase orders added to the demo history when `SEED=demo` seeds an empty database. */
    SEED_SCALE: z
      .string()
      .regex(/^\d{1,8}$/, 'must be a whole number of purchase orders (0 or more)')
      .transform(Number)
      .pipe(z.number().max(SEED_SCALE_MAX, `must be at most ${SEED_SCALE_MAX}`))
      .default(0),
    /** The administrator's password for `SEED=none` (required then, at least 12 characters). */
    ADMIN_PASSWORD: z.string().min(12).optional(),
    TOKEN_IDLE_MINUTES: wholeNumber
      .pipe(
        z
          .number()
          .min(1)
          .max(24 * 60),
      )
      .default(120),
    TOKEN_ABSOLUTE_HOURS: wholeNumber
      .pipe(
        z
          .number()
          .min(1)
          .max(24 * 30),
      )
      .default(12),
    BODY_LIMIT_BYTES: wholeNumber
      .pipe(
        z
          .number()
          .min(1024)
          .max(50 * 1024 * 1024),
      )
      .default(1024 * 1024),
    /** Failed password checks of one account name within LOGIN_LOCK_MINUTES that lock it for as long. */
    LOGIN_FAILURES_PER_ACCOUNT: wholeNumber.pipe(z.number().min(1).max(1000)).default(5),
    /** Failed password checks from one client address within LOGIN_LOCK_MINUTES that lock it: high enough for an office behind one address. */
    LOGIN_FAILURES_PER_ADDRESS: wholeNumber.pipe(z.number().min(1).max(100_000)).default(50),
    LOGIN_LOCK_MINUTES: wholeNumber
      .pipe(
        z
          .number()
          .min(1)
          .max(24 * 60),
      )
      .default(15),
    /**
     * Which peers may say who the client is (X-Forwarded-For): Fastify's trustProxy as text —
     * true, false, or addresses, CIDRs and the names loopback, linklocal, uniquelocal.
     * The gateway sends the client's address; only peers trusted here are believed.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .min(1)
      .default('loopback')
      .transform((value): boolean | string =>
        value === 'true' ? true : value === 'false' ? false : value,
      ),
    /**
     * Worker threads that decode uploaded images and parse uploaded spreadsheets, off the event
     * loop. 2 suits a 2-core machine: the workers run at a lower priority, so the event loop still
     * gets a core when it needs one, and two large uploads proceed at once.
     */
    UPLOAD_WORKERS: wholeNumber.pipe(z.number().min(1).max(32)).default(2),
    /** Uploads that may wait for a worker; one more is answered 429 (busy, try again). */
    UPLOAD_QUEUE_LIMIT: wholeNumber.pipe(z.number().min(0).max(1000)).default(8),
    /**
     * Minutes between runs of the preventive scheduler (it also runs at start); 0 switches it off
     * in this instance. Several instances may run it: each job is created once (scheduler.ts).
     */
    SCHEDULER_MINUTES: wholeNumber
      .pipe(
        z
          .number()
          .min(0)
          .max(24 * 60),
      )
      .default(60),
    LOG_LEVEL: logLevel,
    /** Shown by `pages/version-info`. */
    APP_ENVIRONMENT: z.string().min(1).max(40).default('development'),
    TEST_MODE: booleanText.default(false),
    BUILD_DATE: z.string().max(40).default(new Date().toISOString().slice(0, 10)),
  })
  .refine((config) => config.SEED !== 'none' || config.ADMIN_PASSWORD !== undefined, {
    message: 'ADMIN_PASSWORD (at least 12 characters) is required when SEED=none',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((config) => config.SEED === 'demo' || config.SEED_SCALE === 0, {
    message: 'adds purchase orders to the demo: it needs SEED=demo',
    path: ['SEED_SCALE'],
  });

export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return readEnvironment(ConfigSchema, env);
}
