import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MasterRecordsQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { ActiveStatusSelect, ChoiceOptions } from '../../shared/FormFields.tsx';
import { choiceLabel, type ExtraField, type MasterListScreen, validExtra } from './lists.ts';
import { GrandparentSelect, useParentOptions } from './ParentSelects.tsx';

type Row = MasterRecordsQuery['masterRecords']['rows'][number];

export interface MasterRecordValues {
  name: string;
  parentId: string;
  /** The list's own fields as typed, by their GraphQL names. */
  extras: Record<string, string>;
  active: '' | '0' | '1';
}

const NAME_MAX = 100;

/** The form's start text of a list's own field: the record's value, or empty. */
function startText(record: Row | null, extra: ExtraField): string {
  const value: unknown = record ? (record as Readonly<Record<string, unknown>>)[extra.field] : null;
  return value === null || value === undefined ? '' : String(value);
}

/** Create or edit one master record, in the app's form dialog. */
export function MasterRecordForm({
  screen,
  record,
  start,
  onSave,
  onClose,
}: {
  screen: MasterListScreen;
  /** Absent to create. */
  record: Row | null;
  /** A new record's parent and grandparent: the list's filters, as the user chose them. */
  start: { parentId: string; grandparentId: string };
  onSave: (values: MasterRecordValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Narrows the parent select (the districts of a state, for a city); not part of the record.
  const [grandparentId, setGrandparentId] = useState(record ? '' : start.grandparentId);
  const loaded = useParentOptions(screen, grandparentId);
  // The options last loaded: kept while the next grandparent's load, so the form stays put.
  const lastLoaded = useRef(loaded);
  if (loaded) lastLoaded.current = loaded;
  const parents = lastLoaded.current;
  const texts = t(`masterLists.lists.${screen.list}`, { returnObjects: true });
  // The form starts once the parents are there: a select's value must be one of its options.
  if (!parents) return null;
  const parentLabel = screen.parent ? t(`masterLists.lists.${screen.parent}.one`) : '';
  return (
    <FormDialog<MasterRecordValues>
      title={record ? `${texts.edit}: ${record.name}` : texts.create}
      submitLabel={t('masterLists.save')}
      defaultValues={{
        name: record?.name ?? '',
        parentId: record ? (record.parentId ?? '') : start.parentId,
        extras: Object.fromEntries(
          screen.extras.map((extra) => [extra.field, startText(record, extra)]),
        ),
        active: record ? (record.active ? '1' : '0') : '1',
      }}
      onSubmit={onSave}
      onClose={onClose}
    >
      {(form) => {
        const { errors } = form.formState;
        return (
          <>
            <Field.Root invalid={!!errors.name} required>
              <Field.Label>{texts.one}</Field.Label>
              <Input
                autoFocus
                maxLength={NAME_MAX + 1}
                {...form.register('name', {
                  validate: (value) =>
                    value.trim() === ''
                      ? t('common.required', { field: texts.one })
                      : value.trim().length > NAME_MAX
                        ? t('masterLists.nameTooLong', { max: NAME_MAX })
                        : true,
                })}
              />
              <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
            </Field.Root>
            <GrandparentSelect
              screen={screen}
              inForm
              value={grandparentId}
              onChange={(next) => {
                setGrandparentId(next);
                form.setValue('parentId', '', { shouldValidate: false });
              }}
            />
            {screen.parent ? (
              <Field.Root invalid={!!errors.parentId} required>
                <Field.Label>{parentLabel}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...form.register('parentId', {
                      required: t('common.required', { field: parentLabel }),
                    })}
                  >
                    <ChoiceOptions
                      placeholder={t('masterLists.parentPlaceholder')}
                      options={parents}
                    />
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{errors.parentId?.message}</Field.ErrorText>
              </Field.Root>
            ) : null}
            {screen.extras.map((extra) => (
              <ExtraInput
                key={extra.field}
                extra={extra}
                registration={form.register(`extras.${extra.field}`, {
                  validate: (value) =>
                    validExtra(extra, value) || t(`masterLists.invalid.${extra.field}`),
                })}
                error={errors.extras?.[extra.field]?.message}
              />
            ))}
            <ActiveStatusSelect
              registration={form.register('active', { required: t('masterLists.statusRequired') })}
              error={errors.active}
            />
          </>
        );
      }}
    </FormDialog>
  );
}

/** One of the list's own fields: a select of its choices, or a text box. */
function ExtraInput({
  extra,
  registration,
  error,
}: {
  extra: ExtraField;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>{t(`masterLists.fields.${extra.field}`)}</Field.Label>
      {extra.kind === 'choice' ? (
        <NativeSelect.Root>
          <NativeSelect.Field {...registration}>
            <ChoiceOptions
              placeholder={t('masterLists.choose')}
              options={extra.choices.map((choice) => ({
                value: choice,
                text: choiceLabel(t, extra, choice),
              }))}
            />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          inputMode={extra.kind === 'percent' ? 'decimal' : 'numeric'}
          maxLength={extra.kind === 'digits' ? extra.length : undefined}
          {...registration}
        />
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
