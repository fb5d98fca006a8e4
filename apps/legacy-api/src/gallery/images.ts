import { formatBytes, GALLERY_LIMITS, galleryUpload } from '@branch-assets/legacy-contract';
import { Refusal } from '../http/errors.ts';

/*
 * What the gallery accepts, decided from the bytes and never from the file name or the declared
 * type: PNG, JPEG and WebP. The pixel size is read from the header before anything is decoded, so a
 * small file that would inflate to gigabytes (a decompression bomb) is refused unread. These checks
 * cost microseconds and run on the event loop; only a file that passed them is decoded, in a worker
 * thread (thumbnail.ts, run through ../cpu/pool.ts), which also proves it is whole.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface InspectedImage {
  contentType: ImageType;
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString('latin1');
}

/** The accepted type of the content, or null. */
export function sniffType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** Tab, line breaks and printable characters only (UTF-8 bytes above 0x7f included). */
function looksLikeText(head: Buffer): boolean {
  return head.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || byte >= 0x20);
}

/** What a refused file looks like, for the message: the user learns what they sent. */
export function describeContent(bytes: Buffer): string {
  const head = ascii(bytes, 0, Math.min(bytes.length, 512));
  if (head.startsWith('GIF8')) return 'a GIF image';
  if (/<svg[\s>]/i.test(head) || (/^\s*<\?xml/.test(head) && /<svg/i.test(head)))
    return 'an SVG image';
  if (head.startsWith('%PDF')) return 'a PDF document';
  if (head.startsWith('BM')) return 'a BMP image';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'a TIFF image';
  if (head.startsWith('PK\x03\x04')) return 'a ZIP archive or an Office document';
  if (looksLikeText(bytes.subarray(0, 512))) return 'a text file';
  return 'not an image we can read';
}

export function notAnImageMessage(bytes: Buffer): string {
  return `The file is not a ${galleryUpload.acceptText} image (${describeContent(bytes)} is not accepted). Accepted types: ${galleryUpload.acceptText}.`;
}

export const DAMAGED = 'The image is damaged or incomplete and cannot be read.';

/** Width and height from the PNG header (IHDR is always the first chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Width and height from the first start-of-frame marker of a JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Width and height from a WebP's first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

const TYPES: Record<
  ImageType,
  {
    extension: InspectedImage['extension'];
    size: (bytes: Buffer) => { width: number; height: number } | null;
  }
> = {
  'image/png': { extension: 'png', size: pngSize },
  'image/jpeg': { extension: 'jpg', size: jpegSize },
  'image/webp': { extension: 'webp', size: webpSize },
};

/** A PNG ends with its IEND chunk; without it the file was cut short (pngjs may not notice). */
function hasPngEnd(bytes: Buffer): boolean {
  return bytes.length >= 12 && ascii(bytes, bytes.length - 8, bytes.length - 4) === 'IEND';
}

/**
 * Checks a file without decoding it: an accepted type by content, a size within the limit, a
 * readable header with dimensions within the cap, a PNG's end. Throws a Refusal that says what is wrong.
 */
export function inspectImage(bytes: Buffer): InspectedImage {
  if (bytes.length > GALLERY_LIMITS.maxBytes) {
    throw new Refusal(
      `The file is too large: the limit is ${formatBytes(GALLERY_LIMITS.maxBytes)}.`,
    );
  }
  const contentType = sniffType(bytes);
  if (!contentType) throw new Refusal(notAnImageMessage(bytes));
  const type = TYPES[contentType];
  const size = type.size(bytes);
  if (!size || size.width < 1 || size.height < 1) throw new Refusal(DAMAGED);
  const max = GALLERY_LIMITS.maxSide;
  if (size.width > max || size.height > max) {
    throw new Refusal(
      `The image is ${size.width} × ${size.height} pixels: at most ${max} × ${max} pixels are accepted.`,
    );
  }
  if (contentType === 'image/png' && !hasPngEnd(bytes)) throw new Refusal(DAMAGED);
  return { contentType, extension: type.extension, ...size };
}
