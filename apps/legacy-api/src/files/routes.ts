import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/session.ts';
import { HttpRefusal } from '../http/errors.ts';
import { mayDownload } from '../purchase-orders/rows.ts';

/**
 * Documents (branch logos, purchase-order PDFs, quotations) live in the database with the rest of
 * the record, and are served as `GET /files/<folder>/<name>` with the caller's token. A document
 * tied to a branch is only served to those who work in it.
 */
export async function fileRoutes(app: FastifyInstance) {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const session = await authenticate(app.db, app.config, request);
    const path = request.params['*'];
    const document = await app.db
      .selectFrom('documents')
      .select(['content', 'contentType', 'branchId', 'createdAt'])
      .where('path', '=', path)
      .executeTakeFirst();
    if (!document || (document.branchId !== null && !session.access.worksIn(document.branchId))) {
      throw new HttpRefusal(404, 'File not found.');
    }
    // An order's PDF and quotation are downloads of the order (purchase-orders/rows.ts).
    const order = await app.db
      .selectFrom('purchaseOrders')
      .select('id')
      .where((eb) => eb.or([eb('poPath', '=', path), eb('quotationPath', '=', path)]))
      .executeTakeFirst();
    if (order && !mayDownload(session.access)) {
      throw new HttpRefusal(403, 'Your role may not download purchase order files.');
    }
    const fileName = path.slice(path.lastIndexOf('/') + 1);
    return (
      reply
        .header('content-type', document.contentType)
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        // An SVG logo is a document that could carry script; it is shown as an image, never run.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('last-modified', document.createdAt.toUTCString())
        .send(Buffer.from(document.content))
    );
  });
}
