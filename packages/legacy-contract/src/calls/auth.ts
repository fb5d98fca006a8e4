import { z } from 'zod';
import { IsoDateTime, text } from '../primitives.ts';
import { User } from './shared.ts';

export const LoginRequest = z.object({
  UserName: text(64, { required: true }),
  Password: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .min(1, 'is required')
    .max(128, 'must be at most 128 characters'),
});

export const LoginRecords = z.object({
  Token: z.string(),
  ExpiresAt: IsoDateTime,
  User,
});
export type LoginRecords = z.output<typeof LoginRecords>;

/** Password rule for new passwords: long enough, with a letter and a digit. */
export const NewPassword = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/\d/, 'must contain a digit');

export const ChangePasswordRequest = z.object({
  CurrentPassword: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .min(1, 'is required')
    .max(128, 'must be at most 128 characters'),
  NewPassword,
});

export const EmptyRequest = z.object({});
