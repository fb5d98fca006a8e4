import { z } from 'zod';

/**
 * A message's stable code and the values it names (an extension, both optional): a client shows
 * `output` as it is, or its own wording of `code` filled from `params` (translations). A server
 * that sends no code is shown as it wrote.
 */
export const MessageCode = z.string().regex(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/);
export const MessageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** `flag` 1 is success; any other value is a refusal whose `output` may be shown to the user as it is. */
export function envelopeSchema<Records extends z.ZodType>(records: Records) {
  return z.object({
    flag: z.number().int(),
    output: z.string(),
    code: MessageCode.optional(),
    params: MessageParams.optional(),
    records: z.union([records, z.null()]),
  });
}

/** The envelope of any call, records not yet checked. */
export const AnyEnvelope = envelopeSchema(z.unknown());
export type AnyEnvelope = z.output<typeof AnyEnvelope>;

export interface Envelope<Records> {
  flag: number;
  output: string;
  code?: string;
  params?: Record<string, string | number>;
  records: Records | null;
}

/** The messages fixed by the contract. */
export const SESSION_EXPIRED_OUTPUT = 'Session expired. Please log in again.';
export const INTERNAL_ERROR_OUTPUT = 'Something went wrong on the server. Please try again.';
