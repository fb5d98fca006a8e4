import { Refusal } from '../http/errors.ts';

/*
 * Where a resource's checks send a broken rule. A store or an update stops at the first: the call
 * is refused with it (FIRST_REFUSAL). A bulk upload's row reports every problem at once
 * (everyProblem()): its checks go on past a broken rule with whatever they can still check.
 */

export interface Findings {
  refuse(message: string): void;
}

/** A store's or an update's checks: the first broken rule refuses the call. */
export const FIRST_REFUSAL: Findings = {
  refuse(message) {
    throw new Refusal(message);
  },
};

/** A bulk upload row's checks: every broken rule, in the order the checks find them. */
export function everyProblem(): Findings & { readonly messages: readonly string[] } {
  const messages: string[] = [];
  return {
    messages,
    refuse(message) {
      messages.push(message);
    },
  };
}

/**
 * The fields of a bulk upload's row that its checks can look at: those whose cells were read
 * (well-formed, their names found), as the store schema gives them. A field left out of `fields`
 * was blank, or is in `unread`: its cell has a problem of its own and cannot be checked further.
 */
export interface ReadRow<Body> {
  fields: Partial<Body>;
  unread: ReadonlySet<string>;
  /** The row's cells as read, by column header (a column that fills no field: an asset's Tag). */
  values: Readonly<Record<string, string>>;
}
