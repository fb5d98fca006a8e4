import { z } from 'zod';

/** `flag` 1 is success; any other value is a refusal whose `output` may be shown to the user as it is. */
export function envelopeSchema<Records extends z.ZodType>(records: Records) {
  return z.object({
    flag: z.number().int(),
    output: z.string(),
    records: z.union([records, z.null()]),
  });
}

/** The envelope of any call, records not yet checked. */
export const AnyEnvelope = envelopeSchema(z.unknown());
export type AnyEnvelope = z.output<typeof AnyEnvelope>;

export interface Envelope<Records> {
  flag: number;
  output: string;
  records: Records | null;
}

/** The messages fixed by the contract. */
export const SESSION_EXPIRED_OUTPUT = 'Session expired. Please log in again.';
export const INTERNAL_ERROR_OUTPUT = 'Something went wrong on the server. Please try again.';
