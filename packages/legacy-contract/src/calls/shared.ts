import { z } from 'zod';
import { Id, text, UserInterface } from '../primitives.ts';

export const Branch = z.object({
  BranchId: z.number().int(),
  BranchCode: z.string(),
  BranchName: z.string(),
  AssetLogoPath: z.string().nullable(),
});
export type Branch = z.output<typeof Branch>;

export const Option = z.object({ value: z.union([z.string(), z.number()]), text: z.string() });
export type Option = z.output<typeof Option>;

export const TableHeader = z.object({
  text: z.string(),
  value: z.string(),
  align: z.enum(['start', 'center', 'end']).optional(),
  sortable: z.boolean().optional(),
});
export type TableHeader = z.output<typeof TableHeader>;

export const TableOptions = z.object({
  ItemKey: z.string(),
  ItemsPerPage: z.number().int(),
  FooterProps: z.record(z.string(), z.unknown()),
  SingleSelectFlag: z.boolean(),
  ShowSelectFlag: z.boolean(),
  DownloadFlag: z.boolean(),
  ExcelFileName: z.string(),
  /** Column index ("0", "1", …) to the row field shown in that column, in column order. */
  ExcelFields: z.record(z.string().regex(/^\d+$/), z.string()),
  /** Addition: true when the user works in more than one branch, so the list offers a branch select. */
  BranchFlag: z.boolean().optional(),
});
export type TableOptions = z.output<typeof TableOptions>;

/** The payload of every `lists` call. */
export function listPayload<Row extends z.ZodType>(row: Row) {
  return z.object({
    TableData: z.array(row),
    TableHeader: z.array(TableHeader),
    TableOptions,
  });
}

export const BaseRequest = z.object({ UserInterface });

export const User = z.object({
  UserId: z.number().int(),
  Username: z.string(),
  DisplayName: z.string(),
  Role: z.string(),
  PrimaryBranch: Branch.nullable(),
});
export type User = z.output<typeof User>;

export { Id, text };
