import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';
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

/** Whether the field being resolved selects `name` among its own fields (through fragments too). */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  const inSet = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === name;
      if (selection.kind === Kind.INLINE_FRAGMENT) return inSet(selection.selectionSet);
      return inSet(info.fragments[selection.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node: FieldNode) => inSet(node.selectionSet));
}

/**
 * Starts asking whether the caller may create on `module` when the list being resolved selects
 * `canCreate`, so that the question goes upstream beside the lists call rather than after it: the
 * field's resolver then gets this same answer from the operation's DataLoader (an error too, which
 * it reports; here it is only kept from being unhandled).
 */
export function askCanCreateEarly(
  context: Pick<GraphQLContext, 'read'>,
  info: GraphQLResolveInfo,
  module: string,
): void {
  if (selects(info, 'canCreate')) permitted(context, module, 'create').catch(() => undefined);
}
