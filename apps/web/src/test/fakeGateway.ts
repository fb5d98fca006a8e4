import { ApolloLink } from '@apollo/client';
import { buildSchema, graphql, print } from 'graphql';
import { Observable } from 'rxjs';
import schemaText from '../../../../schema.graphql?raw';
import { createApolloClient } from '../app/apollo.ts';

const schema = buildSchema(schemaText);

/** A request the fake gateway answered (or failed): its operation and variables. */
export interface FakeCall {
  operationName: string;
  variables: Record<string, unknown>;
}

/**
 * An Apollo client whose link answers from the real schema in memory, with `root` as the query's
 * resolvers (graphql-js's root value: a field's function is called with its arguments), so the
 * app's documents, the cache and the hooks run for real without a gateway. `down` makes every
 * request fail as an unreachable server does; `hold` keeps answers back until `release`.
 */
export function fakeGateway(root: Record<string, unknown>) {
  const calls: FakeCall[] = [];
  let held: (() => void)[] | null = null;
  const state = { down: false };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push({
          operationName: operation.operationName ?? '',
          variables: { ...operation.variables },
        });
        const answer = () => {
          if (state.down) {
            observer.error(new TypeError('Failed to fetch'));
            return;
          }
          void graphql({
            schema,
            source: print(operation.query),
            rootValue: root,
            variableValues: operation.variables,
          }).then((result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          });
        };
        if (held) held.push(answer);
        else answer();
      }),
  );
  const client = createApolloClient({ link, onSessionEnded: () => {} });
  return {
    client,
    calls,
    /** The calls of one operation, in order. */
    callsOf: (operationName: string) =>
      calls.filter((call) => call.operationName === operationName),
    setDown: (down: boolean) => {
      state.down = down;
    },
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
  };
}
