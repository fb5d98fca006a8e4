import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { Jimp } from 'jimp';

/*
 * Test images made in code, so no binary is committed: real PNG, JPEG and WebP files, and the
 * broken and hostile ones the gallery must refuse.
 */

declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };

/** A picture with some detail (a gradient), so encoders produce a file of a realistic shape. */
function picture(width: number, height: number) {
  const image = new Jimp({ width, height, color: 0xffffffff });
  image.scan(0, 0, width, height, (x, y, index) => {
    image.bitmap.data[index] = (x * 255) / width;
    image.bitmap.data[index + 1] = (y * 255) / height;
    image.bitmap.data[index + 2] = 128;
    image.bitmap.data[index + 3] = 255;
  });
  return image;
}

export function pngImage(width = 640, height = 480): Promise<Buffer> {
  return picture(width, height).getBuffer('image/png');
}

export function jpegImage(width = 800, height = 600): Promise<Buffer> {
  return picture(width, height).getBuffer('image/jpeg', { quality: 85 });
}

let webpReady: Promise<void> | null = null;

export async function webpImage(width = 300, height = 200): Promise<Buffer> {
  webpReady ??= (async () => {
    const url = import.meta.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm');
    const module = await WebAssembly.compile(readFileSync(fileURLToPath(url)));
    await (initWebpEncoder as (compiled: object) => Promise<unknown>)(module);
  })();
  await webpReady;
  const image = picture(width, height);
  const data = new Uint8ClampedArray(image.bitmap.data);
  const encoded = await encodeWebp({ data, width, height, colorSpace: 'srgb' } as never, {
    quality: 80,
  });
  return Buffer.from(encoded);
}

/** A real PNG whose header claims other dimensions: what a decompression bomb looks like unread. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await pngImage(16, 16));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A whole, valid PNG of the largest accepted size that is tiny on disk: one black grey-scale plane
 * deflates about 1000 : 1, so 6000 × 6000 pixels take about 35 KB — the file of issue 13 that kept
 * the event loop busy for seconds while it was decoded (144 MB once expanded to RGBA).
 */
export function largePng(width = 6000, height = 6000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // grey-scale; compression, filter and interlace stay 0
  // Each row: filter byte 0, then one byte per pixel, all zero.
  const pixels = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file that starts like a PNG and is larger than the limit. */
export function oversizePng(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

export const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const GIF_HEADER = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
export const TEXT_FILE = Buffer.from('This is not a picture, just a note saved as photo.png\n');

export interface MultipartFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  files: readonly MultipartFile[],
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { body: Buffer.from(await request.arrayBuffer()), contentType };
}
