import { useQuery } from '@apollo/client/react';
import { MOVEMENT_QUANTITY_MAX } from '@branch-assets/domain';
import { Box, Field, Fieldset, Input, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AccessoriesQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import { TickBox } from '../../shared/TickBox.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { MasterSelectField } from '../master-lists/ParentSelects.tsx';
import { AccessoryFormChoicesQuery } from './documents.ts';

export type Accessory = AccessoriesQuery['list']['rows'][number];

const BLANK = {
  name: '',
  accessoryTypeId: '',
  brandId: '',
  /** The asset types it fits, by id. */
  assetTypeIds: [] as string[],
  /**
   * Each of the caller's branches' own minimum, by `b<branch id>` (a bare number would make the
   * form a list); blank keeps the type's.
   */
  minimums: {} as Record<string, string>,
  ...Fields.NEW_STATUS,
};
export type AccessoryValues = typeof BLANK;

const WHOLE = /^\d{1,7}$/;

/**
 * Create or edit an accessory: its name, type (whose unit it counts in and whose minimum every
 * branch keeps unless it has its own), brand, the asset types it fits, and a minimum for each of the
 * caller's branches that should keep another.
 */
export function AccessoryForm({
  record: accessory,
  dialog,
}: RecordFormProps<Accessory, AccessoryValues>) {
  const { t } = useTranslation();
  const choices = useQuery(AccessoryFormChoicesQuery);
  const start = {
    ...startValues(BLANK, accessory),
    assetTypeIds: accessory?.assetTypeIds ?? [],
    minimums: Object.fromEntries(
      (accessory?.minimums ?? []).map((minimum) => [
        `b${minimum.branchId}`,
        String(minimum.minimum),
      ]),
    ),
  };
  return (
    <FormDialog<AccessoryValues> {...dialog} defaultValues={start} size="xl" grid>
      {(form, F) => {
        const fits = form.watch('assetTypeIds');
        const toggle = (id: string, on: boolean) =>
          form.setValue(
            'assetTypeIds',
            on ? [...fits.filter((fit) => fit !== id), id] : fits.filter((fit) => fit !== id),
            { shouldDirty: true },
          );
        return (
          <>
            <F.Text name="name" label="accessories.name" required autoFocus />
            <MasterSelectField
              control={form.control}
              name="accessoryTypeId"
              list="ACCESSORY_TYPE"
              label={t('accessories.accessoryType')}
              required
            />
            <MasterSelectField
              control={form.control}
              name="brandId"
              list="BRAND"
              label={t('accessories.brand')}
            />
            <F.Status />
            <Fieldset.Root gridColumn={{ md: 'span 2' }}>
              <Fieldset.Legend>{t('accessories.fits')}</Fieldset.Legend>
              <Box maxH="40" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="1">
                  {(choices.data?.masterOptions ?? []).map((option) => {
                    const id = String(option.value);
                    return (
                      <TickBox
                        key={id}
                        label={option.text}
                        fontSize="sm"
                        checked={fits.includes(id)}
                        onChange={(on) => toggle(id, on)}
                      />
                    );
                  })}
                </SimpleGrid>
              </Box>
            </Fieldset.Root>
            <Fieldset.Root gridColumn={{ md: 'span 2' }}>
              <Fieldset.Legend>{t('accessories.minimums')}</Fieldset.Legend>
              <Fieldset.HelperText>{t('accessories.minimumsHint')}</Fieldset.HelperText>
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
                {(choices.data?.branchOptions ?? []).map((option) => {
                  const branch = String(option.value);
                  const name = `minimums.b${branch}` as const;
                  const error = form.getFieldState(name, form.formState).error;
                  return (
                    <Field.Root key={branch} invalid={!!error}>
                      <Field.Label fontSize="sm">{option.text}</Field.Label>
                      <Input
                        size="sm"
                        inputMode="numeric"
                        {...form.register(name, {
                          validate: (value) =>
                            value === undefined ||
                            value.trim() === '' ||
                            (WHOLE.test(value.trim()) &&
                              Number(value.trim()) <= MOVEMENT_QUANTITY_MAX)
                              ? true
                              : t('accessories.minimumInvalid'),
                        })}
                      />
                      <Field.ErrorText>{error?.message}</Field.ErrorText>
                    </Field.Root>
                  );
                })}
              </SimpleGrid>
            </Fieldset.Root>
          </>
        );
      }}
    </FormDialog>
  );
}

/**
 * The save input from the form's values: the fits as chosen, and a minimum for each of the
 * caller's branches shown (a blank one goes back to the type's).
 */
export function accessoryInput(values: AccessoryValues, record: Accessory | null) {
  const blank = (value: string) => value.trim() === '';
  return {
    id: record?.id ?? null,
    name: values.name.trim(),
    accessoryTypeId: values.accessoryTypeId,
    brandId: blank(values.brandId) ? null : values.brandId,
    assetTypeIds: values.assetTypeIds,
    minimums: Object.entries(values.minimums).map(([key, minimum]) => ({
      branchId: key.slice(1),
      minimum: blank(minimum ?? '') ? null : Number(minimum.trim()),
    })),
    active: values.active === '1',
  };
}
