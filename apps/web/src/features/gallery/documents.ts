import { graphql } from '../../gql/index.ts';

export const GalleryQuery = graphql(`
  query Gallery(
    $kind: GalleryKind,
    $page: Int, $pageSize: Int, $search: String, $sortBy: String, $sortDesc: Boolean
  ) {
    list: gallery(
      kind: $kind,
      page: $page, pageSize: $pageSize, search: $search, sortBy: $sortBy, sortDesc: $sortDesc
    ) {
      rows {
        id title kind kindText imageUrl thumbnailUrl contentType sizeText width height
        dimensionsText uploadedBy uploadedAt uploadedAtText usedBy canEdit canDelete
      }
      ...RecordListFields
      upload { url maxBytes maxText accept acceptText maxSide }
    }
  }
`);

export const DeleteGalleryImageMutation = graphql(`
  mutation DeleteGalleryImage($id: ID!) {
    deleteGalleryImage(id: $id) { message }
  }
`);

export const GalleryOptionsQuery = graphql(`
  query GalleryOptions($kind: GalleryKind) {
    galleryOptions(kind: $kind) { value text }
  }
`);

/** The gallery's documents: its list (the root field aliased `list`) and delete. */
export const galleryDocuments = { list: GalleryQuery, delete: DeleteGalleryImageMutation };
