import { Jimp } from 'jimp';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { Client, expectRefused, tokenFor, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

const GalleryQuery = graphql(`
  query GalleryOf {
    gallery(pageSize: 1000) {
      rows { id title kind kindText imageUrl thumbnailUrl contentType width height sizeText usedBy canDelete }
      headers { value }
      canCreate
      upload { url field maxBytes maxText accept acceptText maxSide }
      exportUrl
    }
  }
`);

const GalleryOptionsQuery = graphql(`
  query GalleryOptionsOf($kind: GalleryKind) {
    galleryOptions(kind: $kind) { value text }
  }
`);

const DeleteImage = graphql(`
  mutation DeleteGalleryImageOf($id: ID!) {
    deleteGalleryImage(id: $id) { message }
  }
`);

interface UploadAnswer {
  message?: string;
  record?: { id: string; title: string; kind: string; imageUrl: string; thumbnailUrl: string };
  error?: { code: string; message: string };
}

const stack = useStack(['admin']);
const { admin } = stack.users;
/** A viewer whose records are the file's own: they only read and are refused. */
const viewer = useLogin(stack, 'viewer').client;
let png: Buffer;

beforeAll(async () => {
  png = await new Jimp({ width: 320, height: 200, color: 0x2266aaff }).getBuffer('image/png');
});

/** The gateway's address of an upload: its own values and the file's name as query parameters. */
function uploadPath(path: string, fields: Record<string, string>, fileName: string): string {
  return `${path}?${new URLSearchParams({ ...fields, fileName })}`;
}

async function uploadAs(
  client: Client,
  fields: Record<string, string>,
  file = { bytes: png, name: 'pump.png', type: 'image/png' },
  init: { csrf?: boolean; path?: string } = {},
): Promise<{ status: number; body: UploadAnswer }> {
  const response = await client.fetch(
    uploadPath(init.path ?? '/uploads/gallery', fields, file.name),
    {
      method: 'POST',
      headers: { 'content-type': file.type },
      body: new Uint8Array(file.bytes),
      ...(init.csrf === false ? { csrf: false } : {}),
    },
  );
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

async function imageCount(client: Client): Promise<number> {
  const answer = await client.graphql(GalleryQuery);
  return answer.data?.gallery.rows.length ?? -1;
}

/** An image of the test's own, uploaded by the admin as an asset photo titled `title`. */
async function anImage(title: string): Promise<{ id: string; imageUrl: string }> {
  const answer = await uploadAs(admin, { title, kind: 'ASSET_PHOTO' });
  expect(answer.status).toBe(200);
  const record = answer.body.record;
  if (!record) throw new Error(`no image ${title}`);
  return record;
}

describe('gallery through the gateway', () => {
  it('uploads with the session cookie and the CSRF header, answering the new image', async () => {
    const answer = await uploadAs(admin, { title: 'Pump room', kind: 'ASSET_PHOTO' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Image Pump room uploaded.');
    expect(answer.body.record).toMatchObject({ title: 'Pump room', kind: 'ASSET_PHOTO' });
    expect(answer.body.record?.imageUrl).toMatch(/^\/files\/gallery\/[0-9a-f]{24}\.png$/);
    const thumbnail = await viewer.fetch(answer.body.record?.thumbnailUrl ?? '');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a cookie upload without the CSRF header, an oversize file and a refused type, changing nothing', async () => {
    const before = await imageCount(admin);
    const noHeader = await uploadAs(admin, { title: 'X', kind: 'ASSET_PHOTO' }, undefined, {
      csrf: false,
    });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.error?.code).toBe('FORBIDDEN');

    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 0x41);
    const oversize = await uploadAs(
      admin,
      { title: 'Big', kind: 'ASSET_PHOTO' },
      {
        bytes: big,
        name: 'big.png',
        type: 'image/png',
      },
    );
    expect(oversize.status).toBe(400);
    expect(oversize.body.error).toEqual(
      expect.objectContaining({
        code: 'BAD_USER_INPUT',
        message: 'The file is too large: the limit is 2 MB.',
      }),
    );

    const svg = await uploadAs(
      admin,
      { title: 'Logo', kind: 'BRANCH_LOGO' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'logo.png',
        type: 'image/png',
      },
    );
    expect(svg.status).toBe(422);
    expect(svg.body.error?.code).toBe('REJECTED');
    expect(svg.body.error?.message).toMatch(/an SVG image is not accepted/);

    const viewerTry = await uploadAs(viewer, { title: 'Mine', kind: 'ASSET_PHOTO' });
    expect(viewerTry.body.error).toEqual(
      expect.objectContaining({
        code: 'REJECTED',
        message: 'You are not allowed to upload gallery images.',
      }),
    );
    const unknown = await uploadAs(admin, { title: 'X', kind: 'ASSET_PHOTO' }, undefined, {
      path: '/uploads/spreadsheets',
    });
    expect(unknown.status).toBe(404);
    const anonymous = await stack
      .visitor()
      .fetch(uploadPath('/uploads/gallery', { title: 'X', kind: 'ASSET_PHOTO' }, 'a.png'), {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
    expect(anonymous.status).toBe(401);
    // The gateway names what is wrong with the query, and a legacy form body is not a file.
    for (const [path, type, message] of [
      [
        uploadPath('/uploads/gallery', { kind: 'ASSET_PHOTO' }, 'a.png'),
        'image/png',
        /^title is required/,
      ],
      [
        uploadPath('/uploads/gallery', { title: 'X', kind: 'asset_photo' }, 'a.png'),
        'image/png',
        /^kind must be one of ASSET_PHOTO/,
      ],
      [
        `/uploads/gallery?${new URLSearchParams({ title: 'X', kind: 'ASSET_PHOTO' })}`,
        'image/png',
        /^fileName is required/,
      ],
      [
        uploadPath('/uploads/gallery', { title: 'X', kind: 'ASSET_PHOTO' }, 'a.png'),
        'multipart/form-data; boundary=x',
        /not a form/,
      ],
    ] as const) {
      const refused = await admin.fetch(path, {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(png),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as UploadAnswer).error?.message).toMatch(message);
    }
    expect(anonymous.status).toBe(401);
    expect(await imageCount(admin)).toBe(before);
  });

  it('cuts off a streamed body without a declared length once it passes the limit', async () => {
    const before = await imageCount(admin);
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    // No Content-Length: the gateway only learns the size while it streams.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 3 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const response = await admin
      .fetch(uploadPath('/uploads/gallery', { title: 'Streamed', kind: 'ASSET_PHOTO' }, 's.png'), {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body,
        duplex: 'half',
      } as RequestInit)
      .catch(() => null);
    // The gateway answers as soon as the limit is passed; a client still sending may see the
    // connection closed instead, which is also a refusal.
    if (response) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as UploadAnswer).error?.message).toBe(
        'The file is too large: the limit is 2 MB.',
      );
    }
    expect(await imageCount(admin)).toBe(before);
  });

  it('lists images for both roles with the upload limits; only the admin may delete or export', async () => {
    const image = await anImage('Boiler room');
    const answer = await admin.graphql(GalleryQuery);
    expect(answer.errors).toBeUndefined();
    const gallery = answer.data?.gallery;
    expect(gallery?.rows.find((row) => row.id === image.id)).toMatchObject({
      title: 'Boiler room',
      imageUrl: image.imageUrl,
      width: 320,
      height: 200,
      canDelete: true,
    });
    expect(gallery?.upload).toEqual({
      url: '/uploads/gallery',
      field: 'File',
      maxBytes: 2 * 1024 * 1024,
      maxText: '2 MB',
      accept: ['image/png', 'image/jpeg', 'image/webp'],
      acceptText: 'PNG, JPEG or WebP',
      maxSide: 6000,
    });
    expect(gallery?.canCreate).toBe(true);
    expect(gallery?.exportUrl).toBe('/exports/gallery.xlsx');
    const viewed = await viewer.graphql(GalleryQuery);
    expect(viewed.data?.gallery.canCreate).toBe(false);
    expect(viewed.data?.gallery.exportUrl).toBeNull();
    expect(viewed.data?.gallery.rows.map((row) => row.id)).toContain(image.id);
    expect(viewed.data?.gallery.rows.every((row) => !row.canDelete)).toBe(true);

    // The options of a kind: every image of that kind, and no other.
    const ofKind = (kind: string) =>
      (gallery?.rows ?? [])
        .filter((row) => row.kind === kind)
        .map((row) => ({ value: row.imageUrl, text: row.title }))
        .sort((a, b) => a.value.localeCompare(b.value));
    const options = await viewer.graphql(GalleryOptionsQuery, { kind: 'ASSET_PHOTO' });
    expect(options.data?.galleryOptions).toContainEqual({
      value: image.imageUrl,
      text: 'Boiler room',
    });
    expect(
      [...(options.data?.galleryOptions ?? [])].sort((a, b) => a.value.localeCompare(b.value)),
    ).toEqual(ofKind('ASSET_PHOTO'));
    const logos = await viewer.graphql(GalleryOptionsQuery, { kind: 'COMPANY_LOGO' });
    expect(
      [...(logos.data?.galleryOptions ?? [])].sort((a, b) => a.value.localeCompare(b.value)),
    ).toEqual(ofKind('COMPANY_LOGO'));
    expect(logos.data?.galleryOptions).not.toContainEqual(
      expect.objectContaining({ value: image.imageUrl }),
    );
  });

  it('exports the gallery as a workbook; refused for the viewer', async () => {
    await anImage('Chiller plant');
    const count = await imageCount(admin);
    const sheet = await downloadSheet(admin, '/exports/gallery.xlsx');
    expect(sheet.getRow(1).values).toContain('Title');
    expect(sheet.actualRowCount - 1).toBe(count);
    const rows = Array.from({ length: count }, (_, index) => sheet.getRow(index + 2).values);
    expect(
      rows.filter((values) => Array.isArray(values) && values.includes('Chiller plant')),
    ).toHaveLength(1);
    expect((await viewer.fetch('/exports/gallery.xlsx')).status).toBe(403);
  });

  it('deletes as the admin after refusing the viewer; a deleted image is gone from the list', async () => {
    const { id } = await anImage('Old pump');
    const before = await imageCount(admin);
    const refused = await viewer.graphql(DeleteImage, { id });
    expectRefused(refused, 'REJECTED', 'You are not allowed to delete gallery images.');
    expect(await imageCount(admin)).toBe(before);
    const deleted = await admin.graphql(DeleteImage, { id });
    expect(deleted.data?.deleteGalleryImage.message).toBe('Image Old pump deleted.');
    const after = (await admin.graphql(GalleryQuery)).data?.gallery.rows ?? [];
    expect(after.some((row) => row.id === id)).toBe(false);
    expect(after).toHaveLength(before - 1);
  });
});

describe('uploads to a legacy server of API version 2', () => {
  it('passes the token as a form field ahead of the caller’s parts, and bearer callers need no CSRF header', async () => {
    const gateway = await stack.gatewayWith({ LEGACY_API_VERSION: '2' });
    const tool = new Client(gateway.url);
    tool.bearer = await tokenFor(gateway.url, 'admin');
    const answer = await uploadAs(tool, { title: 'Version two', kind: 'COMPANY_LOGO' }, undefined, {
      csrf: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.record?.kind).toBe('COMPANY_LOGO');
  });
});
