import { AppError } from '../errors/codes.ts';
import type { GraphQLContext } from './context.ts';

/**
 * Whether the caller's grants allow an action on a module (in a branch), as the legacy
 * permission call answers: flag 0 is a "no", anything else that fails is a real failure. One
 * operation asks it once per module and action (the context's DataLoader).
 */
export async function permitted(
  context: Pick<GraphQLContext, 'read'>,
  module: string,
  action: string,
  branchId?: number,
): Promise<boolean> {
  try {
    await context.read('permission', {
      UserInterface: 1,
      Module: module,
      Action: action,
      ...(branchId === undefined ? {} : { Branch: branchId }),
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'REJECTED') return false;
    throw error;
  }
}
