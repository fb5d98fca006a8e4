import {
  aBranch,
  aLogin,
  aPurchaseOrder,
  type Db,
  FACTORY_ORDER_STATES,
  type FactoryOrderState,
} from '@branch-assets/legacy-api/testing';
import type { Login } from './harness.ts';

/** Every state an order can be in, in the order a branch's orders cycle through them. */
export const ORDER_STATES = FACTORY_ORDER_STATES;

export interface BranchWithOrders {
  branch: { id: number; code: string; name: string; gstin: string };
  /** The branch's manager, who raised its orders. */
  raiser: Login & { userId: number };
  orders: { id: number; poNumber: string; state: FactoryOrderState }[];
}

/**
 * A branch of its own (with its logo when `logo`; its `code` and `name` when given, as the
 * factory's aBranch takes them) and `count` purchase orders billed to it (one of each state unless
 * said), raised by a manager of it: in turn of each state of {@link ORDER_STATES}, dated a week
 * apart from `from` (a past day, YYYY-MM-DD), each with its PDF and quotation.
 */
export async function aBranchWithOrders(
  db: Db,
  options: { count?: number; from?: string; logo?: boolean; code?: string; name?: string } = {},
): Promise<BranchWithOrders> {
  const branch = await aBranch(db, {
    logo: options.logo ?? false,
    ...(options.code ? { code: options.code } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  const raiser = await aLogin(db, { role: 'manager', branches: [branch.id] });
  const from = Date.parse(`${options.from ?? '2026-04-01'}T00:00:00Z`);
  const orders: BranchWithOrders['orders'] = [];
  for (let index = 0; index < (options.count ?? ORDER_STATES.length); index += 1) {
    const state = ORDER_STATES[index % ORDER_STATES.length] ?? 'pending';
    const poDate = new Date(from + index * 7 * 86_400_000).toISOString().slice(0, 10);
    const order = await aPurchaseOrder(db, {
      branch: branch.id,
      createdBy: raiser.userId,
      state,
      poDate,
      documents: true,
    });
    orders.push({ id: order.id, poNumber: order.poNumber, state });
  }
  return { branch, raiser, orders };
}
