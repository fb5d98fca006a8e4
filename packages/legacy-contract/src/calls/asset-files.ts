import { ASSET_DOCUMENT_KINDS, ASSET_FILE_KINDS } from '@branch-assets/domain';
import { z } from 'zod';
import { Id, IsoDateTime, text } from '../primitives.ts';
import type { UploadSpec } from '../upload.ts';
import { BaseRequest } from './shared.ts';

/*
 * An asset's photos and documents (docs/assets.md): photos are gallery images of kind asset_photo
 * linked to the asset; documents (invoice, warranty card, manual, other) are uploads checked by
 * their content, kept with the asset's branch so only its people can fetch them.
 */

export const ASSET_DOCUMENT_LIMITS = { maxBytes: 10 * 1024 * 1024 } as const;

export const assetDocumentUpload: UploadSpec = {
  field: 'File',
  maxBytes: ASSET_DOCUMENT_LIMITS.maxBytes,
  accept: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  acceptText: 'PDF, PNG, JPEG or WebP',
};

export const AssetFile = z.object({
  AssetFileId: z.number().int(),
  Kind: z.enum(ASSET_FILE_KINDS),
  Title: z.string(),
  /** The file's link (files/…), fetched with the caller's token. */
  Path: z.string(),
  /** A photo's thumbnail link; null for a document. */
  ThumbnailPath: z.string().nullable(),
  ContentType: z.string(),
  UploadedBy: z.string().nullable(),
  At: IsoDateTime,
  /** Whether the caller may take it off the asset (edit grant, the asset's branch). */
  DeleteFlag: z.boolean(),
});
export type AssetFile = z.output<typeof AssetFile>;

const ByAsset = BaseRequest.extend({ Asset: Id });
const common = { method: 'POST' as const, authenticated: true } as const;

export const assetFileCalls = {
  assetFiles: {
    ...common,
    path: 'api/asset/files' as const,
    readOnly: true,
    summary: "An asset's photos and documents, newest first.",
    request: ByAsset,
    records: z.array(AssetFile),
    refusals: ['You are not allowed to list assets.', 'Asset … does not exist.'],
  },
  assetFileStore: {
    ...common,
    path: 'api/asset/file-store' as const,
    readOnly: false,
    summary:
      "Uploads a document for an asset (multipart/form-data: the file as File, with Asset, Kind and Title). The type is read from the content: PDF, PNG, JPEG or WebP; at most 10 MB. Written to the asset's timeline.",
    request: ByAsset.extend({
      Kind: z.enum(ASSET_DOCUMENT_KINDS),
      Title: text(150, { required: true }),
    }),
    records: AssetFile,
    upload: assetDocumentUpload,
    refusals: [
      'You are not allowed to edit assets.',
      'Asset … does not exist.',
      'The file is not a PDF, PNG, JPEG or WebP file (… is not accepted).',
      'The PDF is damaged or incomplete and cannot be read.',
    ],
  },
  assetPhotoAttach: {
    ...common,
    path: 'api/asset/photo-attach' as const,
    readOnly: false,
    summary:
      "Shows a gallery image of kind asset_photo among an asset's photos. Written to the asset's timeline.",
    request: ByAsset.extend({ Image: Id }),
    records: AssetFile,
    refusals: [
      'You are not allowed to edit assets.',
      'Asset … does not exist.',
      'Image … is not an asset photo of the gallery.',
      'Image … is already a photo of this asset.',
    ],
  },
  assetFileDestroy: {
    ...common,
    path: 'api/asset/file-destroy' as const,
    readOnly: false,
    summary:
      "Takes a photo or document off an asset (an uploaded document is deleted; a gallery photo stays in the gallery). Written to the asset's timeline.",
    request: BaseRequest.extend({ AssetFile: Id }),
    records: z.null(),
    refusals: ['You are not allowed to edit assets.', 'File … does not exist.'],
  },
};
