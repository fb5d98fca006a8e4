import type { FastifyInstance } from 'fastify';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { cancelGoodsReceipt } from './cancel.ts';
import { goodsReceiptDetail, goodsReceiptList } from './list.ts';
import { MODULE, saveGoodsReceipt } from './save.ts';

const NOT_FOUND = 'Goods receive note not found.';

export async function goodsReceiptRoutes(app: FastifyInstance) {
  registerCall(app, 'goodsReceiptNoteLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list'))
      throw new Refusal('Your role may not list goods receive notes.');
    if (!access.worksIn(body.Branch)) throw new Refusal('You do not work in that branch.');
    const branch = await namedBranch(db, body.Branch);
    const list = await goodsReceiptList(db, access, branch, body);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} goods receive notes.`, records: list };
  });

  registerCall(app, 'goodsReceiptNoteShow', async ({ body, db, session }) => {
    if (!session.access.can(MODULE, 'list'))
      throw new Refusal('Your role may not list goods receive notes.');
    const detail = await goodsReceiptDetail(db, session.access, body.GoodsReceiptNote);
    if (!detail) throw new Refusal(NOT_FOUND);
    return { output: detail.GoodsReceiptNoteNumber, records: detail };
  });

  registerCall(app, 'goodsReceiptNoteSave', async ({ body, db, session }) => {
    const id = await saveGoodsReceipt(db, session.access, session.user.userId, body);
    const detail = await goodsReceiptDetail(db, session.access, id);
    if (!detail) throw new Error('the note just saved is not found');
    const assets = detail.Lines.reduce((sum, line) => sum + line.Assets.length, 0);
    return {
      output: `${detail.GoodsReceiptNoteNumber} saved: ${assets} assets added to the register.`,
      records: detail,
    };
  });

  registerCall(app, 'goodsReceiptNoteCancel', async ({ body, db, session }) => {
    await cancelGoodsReceipt(db, session.access, session.user.userId, {
      id: body.GoodsReceiptNote,
      reason: body.Reason,
    });
    const detail = await goodsReceiptDetail(db, session.access, body.GoodsReceiptNote);
    if (!detail) throw new Error('the note just cancelled is not found');
    const {
      Lines: _lines,
      InvoiceDate: _date,
      Remarks: _remarks,
      CancelReason: _reason,
      ...row
    } = detail;
    return { output: `${detail.GoodsReceiptNoteNumber} cancelled.`, records: row };
  });
}
