import { Input, NativeSelect, Progress, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryKind, GalleryQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { LabelledField } from '../../shared/FormFields.tsx';
import { describeUploadProblem, fileProblem, upload } from '../../shared/upload.ts';
import { useSessionEnded } from '../session/forgetSession.ts';

type UploadLimits = GalleryQuery['list']['upload'];

export const GALLERY_KINDS: readonly GalleryKind[] = ['ASSET_PHOTO', 'BRANCH_LOGO', 'COMPANY_LOGO'];

/** The legacy call's values for the kinds (the upload goes to the contract call as it is). */
interface UploadValues {
  file: FileList | null;
  title: string;
  kind: GalleryKind;
}

/**
 * Uploading an image: the file (checked here for type and size as a courtesy; the server checks
 * the content), a title and a kind. A progress bar while it is sent; the server's message after.
 */
export function UploadDialog({
  limits,
  onUploaded,
  onClose,
}: {
  limits: UploadLimits;
  /** Called with the server's message; returns null when done (the dialog closes). */
  onUploaded: (message: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sessionEnded = useSessionEnded();
  const [progress, setProgress] = useState<number | null>(null);

  async function send(values: UploadValues): Promise<string | null> {
    const file = values.file?.[0];
    if (!file) return t('gallery.fileRequired');
    setProgress(0);
    try {
      const answer = await upload({
        url: limits.url,
        file,
        params: { title: values.title.trim(), kind: values.kind },
        onProgress: setProgress,
      });
      return await onUploaded(answer.message);
    } catch (failure) {
      const problem = describeUploadProblem(failure, t);
      if (problem.code === 'UNAUTHENTICATED') {
        sessionEnded();
        return null;
      }
      return problem.message;
    } finally {
      setProgress(null);
    }
  }

  return (
    <FormDialog<UploadValues>
      title={t('gallery.uploadTitle')}
      submitLabel={t('gallery.upload')}
      defaultValues={{ file: null, title: '', kind: 'ASSET_PHOTO' }}
      onSubmit={send}
      onClose={onClose}
    >
      {({ register, formState: { errors }, getValues, setValue }) => {
        const fileField = register('file', {
          validate: (files) => {
            const file = files?.[0];
            if (!file) return t('gallery.fileRequired');
            const problem = fileProblem(file, limits);
            if (problem === 'type') return t('gallery.fileType', { types: limits.acceptText });
            if (problem === 'size') return t('gallery.fileSize', { max: limits.maxText });
            return true;
          },
        });
        return (
          <>
            <LabelledField label={t('gallery.file')} error={errors.file} required>
              <Input
                type="file"
                accept={limits.accept.join(',')}
                paddingBlock="1"
                {...fileField}
                onChange={(event) => {
                  // A title to start from: the file's name without its extension.
                  const name = event.target.files?.[0]?.name;
                  if (name && !getValues('title').trim())
                    setValue('title', name.replace(/\.[^.]+$/, '').slice(0, 100));
                  void fileField.onChange(event);
                }}
              />
              <Text fontSize="xs" color="fg.muted">
                {t('gallery.fileHint', { types: limits.acceptText, max: limits.maxText })}
              </Text>
            </LabelledField>
            <LabelledField label={t('gallery.title')} error={errors.title} required>
              <Input
                {...register('title', {
                  validate: (value) =>
                    value.trim() !== '' || t('common.required', { field: t('gallery.title') }),
                  maxLength: { value: 100, message: t('gallery.titleTooLong') },
                })}
              />
            </LabelledField>
            <LabelledField label={t('gallery.kind')} error={errors.kind} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('kind')}>
                  {GALLERY_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`gallery.kinds.${kind}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </LabelledField>
            {progress !== null ? (
              <Progress.Root value={Math.round(progress * 100)} size="sm" colorPalette="brand">
                <Progress.Label>{t('gallery.uploading')}</Progress.Label>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
          </>
        );
      }}
    </FormDialog>
  );
}
