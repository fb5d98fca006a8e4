import type { AssetRow, CallRequest } from '@branch-assets/legacy-contract';
import { legacyCalls } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { bodyOfRow, type RecordCallNames, type RecordCalls } from '../shared/record-calls.ts';
import type { StoredAsset } from './rows.ts';

/*
 * api/asset/bulk-update: the location, custodian, condition or notes of several assets at once
 * (shelf.nu #397, #1004). Each asset is written back as it is with the change on top, through the
 * same update as the form (its checks, timeline and audit row), in one transaction: all or none.
 */

type BulkBody = CallRequest<'assetBulkUpdate'>;
type StoreBody = CallRequest<'assetStore'>;

/** What the request changes on every asset; null when it changes nothing. */
function changesOf(body: BulkBody): Partial<StoreBody> | null {
  const changes: Partial<StoreBody> = {};
  if (body.Location !== undefined) changes.Location = body.Location;
  if (body.ClearCustodian === 1) changes.Custodian = undefined;
  else if (body.Custodian !== undefined) changes.Custodian = body.Custodian;
  if (body.Condition !== undefined) changes.Condition = body.Condition;
  if (body.ClearNotes === 1) changes.Notes = undefined;
  else if (body.Notes) changes.Notes = body.Notes;
  const changing =
    body.Location !== undefined ||
    body.Custodian !== undefined ||
    body.ClearCustodian === 1 ||
    body.Condition !== undefined ||
    body.ClearNotes === 1 ||
    Boolean(body.Notes);
  return changing ? changes : null;
}

export function registerAssetBulkEdit<
  Names extends RecordCallNames,
  Values extends Record<string, unknown>,
  Plan,
>(app: FastifyInstance, calls: RecordCalls<Names, StoredAsset, Values, Plan>): void {
  registerCall(app, 'assetBulkUpdate', async ({ body, db, session }) => {
    calls.allow(session.access, 'edit');
    const changes = changesOf(body);
    if (!changes)
      throw new Refusal('Say what to change: a location, a custodian, a condition or notes.');
    const changed = await calls.inTransaction(db, (trx) =>
      changeEach(trx, session, calls, body, changes),
    );
    return {
      output: `${changed.length} ${changed.length === 1 ? 'asset' : 'assets'} changed.`,
      records: changed.map((asset) => calls.row(asset, session.access) as AssetRow),
    };
  });
}

async function changeEach<
  Names extends RecordCallNames,
  Values extends Record<string, unknown>,
  Plan,
>(
  trx: Db,
  session: Session,
  calls: RecordCalls<Names, StoredAsset, Values, Plan>,
  body: BulkBody,
  changes: Partial<StoreBody>,
): Promise<StoredAsset[]> {
  const assets: StoredAsset[] = [];
  for (const id of new Set(body.Assets)) assets.push(await calls.find(trx, session.access, id));
  const branches = new Set(assets.map((asset) => asset.branchId));
  if ((changes.Location !== undefined || changes.Custodian !== undefined) && branches.size > 1)
    throw new Refusal(
      'The assets are of several branches: a location or a custodian is given to assets of one branch.',
    );
  const changed: StoredAsset[] = [];
  for (const asset of assets) {
    // The asset as it is, the change on top: the same request the form sends.
    const request = legacyCalls.assetStore.request.parse({
      ...bodyOfRow('assetStore', calls.row(asset, session.access) as object),
      ...changes,
    });
    changed.push(
      await calls.change(trx, session, asset.id, request as CallRequest<Names['store']>),
    );
  }
  return changed;
}
