import {
  formatBytes,
  GALLERY_LIMITS,
  type GalleryKind,
  type GalleryRow,
  galleryUpload,
} from '@branch-assets/legacy-contract';
import type { Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl } from '../ids.ts';
import { KIND_FROM_GRAPHQL } from '../list-filters.ts';
import type { GalleryImageModel } from '../models.ts';
import * as Records from './records.ts';

/*
 * The gallery: the legacy gallery calls as queries and a delete mutation. Uploads go through
 * POST /uploads/gallery (uploads/routes.ts), which answers with the same GalleryImage shape.
 */

const KIND_TO_GRAPHQL = {
  asset_photo: 'ASSET_PHOTO',
  branch_logo: 'BRANCH_LOGO',
  company_logo: 'COMPANY_LOGO',
} as const satisfies Record<GalleryKind, GalleryImageModel['kind']>;

/** A legacy gallery row as the gateway's clients see it. */
export function galleryImage(row: GalleryRow): GalleryImageModel {
  return {
    id: String(row.ImageId),
    title: row.Title,
    kind: KIND_TO_GRAPHQL[row.Kind],
    kindText: row.KindTxt,
    imageUrl: gatewayUrl(row.ImagePath) ?? row.ImagePath,
    thumbnailUrl: gatewayUrl(row.ThumbnailPath) ?? row.ThumbnailPath,
    contentType: row.ContentType,
    sizeBytes: row.SizeBytes,
    sizeText: row.SizeTxt,
    width: row.Width,
    height: row.Height,
    dimensionsText: row.DimensionsTxt,
    uploadedBy: row.UploadedBy,
    uploadedAt: row.UploadedAt,
    uploadedAtText: row.UploadedAtTxt,
    usedBy: row.UsedBy,
    canEdit: row.EditFlag,
    canDelete: row.DeleteFlag,
  };
}

const GALLERY: Records.Calls<'gallery'> = { prefix: 'gallery', key: 'Image' };

export const galleryResolvers: Resolvers = {
  Query: {
    gallery: (_parent, { kind, ...args }, context) =>
      Records.readList(context, GALLERY, args, {
        rowFilters: kind ? { Kind: KIND_FROM_GRAPHQL[kind] } : {},
        exportQuery: kind ? { kind } : {},
      }),
    galleryOptions: async (_parent, { kind }, { read }) => {
      const { records } = await read('galleryOptions', {
        UserInterface: 1,
        ...(kind ? { Kind: KIND_FROM_GRAPHQL[kind] } : {}),
      });
      // Values are legacy links (files/…); the browser loads them from this gateway.
      return records.map((option) => ({
        value: gatewayUrl(String(option.value)) ?? String(option.value),
        text: option.text,
      }));
    },
  },
  Mutation: {
    deleteGalleryImage: Records.deleteMutation(GALLERY),
  },
  GalleryList: {
    ...Records.listFields({ module: 'gallery', exportName: 'gallery' }),
    // A GalleryImage is not the legacy row (POST /uploads/gallery answers the same shape).
    rows: (list) => list.rows.map(galleryImage),
    upload: () => ({
      url: '/uploads/gallery',
      field: galleryUpload.field,
      maxBytes: galleryUpload.maxBytes,
      maxText: formatBytes(galleryUpload.maxBytes),
      accept: [...galleryUpload.accept],
      acceptText: galleryUpload.acceptText,
      maxSide: GALLERY_LIMITS.maxSide,
    }),
  },
};
