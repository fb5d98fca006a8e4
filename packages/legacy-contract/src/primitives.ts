import { GSTIN_FORMAT, PAN_FORMAT, PHONE_FORMAT } from '@branch-assets/domain';
import { z } from 'zod';

/*
 * Field types shared by the calls. Requests may arrive form-encoded (API version 2), where every
 * value is a string, so numbers, flags and booleans also accept their text form. Messages are
 * written to follow the field name: "Branch is required", "Reason must be at most 500 characters".
 */

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

const POSITIVE_WHOLE = 'must be a positive whole number';
const MAX_ID = 2_147_483_647;

/** A database id: a positive whole number, or its decimal text. */
export const Id = z
  .union(
    [
      z.number().int(POSITIVE_WHOLE).positive(POSITIVE_WHOLE).max(MAX_ID, POSITIVE_WHOLE),
      z
        .string()
        .min(1, 'is required')
        .regex(/^[1-9]\d{0,9}$/, POSITIVE_WHOLE),
    ],
    { error: (issue) => (isMissing(issue.input) ? 'is required' : POSITIVE_WHOLE) },
  )
  .transform(Number)
  .refine((value) => value <= MAX_ID, POSITIVE_WHOLE);

/** An id that may be left out: null or '' (a form-encoded empty field) mean none too. */
export const OptionalId = z.preprocess(
  (input) => (input === null || input === '' ? undefined : input),
  Id.optional(),
);

/**
 * Whether a request field names a record of another resource: the schema is `Id`, optional or
 * not (`State`, `Company`, `Custodian`). Both servers map such a field by it (stateId in GraphQL,
 * state_id in the database).
 */
export function isReferenceField(schema: z.ZodType): boolean {
  return (
    schema === Id ||
    schema === OptionalId ||
    (schema instanceof z.ZodOptional && schema.unwrap() === Id)
  );
}

/** A yes/no decision sent as 1 or 0 (or '1' / '0'). */
export const Decision = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be 1 or 0'),
  })
  .transform((value) => (Number(value) === 1 ? 1 : 0) as 0 | 1);

/** A boolean, also as 'true'/'false'/'1'/'0'. */
export const Boolish = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], {
    error: 'must be true or false',
  })
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1');

const SMALL_WHOLE = 'must be a small whole number';

/** The legacy client's interface number (1 or 2); accepted and ignored. */
export const UserInterface = z
  .union(
    [
      z.number().int(SMALL_WHOLE).min(0, SMALL_WHOLE).max(99, SMALL_WHOLE),
      z.string().regex(/^\d{1,2}$/, SMALL_WHOLE),
    ],
    { error: SMALL_WHOLE },
  )
  .transform(Number)
  .optional();

/**
 * Characters no field may hold: U+0000, which PostgreSQL refuses in text, and what the XML of a
 * workbook cannot hold (the other C0 controls but tab, line feed and carriage return; U+FFFE,
 * U+FFFF; halves of a surrogate pair alone).
 */
const UNSTORABLE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching these control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT_RULE = 'must not contain control characters';

/** Whether text holds a character no field may hold (UNSTORABLE_TEXT). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

/**
 * The first field of a request (dotted path, `Filters.Name`, `Rows.0.Name`) whose text holds a
 * character no field may hold, or null. Every call's body is checked with it at the edge, before
 * its schema, so that no such text reaches the database whatever the field's schema says.
 */
export function unstorableTextField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'The request';
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = unstorableTextField(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** Free text with a length cap; `required` trims and refuses an empty value. */
export function text(max: number, options: { required: boolean }) {
  const base = z
    .string({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be text') })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT_RULE);
  return options.required ? base.min(1, 'is required') : base;
}

/** A module or action code such as `purchase_order` or `list`. */
/**
 * An identifier such as a GSTIN, PAN or IFSC: upper-cased without spaces, then matched against its
 * format; empty passes unless it is required.
 */
export function upperCode(max: number, pattern: RegExp, rule: string, required: boolean) {
  return text(max, { required })
    .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
    .refine((value) => value === '' || pattern.test(value), rule);
}

/** A GSTIN, upper-cased; empty passes unless it is required. The check character is the server's. */
export function gstin(required: boolean) {
  return upperCode(15, GSTIN_FORMAT, 'must be a GSTIN like 33AAPFU0939F1Z5', required);
}

/** A required PAN, upper-cased. */
export const Pan = upperCode(10, PAN_FORMAT, 'must be a PAN like AAPFU0939F', true);

/** A phone number of 8 to 15 digits; empty passes unless it is required. */
export function phone(required: boolean) {
  return text(20, { required }).refine(
    (value) => value === '' || PHONE_FORMAT.test(value),
    'must be a phone number of 8 to 15 digits',
  );
}

/** An optional e-mail address (empty passes). */
export const Email = text(150, { required: false }).refine(
  (value) => value === '' || z.email().safeParse(value).success,
  'must be an e-mail address',
);

export const Code = z
  .string({ error: (issue) => (isMissing(issue.input) ? 'is required' : 'must be text') })
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'must be a lower-case code such as purchase_order');

const AMOUNT = 'must be an amount with at most 2 decimals';

/** Money: the server sends numeric(14,2) as text ("1234.50"); numbers are accepted and normalised. */
export const Money = z
  .union([z.string().regex(/^-?\d{1,12}(\.\d{1,2})?$/, AMOUNT), z.number().finite(AMOUNT)], {
    error: AMOUNT,
  })
  .transform((value) => (typeof value === 'number' ? value.toFixed(2) : Number(value).toFixed(2)));

/** A calendar date, 'YYYY-MM-DD'. */
export const IsoDate = z.iso.date({ error: 'must be a date like 2026-04-01' });

/** A moment as an ISO 8601 timestamp with offset. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** A CSS hex colour for status chips. */
export const HexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour');

/**
 * A list or an object, also as its JSON text: form-encoded bodies (API version 2) can only send
 * text. Text that is not JSON is left for `schema` to refuse.
 */
export function jsonText<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((input) => {
    if (typeof input !== 'string') return input;
    try {
      return JSON.parse(input) as unknown;
    } catch {
      return input;
    }
  }, schema);
}
