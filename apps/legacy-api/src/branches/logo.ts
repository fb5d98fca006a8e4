import { GALLERY_KIND_TEXT, type GalleryKind } from '@branch-assets/legacy-contract';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';

const FILES = 'files/';

/**
 * The document path a record's logo column takes from a request's logo link (files/…): null for
 * none, undefined when the request leaves the logo as it is. A new logo must be a gallery image of
 * the record's kind; the logo a record already has is kept as it is (the demo's logos predate the
 * gallery).
 */
export async function galleryLogo(
  db: Db,
  link: string | undefined,
  kind: GalleryKind,
  current: string | null,
): Promise<string | null | undefined> {
  if (link === undefined) return undefined;
  if (link === '') return null;
  const path = link.startsWith(FILES) ? link.slice(FILES.length) : link;
  if (path === current) return current;
  const image = await db
    .selectFrom('galleryImages')
    .select('id')
    .where('imagePath', '=', path)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!image) {
    throw new Refusal(
      `Logo ${link} is not a ${GALLERY_KIND_TEXT[kind].toLowerCase()} of the gallery.`,
    );
  }
  return path;
}
