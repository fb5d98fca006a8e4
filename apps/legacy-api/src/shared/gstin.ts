import { gstinStateCode, isValidGstin } from '@branch-assets/domain';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';

export interface State {
  id: number;
  name: string;
  gstCode: string;
}

/** The state a record names (for its address and its GSTIN), if there is one. */
export function stateById(db: Db, id: number): Promise<State | undefined> {
  return db
    .selectFrom('states')
    .select(['id', 'name', 'gstCode'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The refusal for a state id that names no state. */
export const noSuchState = (id: number) => `State ${id} does not exist.`;

/**
 * What a GSTIN's format cannot show (vendors and branches alike): its check character, that it
 * was issued in the record's state (its first two digits are the state's GST code) and that it
 * holds the PAN (characters 3 to 12). `pan` says whose PAN, as the refusal names it.
 */
export function checkGstin(gstin: string, state: State, pan: GstinPan): void {
  const [first] = gstinProblems(gstin, state, pan);
  if (first !== undefined) throw new Refusal(first);
}

/** Whose PAN a GSTIN must hold, and how the refusal says it does not. */
interface GstinPan {
  value: string;
  refusal: (inGstin: string) => string;
}

/**
 * Every rule of checkGstin the GSTIN breaks, in checkGstin's order; the state's and the PAN's
 * rules only when they are known (a bulk upload's row whose state or PAN could not be read).
 */
export function gstinProblems(gstin: string, state: State | null, pan: GstinPan | null): string[] {
  const problems: string[] = [];
  if (!isValidGstin(gstin))
    problems.push(`GSTIN ${gstin} is not valid: its check character is wrong.`);
  if (state && gstinStateCode(gstin) !== state.gstCode) {
    problems.push(
      `GSTIN ${gstin} belongs to state code ${gstinStateCode(gstin)}, not to ${state.name} (${state.gstCode}).`,
    );
  }
  const inGstin = gstin.slice(2, 12);
  if (pan && inGstin !== pan.value) problems.push(pan.refusal(inGstin));
  return problems;
}
