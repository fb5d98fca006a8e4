import type { AssetFile } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { documentType, storeDocument } from '../files/documents.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import type { RecordCallNames, RecordCalls } from '../shared/record-calls.ts';
import type { StoredAsset } from './rows.ts';
import { recordEvent } from './timeline.ts';

/*
 * An asset's photos and documents (api/asset/files · file-store · photo-attach · file-destroy).
 * A document is checked by its content (PDF, PNG, JPEG, WebP, never by its name) and kept with the
 * asset's branch, so /files serves it only to that branch's people; a photo is a gallery image.
 * Each addition and removal is on the asset's timeline.
 */

function filesOf(db: Db) {
  return db
    .selectFrom('assetFiles as f')
    .innerJoin('assets as a', 'a.id', 'f.assetId')
    .leftJoin('galleryImages as g', 'g.id', 'f.galleryImageId')
    .leftJoin('documents as d', 'd.path', 'f.documentPath')
    .leftJoin('users as u', 'u.id', 'f.uploadedBy')
    .leftJoin('staff as s', 's.id', 'u.staffId')
    .select([
      'f.id',
      'f.kind',
      'f.title',
      'f.documentPath',
      'g.imagePath',
      'g.thumbnailPath',
      'g.contentType as imageType',
      'd.contentType as documentType',
      's.name as uploadedBy',
      'f.at',
      'a.branchId',
    ]);
}

type StoredFile = Awaited<ReturnType<ReturnType<typeof filesOf>['executeTakeFirstOrThrow']>>;

function fileRow(file: StoredFile, access: Access): AssetFile {
  return {
    AssetFileId: file.id,
    Kind: file.kind,
    Title: file.title,
    Path: `files/${file.documentPath ?? file.imagePath ?? ''}`,
    ThumbnailPath: file.thumbnailPath ? `files/${file.thumbnailPath}` : null,
    ContentType: file.documentType ?? file.imageType ?? 'application/octet-stream',
    UploadedBy: file.uploadedBy,
    At: file.at.toISOString(),
    DeleteFlag: access.worksIn(file.branchId) && access.can('asset', 'edit'),
  };
}

export function registerAssetFiles<
  Names extends RecordCallNames,
  Values extends Record<string, unknown>,
  Plan,
>(app: FastifyInstance, calls: RecordCalls<Names, StoredAsset, Values, Plan>): void {
  registerCall(app, 'assetFiles', async ({ body, db, session }) => {
    calls.allow(session.access, 'list');
    const asset = await calls.find(db, session.access, body.Asset);
    const files = await filesOf(db)
      .where('f.assetId', '=', asset.id)
      .orderBy('f.id', 'desc')
      .execute();
    return {
      output: `${files.length} files.`,
      records: files.map((file) => fileRow(file, session.access)),
    };
  });

  registerUploadCall(app, 'assetFileStore', async ({ db, session, body, file }) => {
    calls.allow(session.access, 'edit');
    const type = documentType(file.bytes);
    const stored = await db.transaction().execute(async (trx) => {
      const asset = await calls.find(trx, session.access, body.Asset);
      const path = await storeDocument(trx, {
        folder: 'asset-files',
        branchId: asset.branchId,
        type,
        bytes: file.bytes,
      });
      const { id } = await trx
        .insertInto('assetFiles')
        .values({
          assetId: asset.id,
          kind: body.Kind,
          title: body.Title,
          documentPath: path,
          uploadedBy: session.user.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordEvent(trx, {
        assetId: asset.id,
        kind: 'FILE_ADDED',
        userId: session.user.userId,
        changes: { [body.Kind]: [null, body.Title] },
      });
      return filesOf(trx).where('f.id', '=', id).executeTakeFirstOrThrow();
    });
    return { output: `${body.Title} added.`, records: fileRow(stored, session.access) };
  });

  registerCall(app, 'assetPhotoAttach', async ({ body, db, session }) => {
    calls.allow(session.access, 'edit');
    const stored = await db.transaction().execute(async (trx) => {
      const asset = await calls.find(trx, session.access, body.Asset);
      const image = await trx
        .selectFrom('galleryImages')
        .select(['id', 'title'])
        .where('id', '=', body.Image)
        .where('kind', '=', 'asset_photo')
        .executeTakeFirst();
      if (!image) throw new Refusal(`Image ${body.Image} is not an asset photo of the gallery.`);
      const { id } = await trx
        .insertInto('assetFiles')
        .values({
          assetId: asset.id,
          kind: 'PHOTO',
          title: image.title,
          galleryImageId: image.id,
          uploadedBy: session.user.userId,
        })
        .onConflict((conflict) => conflict.columns(['assetId', 'galleryImageId']).doNothing())
        .returning('id')
        .executeTakeFirst()
        .then((row) => {
          if (!row) throw new Refusal(`Image ${image.title} is already a photo of this asset.`);
          return row;
        });
      await recordEvent(trx, {
        assetId: asset.id,
        kind: 'FILE_ADDED',
        userId: session.user.userId,
        changes: { PHOTO: [null, image.title] },
      });
      return filesOf(trx).where('f.id', '=', id).executeTakeFirstOrThrow();
    });
    return { output: `Photo ${stored.title} added.`, records: fileRow(stored, session.access) };
  });

  registerCall(app, 'assetFileDestroy', async ({ body, db, session }) => {
    calls.allow(session.access, 'edit');
    const title = await db.transaction().execute(async (trx) => {
      const file = await filesOf(trx)
        .select('f.assetId')
        .where('f.id', '=', body.AssetFile)
        .executeTakeFirst();
      // A file of an asset out of the caller's scope does not exist for them.
      if (!file || !session.access.worksIn(file.branchId))
        throw new Refusal(`File ${body.AssetFile} does not exist.`);
      await trx.deleteFrom('assetFiles').where('id', '=', file.id).execute();
      if (file.documentPath)
        await trx.deleteFrom('documents').where('path', '=', file.documentPath).execute();
      await recordEvent(trx, {
        assetId: file.assetId,
        kind: 'FILE_REMOVED',
        userId: session.user.userId,
        changes: { [file.kind]: [file.title, null] },
      });
      return file.title;
    });
    return { output: `${title} removed.`, records: null };
  });
}
