import { Button, HStack, Image } from '@chakra-ui/react';
import { Eye, Trash2, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryQuery as GalleryData, GalleryKind } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import type { TextKey } from '../../shared/FormFields.tsx';
import { IconAction } from '../../shared/IconAction.tsx';
import { enumFilter, ListFilterSelect } from '../../shared/ListFilterSelect.tsx';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { exportUrlOf } from '../../shared/RecordList.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import type { ListParams } from '../../shared/useListParams.ts';
import { useRecordPage } from '../../shared/useRecordPage.tsx';
import { galleryDocuments } from './documents.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { UploadDialog } from './UploadDialog.tsx';

export type GalleryImage = GalleryData['list']['rows'][number];

/** The URL's name for the kind of image listed. */
const KIND_PARAM = 'kind';

/** Every kind's name, in the order the kind filter offers them (a kind the schema adds must be here). */
const KIND_LABELS = {
  ASSET_PHOTO: 'gallery.kinds.ASSET_PHOTO',
  BRANCH_LOGO: 'gallery.kinds.BRANCH_LOGO',
  COMPANY_LOGO: 'gallery.kinds.COMPANY_LOGO',
} as const satisfies Record<GalleryKind, TextKey>;
const KINDS = Object.keys(KIND_LABELS) as GalleryKind[];

/** The kind filter as useRecordPage takes it: `kind` in the URL, the list query's `kind`. */
const kindFilter = {
  names: [KIND_PARAM],
  variables: (params: ListParams): { kind?: GalleryKind } => {
    const kind = enumFilter(KINDS, params.filter(KIND_PARAM));
    return kind ? { kind } : {};
  },
};

/**
 * The gallery (/gallery/lists): the server's list with a thumbnail column, a preview of the full
 * image, uploads with a progress bar, and delete with confirmation (refused, with the reason, for
 * an image a branch uses as its logo).
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [previewing, setPreviewing] = useState<GalleryImage | null>(null);
  const { gate, ready } = useRecordPage({
    module: 'gallery',
    documents: galleryDocuments,
    nameOf: (row) => row.title,
    filters: kindFilter,
  });

  const columns = useMemo<Record<string, ListColumn<GalleryImage>>>(
    () => ({
      thumbnailUrl: {
        label: t('gallery.thumbnail'),
        text: () => '',
        render: (row) => (
          <Button
            variant="ghost"
            height="auto"
            padding="1"
            aria-label={t('gallery.previewOf', { title: row.title })}
            onClick={() => setPreviewing(row)}
          >
            <Image
              src={row.thumbnailUrl}
              alt=""
              maxHeight="16"
              maxWidth="24"
              objectFit="contain"
              loading="lazy"
              borderRadius="sm"
            />
          </Button>
        ),
      },
      title: { label: t('gallery.title'), text: (row) => row.title, priority: 'essential' },
      kindText: { label: t('gallery.kind'), text: (row) => t(`gallery.kinds.${row.kind}`) },
      sizeText: {
        label: t('gallery.size'),
        text: (row) => row.sizeText,
        priority: 'low',
        nowrap: true,
      },
      dimensionsText: {
        label: t('gallery.dimensions'),
        text: (row) => row.dimensionsText,
        priority: 'low',
        nowrap: true,
      },
      uploadedBy: { label: t('gallery.uploadedBy'), text: (row) => row.uploadedBy },
      uploadedAtText: {
        label: t('gallery.uploadedAt'),
        text: (row) => dates.dateTime(row.uploadedAt),
      },
    }),
    [t, dates],
  );
  if (!ready) return gate;
  const { list, listProps } = ready;
  // The upload limits come with the list.
  const upload = ready.data?.list.upload;

  return (
    <>
      <ServerList<GalleryImage>
        title={listProps.page.title}
        description={listProps.page.description}
        list={list}
        loading={listProps.loading}
        error={listProps.error}
        onRetry={listProps.onRetry}
        params={listProps.params}
        filtered={listProps.filtered}
        filters={
          <ListFilterSelect
            params={listProps.params}
            name={KIND_PARAM}
            label={t('gallery.kind')}
            allLabel={t('gallery.allKinds')}
            options={KINDS.map((kind) => ({ value: kind, text: t(KIND_LABELS[kind]) }))}
          />
        }
        rowKey={(row) => row.id}
        columns={columns}
        actions={(row) => (
          <HStack
            gap="0"
            justify="center"
            role="group"
            aria-label={t('masterLists.rowActions', { name: row.title })}
          >
            <IconAction label={t('gallery.preview')} onClick={() => setPreviewing(row)}>
              <Eye />
            </IconAction>
            {row.canDelete ? (
              <IconAction
                label={t('masterLists.delete')}
                colorPalette="red"
                onClick={() => listProps.onDelete(row)}
              >
                <Trash2 />
              </IconAction>
            ) : null}
          </HStack>
        )}
        toolbar={
          <>
            {list?.canCreate ? (
              <Button colorPalette="brand" size="sm" onClick={listProps.onCreate}>
                <Upload aria-hidden />
                {t('gallery.upload')}
              </Button>
            ) : null}
            <ListToolbar
              onRefresh={listProps.onRefresh}
              refreshing={listProps.loading}
              exportUrl={exportUrlOf(list, listProps.error)}
            />
          </>
        }
      />
      {ready.form && list?.canCreate && upload ? (
        <UploadDialog
          key={ready.form.key}
          limits={upload}
          onUploaded={(message) => ready.submit(async () => message)}
          onClose={ready.closeForm}
        />
      ) : null}
      {previewing ? <PreviewDialog image={previewing} onClose={() => setPreviewing(null)} /> : null}
      {ready.dialogs}
    </>
  );
}
