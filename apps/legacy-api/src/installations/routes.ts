import { AssetInstallationRow } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { attachDocument, documentType } from '../files/documents.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { installationCandidates, installationDetail, installationList, MODULE } from './list.ts';
import { NOT_YOUR_BRANCH, saveInstallation } from './save.ts';
import { NOT_FOUND, signOffInstallation } from './sign-off.ts';

const MAY_NOT_RECORD = 'Your role may not record installations.';

export async function installationRoutes(app: FastifyInstance) {
  registerCall(app, 'assetInstallationLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list'))
      throw new Refusal('Your role may not list asset installations.');
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const branch = await namedBranch(db, body.Branch);
    const list = await installationList(db, access, session.user.userId, branch, body);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} installations.`, records: list };
  });

  registerCall(app, 'assetInstallationShow', async ({ body, db, session }) => {
    if (!session.access.can(MODULE, 'list'))
      throw new Refusal('Your role may not list asset installations.');
    const detail = await installationDetail(
      db,
      session.access,
      session.user.userId,
      body.AssetInstallation,
    );
    if (!detail) throw new Refusal(NOT_FOUND);
    return { output: detail.InstallationNumber, records: detail };
  });

  registerCall(app, 'assetInstallationCandidates', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'create')) throw new Refusal(MAY_NOT_RECORD);
    if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
    const candidates = await installationCandidates(db, body.Branch, body);
    return { output: `${candidates.Assets.length} assets to install.`, records: candidates };
  });

  const detailOf = async (
    db: Parameters<typeof installationDetail>[0],
    session: { access: Parameters<typeof installationDetail>[1]; user: { userId: number } },
    id: number,
  ) => {
    const detail = await installationDetail(db, session.access, session.user.userId, id);
    if (!detail) throw new Error(`installation ${id} is not found after its change`);
    return detail;
  };

  registerCall(app, 'assetInstallationSave', async ({ body, db, session }) => {
    const id = await saveInstallation(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, id);
    return {
      output: `${detail.InstallationNumber} recorded: ${detail.AssetCount} assets waiting for sign-off.`,
      records: detail,
    };
  });

  registerCall(app, 'assetInstallationSignOff', async ({ body, db, session }) => {
    await signOffInstallation(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session, body.AssetInstallation);
    return {
      output:
        body.Decision === 'SIGN_OFF'
          ? `${detail.InstallationNumber} signed off: ${detail.AssetCount} assets in use.`
          : `${detail.InstallationNumber} sent back.`,
      records: detail,
    };
  });

  registerUploadCall(app, 'assetInstallationReportStore', async ({ db, session, body, file }) => {
    const { access } = session;
    if (!access.can(MODULE, 'create') && !access.can(MODULE, 'edit'))
      throw new Refusal(MAY_NOT_RECORD);
    const type = documentType(file.bytes);
    await db.transaction().execute(async (trx) => {
      const installation = await trx
        .selectFrom('assetInstallations')
        .select(['id', 'branchId', 'status', 'installationNumber'])
        .where('id', '=', body.AssetInstallation)
        .forUpdate()
        .executeTakeFirst();
      if (!installation || !access.worksIn(installation.branchId)) throw new Refusal(NOT_FOUND);
      if (installation.status !== 'PENDING')
        throw new Refusal(
          `The report of installation ${installation.installationNumber} can be changed only while it waits for sign-off.`,
        );
      await attachDocument(
        trx,
        { table: 'assetInstallations', id: installation.id, branchId: installation.branchId },
        { type, bytes: file.bytes },
      );
    });
    const detail = await detailOf(db, session, body.AssetInstallation);
    // The row's fields of the detail (a zod object keeps only its own keys).
    return { output: 'Installation report attached.', records: AssetInstallationRow.parse(detail) };
  });
}
