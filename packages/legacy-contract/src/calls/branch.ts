import { z } from 'zod';
import { Boolish, Id, text } from '../primitives.ts';
import { BaseRequest, Branch, Option } from './shared.ts';

export const BranchListsRequest = BaseRequest.extend({ AppFlag: Boolish.optional() });
export const BranchListsRecords = z.array(Branch);

export const BranchOptionsRequest = BaseRequest.extend({
  /** `user` (default): the branches the user works in; `all`: every active branch of the company. */
  Source: z.enum(['user', 'all'], { error: 'must be user or all' }).optional(),
  Conditions: z
    .object({ StateId: Id.optional(), Search: text(100, { required: false }).optional() })
    .optional(),
});
export const BranchOptionsRecords = z.array(Option);

/** The chosen Branch object, as the chooser posts it; only BranchId is used. */
export const UpdatePrimaryBranchRequest = BaseRequest.extend({
  BranchId: Id,
  BranchCode: z.string().max(40).optional(),
  BranchName: z.string().max(200).optional(),
  AssetLogoPath: z.string().max(500).nullable().optional(),
});
export const UpdatePrimaryBranchRecords = Branch;

export const BranchAssetDestroyRequest = BaseRequest.extend({
  BranchStaff: Id,
  Branch: Id,
  Staff: Id,
});
