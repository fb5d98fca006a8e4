import { SESSION_EXPIRED_OUTPUT } from '@branch-assets/legacy-contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens.ts';
import { useTestApi } from '../test/test-api.ts';

const EXPIRED = { flag: 0, output: SESSION_EXPIRED_OUTPUT, records: null };
const NOT_FOUND = { flag: 0, output: 'File not found.', records: null };
const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const api = useTestApi({ login: ['manager', 'viewer'] });
const { token } = api;

function get(url: string, token: string | null, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: 'GET',
    url,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });
}

/** A purchase-order PDF billed to the branch, as the database holds it. */
async function purchaseOrderDocument(branchCode: string) {
  return api.db
    .selectFrom('documents')
    .innerJoin('branches', 'branches.id', 'documents.branchId')
    .select(['documents.path', 'documents.content'])
    .where('branches.code', '=', branchCode)
    .where('documents.path', 'like', 'purchase-orders/%')
    .orderBy('documents.path')
    .executeTakeFirstOrThrow();
}

describe('GET /files/*', () => {
  it('serves a branch logo as SVG, with a CSP that keeps it from running', async () => {
    const response = await get('/files/branch-logos/CHN-HO.svg', token('manager'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline; filename="CHN-HO.svg"');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect(response.body).toContain('aria-label="CHN-HO"');
  });

  it('serves every logo to any user: logos belong to no branch', async () => {
    // The viewer does not work in CHN-ANN.
    const response = await get('/files/branch-logos/CHN-ANN.svg', token('viewer'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('aria-label="CHN-ANN"');
  });

  it('serves the logo path branch/lists answers', async () => {
    const branches = await api.call('branchLists', token('manager'));
    const path = branches.records?.[0]?.AssetLogoPath;
    expect(path).toBe('files/branch-logos/CHN-ANN.svg');
    const response = await get(`/${path}`, token('manager'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
  });

  it('serves a purchase-order PDF of a branch the user works in, byte for byte', async () => {
    const document = await purchaseOrderDocument('CHN-ANN');
    const response = await get(`/files/${document.path}`, token('manager'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(response.rawPayload, Buffer.from(document.content))).toBe(0);
    const fileName = document.path.slice(document.path.lastIndexOf('/') + 1);
    expect(response.headers['content-disposition']).toBe(`inline; filename="${fileName}"`);
  });

  it('serves the PDF link purchase-order/show answers', async () => {
    const order = await api.db
      .selectFrom('purchaseOrders')
      .innerJoin('branches', 'branches.id', 'purchaseOrders.billedBranchId')
      .select(['purchaseOrders.id', 'purchaseOrders.poNumber', 'purchaseOrders.billedBranchId'])
      .where('branches.code', '=', 'CHN-VEL')
      .where('purchaseOrders.poPath', 'is not', null)
      .orderBy('purchaseOrders.id')
      .executeTakeFirstOrThrow();
    const show = await api.call('purchaseOrderShow', token('manager'), {
      PurchaseOrder: order.id,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: order.poNumber,
    });
    expect(show.flag).toBe(1);
    const url = show.records?.PoPathUrl;
    expect(url).toMatch(/^files\/purchase-orders\/.+\.pdf$/);
    const response = await get(`/${url}`, token('manager'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('answers 404 for a document of a branch the user does not work in, as if it did not exist', async () => {
    const document = await purchaseOrderDocument('CHN-ANN');
    const response = await get(`/files/${document.path}`, token('viewer'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const quotation = await api.db
      .selectFrom('documents')
      .innerJoin('branches', 'branches.id', 'documents.branchId')
      .select('documents.path')
      .where('branches.code', '=', 'HYD-BHL')
      .where('documents.path', 'like', 'quotations/%')
      .executeTakeFirstOrThrow();
    const other = await get(`/files/${quotation.path}`, token('manager'));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 for an unknown document', async () => {
    for (const url of [
      '/files/purchase-orders/PO-NOPE.pdf',
      '/files/branch-logos/NOPE.svg',
      '/files/branch-logos/chn-ho.svg',
      '/files/',
      '/files/branch-logos',
    ]) {
      const response = await get(url, token('manager'));
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: NOT_FOUND,
      });
    }
  });

  it('answers 401 without a token, with a garbage token, and with an expired one', async () => {
    const noToken = await get('/files/branch-logos/CHN-HO.svg', null);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual(EXPIRED);
    const garbage = await get('/files/branch-logos/CHN-HO.svg', 'garbage');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual(EXPIRED);

    const expiring = await api.login('manager');
    await api.db
      .updateTable('authTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashToken(expiring))
      .execute();
    const expired = await get('/files/branch-logos/CHN-HO.svg', expiring);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(EXPIRED);
  });

  it('checks the token before telling whether a file exists', async () => {
    const response = await get('/files/purchase-orders/PO-NOPE.pdf', null);
    expect(response.statusCode).toBe(401);
  });

  it('is a GET only', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/files/branch-logos/CHN-HO.svg',
      headers: { authorization: `Bearer ${token('manager')}` },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ flag: 0, output: 'Unknown call.', records: null });
  });
});
