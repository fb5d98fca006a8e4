import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeUploadProblem, fileProblem, UploadError, upload } from './upload.ts';

/** Just enough of XMLHttpRequest to see what upload() sends and to answer it. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseText = '';
  withCredentials = true;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const t = ((key: string) => `t:${key}`) as unknown as TFunction;
const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pump.png', {
  type: 'image/png',
});

afterEach(() => vi.unstubAllGlobals());

describe('upload', () => {
  it('posts the file as the body, its name and values in the query, with the CSRF header; reports progress, answers message and record', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const pending = upload<{ id: string }>({
      url: '/uploads/gallery',
      file,
      params: { title: 'Pump room', kind: 'ASSET_PHOTO' },
      onProgress: (fraction) => progress.push(fraction),
    });
    const request = FakeRequest.last;
    if (!request?.body) throw new Error('nothing sent');
    expect([request.method, request.url]).toEqual([
      'POST',
      '/uploads/gallery?title=Pump+room&kind=ASSET_PHOTO&fileName=pump.png',
    ]);
    expect(request.headers['x-requested-with']).toBe('branch-assets-web');
    expect(request.headers['content-type']).toBe('image/png');
    expect(request.body).toBe(file);
    request.upload.onprogress?.({
      lengthComputable: true,
      loaded: 50,
      total: 100,
    } as ProgressEvent);
    request.answer(200, { message: 'Image Pump uploaded.', record: { id: '7' } });
    await expect(pending).resolves.toEqual({
      message: 'Image Pump uploaded.',
      record: { id: '7' },
    });
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the gateway’s code and message; the server’s words are shown for refusals', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const pending = upload({ url: '/uploads/gallery', file });
    FakeRequest.last?.answer(422, {
      error: { code: 'REJECTED', message: 'The image is damaged.', requestId: 'r1' },
    });
    const error = await pending.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UploadError);
    expect(describeUploadProblem(error, t)).toEqual({
      code: 'REJECTED',
      message: 'The image is damaged.',
    });
    expect(describeUploadProblem(new UploadError('INTERNAL_SERVER_ERROR', 'x', 'r2'), t)).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 't:errors.internal (r2)',
    });
    expect(describeUploadProblem(new UploadError('UNREACHABLE', ''), t).message).toBe(
      't:alerts.unreachable',
    );
  });

  it('checks a file against the limits as a courtesy', () => {
    const limits = { maxBytes: 3, accept: ['image/png', 'image/jpeg'] };
    expect(fileProblem(new File(['GIF'], 'a.gif', { type: 'image/gif' }), limits)).toBe('type');
    expect(fileProblem(file, limits)).toBe('size');
    expect(fileProblem(file, { ...limits, maxBytes: 4 })).toBeNull();
  });
});
