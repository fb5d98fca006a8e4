import type { z } from 'zod';

/**
 * Turns a validation failure into the one-line `output` of a 422 answer, naming the field and the
 * rule: "Reason is required", "Conditions.StateId must be a positive whole number".
 */
export function describeValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.map(String).join('.');
  if (!field)
    return issue.code === 'invalid_type' ? 'The request body must be an object.' : issue.message;
  return `${field} ${issue.message}`;
}
