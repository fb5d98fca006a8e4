import { indianDate } from '@branch-assets/domain';
import type { CallRequest } from '@branch-assets/legacy-contract';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { warrantyEnd } from '../goods-receipts/save.ts';
import { Refusal } from '../http/errors.ts';
import { INSTALLATION_STATUS_TEXT, MODULE } from './list.ts';
import { lockAssets, NOT_YOUR_BRANCH, recordEvents, statusText } from './save.ts';

/*
 * Signing an installation off, or sending it back (docs/workflows.md). A second user decides: one
 * with the approve grant in the installation's branch who did not record it. The installation's
 * row is locked first, so of two decisions at once exactly one is taken and the other is told
 * what happened. At sign-off every asset must still be In stock at the branch; each goes In use
 * at the installation's location, from its date (the put-to-use date that depreciation counts
 * from), and, when the installation says so, its warranty restarts from that date for the months
 * its order line gave.
 */

export const NOT_FOUND = 'Asset installation not found.';

export async function signOffInstallation(
  db: Db,
  access: Access,
  userId: number,
  body: CallRequest<'assetInstallationSignOff'>,
): Promise<void> {
  if (!access.can(MODULE, 'approve'))
    throw new Refusal('Your role may not sign off installations.');
  await db.transaction().execute(async (trx) => {
    const installation = await trx
      .selectFrom('assetInstallations as i')
      .innerJoin('assetLocations as l', 'l.id', 'i.locationId')
      .select([
        'i.id',
        'i.installationNumber',
        'i.branchId',
        'i.status',
        'i.recordedBy',
        'i.installedAt',
        'i.locationId',
        'l.name as locationName',
        'i.warrantyFromInstallation',
      ])
      .where('i.id', '=', body.AssetInstallation)
      .forUpdate('i')
      .executeTakeFirst();
    if (!installation) throw new Refusal(NOT_FOUND);
    if (!access.worksIn(installation.branchId)) throw new Refusal(NOT_YOUR_BRANCH);
    if (installation.status !== 'PENDING')
      throw new Refusal(
        `Installation ${installation.installationNumber} is no longer waiting for sign-off (it is ${INSTALLATION_STATUS_TEXT[installation.status]}).`,
      );
    if (installation.recordedBy === userId)
      throw new Refusal(
        'The user who recorded an installation cannot sign it off: a second user does.',
      );
    const items = await trx
      .selectFrom('assetInstallationItems')
      .select('assetId')
      .where('installationId', '=', installation.id)
      .execute();
    const assetIds = items.map((item) => item.assetId);
    const number = installation.installationNumber;
    const signOff = body.Decision === 'SIGN_OFF';
    await trx
      .updateTable('assetInstallations')
      .set({
        status: signOff ? 'SIGNED_OFF' : 'SENT_BACK',
        decidedBy: userId,
        decidedAt: new Date(),
        decisionRemarks: body.Remarks ?? null,
      })
      .where('id', '=', installation.id)
      .execute();
    await writeAudit(trx, {
      entity: MODULE,
      entityId: installation.id,
      action: signOff ? 'signed_off' : 'sent_back',
      userId,
      fromStatus: 'PENDING',
      toStatus: signOff ? 'SIGNED_OFF' : 'SENT_BACK',
      reason: body.Remarks ?? null,
      branchId: installation.branchId,
    });
    if (!signOff) {
      await recordEvents(trx, assetIds, {
        kind: 'INSTALLATION_SENT_BACK',
        userId,
        reason: body.Remarks ? `${number}: ${body.Remarks}` : number,
      });
      return;
    }

    const locked = await lockAssets(trx, assetIds);
    const moved = locked.find(
      (asset) => asset.assetStatus !== 'IN_STOCK' || asset.branchId !== installation.branchId,
    );
    if (moved)
      throw new Refusal(
        `Asset ${moved.tag} is ${statusText(moved.assetStatus)} now: send the installation back.`,
      );
    const before = await trx
      .selectFrom('assets as a')
      .innerJoin('assetLocations as l', 'l.id', 'a.locationId')
      .leftJoin('goodsReceiptLines as gl', 'gl.id', 'a.goodsReceiptLineId')
      .leftJoin('purchaseOrderLines as pl', 'pl.id', 'gl.purchaseOrderLineId')
      .select([
        'a.id',
        'a.putToUseDate',
        'a.warrantyStart',
        'a.warrantyEnd',
        'l.name as locationName',
        'pl.warrantyMonths',
      ])
      .where('a.id', 'in', assetIds)
      .execute();
    const putToUse = indianDate(installation.installedAt);
    const now = new Date();
    const changesOf = new Map<number, Record<string, [unknown, unknown]>>();
    for (const asset of before) {
      const months = installation.warrantyFromInstallation ? (asset.warrantyMonths ?? 0) : 0;
      const warranty =
        months > 0 ? { warrantyStart: putToUse, warrantyEnd: warrantyEnd(putToUse, months) } : null;
      await trx
        .updateTable('assets')
        .set({
          assetStatus: 'IN_USE',
          putToUseDate: putToUse,
          locationId: installation.locationId,
          updatedAt: now,
          ...(warranty ?? {}),
        })
        .where('id', '=', asset.id)
        .execute();
      const changes: Record<string, [unknown, unknown]> = {
        AssetStatus: ['IN_STOCK', 'IN_USE'],
        PutToUseDate: [asset.putToUseDate, putToUse],
      };
      if (asset.locationName !== installation.locationName)
        changes.LocationName = [asset.locationName, installation.locationName];
      if (warranty) {
        changes.WarrantyStart = [asset.warrantyStart, warranty.warrantyStart];
        changes.WarrantyEnd = [asset.warrantyEnd, warranty.warrantyEnd];
      }
      changesOf.set(asset.id, changes);
    }
    await recordEvents(trx, assetIds, {
      kind: 'INSTALLED',
      userId,
      reason: number,
      changes: (id) => changesOf.get(id) ?? {},
    });
  });
}
