import { AnyEnvelope, legacyCalls } from '@branch-assets/legacy-contract';
import { describe, expect, it } from 'vitest';
import { aBranch, aCompany, aGalleryImage, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import {
  GIF_HEADER,
  jpegImage,
  type MultipartFile,
  multipartBody,
  oversizePng,
  pngClaiming,
  pngImage,
  SVG_LOGO,
  TEXT_FILE,
  webpImage,
} from './test-images.ts';

const USERS = ['admin', 'manager', 'viewer', 'verifier'] as const;
type User = (typeof USERS)[number];
// From the reference data, with a login of each role in a branch of its own; each test uploads or
// makes the images it reads (test/factories.ts).
const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, USERS);
const { token } = logins;

/** api/gallery/store as a client sends it: multipart, the token in the header. */
async function upload(
  user: User | null,
  file: Partial<MultipartFile> & { bytes: Buffer },
  fields: Record<string, string> = { Title: 'Generator photo', Kind: 'asset_photo' },
) {
  const { body, contentType } = await multipartBody({ UserInterface: '1', ...fields }, [
    { field: 'File', name: 'photo.png', type: 'image/png', ...file },
  ]);
  const response = await api.app.inject({
    method: 'POST',
    url: `/${legacyCalls.galleryStore.path}`,
    payload: body,
    headers: {
      'content-type': contentType,
      ...(user ? { authorization: `Bearer ${token(user)}` } : {}),
    },
  });
  const envelope = AnyEnvelope.parse(response.json());
  return {
    status: response.statusCode,
    flag: envelope.flag,
    output: envelope.output,
    records: envelope.flag === 1 ? legacyCalls.galleryStore.records.parse(envelope.records) : null,
  };
}

async function fetchFile(path: string, user: User = 'viewer') {
  return api.app.inject({
    method: 'GET',
    url: `/${path}`,
    headers: { authorization: `Bearer ${token(user)}` },
  });
}

describe('gallery uploads', () => {
  it('stores a PNG with a thumbnail at most 240 pixels wide, served as files, with an audit row', async () => {
    const answer = await upload('manager', { bytes: await pngImage(640, 480) });
    expect([answer.flag, answer.output]).toEqual([1, 'Image Generator photo uploaded.']);
    const row = answer.records;
    expect(row).toMatchObject({
      Title: 'Generator photo',
      Kind: 'asset_photo',
      KindTxt: 'Asset photo',
      ContentType: 'image/png',
      Width: 640,
      Height: 480,
      DimensionsTxt: '640 × 480',
      UsedBy: 0,
    });
    expect(row?.ImagePath).toMatch(/^files\/gallery\/[0-9a-f]{24}\.png$/);
    const image = await fetchFile(row?.ImagePath ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const thumbnail = await fetchFile(row?.ThumbnailPath ?? '');
    expect(thumbnail.statusCode).toBe(200);
    // The IHDR width of the thumbnail.
    expect(thumbnail.rawPayload.readUInt32BE(16)).toBe(240);
    expect(thumbnail.rawPayload.readUInt32BE(20)).toBe(180);
    const audit = await api.auditOf('gallery_image', row?.ImageId ?? 0);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('create');
  });

  it('stores a JPEG (JPEG thumbnail) and a WebP, whatever name and type the client gave', async () => {
    const jpeg = await upload('admin', {
      bytes: await jpegImage(800, 600),
      name: 'scan.bin',
      type: 'application/octet-stream',
    });
    expect(jpeg.flag).toBe(1);
    expect(jpeg.records).toMatchObject({ ContentType: 'image/jpeg', Width: 800, Height: 600 });
    expect(jpeg.records?.ThumbnailPath).toMatch(/-thumb\.jpg$/);
    const webp = await upload(
      'admin',
      { bytes: await webpImage(300, 200), name: 'logo.webp', type: 'image/webp' },
      { Title: 'Anna Nagar logo', Kind: 'branch_logo' },
    );
    expect(webp.flag).toBe(1);
    expect(webp.records).toMatchObject({ ContentType: 'image/webp', Width: 300, Height: 200 });
    const thumbnail = await fetchFile(webp.records?.ThumbnailPath ?? '');
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(thumbnail.rawPayload.readUInt32BE(16)).toBe(240);
  });

  it('refuses, changing nothing: a disguised text file, SVG, GIF, over 2 MB, huge dimensions, a truncated image', async () => {
    const png = await pngImage(320, 240);
    const jpeg = await jpegImage(320, 240);
    const cases: [Partial<MultipartFile> & { bytes: Buffer }, number, string | RegExp][] = [
      [
        { bytes: TEXT_FILE, name: 'photo.png', type: 'image/png' },
        200,
        'The file is not a PNG, JPEG or WebP image (a text file is not accepted). Accepted types: PNG, JPEG or WebP.',
      ],
      [
        { bytes: SVG_LOGO, name: 'logo.svg', type: 'image/svg+xml' },
        200,
        /\(an SVG image is not accepted\)/,
      ],
      [
        { bytes: GIF_HEADER, name: 'anim.gif', type: 'image/gif' },
        200,
        /\(a GIF image is not accepted\)/,
      ],
      [
        { bytes: oversizePng(2 * 1024 * 1024 + 1) },
        413,
        'The file is too large: the limit is 2 MB.',
      ],
      [
        { bytes: await pngClaiming(60_000, 60_000) },
        200,
        'The image is 60000 × 60000 pixels: at most 6000 × 6000 pixels are accepted.',
      ],
      [
        { bytes: await pngClaiming(6001, 10) },
        200,
        'The image is 6001 × 10 pixels: at most 6000 × 6000 pixels are accepted.',
      ],
      [
        { bytes: png.subarray(0, Math.floor(png.length / 2)) },
        200,
        'The image is damaged or incomplete and cannot be read.',
      ],
      [
        { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' },
        200,
        'The image is damaged or incomplete and cannot be read.',
      ],
    ];
    for (const [file, status, output] of cases) {
      await api.expectRefusedWithoutChange(() => upload('admin', file), { status, output });
    }
  });

  it('checks the text fields with the contract and the grant before anything is stored', async () => {
    const bytes = await pngImage(64, 64);
    await api.expectRefusedWithoutChange(
      () => upload('admin', { bytes }, { Title: '  ', Kind: 'asset_photo' }),
      { status: 422, output: 'Title is required' },
    );
    await api.expectRefusedWithoutChange(
      () => upload('admin', { bytes }, { Title: 'Logo', Kind: 'banner' }),
      { status: 422, output: 'Kind must be one of asset_photo, branch_logo, company_logo' },
    );
    for (const user of ['viewer', 'verifier'] as const) {
      await api.expectRefusedWithoutChange(() => upload(user, { bytes }), {
        output: 'You are not allowed to upload gallery images.',
      });
    }
    await api.expectRefusedWithoutChange(() => upload(null, { bytes }), {
      status: 401,
      output: 'Session expired. Please log in again.',
    });
  });
});

describe('gallery list, options and delete', () => {
  it('lists newest first with the list payload; grants decide the flags and the download', async () => {
    const uploadedBy = logins.userId('admin');
    const made = [];
    for (const kind of ['asset_photo', 'company_logo', 'branch_logo'] as const)
      made.push(await aGalleryImage(api.db, { kind, uploadedBy }));
    const admin = await api.call('galleryLists', token('admin'), { UserInterface: 1 });
    expect(admin.flag).toBe(1);
    expect(admin.records?.TableData.length).toBe(await api.count('galleryImages'));
    expect(admin.records?.TableData.slice(0, 3).map((row) => row.ImageId)).toEqual(
      made.map((image) => image.id).reverse(),
    );
    expect(admin.records?.TableData[0]).toMatchObject({ Kind: 'branch_logo', DeleteFlag: true });
    expect(admin.records?.TableOptions).toMatchObject({
      ItemKey: 'ImageId',
      DownloadFlag: true,
      ExcelFields: { '0': 'Title', '1': 'KindTxt', '2': 'SizeTxt' },
    });
    const manager = await api.call('galleryLists', token('manager'), { UserInterface: 1 });
    expect(manager.records?.TableData[0]).toMatchObject({ DeleteFlag: false, EditFlag: false });
    expect(manager.records?.TableOptions.DownloadFlag).toBe(true);
    const viewer = await api.call('galleryLists', token('viewer'), { UserInterface: 1 });
    expect(viewer.records?.TableOptions.DownloadFlag).toBe(false);
    const verifier = await api.call('galleryLists', token('verifier'), { UserInterface: 1 });
    expect([verifier.flag, verifier.output]).toEqual([
      0,
      'You are not allowed to list gallery images.',
    ]);
  });

  it('gives logo pickers options by kind: the image link and its title', async () => {
    const logo = await upload(
      'admin',
      { bytes: await webpImage(300, 200), name: 'logo.webp', type: 'image/webp' },
      { Title: 'Velachery logo', Kind: 'branch_logo' },
    );
    const uploadedBy = logins.userId('admin');
    const photo = await aGalleryImage(api.db, { kind: 'asset_photo', uploadedBy });
    const companyLogo = await aGalleryImage(api.db, { kind: 'company_logo', uploadedBy });
    const logos = await api.call('galleryOptions', token('manager'), {
      UserInterface: 1,
      Kind: 'branch_logo',
    });
    expect(logos.records).toContainEqual({
      value: expect.stringMatching(/^files\/gallery\/[0-9a-f]{24}\.webp$/),
      text: 'Velachery logo',
    });
    expect(logos.records?.find((option) => option.text === 'Velachery logo')?.value).toBe(
      logo.records?.ImagePath,
    );
    // Only branch logos: every one of them, and nothing else.
    const branchLogos = await api.db
      .selectFrom('galleryImages')
      .select('imagePath')
      .where('kind', '=', 'branch_logo')
      .execute();
    expect(logos.records?.map((option) => option.value).sort()).toEqual(
      branchLogos.map((row) => `files/${row.imagePath}`).sort(),
    );
    const all = await api.call('galleryOptions', token('manager'), { UserInterface: 1 });
    expect(all.records?.length).toBe(await api.count('galleryImages'));
    expect(all.records?.map((option) => option.value)).toEqual(
      expect.arrayContaining([
        logo.records?.ImagePath,
        `files/${photo.imagePath}`,
        `files/${companyLogo.imagePath}`,
      ]),
    );
  });

  it('refuses to delete an image a branch uses as its logo, then deletes it with its files and an audit row', async () => {
    const stored = await upload(
      'admin',
      { bytes: await pngImage(96, 96) },
      { Title: 'Old logo', Kind: 'branch_logo' },
    );
    const row = stored.records;
    if (!row) throw new Error('upload failed');
    const imagePath = row.ImagePath.replace(/^files\//, '');
    const company = await aCompany(api.db);
    const branches = [await aBranch(api.db, { company }), await aBranch(api.db, { company })];
    await api.db
      .updateTable('branches')
      .set({ logoPath: imagePath })
      .where(
        'id',
        'in',
        branches.map((branch) => branch.id),
      )
      .execute();
    const shown = await api.call('galleryShow', token('admin'), {
      UserInterface: 1,
      Image: row.ImageId,
    });
    expect(shown.records?.UsedBy).toBe(2);
    await api.expectRefusedWithoutChange(
      () => api.call('galleryDestroy', token('admin'), { UserInterface: 1, Image: row.ImageId }),
      { output: 'Cannot delete image Old logo: it is the logo of 2 branches.' },
    );
    await api.expectRefusedWithoutChange(
      () => api.call('galleryDestroy', token('manager'), { UserInterface: 1, Image: row.ImageId }),
      { output: 'You are not allowed to delete gallery images.' },
    );
    // A company's logo counts as well (the test sets it directly; the kinds are the calls' business).
    await api.db
      .updateTable('companies')
      .set({ logoPath: imagePath })
      .where('id', '=', company.id)
      .execute();
    await api.expectRefusedWithoutChange(
      () => api.call('galleryDestroy', token('admin'), { UserInterface: 1, Image: row.ImageId }),
      { output: 'Cannot delete image Old logo: it is the logo of 2 branches and 1 company.' },
    );
    await api.db
      .updateTable('companies')
      .set({ logoPath: null })
      .where('logoPath', '=', imagePath)
      .execute();
    await api.db
      .updateTable('branches')
      .set({ logoPath: null })
      .where('logoPath', '=', imagePath)
      .execute();
    const deleted = await api.call('galleryDestroy', token('admin'), {
      UserInterface: 1,
      Image: row.ImageId,
    });
    expect([deleted.flag, deleted.output]).toEqual([1, 'Image Old logo deleted.']);
    expect((await fetchFile(row.ImagePath, 'admin')).statusCode).toBe(404);
    expect((await fetchFile(row.ThumbnailPath, 'admin')).statusCode).toBe(404);
    const audit = await api.auditOf('gallery_image', row.ImageId);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
    await api.expectRefusedWithoutChange(
      () => api.call('galleryDestroy', token('admin'), { UserInterface: 1, Image: row.ImageId }),
      { output: `Image ${row.ImageId} does not exist.` },
    );
  });
});
