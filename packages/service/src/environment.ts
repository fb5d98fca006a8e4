import { z } from 'zod';

/** true/false, 1/0 or yes/no. */
export const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A decimal whole number written as digits (no `0x10`, `1e3` or blanks). */
export const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);

/** pino's levels. */
export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/**
 * Reads a service's settings from the environment with their schema. An empty or blank variable
 * means "not set", as in most shells' `VAR= command`; every problem is named in one error.
 */
export function readEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv,
): z.output<Schema> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value?.trim() !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}
