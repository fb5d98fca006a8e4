import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { attachDocument, documentType } from '../files/documents.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { purchaseOrderChoices } from './choices.ts';
import { closeOrder } from './close.ts';
import { decide } from './decisions.ts';
import { purchaseOrderDetail } from './detail.ts';
import { purchaseOrderForm } from './form.ts';
import { purchaseOrderList } from './list.ts';
import { purchaseOrderPrint } from './print.ts';
import { purchaseOrderReceipt } from './receipt.ts';
import { MODULE, mayDownload, rowQuery, toRow } from './rows.ts';
import { submitOrder } from './submit.ts';
import { billedBranchOf, ORDER_NOT_FOUND, saveOrder, writesOrders } from './write.ts';

async function orderRow(db: Db, access: Access, id: number) {
  return toRow(await rowQuery(db).where('po.id', '=', id).executeTakeFirstOrThrow(), access);
}

/** Reading an order: the list grant, and its billed branch (drafts to its writers only). */
async function readable(db: Db, access: Access, id: number, given: number | undefined) {
  if (!access.can(MODULE, 'list')) throw new Refusal('Your role may not view purchase orders.');
  return { id, billedBranchId: await billedBranchOf(db, access, id, given) };
}

const NOT_YOUR_BRANCH = 'You do not work in that branch.';

export async function purchaseOrderRoutes(app: FastifyInstance) {
  registerCall(app, 'purchaseOrderLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal('Your role may not list purchase orders.');
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const branch = await namedBranch(db, body.Branch);
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

  registerCall(app, 'purchaseOrderSave', async ({ body, db, session }) => {
    const id = await saveOrder(db, session.access, session.user.userId, body);
    const row = await orderRow(db, session.access, id);
    return { output: 'Draft saved.', records: row };
  });

  registerCall(app, 'purchaseOrderSubmit', async ({ body, db, session }) => {
    const id = await submitOrder(db, session.access, session.user.userId, {
      id: body.PurchaseOrder,
      billedBranchId: await billedBranchOf(
        db,
        session.access,
        body.PurchaseOrder,
        body.BilledBranch,
      ),
    });
    const row = await orderRow(db, session.access, id);
    return { output: `${row.PurchaseOrderNumber} submitted for verification.`, records: row };
  });

  registerCall(app, 'purchaseOrderForm', async ({ body, db, session }) => {
    const key = await readable(db, session.access, body.PurchaseOrder, body.BilledBranch);
    const form = await purchaseOrderForm(db, session.access, key);
    if (!form) throw new Refusal(ORDER_NOT_FOUND);
    return { output: form.PurchaseOrderNumber || 'Draft', records: form };
  });

  registerCall(app, 'purchaseOrderChoices', async ({ body, db, session }) => {
    const { access } = session;
    if (!writesOrders(access)) throw new Refusal('Your role may not write purchase orders.');
    if (!access.worksIn(body.BilledBranch)) throw new Refusal(NOT_YOUR_BRANCH);
    return {
      output: 'Purchase order choices.',
      records: await purchaseOrderChoices(db, body.BilledBranch),
    };
  });

  registerCall(app, 'purchaseOrderPrint', async ({ body, db, session }) => {
    const key = await readable(db, session.access, body.PurchaseOrder, body.BilledBranch);
    if (!mayDownload(session.access))
      throw new Refusal('Your role may not download purchase orders.');
    const print = await purchaseOrderPrint(db, key);
    if (!print) throw new Refusal(ORDER_NOT_FOUND);
    return { output: 'Purchase order document.', records: print };
  });

  registerCall(app, 'purchaseOrderReceipt', async ({ body, db, session }) => {
    const key = await readable(db, session.access, body.PurchaseOrder, body.BilledBranch);
    const receipt = await purchaseOrderReceipt(db, session.access, key);
    if (!receipt) throw new Refusal(ORDER_NOT_FOUND);
    return { output: receipt.PurchaseOrderNumber, records: receipt };
  });

  registerUploadCall(app, 'purchaseOrderQuotationStore', async ({ db, session, body, file }) => {
    const { access } = session;
    if (!writesOrders(access)) throw new Refusal('Your role may not write purchase orders.');
    const billedBranchId = await billedBranchOf(db, access, body.PurchaseOrder, body.BilledBranch);
    const type = documentType(file.bytes);
    await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('purchaseOrders')
        .select(['id', 'status'])
        .where('id', '=', body.PurchaseOrder)
        .where('billedBranchId', '=', billedBranchId)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw new Refusal(ORDER_NOT_FOUND);
      if (order.status !== 'draft' && order.status !== 'rejected')
        throw new Refusal(
          'The quotation of a draft or a rejected order can be changed, not this one.',
        );
      await attachDocument(
        trx,
        { table: 'purchaseOrders', id: order.id, branchId: billedBranchId },
        { type, bytes: file.bytes },
      );
    });
    const row = await orderRow(db, access, body.PurchaseOrder);
    return { output: 'Quotation attached.', records: row };
  });

  registerCall(app, 'purchaseOrderClose', async ({ body, db, session }) => {
    await closeOrder(db, session.access, session.user.userId, {
      id: body.PurchaseOrder,
      number: body.PurchaseOrderNumber,
      billedBranchId: await billedBranchOf(
        db,
        session.access,
        body.PurchaseOrder,
        body.BilledBranch,
      ),
      reason: body.Reason,
    });
    const row = await orderRow(db, session.access, body.PurchaseOrder);
    return { output: `${row.PurchaseOrderNumber} closed short.`, records: row };
  });

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
