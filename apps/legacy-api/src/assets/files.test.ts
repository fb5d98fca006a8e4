import { AnyEnvelope, legacyCalls } from '@branch-assets/legacy-contract';
import { describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '../gallery/test-images.ts';
import { simplePdf } from '../seed/documents.ts';
import { aBranch, aGalleryImage, aLogin, anAsset, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * An asset's photos (gallery images) and documents (uploads checked by content), on the file's
 * own branch and assets.
 */

const api = useTestApi({ reference: true });
const { token, branch, userId } = useBranchLogins(api, ['admin', 'manager', 'viewer'] as const);

async function uploadDocument(
  asset: number,
  bytes: Uint8Array,
  options: { title?: string; kind?: string; user?: string } = {},
) {
  const { body, contentType } = await multipartBody(
    {
      UserInterface: '1',
      Asset: String(asset),
      Kind: options.kind ?? 'INVOICE',
      Title: options.title ?? 'Invoice 4471',
    },
    [{ field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from(bytes) }],
  );
  const response = await api.app.inject({
    method: 'POST',
    url: `/${legacyCalls.assetFileStore.path}`,
    payload: body,
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${options.user ?? token('manager')}`,
    },
  });
  return AnyEnvelope.parse(response.json());
}

describe('asset files', () => {
  it('keeps documents checked by their content and gallery photos, each on the timeline', async () => {
    const asset = await anAsset(api.db, { branch: branch() });
    const pdf = simplePdf('Invoice 4471', ['Patient monitor']);
    const added = await uploadDocument(asset.id, pdf);
    expect([added.flag, added.output]).toEqual([1, 'Invoice 4471 added.']);
    const image = await aGalleryImage(api.db, {
      kind: 'asset_photo',
      uploadedBy: userId('manager'),
    });
    const photo = await api.call('assetPhotoAttach', token('manager'), {
      Asset: asset.id,
      Image: image.id,
    });
    expect(photo.records).toMatchObject({
      Kind: 'PHOTO',
      ThumbnailPath: expect.stringMatching(/^files\//),
    });
    const files = await api.call('assetFiles', token('viewer'), { Asset: asset.id });
    expect(files.records?.map((file) => [file.Kind, file.ContentType, file.DeleteFlag])).toEqual([
      ['PHOTO', 'image/png', false],
      ['INVOICE', 'application/pdf', false],
    ]);
    const documentPath = files.records?.[1]?.Path ?? '';
    const fetched = await api.app.inject({
      method: 'GET',
      url: `/${documentPath}`,
      headers: { authorization: `Bearer ${token('viewer')}` },
    });
    expect([fetched.statusCode, fetched.headers['content-type']]).toEqual([200, 'application/pdf']);
    // Someone of another branch does not get the document.
    const stranger = await aLogin(api.db, {
      role: 'manager',
      branches: [(await aBranch(api.db)).id],
    });
    const strangerToken = await api.login(stranger.username, stranger.password);
    const refused = await api.app.inject({
      method: 'GET',
      url: `/${documentPath}`,
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(refused.statusCode).toBe(404);

    await api.expectRefusedWithoutChange(
      () => api.call('assetDestroy', token('admin'), { Asset: asset.id }),
      {
        output: `Cannot delete Asset ${asset.tag} ${asset.name}: it is used by 2 asset photos and documents.`,
      },
    );
    const removed = await api.call('assetFileDestroy', token('manager'), {
      AssetFile: files.records?.[1]?.AssetFileId,
    });
    expect(removed.output).toBe('Invoice 4471 removed.');
    expect(await api.count('documents', { path: documentPath.slice('files/'.length) })).toBe(0);
    const events = await api.call('assetEvents', token('manager'), { Asset: asset.id });
    expect(events.records?.map((event) => [event.Kind, event.Changes])).toEqual([
      ['FILE_REMOVED', { INVOICE: ['Invoice 4471', null] }],
      ['FILE_ADDED', { PHOTO: [null, image.title] }],
      ['FILE_ADDED', { INVOICE: [null, 'Invoice 4471'] }],
    ]);
  });

  it('refuses, changing nothing, what is no document, a cut-short PDF, a second link and a viewer', async () => {
    const asset = await anAsset(api.db, { branch: branch() });
    const pdf = simplePdf('Manual', ['Page 1']);
    const image = await aGalleryImage(api.db, {
      kind: 'asset_photo',
      uploadedBy: userId('manager'),
    });
    const logo = await aGalleryImage(api.db, {
      kind: 'branch_logo',
      uploadedBy: userId('manager'),
    });
    await api.call('assetPhotoAttach', token('manager'), { Asset: asset.id, Image: image.id });
    await api.expectEachRefusedWithoutChange([
      [
        () =>
          uploadDocument(asset.id, Buffer.from('name,serial\nmonitor,1\n')).then((a) => ({
            ...a,
            status: 200,
          })),
        'The file is not a PDF, PNG, JPEG or WebP file (a text file is not accepted).',
      ],
      [
        () =>
          uploadDocument(asset.id, pdf.subarray(0, pdf.length - 40)).then((a) => ({
            ...a,
            status: 200,
          })),
        'The PDF is damaged or incomplete and cannot be read.',
      ],
      [
        () => api.call('assetPhotoAttach', token('manager'), { Asset: asset.id, Image: image.id }),
        `Image ${image.title} is already a photo of this asset.`,
      ],
      [
        () => api.call('assetPhotoAttach', token('manager'), { Asset: asset.id, Image: logo.id }),
        `Image ${logo.id} is not an asset photo of the gallery.`,
      ],
      [
        () =>
          uploadDocument(asset.id, pdf, { user: token('viewer') }).then((a) => ({
            ...a,
            status: 200,
          })),
        'You are not allowed to edit assets.',
      ],
    ]);
    // An image is a document too.
    const png = await uploadDocument(asset.id, await pngImage(40, 30), {
      kind: 'WARRANTY_CARD',
      title: 'Card',
    });
    expect(png.flag).toBe(1);
  });
});
