import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { MODULE, transferDetail, transferList } from './list.ts';
import {
  cancelTransfer,
  decideTransfer,
  dispatchTransfer,
  NOT_FOUND,
  receiveTransfer,
  requestTransfer,
} from './steps.ts';

async function detailOf(db: Db, session: { access: Access; user: { userId: number } }, id: number) {
  const detail = await transferDetail(db, session.access, session.user.userId, id);
  if (!detail) throw new Refusal(NOT_FOUND);
  return detail;
}

export async function transferRoutes(app: FastifyInstance) {
  registerCall(app, 'assetTransferLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal('Your role may not list asset transfers.');
    if (!access.worksIn(body.Branch)) throw new Refusal('You do not work in that branch.');
    const branch = await namedBranch(db, body.Branch);
    const list = await transferList(db, access, session.user.userId, branch, body);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} transfers.`, records: list };
  });

  registerCall(app, 'assetTransferShow', async ({ body, db, session }) => {
    if (!session.access.can(MODULE, 'list'))
      throw new Refusal('Your role may not list asset transfers.');
    const detail = await detailOf(db, session, body.AssetTransfer);
    return { output: detail.TransferNumber, records: detail };
  });

  registerCall(app, 'assetTransferStore', async ({ body, db, session }) => {
    const id = await requestTransfer(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, id);
    return { output: `${detail.TransferNumber} requested.`, records: detail };
  });

  registerCall(app, 'assetTransferDecide', async ({ body, db, session }) => {
    await decideTransfer(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetTransfer);
    const done = body.Decision === 'APPROVE' ? 'approved' : 'rejected';
    return { output: `${detail.TransferNumber} ${done}.`, records: detail };
  });

  registerCall(app, 'assetTransferDispatch', async ({ body, db, session }) => {
    await dispatchTransfer(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetTransfer);
    return {
      output: `${detail.TransferNumber} dispatched with gate pass ${detail.GatePassNumber}.`,
      records: detail,
    };
  });

  registerCall(app, 'assetTransferReceive', async ({ body, db, session }) => {
    await receiveTransfer(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetTransfer);
    return {
      output:
        detail.StatusCode === 'RECEIVED'
          ? `${detail.TransferNumber} received.`
          : `${detail.TransferNumber} received short: ${detail.ShortCount} assets not yet here.`,
      records: detail,
    };
  });

  registerCall(app, 'assetTransferCancel', async ({ body, db, session }) => {
    await cancelTransfer(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetTransfer);
    return { output: `${detail.TransferNumber} cancelled.`, records: detail };
  });
}
