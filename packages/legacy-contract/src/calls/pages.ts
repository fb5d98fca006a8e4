import { z } from 'zod';
import { UserInterface } from '../primitives.ts';

export const VersionInfoRequest = z.object({ UserInterface });
export const VersionInfoRecords = z.object({
  Version: z.string(),
  BuildDate: z.string(),
  Environment: z.string(),
  TestMode: z.boolean(),
});
export type VersionInfo = z.output<typeof VersionInfoRecords>;
