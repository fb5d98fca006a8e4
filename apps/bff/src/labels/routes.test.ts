import { anAsset } from '@branch-assets/legacy-api/testing';
import jsqr from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useLogin, useStack } from '../test/harness.ts';
import { rasterise, readPages } from './pdf-reader.ts';

/*
 * GET /labels/assets.pdf through a real gateway and legacy-api: the labels of named assets or of
 * the filtered list, read back from the PDF with their QR codes decoded.
 */

const stack = useStack([]);
const manager = useLogin(stack, 'manager');
const stranger = useLogin(stack, 'manager');

async function branchOf(userId: number): Promise<number> {
  const user = await stack.db
    .selectFrom('users')
    .select('primaryBranchId')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.primaryBranchId ?? 0;
}

async function pagesOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return readPages(await PDFDocument.load(new Uint8Array(await response.arrayBuffer())));
}

describe('asset labels', () => {
  it('prints the named assets one thermal label a page, each QR leading to its asset page', async () => {
    const branch = await branchOf(manager.userId);
    const first = await anAsset(stack.db, { branch });
    const second = await anAsset(stack.db, { branch });
    const pages = await pagesOf(
      await manager.client.fetch(
        `/labels/assets.pdf?ids=${first.id},${second.id}&format=thermal-50x25`,
      ),
    );
    expect(pages).toHaveLength(2);
    const page = pages[1];
    if (!page) throw new Error('no second page');
    const image = rasterise(
      page.fills,
      { left: 0, bottom: 0, right: page.width, top: page.height },
      4,
    );
    const decoded = jsqr.default(image.data, image.width, image.height)?.data;
    expect(decoded).toBe(`${stack.gateway.url}/#/asset/view?id=${second.id}`);
    expect(page.shown.map((shown) => shown.text).join(' ')).toContain(second.tag);
  });

  it('prints the filtered list on A4 sheets of 24', async () => {
    const branch = await branchOf(manager.userId);
    for (let index = 0; index < 3; index += 1) await anAsset(stack.db, { branch });
    const pages = await pagesOf(
      await manager.client.fetch(`/labels/assets.pdf?branchId=${branch}`),
    );
    expect(pages).toHaveLength(1);
    expect(Math.round(pages[0]?.width ?? 0)).toBe(595);
  });

  it('refuses what the caller may not see, a bad format and an empty list', async () => {
    const theirs = await anAsset(stack.db, { branch: await branchOf(stranger.userId) });
    const refused = await manager.client.fetch(`/labels/assets.pdf?ids=${theirs.id}`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: 'REJECTED', message: `Asset ${theirs.id} does not exist.` },
    });
    const format = await manager.client.fetch('/labels/assets.pdf?ids=1&format=a3');
    expect(format.status).toBe(400);
    const empty = await manager.client.fetch('/labels/assets.pdf?search=no-such-asset-anywhere');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { message: 'No assets to print labels for.' },
    });
    const visitor = await stack.visitor().fetch('/labels/assets.pdf?ids=1');
    expect(visitor.status).toBe(401);
  });
});
