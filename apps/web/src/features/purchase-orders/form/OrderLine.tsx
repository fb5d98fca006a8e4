import { formatRupees, PURCHASE_GST_RATES } from '@branch-assets/domain';
import { Box, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Choice, ChoiceOptions, LabelledField } from '../../../shared/FormFields.tsx';
import { IconAction } from '../../../shared/IconAction.tsx';
import { SelectField } from '../../../shared/SelectField.tsx';
import { MasterSelectField } from '../../master-lists/ParentSelects.tsx';
import { type ComputedLineView, MONEY, type OrderValues, PERCENT, WHOLE } from './orderValues.ts';

export interface LineChoices {
  categories: readonly Choice[];
  subCategories: readonly { id: string; name: string; categoryId: string }[];
  assetTypes: readonly { id: string; name: string; subCategoryId: string; taxRate: number }[];
  accessories: readonly { id: string; name: string; unit: string }[];
  branches: readonly Choice[];
}

/**
 * One line of the order: an asset type (through its category and sub-category, whose GST rate
 * fills the line's) with a brand, or an accessory; quantity, rate, discount (amount or %), GST
 * slab, and where it goes when not to the shipped-to branch. Its total is the live one.
 */
export function OrderLine({
  index,
  choices,
  computed,
  canRemove,
  onRemove,
}: {
  index: number;
  choices: LineChoices;
  computed: ComputedLineView | null;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const form = useFormContext<OrderValues>();
  const { register, control, setValue, getValues } = form;
  const name = <Key extends keyof OrderValues['lines'][number]>(key: Key) =>
    `lines.${index}.${key}` as const;
  const errors = form.formState.errors.lines?.[index];
  const [kind, categoryId, subCategoryId, discountMode] = form.watch([
    name('kind'),
    name('categoryId'),
    name('subCategoryId'),
    name('discountMode'),
  ]);
  const label = (key: string) => t(`orderForm.line.${key}` as 'orderForm.line.itemName');
  const required = (key: string) => ({
    validate: (value: string) => value.trim() !== '' || t('common.required', { field: label(key) }),
  });
  const types = choices.assetTypes.filter((type) => type.subCategoryId === subCategoryId);
  const clear = (...keys: (keyof OrderValues['lines'][number])[]) => {
    for (const key of keys) setValue(name(key), '', { shouldValidate: false });
  };
  const asset = kind === 'ASSET';

  return (
    <Box
      as="fieldset"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      aria-label={t('orderForm.lineTitle', { number: index + 1 })}
      data-testid={`order-line-${index}`}
    >
      <HStack justify="space-between" mb="2">
        <Text as="legend" fontWeight="semibold">
          {t('orderForm.lineTitle', { number: index + 1 })}
        </Text>
        <HStack gap="3">
          <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid={`line-total-${index}`}>
            {computed ? formatRupees(computed.total) : '—'}
          </Text>
          {canRemove ? (
            <IconAction
              label={t('orderForm.removeLine', { number: index + 1 })}
              colorPalette="red"
              onClick={onRemove}
            >
              <Trash2 />
            </IconAction>
          ) : null}
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3">
        <LabelledField label={label('kind')} error={undefined} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              {...register(name('kind'), {
                onChange: () => clear('assetTypeId', 'accessoryId', 'brandId'),
              })}
            >
              <option value="ASSET">{t('orderForm.kinds.ASSET')}</option>
              <option value="ACCESSORY">{t('orderForm.kinds.ACCESSORY')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
        {asset ? (
          <>
            <SelectField
              control={control}
              name={name('categoryId')}
              label={label('category')}
              options={choices.categories}
              required
              onPick={() => clear('subCategoryId', 'assetTypeId')}
            />
            <SelectField
              control={control}
              name={name('subCategoryId')}
              label={label('subCategory')}
              options={choices.subCategories
                .filter((sub) => sub.categoryId === categoryId)
                .map((sub) => ({ value: sub.id, text: sub.name }))}
              required
              disabled={categoryId === ''}
              onPick={() => clear('assetTypeId')}
            />
            <SelectField
              control={control}
              name={name('assetTypeId')}
              label={label('assetType')}
              options={types.map((type) => ({ value: type.id, text: type.name }))}
              required
              onPick={(value) => {
                const type = types.find((candidate) => candidate.id === value);
                if (!type) return;
                setValue(name('taxRate'), String(type.taxRate), { shouldValidate: true });
                if (getValues(name('itemName')).trim() === '')
                  setValue(name('itemName'), type.name, { shouldValidate: true });
              }}
            />
            <MasterSelectField
              control={control}
              name={name('brandId')}
              list="BRAND"
              label={label('brand')}
              required
            />
          </>
        ) : (
          <SelectField
            control={control}
            name={name('accessoryId')}
            label={label('accessory')}
            options={choices.accessories.map((accessory) => ({
              value: accessory.id,
              text: `${accessory.name} (${accessory.unit})`,
            }))}
            required
            onPick={(value) => {
              const accessory = choices.accessories.find((candidate) => candidate.id === value);
              if (accessory && getValues(name('itemName')).trim() === '')
                setValue(name('itemName'), accessory.name, { shouldValidate: true });
            }}
          />
        )}
        <LabelledField label={label('itemName')} error={errors?.itemName} required>
          <Input maxLength={150} {...register(name('itemName'), required('itemName'))} />
        </LabelledField>
        <LabelledField label={label('model')} error={errors?.model}>
          <Input maxLength={100} {...register(name('model'))} />
        </LabelledField>
        <LabelledField label={label('quantity')} error={errors?.quantity} required>
          <Input
            inputMode="numeric"
            {...register(name('quantity'), {
              validate: (value) => WHOLE.test(value) || t('orderForm.wholeUnits'),
            })}
          />
        </LabelledField>
        <LabelledField label={label('rate')} error={errors?.rate} required>
          <Input
            inputMode="decimal"
            {...register(name('rate'), {
              validate: (value) => MONEY.test(value.trim()) || t('orderForm.moneyFormat'),
            })}
          />
        </LabelledField>
        <LabelledField label={label('discountMode')} error={undefined}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register(name('discountMode'))}>
              <option value="PERCENT">{t('orderForm.discountModes.PERCENT')}</option>
              <option value="AMOUNT">{t('orderForm.discountModes.AMOUNT')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
        <LabelledField label={label('discount')} error={errors?.discount}>
          <Input
            inputMode="decimal"
            {...register(name('discount'), {
              validate: (value) =>
                value.trim() === '' ||
                (discountMode === 'PERCENT' ? PERCENT : MONEY).test(value.trim()) ||
                t(discountMode === 'PERCENT' ? 'orderForm.percentFormat' : 'orderForm.moneyFormat'),
            })}
          />
        </LabelledField>
        <LabelledField label={label('taxRate')} error={errors?.taxRate} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register(name('taxRate'))}>
              {PURCHASE_GST_RATES.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {rate} %
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
        <LabelledField label={label('deliveryBranch')} error={undefined}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register(name('deliveryBranchId'))}>
              <ChoiceOptions
                placeholder={t('orderForm.sameAsShipped')}
                options={choices.branches}
              />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
        {asset ? (
          <LabelledField label={label('warrantyMonths')} error={errors?.warrantyMonths}>
            <Input
              inputMode="numeric"
              {...register(name('warrantyMonths'), {
                validate: (value) =>
                  value === '' || (/^(0|[1-9]\d{0,2})$/.test(value) && Number(value) <= 240)
                    ? true
                    : t('orderForm.warrantyFormat'),
              })}
            />
          </LabelledField>
        ) : null}
      </SimpleGrid>
      {computed ? (
        <Text fontSize="xs" color="fg.muted" mt="2" fontVariantNumeric="tabular-nums">
          {t('orderForm.lineSummary', {
            taxable: formatRupees(computed.taxable),
            tax: formatRupees(computed.tax),
          })}
        </Text>
      ) : null}
    </Box>
  );
}
