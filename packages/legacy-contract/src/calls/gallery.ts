import { z } from 'zod';
import type { CallDefinition } from '../calls.ts';
import { Id, text } from '../primitives.ts';
import type { UploadSpec } from '../upload.ts';
import { BaseRequest, ListRequest, listPayload, Option } from './shared.ts';

/*
 * The gallery: api/gallery/lists · show · store · destroy · options. Images (asset photos,
 * branch and company logos) are stored as documents with a thumbnail; the server checks the type
 * from the content (PNG, JPEG, WebP), the size and the pixel dimensions before it decodes anything.
 * An image a branch uses as its logo cannot be deleted.
 */

export const GALLERY_KINDS = ['asset_photo', 'branch_logo', 'company_logo'] as const;
export const GalleryKind = z.enum(GALLERY_KINDS, {
  error: 'must be one of asset_photo, branch_logo, company_logo',
});
export type GalleryKind = z.output<typeof GalleryKind>;

export const GALLERY_KIND_TEXT: Record<GalleryKind, string> = {
  asset_photo: 'Asset photo',
  branch_logo: 'Branch logo',
  company_logo: 'Company logo',
};

/** The limits of a gallery image, checked by legacy-api and repeated by the web app as a courtesy. */
export const GALLERY_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  /** Pixels per side, read from the header before anything is decoded (decompression bombs). */
  maxSide: 6000,
  thumbnailWidth: 240,
} as const;

export const galleryUpload: UploadSpec = {
  field: 'File',
  maxBytes: GALLERY_LIMITS.maxBytes,
  accept: ['image/png', 'image/jpeg', 'image/webp'],
  acceptText: 'PNG, JPEG or WebP',
};

export const GalleryRow = z.object({
  ImageId: z.number().int(),
  Title: z.string(),
  Kind: GalleryKind,
  KindTxt: z.string(),
  /** Links relative to the API's base address, served by `GET /files/…`. */
  ImagePath: z.string(),
  ThumbnailPath: z.string(),
  ContentType: z.string(),
  SizeBytes: z.number().int(),
  SizeTxt: z.string(),
  Width: z.number().int(),
  Height: z.number().int(),
  DimensionsTxt: z.string(),
  UploadedBy: z.string(),
  /** ISO 8601 with an offset. */
  UploadedAt: z.string(),
  /** DD-MM-YYYY HH:mm, for the list and the spreadsheet. */
  UploadedAtTxt: z.string(),
  /** Branches that use the image as their logo (a used image cannot be deleted). */
  UsedBy: z.number().int(),
  EditFlag: z.boolean(),
  DeleteFlag: z.boolean(),
});
export type GalleryRow = z.output<typeof GalleryRow>;

const ById = BaseRequest.extend({ Image: Id });

export const GalleryStoreRequest = BaseRequest.extend({
  Title: text(100, { required: true }),
  Kind: GalleryKind,
});

export const GalleryOptionsRequest = BaseRequest.extend({ Kind: GalleryKind.optional() });

const NOT_ALLOWED = (action: string) => `You are not allowed to ${action} gallery images.`;

export const galleryCalls = {
  galleryLists: {
    path: 'api/gallery/lists',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'Every gallery image, newest first, with its thumbnail and image links, kind, size, dimensions, who uploaded it and when, per-row EditFlag and DeleteFlag, table headers and options.',
    request: ListRequest,
    records: listPayload(GalleryRow),
    refusals: [NOT_ALLOWED('list')],
    graphqlNames: { ImageId: 'id', ImagePath: 'imageUrl', ThumbnailPath: 'thumbnailUrl' },
  },
  galleryShow: {
    path: 'api/gallery/show',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary: 'One gallery image, as its list row.',
    request: ById,
    records: GalleryRow,
    refusals: [NOT_ALLOWED('list'), 'Image … does not exist.'],
  },
  galleryStore: {
    path: 'api/gallery/store',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary:
      'Uploads an image (multipart/form-data: the file as File, with Title and Kind). The type is read from the content: PNG, JPEG or WebP; at most 2 MB and 6000 × 6000 pixels. A thumbnail at most 240 pixels wide is made on the server. Returns the new row.',
    request: GalleryStoreRequest,
    records: GalleryRow,
    upload: galleryUpload,
    refusals: [
      NOT_ALLOWED('upload'),
      'The file is not a PNG, JPEG or WebP image (… is not accepted).',
      'The image is … × … pixels: at most 6000 × 6000 pixels are accepted.',
      'The image is damaged or incomplete and cannot be read.',
    ],
  },
  galleryDestroy: {
    path: 'api/gallery/destroy',
    method: 'POST',
    authenticated: true,
    readOnly: false,
    summary: 'Deletes an image and its thumbnail, unless a branch uses it as its logo.',
    request: ById,
    records: z.null(),
    refusals: [
      NOT_ALLOWED('delete'),
      'Image … does not exist.',
      'Cannot delete image …: it is the logo of … branches and … companies.',
    ],
  },
  galleryOptions: {
    path: 'api/gallery/options',
    method: 'POST',
    authenticated: true,
    readOnly: true,
    summary:
      'Gallery images as select options for logo pickers: value is the image link (files/…), text its title; Kind narrows them to one kind.',
    request: GalleryOptionsRequest,
    records: z.array(Option),
    refusals: [NOT_ALLOWED('list')],
  },
} as const satisfies Record<string, CallDefinition<z.ZodType, z.ZodType>>;
