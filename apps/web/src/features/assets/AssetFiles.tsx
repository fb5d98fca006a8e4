import { useMutation, useQuery } from '@apollo/client/react';
import { ASSET_DOCUMENT_KINDS } from '@branch-assets/domain';
import {
  Box,
  Button,
  Field,
  HStack,
  Image,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetQuery } from '../../gql/graphql.ts';
import { AppDialog } from '../../shared/AppDialog.tsx';
import { notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { IconAction } from '../../shared/IconAction.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { describeUploadProblem, upload } from '../../shared/upload.ts';
import {
  AssetPhotoChoicesQuery,
  AttachAssetPhotoMutation,
  DeleteAssetFileMutation,
} from './documents.ts';

type Asset = AssetQuery['asset'];
type File = Asset['files'][number];

/**
 * An asset's photos (from the gallery) and documents (invoice, warranty card, manual: uploaded
 * here, checked by the server by their content). Whoever may edit the asset adds and removes them.
 */
export function AssetFiles({ asset, onChanged }: { asset: Asset; onChanged: () => void }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<'photo' | 'document' | null>(null);
  const [remove] = useMutation(DeleteAssetFileMutation);
  const [problem, setProblem] = useState<string | null>(null);
  const photos = asset.files.filter((file) => file.kind === 'PHOTO');
  const documents = asset.files.filter((file) => file.kind !== 'PHOTO');
  const removeFile = async (file: File) => {
    try {
      const answer = await remove({ variables: { id: file.id } });
      notifySuccess(answer.data?.deleteAssetFile.message ?? '');
      onChanged();
    } catch (failure) {
      setProblem(describeProblem(failure, t).message);
    }
  };
  const removeButton = (file: File) =>
    file.canDelete ? (
      <IconAction
        label={t('assets.files.remove', { title: file.title })}
        colorPalette="red"
        onClick={() => void removeFile(file)}
      >
        <Trash2 />
      </IconAction>
    ) : null;
  return (
    <Stack gap="3">
      <InlineAlert status="error" title={problem} />
      {asset.files.length === 0 ? <Text color="fg.muted">{t('assets.files.none')}</Text> : null}
      {photos.length > 0 ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {photos.map((photo) => (
            <Box key={photo.id} borderWidth="1px" borderRadius="md" p="2">
              <Link href={photo.url} target="_blank" rel="noopener">
                <Image
                  src={photo.thumbnailUrl ?? photo.url}
                  alt={photo.title}
                  width="100%"
                  height="28"
                  objectFit="cover"
                  borderRadius="sm"
                />
              </Link>
              <HStack justify="space-between" mt="1">
                <Text fontSize="sm">{photo.title}</Text>
                {removeButton(photo)}
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
      ) : null}
      {documents.map((document) => (
        <HStack key={document.id} justify="space-between" borderBottomWidth="1px" py="1">
          <Box>
            <Link href={document.url} target="_blank" rel="noopener" fontWeight="600">
              {document.title}
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {t(`assets.files.kinds.${document.kind}`)}
              {document.uploadedBy ? ` · ${document.uploadedBy}` : ''}
            </Text>
          </Box>
          {removeButton(document)}
        </HStack>
      ))}
      {asset.canEdit ? (
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => setAdding('photo')}>
            {t('assets.files.addPhoto')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAdding('document')}>
            {t('assets.files.addDocument')}
          </Button>
        </HStack>
      ) : null}
      {adding === 'photo' ? (
        <PhotoDialog
          assetId={asset.id}
          onClose={() => setAdding(null)}
          onDone={() => {
            setAdding(null);
            onChanged();
          }}
        />
      ) : null}
      {adding === 'document' ? (
        <DocumentDialog
          assetId={asset.id}
          onClose={() => setAdding(null)}
          onDone={() => {
            setAdding(null);
            onChanged();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The gallery's asset photos, found by title; choosing one adds it to the asset. */
function PhotoDialog({
  assetId,
  onClose,
  onDone,
}: {
  assetId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { data } = useQuery(AssetPhotoChoicesQuery, { variables: { search: search || null } });
  const [attach] = useMutation(AttachAssetPhotoMutation);
  const choose = async (imageId: string) => {
    try {
      await attach({ variables: { assetId, imageId } });
      onDone();
    } catch (failure) {
      setProblem(describeProblem(failure, t).message);
    }
  };
  return (
    <AppDialog title={t('assets.files.addPhoto')} onClose={onClose} size="xl">
      <Stack gap="3">
        <InlineAlert status="error" title={problem} />
        <Field.Root>
          <Field.Label>{t('assets.files.findPhoto')}</Field.Label>
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </Field.Root>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {(data?.gallery.rows ?? []).map((image) => (
            <Button
              key={image.id}
              variant="outline"
              height="auto"
              flexDirection="column"
              p="2"
              onClick={() => void choose(image.id)}
            >
              <Image src={image.thumbnailUrl} alt="" height="20" objectFit="cover" />
              <Text fontSize="sm" whiteSpace="normal">
                {image.title}
              </Text>
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </AppDialog>
  );
}

/** A document for the asset: its kind, title and file. */
function DocumentDialog({
  assetId,
  onClose,
  onDone,
}: {
  assetId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>('INVOICE');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<globalThis.File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!file || title.trim() === '') {
      setProblem(t('assets.files.needed'));
      return;
    }
    setSending(true);
    try {
      const answer = await upload({
        url: '/uploads/asset-file',
        file,
        params: { assetId, kind, title: title.trim() },
      });
      notifySuccess(answer.message);
      onDone();
    } catch (failure) {
      setProblem(describeUploadProblem(failure, t).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <AppDialog
      title={t('assets.files.addDocument')}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="brand" loading={sending} onClick={() => void send()}>
            {t('assets.files.upload')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <InlineAlert status="error" title={problem} />
        <Field.Root required>
          <Field.Label>{t('assets.files.kind')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={kind} onChange={(event) => setKind(event.target.value)}>
              <ChoiceOptions
                placeholder={t('masterLists.parentPlaceholder')}
                options={ASSET_DOCUMENT_KINDS.map((value) => ({
                  value,
                  text: t(`assets.files.kinds.${value}`),
                }))}
              />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('assets.files.title')}</Field.Label>
          <Input value={title} onChange={(event) => setTitle(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('assets.files.file')}</Field.Label>
          <Input
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            p="1"
          />
          <Field.HelperText>{t('assets.files.limits')}</Field.HelperText>
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
