import { AnyEnvelope, legacyCalls } from '@branch-assets/legacy-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type MultipartFile,
  multipartBody,
  oversizePng,
  pngImage,
} from '../gallery/test-images.ts';
import { useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * The upload plumbing, through the one upload call there is so far (api/gallery/store): what every
 * upload call refuses before its handler runs.
 */

// From the reference data, with an administrator of a branch of its own (test/factories.ts).
const api = useTestApi({ reference: true });
const { token } = useBranchLogins(api, ['admin'] as const);
let png: Buffer;

beforeAll(async () => {
  png = await pngImage(32, 32);
});

const FIELDS = { UserInterface: '1', Title: 'Plumbing test', Kind: 'asset_photo' };
const file = (overrides: Partial<MultipartFile> = {}): MultipartFile => ({
  field: 'File',
  name: 'a.png',
  type: 'image/png',
  bytes: png,
  ...overrides,
});

async function post(
  payload: { body: Buffer | string; contentType: string },
  headers: Record<string, string> = { authorization: `Bearer ${token('admin')}` },
  path: string = legacyCalls.galleryStore.path,
) {
  const response = await api.app.inject({
    method: 'POST',
    url: `/${path}`,
    payload: payload.body,
    headers: { 'content-type': payload.contentType, ...headers },
  });
  const envelope = AnyEnvelope.parse(response.json());
  return { status: response.statusCode, flag: envelope.flag, output: envelope.output };
}

describe('registerUploadCall', () => {
  it('refuses a form without the file, naming the field', async () => {
    await api.expectRefusedWithoutChange(async () => post(await multipartBody(FIELDS, [])), {
      status: 422,
      output: 'File is required: attach one file.',
    });
  });

  it('refuses two files, and a file sent under another name', async () => {
    await api.expectRefusedWithoutChange(
      async () => post(await multipartBody(FIELDS, [file(), file({ name: 'b.png' })])),
      { status: 422, output: 'Send exactly one file (File).' },
    );
    await api.expectRefusedWithoutChange(
      async () => post(await multipartBody(FIELDS, [file({ field: 'Photo' })])),
      { status: 422, output: 'Send the file as File, not as Photo.' },
    );
  });

  it('refuses a file over the call’s limit, stating the limit', async () => {
    await api.expectRefusedWithoutChange(
      async () =>
        post(await multipartBody(FIELDS, [file({ bytes: oversizePng(3 * 1024 * 1024) })])),
      { status: 413, output: 'The file is too large: the limit is 2 MB.' },
    );
  });

  it('checks the token first: without one nothing else is said', async () => {
    await api.expectRefusedWithoutChange(async () => post(await multipartBody(FIELDS, []), {}), {
      status: 401,
      output: 'Session expired. Please log in again.',
    });
  });

  it('accepts the token as a form field ahead of the file (API version 2)', async () => {
    const answer = await post(
      await multipartBody({ token: token('admin'), ...FIELDS }, [file()]),
      {},
    );
    expect([answer.flag, answer.output]).toEqual([1, 'Image Plumbing test uploaded.']);
  });

  it('refuses a JSON body on an upload call and a multipart body on any other call', async () => {
    await api.expectRefusedWithoutChange(
      () => post({ body: JSON.stringify(FIELDS), contentType: 'application/json' }),
      { status: 415, output: 'Send this call as multipart/form-data with the file as File.' },
    );
    await api.expectRefusedWithoutChange(
      async () =>
        post(
          await multipartBody({ CompanyName: 'X' }, [file()]),
          { authorization: `Bearer ${token('admin')}` },
          legacyCalls.companyStore.path,
        ),
      { status: 415, output: 'Send the request body as JSON or form-encoded.' },
    );
  });

  it('refuses a body that is not well-formed multipart', async () => {
    await api.expectRefusedWithoutChange(
      () =>
        post({
          body: '--xyz\r\nContent-Disposition: form-data; name="File"; filename="a.png"\r\n\r\nabc',
          contentType: 'multipart/form-data; boundary=xyz',
        }),
      { status: 400, output: /could not be read|interrupted/ },
    );
  });
});
