import type { FastifyInstance } from 'fastify';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { decide } from './decisions.ts';
import { purchaseOrderDetail } from './detail.ts';
import { purchaseOrderList } from './list.ts';
import { MODULE } from './rows.ts';

const NOT_YOUR_BRANCH = 'You do not work in that branch.';

export async function purchaseOrderRoutes(app: FastifyInstance) {
  registerCall(app, 'purchaseOrderLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal('Your role may not list purchase orders.');
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const branch = await db
      .selectFrom('branches')
      .select(['id', 'code'])
      .where('id', '=', body.Branch)
      .executeTakeFirstOrThrow();
    const list = await purchaseOrderList(db, access, branch, body);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} purchase orders.`, records: list };
  });

  registerCall(app, 'purchaseOrderShow', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal('Your role may not view purchase orders.');
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const detail = await purchaseOrderDetail(db, access, {
      id: body.PurchaseOrder,
      number: body.PurchaseOrderNumber,
      billedBranchId: body.Branch,
    });
    if (!detail) throw new Refusal('Purchase order not found.');
    return { output: detail.PurchaseOrderNumber, records: detail };
  });

  for (const [name, kind] of [
    ['purchaseOrderVerify', 'verify'],
    ['purchaseOrderApprove', 'approve'],
  ] as const) {
    registerCall(app, name, async ({ body, db, session }) => {
      const { message, row } = await decide(db, session.access, session.user.userId, kind, {
        purchaseOrderId: body.PurchaseOrder,
        purchaseOrderNumber: body.PurchaseOrderNumber,
        billedBranchId: body.BilledBranch,
        accept: body.Status === 1,
        reason: body.Reason,
      });
      return { ...message, records: row };
    });
  }

  registerCall(app, 'purchaseOrderCancel', async ({ body, db, session }) => {
    const { message, row } = await decide(db, session.access, session.user.userId, 'cancel', {
      purchaseOrderId: body.PurchaseOrder,
      purchaseOrderNumber: body.PurchaseOrderNumber,
      billedBranchId: body.BilledBranch,
      accept: true,
      reason: body.Reason,
    });
    return { ...message, records: row };
  });
}
