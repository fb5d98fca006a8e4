import { randomBytes } from 'node:crypto';
import { displayDate, hhmm } from '@branch-assets/domain';
import {
  formatBytes,
  GALLERY_KIND_TEXT,
  type GalleryRow,
  type TableHeader,
} from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Access, ActionCode } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import { cpuPool, ownBuffer } from '../cpu/pool.ts';
import type { Db } from '../db/database.ts';
import { fileUrl } from '../files/file-url.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { registerUploadCall } from '../http/register-upload.ts';
import { ACTIONS_HEADER, listing, listPayload } from '../shared/list-payload.ts';
import { inspectImage } from './images.ts';

const MODULE = 'gallery';

const VERBS: Partial<Record<ActionCode, string>> = { create: 'upload' };

function allow(access: Access, action: ActionCode): void {
  if (!access.can(MODULE, action))
    throw new Refusal(`You are not allowed to ${VERBS[action] ?? action} gallery images.`);
}

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Thumbnail', value: 'ThumbnailPath', align: 'center', sortable: false },
  { text: 'Title', value: 'Title' },
  { text: 'Kind', value: 'KindTxt' },
  { text: 'Size', value: 'SizeTxt', align: 'end' },
  { text: 'Dimensions', value: 'DimensionsTxt', align: 'end' },
  { text: 'Uploaded By', value: 'UploadedBy' },
  { text: 'Uploaded At', value: 'UploadedAtTxt' },
];

function selectImages(db: Db) {
  return db
    .selectFrom('galleryImages as g')
    .innerJoin('users as u', 'u.id', 'g.uploadedBy')
    .innerJoin('staff as s', 's.id', 'u.staffId')
    .select((eb) => [
      'g.id',
      'g.title',
      'g.kind',
      'g.imagePath',
      'g.thumbnailPath',
      'g.contentType',
      'g.sizeBytes',
      'g.width',
      'g.height',
      'g.createdAt',
      's.name as uploadedBy',
      eb
        .selectFrom('branches as b')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('b.logoPath', '=', 'g.imagePath')
        .as('branchesUsing'),
      eb
        .selectFrom('companies as c')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('c.logoPath', '=', 'g.imagePath')
        .as('companiesUsing'),
    ]);
}

type StoredImage = Awaited<ReturnType<ReturnType<typeof selectImages>['executeTakeFirstOrThrow']>>;

function toRow(image: StoredImage, access: Access): GalleryRow {
  const usedBy = Number(image.branchesUsing ?? 0) + Number(image.companiesUsing ?? 0);
  return {
    ImageId: image.id,
    Title: image.title,
    Kind: image.kind,
    KindTxt: GALLERY_KIND_TEXT[image.kind],
    ImagePath: fileUrl(image.imagePath) ?? '',
    ThumbnailPath: fileUrl(image.thumbnailPath) ?? '',
    ContentType: image.contentType,
    SizeBytes: image.sizeBytes,
    SizeTxt: formatBytes(image.sizeBytes),
    Width: image.width,
    Height: image.height,
    DimensionsTxt: `${image.width} × ${image.height}`,
    UploadedBy: image.uploadedBy,
    UploadedAt: image.createdAt.toISOString(),
    UploadedAtTxt: `${displayDate(image.createdAt.toISOString())} ${hhmm(image.createdAt)}`,
    UsedBy: usedBy,
    // Nothing of an image can be changed yet: replace it by uploading another.
    EditFlag: false,
    // Offered even for an image in use: the refusal then says which branches hold on to it.
    DeleteFlag: access.can(MODULE, 'delete'),
  };
}

async function findImage(db: Db, id: number): Promise<StoredImage> {
  const image = await selectImages(db).where('g.id', '=', id).executeTakeFirst();
  if (!image) throw new Refusal(`Image ${id} does not exist.`);
  return image;
}

/** Unguessable names: a link to an image says nothing about the others. */
function documentName(): string {
  return randomBytes(12).toString('hex');
}

export async function galleryRoutes(app: FastifyInstance) {
  const pool = cpuPool(app);

  registerCall(app, 'galleryLists', async ({ db, session, body }) => {
    allow(session.access, 'list');
    const images = await selectImages(db)
      .orderBy('g.createdAt', 'desc')
      .orderBy('g.id', 'desc')
      .execute();
    const payload = listPayload({
      rows: images.map((image) => toRow(image, session.access)),
      headers: HEADERS,
      itemKey: 'ImageId',
      canDownload: session.access.can(MODULE, 'download'),
      excelFileName: 'Gallery',
      request: body,
      filters: ['Kind'],
    });
    // A spreadsheet cannot show a thumbnail (its link would mean nothing there): left out.
    const fields = Object.values(payload.TableOptions.ExcelFields).filter(
      (field) => field !== 'ThumbnailPath',
    );
    payload.TableOptions.ExcelFields = Object.fromEntries(
      fields.map((field, index) => [String(index), field]),
    );
    return { output: `${images.length} images.`, records: payload };
  });

  registerCall(app, 'galleryShow', async ({ db, session, body }) => {
    allow(session.access, 'list');
    const image = await findImage(db, body.Image);
    return { output: image.title, records: toRow(image, session.access) };
  });

  registerCall(app, 'galleryOptions', async ({ db, session, body }) => {
    allow(session.access, 'list');
    let query = db.selectFrom('galleryImages').select(['imagePath', 'title']);
    if (body.Kind) query = query.where('kind', '=', body.Kind);
    const images = await query.orderBy('title').orderBy('id').execute();
    return {
      output: `${images.length} images.`,
      records: images.map((image) => ({
        value: fileUrl(image.imagePath) ?? '',
        text: image.title,
      })),
    };
  });

  registerUploadCall(app, 'galleryStore', async ({ db, session, body, file }) => {
    allow(session.access, 'create');
    // Cheap checks first, on the event loop (type, size, header dimensions): a refused file costs
    // nothing. Decoding and the thumbnail take seconds for a large image: a worker does them.
    const inspected = inspectImage(file.bytes);
    const thumbnail = await pool.run('thumbnail', {
      bytes: ownBuffer(file.bytes),
      image: inspected,
    });
    const name = documentName();
    const imagePath = `gallery/${name}.${inspected.extension}`;
    const thumbnailPath = `gallery/${name}-thumb.${thumbnail.extension}`;
    const image = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('documents')
        .values([
          {
            path: imagePath,
            branchId: null,
            contentType: inspected.contentType,
            content: file.bytes,
          },
          {
            path: thumbnailPath,
            branchId: null,
            contentType: thumbnail.contentType,
            // A worker's Buffer arrives as a plain Uint8Array; the database driver wants a Buffer.
            content: Buffer.from(
              thumbnail.bytes.buffer,
              thumbnail.bytes.byteOffset,
              thumbnail.bytes.byteLength,
            ),
          },
        ])
        .execute();
      const { id } = await trx
        .insertInto('galleryImages')
        .values({
          title: body.Title,
          kind: body.Kind,
          imagePath,
          thumbnailPath,
          contentType: inspected.contentType,
          sizeBytes: file.bytes.length,
          width: inspected.width,
          height: inspected.height,
          uploadedBy: session.user.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await findImage(trx, id);
      await writeAudit(trx, {
        entity: 'gallery_image',
        entityId: id,
        action: 'create',
        userId: session.user.userId,
        details: { after: toRow(stored, session.access), fileName: file.fileName },
      });
      return stored;
    });
    return {
      output: `Image ${image.title} uploaded.`,
      records: toRow(image, session.access),
    };
  });

  registerCall(app, 'galleryDestroy', async ({ db, session, body }) => {
    allow(session.access, 'delete');
    const title = await db.transaction().execute(async (trx) => {
      // Neither a branch nor a company can take the image as its logo while it is being deleted.
      await sql`lock table branches, companies in share mode`.execute(trx);
      const image = await findImage(trx, body.Image);
      const branches = Number(image.branchesUsing ?? 0);
      const companies = Number(image.companiesUsing ?? 0);
      const users = [
        ...(branches > 0 ? [`${branches} branch${branches === 1 ? '' : 'es'}`] : []),
        ...(companies > 0 ? [`${companies} compan${companies === 1 ? 'y' : 'ies'}`] : []),
      ];
      if (users.length > 0) {
        throw new Refusal(
          `Cannot delete image ${image.title}: it is the logo of ${listing(users)}.`,
        );
      }
      await trx.deleteFrom('galleryImages').where('id', '=', body.Image).execute();
      await trx
        .deleteFrom('documents')
        .where('path', 'in', [image.imagePath, image.thumbnailPath])
        .execute();
      await writeAudit(trx, {
        entity: 'gallery_image',
        entityId: body.Image,
        action: 'delete',
        userId: session.user.userId,
        details: { before: toRow(image, session.access) },
      });
      return image.title;
    });
    return { output: `Image ${title} deleted.`, records: null };
  });
}
