import { type FieldNode, type GraphQLResolveInfo, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selects } from './permitted.ts';

/** The resolve info of the operation's first field, as much of it as `selects` reads. */
function infoOf(source: string): GraphQLResolveInfo {
  const document = parse(source);
  const operation = document.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const field = operation?.selectionSet.selections[0] as FieldNode;
  const fragments = Object.fromEntries(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [],
    ),
  );
  return { fieldNodes: [field], fragments } as unknown as GraphQLResolveInfo;
}

describe('selects', () => {
  it('finds a field among the list’s own, in fragments and inline fragments, not deeper', () => {
    expect(selects(infoOf('{ assets { totalCount canCreate } }'), 'canCreate')).toBe(true);
    expect(
      selects(
        infoOf('{ assets { ...F } } fragment F on AssetList { headers { text } canCreate }'),
        'canCreate',
      ),
    ).toBe(true);
    expect(selects(infoOf('{ assets { ... on AssetList { canCreate } } }'), 'canCreate')).toBe(
      true,
    );
    expect(selects(infoOf('{ assets { rows { canCreate } totalCount } }'), 'canCreate')).toBe(
      false,
    );
  });
});
