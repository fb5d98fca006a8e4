import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GALLERY_LIMITS } from '@branch-assets/legacy-contract';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import { Jimp } from 'jimp';
import { Refusal } from '../http/errors.ts';
import { DAMAGED, type InspectedImage } from './images.ts';

/*
 * Decoding and thumbnails: seconds of CPU for a large image (a 6000 × 6000 PNG is 144 MB of
 * pixels), so this runs in a worker thread (../cpu/worker.ts), never on the event loop, and only
 * for a file inspectImage has passed. Pure JavaScript and WebAssembly (jimp, and libwebp's decoder
 * from @jsquash/webp): nothing to build.
 */

export interface Thumbnail {
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** The one WebAssembly call needed here; the project's lib settings leave out the DOM's types. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };

/** libwebp's decoder, compiled once from the package's own .wasm file (no fetch in Node). */
let webpReady: Promise<void> | null = null;
function webpDecoder(): Promise<void> {
  webpReady ??= (async () => {
    const url = import.meta.resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    const module = await WebAssembly.compile(readFileSync(fileURLToPath(url)));
    // The package's types only list the options argument; at run time a compiled module given
    // as the one argument is used instead of fetching the .wasm, which Node cannot do from a file.
    await (initWebpDecoder as (compiled: object) => Promise<void>)(module);
  })();
  return webpReady;
}

type JimpImage = Awaited<ReturnType<typeof Jimp.fromBuffer>>;

async function decode(bytes: Buffer, image: InspectedImage): Promise<JimpImage> {
  if (image.contentType === 'image/webp') {
    await webpDecoder();
    const copy = new Uint8Array(bytes).buffer;
    const pixels = await decodeWebp(copy);
    return Jimp.fromBitmap({
      width: pixels.width,
      height: pixels.height,
      data: Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength),
    });
  }
  return Jimp.fromBuffer(bytes);
}

/**
 * Decodes the image (a damaged or truncated one is refused here) and makes its thumbnail: at most
 * 240 pixels wide and high, JPEG for a JPEG photo, PNG otherwise (it keeps transparency).
 */
export async function makeThumbnail(bytes: Buffer, image: InspectedImage): Promise<Thumbnail> {
  let decoded: JimpImage;
  try {
    decoded = await decode(bytes, image);
  } catch {
    throw new Refusal(DAMAGED);
  }
  if (decoded.width !== image.width || decoded.height !== image.height) throw new Refusal(DAMAGED);
  const side = GALLERY_LIMITS.thumbnailWidth;
  if (decoded.width > side || decoded.height > side) decoded.scaleToFit({ w: side, h: side });
  const size = { width: decoded.width, height: decoded.height };
  if (image.contentType === 'image/jpeg') {
    const jpeg = await decoded.getBuffer('image/jpeg', { quality: 80 });
    return { contentType: 'image/jpeg', extension: 'jpg', bytes: jpeg, ...size };
  }
  const png = await decoded.getBuffer('image/png');
  return { contentType: 'image/png', extension: 'png', bytes: png, ...size };
}
