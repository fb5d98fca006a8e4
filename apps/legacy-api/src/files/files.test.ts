import { SESSION_EXPIRED_OUTPUT } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens.ts';
import { aBranch, aLogin, aPurchaseOrder } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * The file starts from the reference data and makes its own branches (with logos), logins and
 * orders with their documents (test/factories.ts): a manager of one branch, a viewer of another.
 */

const EXPIRED = { flag: 0, output: SESSION_EXPIRED_OUTPUT, records: null };
const NOT_FOUND = { flag: 0, output: 'File not found.', records: null };
const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const api = useTestApi({ reference: true });

type Branch = Awaited<ReturnType<typeof aBranch>>;
type Login = Awaited<ReturnType<typeof aLogin>>;
/** The manager's branch, which has a logo, and the viewer's, another. */
let managerBranch: Branch;
let viewerBranch: Branch;
let manager: Login;
const tokens = new Map<'manager' | 'viewer', string>();
beforeAll(async () => {
  managerBranch = await aBranch(api.db, { logo: true });
  viewerBranch = await aBranch(api.db, { logo: true });
  manager = await aLogin(api.db, { role: 'manager', branches: [managerBranch.id] });
  const viewer = await aLogin(api.db, { role: 'viewer', branches: [viewerBranch.id] });
  tokens.set('manager', await api.login(manager.username, manager.password));
  tokens.set('viewer', await api.login(viewer.username, viewer.password));
});
const token = (role: 'manager' | 'viewer') => {
  const made = tokens.get(role);
  if (!made) throw new Error(`no ${role} login: the logins are made in beforeAll`);
  return made;
};
/** The path of the manager's branch's logo. */
const logoUrl = () => `/files/branch-logos/${managerBranch.code}.svg`;

function get(url: string, token: string | null, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: 'GET',
    url,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });
}

/** A new order of the manager's branch with its documents (its PDF, a quotation). */
function anOrderWithDocuments() {
  return aPurchaseOrder(api.db, {
    branch: managerBranch.id,
    createdBy: manager.userId,
    documents: true,
  });
}

/** The PDF of a new order of the manager's branch, as the database holds it. */
async function purchaseOrderDocument() {
  const { poPath } = await anOrderWithDocuments();
  return api.db
    .selectFrom('documents')
    .select(['path', 'content'])
    .where('path', '=', poPath ?? '')
    .executeTakeFirstOrThrow();
}

describe('GET /files/*', () => {
  it('serves a branch logo as SVG, with a CSP that keeps it from running', async () => {
    const { code } = await aBranch(api.db, { logo: true });
    const response = await get(`/files/branch-logos/${code}.svg`, token('manager'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${code}.svg"`);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect(response.body).toContain(`aria-label="${code}"`);
  });

  it('serves every logo to any user: logos belong to no branch', async () => {
    // The viewer does not work in the manager's branch.
    const response = await get(logoUrl(), token('viewer'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`aria-label="${managerBranch.code}"`);
  });

  it('serves the logo path branch/lists answers', async () => {
    const branches = await api.call('branchLists', token('manager'));
    const path = branches.records?.[0]?.AssetLogoPath;
    expect(path).toBe(`files/branch-logos/${managerBranch.code}.svg`);
    const response = await get(`/${path}`, token('manager'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
  });

  it('serves a purchase-order PDF of a branch the user works in, byte for byte', async () => {
    const document = await purchaseOrderDocument();
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
    const order = await anOrderWithDocuments();
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
    const document = await purchaseOrderDocument();
    const response = await get(`/files/${document.path}`, token('viewer'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const viewerManager = await aLogin(api.db, { role: 'manager', branches: [viewerBranch.id] });
    const { quotationPath } = await aPurchaseOrder(api.db, {
      branch: viewerBranch.id,
      createdBy: viewerManager.userId,
      documents: true,
    });
    expect(await api.count('documents', { path: quotationPath ?? '' })).toBe(1);
    const other = await get(`/files/${quotationPath}`, token('manager'));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
  });

  it("keeps an order's files from a role without the download grant, in the list and at the door", async () => {
    // The viewer works in the branch and lists its orders, but may not download.
    const viewerManager = await aLogin(api.db, { role: 'manager', branches: [viewerBranch.id] });
    const order = await aPurchaseOrder(api.db, {
      branch: viewerBranch.id,
      createdBy: viewerManager.userId,
      documents: true,
    });
    const listed = await api.call('purchaseOrderLists', token('viewer'), {
      UserInterface: 1,
      Branch: viewerBranch.id,
    });
    const row = listed.records?.TableData.find(
      (candidate) => candidate.PurchaseOrderId === order.id,
    );
    expect(row).toMatchObject({ PreviewFlag: true, FilePathFlag: false, FilePathUrl: null });
    const show = await api.call('purchaseOrderShow', token('viewer'), {
      PurchaseOrder: order.id,
      Branch: order.billedBranchId,
      PurchaseOrderNumber: order.poNumber,
    });
    expect(show.records).toMatchObject({ PoPathUrl: null, QuotationPathUrl: null });
    for (const path of [order.poPath, order.quotationPath]) {
      const refused = await get(`/files/${path}`, token('viewer'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        flag: 0,
        output: 'Your role may not download purchase order files.',
        records: null,
      });
    }
    // Their branch's logo is no order's file: served as before.
    const logo = await get(`/files/branch-logos/${viewerBranch.code}.svg`, token('viewer'));
    expect(logo.statusCode).toBe(200);
  });

  it('answers 404 for an unknown document', async () => {
    for (const url of [
      '/files/purchase-orders/PO-NOPE.pdf',
      '/files/branch-logos/NOPE.svg',
      logoUrl().toLowerCase(),
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
    const noToken = await get(logoUrl(), null);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual(EXPIRED);
    const garbage = await get(logoUrl(), 'garbage');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual(EXPIRED);

    const expiring = await api.login(manager.username, manager.password);
    await api.db
      .updateTable('authTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashToken(expiring))
      .execute();
    const expired = await get(logoUrl(), expiring);
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
      url: logoUrl(),
      headers: { authorization: `Bearer ${token('manager')}` },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ flag: 0, output: 'Unknown call.', records: null });
  });
});
