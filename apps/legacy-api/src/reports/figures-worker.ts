import {
  type BranchAssetFigures,
  type BranchAssetInput,
  branchAssetFigures,
} from './branch-asset-figures.ts';
import {
  type DepreciationFigures,
  type DepreciationInput,
  depreciationFigures,
} from './depreciation-figures.ts';

/*
 * What runs in the report pool's worker threads (figures-pool.ts): the per-asset arithmetic of the branch
 * asset report and the fixed asset register, which for a whole company (300,000 assets) takes
 * seconds of CPU that must not hold the event loop. Node loads this file directly (type
 * stripping), under vitest too, so it imports only with .ts extensions and nothing of vitest's.
 * The inputs are columns of plain and typed arrays (asset-columns.ts), structured-cloned or
 * transferred; the answers are a few hundred groups, or one page of rows.
 */

export function branchAsset(input: BranchAssetInput): BranchAssetFigures {
  return branchAssetFigures(input);
}

export function depreciation(input: DepreciationInput): DepreciationFigures {
  return depreciationFigures(input);
}

/** The tasks by name, for pool.ts's types. */
export interface ReportTasks {
  branchAsset: typeof branchAsset;
  depreciation: typeof depreciation;
}
