import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { describeContent, sniffType } from '../gallery/images.ts';
import { Refusal } from '../http/errors.ts';

/*
 * Uploaded documents (an order's quotation, an asset's files, installation and service reports,
 * an audit's photos): checked by their content, never by their name, and kept with a branch, so
 * /files serves each only to that branch's people.
 */

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

export interface DocumentType {
  contentType: string;
  extension: string;
}

/** A document's type by its content: a PDF whole to its end marker, or an accepted image. */
export function documentType(bytes: Buffer): DocumentType {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    // A PDF ends with %%EOF (some writers add a few bytes after it): a cut-short upload has none.
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
    if (!tail.includes('%%EOF'))
      throw new Refusal('The PDF is damaged or incomplete and cannot be read.');
    return { contentType: 'application/pdf', extension: 'pdf' };
  }
  const image = sniffType(bytes);
  if (!image)
    throw new Refusal(
      `The file is not a PDF, PNG, JPEG or WebP file (${describeContent(bytes)} is not accepted).`,
    );
  return { contentType: image, extension: EXTENSIONS[image] };
}

/**
 * Keeps a document of a branch under `folder` by a name no one can guess, in the caller's
 * transaction, and answers its path (what the record that holds it keeps).
 */
export async function storeDocument(
  trx: Db,
  document: { folder: string; branchId: number; type: DocumentType; bytes: Buffer },
): Promise<string> {
  const path = `${document.folder}/${randomBytes(12).toString('hex')}.${document.type.extension}`;
  await trx
    .insertInto('documents')
    .values({
      path,
      branchId: document.branchId,
      contentType: document.type.contentType,
      content: document.bytes,
    })
    .execute();
  return path;
}

/**
 * The records that hold one document each, the column that names it, the folder it is kept in,
 * and whether the record keeps when it last changed (an order's updated_at): an upload replaces
 * the record's document.
 */
const HOLDERS = {
  assetInstallations: { column: 'reportPath', folder: 'installations', stamped: false },
  jobOrders: { column: 'reportPath', folder: 'job-orders', stamped: false },
  assetAuditItems: { column: 'photoPath', folder: 'asset-audits', stamped: false },
  purchaseOrders: { column: 'quotationPath', folder: 'quotations', stamped: true },
} as const;

/**
 * Keeps an uploaded document as the record's (an installation's or a job order's report, an audit
 * item's photo, an order's quotation), in the caller's transaction, where the record is locked.
 */
export async function attachDocument(
  trx: Db,
  holder: { table: keyof typeof HOLDERS; id: number; branchId: number },
  document: { type: DocumentType; bytes: Buffer },
): Promise<void> {
  const { column, folder, stamped } = HOLDERS[holder.table];
  const path = await storeDocument(trx, { folder, branchId: holder.branchId, ...document });
  await trx
    .updateTable(holder.table)
    .set(stamped ? { [column]: path, updatedAt: new Date() } : { [column]: path })
    .where('id', '=', holder.id)
    .execute();
}
