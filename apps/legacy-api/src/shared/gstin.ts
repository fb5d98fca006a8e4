import { gstinStateCode, isValidGstin } from '@branch-assets/domain';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';

interface State {
  id: number;
  name: string;
  gstCode: string;
}

/** The state a record names, for its address and its GSTIN. */
export async function findState(db: Db, id: number): Promise<State> {
  const state = await db
    .selectFrom('states')
    .select(['id', 'name', 'gstCode'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!state) throw new Refusal(`State ${id} does not exist.`);
  return state;
}

/**
 * What a GSTIN's format cannot show (vendors and branches alike): its check character, that it
 * was issued in the record's state (its first two digits are the state's GST code) and that it
 * holds the PAN (characters 3 to 12). `pan` says whose PAN, as the refusal names it.
 */
export function checkGstin(
  gstin: string,
  state: State,
  pan: { value: string; refusal: (inGstin: string) => string },
): void {
  if (!isValidGstin(gstin))
    throw new Refusal(`GSTIN ${gstin} is not valid: its check character is wrong.`);
  if (gstinStateCode(gstin) !== state.gstCode) {
    throw new Refusal(
      `GSTIN ${gstin} belongs to state code ${gstinStateCode(gstin)}, not to ${state.name} (${state.gstCode}).`,
    );
  }
  const inGstin = gstin.slice(2, 12);
  if (inGstin !== pan.value) throw new Refusal(pan.refusal(inGstin));
}
