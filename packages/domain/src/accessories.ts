/*
 * Accessories' stock ledger (docs/assets.md, "Accessories"): every change of a branch's stock is a
 * movement with a reason from this closed list. Reports rely on the codes; what people read are
 * the texts (translated on the screen).
 */

export const MOVEMENT_REASONS = [
  'RECEIVED',
  'ISSUED',
  'RETURNED',
  'TRANSFERRED_OUT',
  'TRANSFERRED_IN',
  'ADJUSTED',
  'CONSUMED',
  'DAMAGED',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

export const MOVEMENT_REASON_TEXT: Readonly<Record<MovementReason, string>> = {
  RECEIVED: 'Received',
  ISSUED: 'Issued',
  RETURNED: 'Returned',
  TRANSFERRED_OUT: 'Transferred out',
  TRANSFERRED_IN: 'Transferred in',
  ADJUSTED: 'Adjusted',
  CONSUMED: 'Consumed',
  DAMAGED: 'Damaged',
};

/**
 * The reasons a user records by hand. Transfers out and in are written by the transfer workflow,
 * in pairs, so that stock never leaves one branch without arriving at another.
 */
export const RECORDED_MOVEMENT_REASONS = [
  'RECEIVED',
  'ISSUED',
  'RETURNED',
  'ADJUSTED',
  'CONSUMED',
  'DAMAGED',
] as const satisfies readonly MovementReason[];
export type RecordedMovementReason = (typeof RECORDED_MOVEMENT_REASONS)[number];

/**
 * Which way a reason moves stock: in (+1), out (-1), or either (0: a stock-take adjustment carries
 * its own sign). The database checks the same of every stored movement.
 */
export const MOVEMENT_DIRECTION: Readonly<Record<MovementReason, 1 | -1 | 0>> = {
  RECEIVED: 1,
  RETURNED: 1,
  TRANSFERRED_IN: 1,
  ISSUED: -1,
  CONSUMED: -1,
  DAMAGED: -1,
  TRANSFERRED_OUT: -1,
  ADJUSTED: 0,
};

/** Reasons whose movement must say why in its note: a stock-take difference, a write-off. */
export const NOTE_REQUIRED_REASONS: readonly MovementReason[] = ['ADJUSTED', 'DAMAGED'];

/** The largest quantity one movement moves (and one branch's minimum stock). */
export const MOVEMENT_QUANTITY_MAX = 1_000_000;

/**
 * The signed change a movement makes to the quantity on hand: the quantity given for an
 * adjustment (its sign says which way), else its size in the reason's direction.
 */
export function signedQuantity(reason: MovementReason, quantity: number): number {
  const direction = MOVEMENT_DIRECTION[reason];
  return direction === 0 ? quantity : direction * Math.abs(quantity);
}
