import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MasterRecordsQuery } from '../../gql/graphql.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { ActiveStatusSelect, ChoiceOptions } from '../../shared/FormFields.tsx';
import type { MasterListScreen } from './lists.ts';
import { GrandparentSelect, useParentOptions } from './ParentSelects.tsx';

type Row = MasterRecordsQuery['masterRecords']['rows'][number];

export interface MasterRecordValues {
  name: string;
  parentId: string;
  taxRate: string;
  gstStateCode: string;
  active: '' | '0' | '1';
}

const NAME_MAX = 100;
const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const GST_STATE_CODE = /^\d{2}$/;

/** Create or edit one master record, in the app's form dialog. */
export function MasterRecordForm({
  screen,
  record,
  onSave,
  onClose,
}: {
  screen: MasterListScreen;
  /** Absent to create. */
  record: Row | null;
  onSave: (values: MasterRecordValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Narrows the parent select (the districts of a state, for a city); not part of the record.
  const [grandparentId, setGrandparentId] = useState('');
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
        parentId: record?.parentId ?? '',
        taxRate: record?.taxRate ?? '',
        gstStateCode: record?.gstStateCode ?? '',
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
                      ? t('masterLists.nameRequired')
                      : value.trim().length > NAME_MAX
                        ? t('masterLists.nameTooLong', { max: NAME_MAX })
                        : true,
                })}
              />
              <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
            </Field.Root>
            <GrandparentSelect
              screen={screen}
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
                    {...form.register('parentId', { required: t('masterLists.parentRequired') })}
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
            {screen.gstStateCode ? (
              <Field.Root invalid={!!errors.gstStateCode} required>
                <Field.Label>{t('masterLists.gstStateCode')}</Field.Label>
                <Input
                  inputMode="numeric"
                  maxLength={2}
                  {...form.register('gstStateCode', {
                    validate: (value) =>
                      GST_STATE_CODE.test(value.trim()) || t('masterLists.gstStateCodeInvalid'),
                  })}
                />
                <Field.ErrorText>{errors.gstStateCode?.message}</Field.ErrorText>
              </Field.Root>
            ) : null}
            {screen.taxRate ? (
              <Field.Root invalid={!!errors.taxRate} required>
                <Field.Label>{t('masterLists.taxRate')}</Field.Label>
                <Input
                  inputMode="decimal"
                  {...form.register('taxRate', {
                    validate: (value) =>
                      (RATE.test(value.trim()) && Number(value) <= 100) ||
                      t('masterLists.taxRateInvalid'),
                  })}
                />
                <Field.ErrorText>{errors.taxRate?.message}</Field.ErrorText>
              </Field.Root>
            ) : null}
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
