import { indianDate } from '@branch-assets/domain';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { attachDocument, documentType } from '../files/documents.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { auditDetail, auditItem, auditRow, NOT_FOUND } from './detail.ts';
import { auditList, MODULE } from './list.ts';
import {
  cancelAudit,
  lockItemForPhoto,
  NOT_YOUR_BRANCH,
  recordScan,
  resolveDifference,
  signOffAudit,
  startAudit,
  submitAudit,
  usersOfBranch,
} from './steps.ts';

const MAY_NOT_LIST = 'Your role may not list asset audits.';

async function detailOf(db: Db, session: { access: Access; user: { userId: number } }, id: number) {
  const detail = await auditDetail(db, session.access, session.user.userId, id);
  if (!detail) throw new Refusal(NOT_FOUND);
  return detail;
}

export async function assetAuditRoutes(app: FastifyInstance) {
  registerCall(app, 'assetAuditLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal(MAY_NOT_LIST);
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const branch = await namedBranch(db, body.Branch);
    const today = indianDate(new Date());
    const list = await auditList(db, access, session.user.userId, branch, body, today);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} asset audits.`, records: list };
  });

  registerCall(app, 'assetAuditShow', async ({ body, db, session }) => {
    if (!session.access.can(MODULE, 'list')) throw new Refusal(MAY_NOT_LIST);
    const detail = await detailOf(db, session, body.AssetAudit);
    return { output: detail.AuditNumber, records: detail };
  });

  registerCall(app, 'assetAuditAuditorOptions', async ({ body, db, session }) => {
    if (!session.access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const users = await usersOfBranch(db, body.Branch).orderBy('s.name').orderBy('u.id').execute();
    return {
      output: `${users.length} users.`,
      records: users.map((user) => ({ value: user.id, text: `${user.name} (${user.username})` })),
    };
  });

  registerCall(app, 'assetAuditStart', async ({ body, db, session }) => {
    const id = await startAudit(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, id);
    return {
      output: `${detail.AuditNumber} started: ${detail.ExpectedCount} assets expected.`,
      records: detail,
    };
  });

  registerCall(app, 'assetAuditScan', async ({ body, db, session }) => {
    const { access, user } = session;
    const scan = await recordScan(db, access, user.userId, body);
    const [item, audit] = await Promise.all([
      auditItem(db, scan.itemId),
      auditRow(db, access, user.userId, body.AssetAudit),
    ]);
    if (!audit) throw new Refusal(NOT_FOUND);
    const what = item.AssetTag ?? item.ScannedCode ?? '';
    const output =
      scan.result === 'ALREADY_COUNTED'
        ? `${what} was counted already.`
        : item.Outcome === 'UNEXPECTED'
          ? `${what}: unexpected here.`
          : item.Outcome === 'FOUND_WRONG_LOCATION'
            ? `${what} found, in the wrong location.`
            : `${what} found.`;
    return {
      output,
      records: {
        ScanId: body.ScanId,
        Result: scan.result,
        Replayed: scan.replayed,
        Item: item,
        Audit: audit,
      },
    };
  });

  registerCall(app, 'assetAuditSubmit', async ({ body, db, session }) => {
    await submitAudit(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetAudit);
    return {
      output: `${detail.AuditNumber} submitted: ${detail.MissingCount} missing, ${detail.UnresolvedCount} differences to resolve.`,
      records: detail,
    };
  });

  registerCall(app, 'assetAuditResolve', async ({ body, db, session }) => {
    await resolveDifference(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetAudit);
    return { output: 'Difference resolved.', records: detail };
  });

  registerCall(app, 'assetAuditSignOff', async ({ body, db, session }) => {
    await signOffAudit(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetAudit);
    return { output: `${detail.AuditNumber} signed off.`, records: detail };
  });

  registerCall(app, 'assetAuditCancel', async ({ body, db, session }) => {
    await cancelAudit(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetAudit);
    return { output: `${detail.AuditNumber} cancelled.`, records: detail };
  });

  registerCall(app, 'assetAuditLastAudit', async ({ body, db, session }) => {
    const asset = await db
      .selectFrom('assets')
      .select(['id', 'branchId', 'lastAuditedOn'])
      .where('id', '=', body.Asset)
      .executeTakeFirst();
    if (!asset || !session.access.worksIn(asset.branchId))
      throw new Refusal(`Asset ${body.Asset} does not exist.`);
    const last = await db
      .selectFrom('assetAuditItems as i')
      .innerJoin('assetAudits as au', 'au.id', 'i.auditId')
      .select(['au.id', 'au.auditNumber'])
      .where('i.assetId', '=', asset.id)
      .where('au.status', '=', 'SIGNED_OFF')
      .where('i.outcome', 'in', ['FOUND', 'FOUND_WRONG_LOCATION'])
      .orderBy('au.signedOffAt', 'desc')
      .executeTakeFirst();
    return {
      output: asset.lastAuditedOn ? `Last audited on ${asset.lastAuditedOn}.` : 'Never audited.',
      records: {
        LastAuditedOn: asset.lastAuditedOn,
        AssetAuditId: last?.id ?? null,
        AuditNumber: last?.auditNumber ?? null,
      },
    };
  });

  registerUploadCall(app, 'assetAuditPhotoStore', async ({ db, session, body, file }) => {
    const type = documentType(file.bytes);
    if (!type.contentType.startsWith('image/'))
      throw new Refusal('The photo must be a PNG, JPEG or WebP image.');
    await db.transaction().execute(async (trx) => {
      const audit = await lockItemForPhoto(
        trx,
        session.access,
        session.user.userId,
        body.AssetAudit,
        body.Item,
      );
      await attachDocument(
        trx,
        { table: 'assetAuditItems', id: body.Item, branchId: audit.branchId },
        { type, bytes: file.bytes },
      );
    });
    return { output: 'Photo attached.', records: await auditItem(db, body.Item) };
  });
}
