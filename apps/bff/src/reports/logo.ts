import type { CallContext, LegacyClient } from '../legacy/client.ts';

/** The first bytes of the images pdfkit draws: a logo of another kind (SVG) is left out. */
function isDrawable(bytes: Buffer): boolean {
  const png = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/** A company's logo for a PDF's letterhead: its bytes when it is a PNG or JPEG, else null. */
export async function letterheadLogo(
  legacy: LegacyClient,
  logoPath: string | null | undefined,
  context: CallContext,
): Promise<Buffer | null> {
  const path = logoPath?.replace(/^files\//, '');
  if (!path) return null;
  const file = await legacy.file(path, context);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const bytes = Buffer.concat(chunks);
  return file.status === 200 && isDrawable(bytes) ? bytes : null;
}
