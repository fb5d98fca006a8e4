import { useApolloClient } from '@apollo/client/react';
import { PURCHASE_GST_RATES } from '@branch-assets/domain';
import {
  Button,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PurchaseOrderChoicesQuery } from '../../../gql/graphql.ts';
import { notifySuccess } from '../../../shared/alerts.tsx';
import { describeProblem } from '../../../shared/errors.ts';
import { type Choice, ChoiceOptions } from '../../../shared/FormFields.tsx';
import { InlineAlert } from '../../../shared/InlineAlert.tsx';
import { SelectField } from '../../../shared/SelectField.tsx';
import { SavePurchaseOrderMutation, SubmitPurchaseOrderMutation } from './documents.ts';
import { OrderLine } from './OrderLine.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import {
  blankLine,
  type LineKind,
  lineView,
  liveTotals,
  MONEY,
  type OrderValues,
  orderInputOf,
} from './orderValues.ts';
import { Quotation } from './Quotation.tsx';

type Choices = PurchaseOrderChoicesQuery['purchaseOrderChoices'];

export const ORDER_LIST = '/purchase-order/list';

/**
 * The purchase order form (docs/procurement.md): header, lines, freight and the live totals. Save
 * keeps a draft (its branch's writers see it); Submit saves and sends it for verification, which
 * gives it its number. The server computes and stores the totals again; the form shows the same.
 */
export function OrderForm({
  id,
  start,
  choices,
  billedBranches,
  allBranches,
  numbered,
  quotationUrl,
  onSaved,
  onUploaded,
}: {
  id: string | null;
  start: OrderValues;
  choices: Choices;
  billedBranches: readonly Choice[];
  allBranches: readonly Choice[];
  /** A numbered order (a rejected one being revised) keeps its billed branch. */
  numbered: boolean;
  quotationUrl: string | null;
  onSaved: (id: string) => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const form = useForm<OrderValues>({ mode: 'onBlur', defaultValues: start });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const errors = form.formState.errors;

  const watched = form.watch(['vendorId', 'freight', 'freightTaxRate', 'lines']);
  const [vendorId, freight, freightTaxRate, lineValues] = watched;
  const vendor = choices.vendors.find((candidate) => candidate.id === vendorId) ?? null;
  const live = useMemo(
    () =>
      vendor
        ? liveTotals(
            { lines: lineValues, freight, freightTaxRate },
            vendor.gstin,
            choices.stateCode,
          )
        : null,
    [vendor, lineValues, freight, freightTaxRate, choices.stateCode],
  );

  const send = (submit: boolean) =>
    form.handleSubmit(async (values) => {
      setProblem(null);
      setBusy(submit ? 'submit' : 'save');
      try {
        const saved = await client.mutate({
          mutation: SavePurchaseOrderMutation,
          variables: { input: orderInputOf(values, id) },
        });
        const order = saved.data?.savePurchaseOrder;
        if (!order) throw new Error('no answer');
        if (!submit) {
          notifySuccess(order.message);
          form.reset(values);
          onSaved(order.purchaseOrder.id);
          return;
        }
        const submitted = await client.mutate({
          mutation: SubmitPurchaseOrderMutation,
          variables: { id: order.purchaseOrder.id },
        });
        notifySuccess(submitted.data?.submitPurchaseOrder.message ?? order.message);
        await client.refetchQueries({ include: ['PurchaseOrderList'] });
        navigate(ORDER_LIST);
      } catch (failure) {
        setProblem(describeProblem(failure, t).message);
      } finally {
        setBusy(null);
      }
    });

  const add = (kind: LineKind) => lines.append(blankLine(kind), { shouldFocus: true });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void send(false)(event)}>
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <SelectField
              control={form.control}
              name="billedBranchId"
              label={t('purchaseOrders.billedTo')}
              options={billedBranches}
              required
              disabled={numbered}
            />
            <SelectField
              control={form.control}
              name="shippedBranchId"
              label={t('purchaseOrders.shippedTo')}
              options={allBranches}
              required
            />
            <Stack gap="1">
              <SelectField
                control={form.control}
                name="vendorId"
                label={t('purchaseOrders.vendor')}
                options={choices.vendors.map((choice) => ({ value: choice.id, text: choice.name }))}
                required
              />
              {vendor ? (
                <Text fontSize="xs" color="fg.muted" data-testid="vendor-gstin">
                  {vendor.gstin
                    ? t('orderForm.vendorGstin', { gstin: vendor.gstin })
                    : t('orderForm.unregistered')}
                </Text>
              ) : null}
            </Stack>
            <Field.Root invalid={!!errors.date} required>
              <Field.Label>{t('orderForm.date')}</Field.Label>
              <Input
                type="date"
                {...form.register('date', {
                  validate: (value) =>
                    value !== '' || t('common.required', { field: t('orderForm.date') }),
                })}
              />
              <Field.ErrorText>{errors.date?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.expectedDeliveryDate}>
              <Field.Label>{t('orderForm.expectedDelivery')}</Field.Label>
              <Input
                type="date"
                {...form.register('expectedDeliveryDate', {
                  validate: (value, all) =>
                    value === '' || value >= all.date || t('orderForm.deliveryBeforeOrder'),
                })}
              />
              <Field.ErrorText>{errors.expectedDeliveryDate?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('orderForm.paymentTerms')}</Field.Label>
              <Input maxLength={200} {...form.register('paymentTerms')} />
            </Field.Root>
          </SimpleGrid>

          <Stack gap="3">
            <Heading as="h2" size="md">
              {t('orderForm.lines')}
            </Heading>
            {lines.fields.map((field, index) => (
              <OrderLine
                key={field.id}
                index={index}
                choices={{
                  categories: choices.categories,
                  subCategories: choices.subCategories,
                  assetTypes: choices.assetTypes,
                  accessories: choices.accessories,
                  branches: allBranches,
                }}
                computed={lineView(live, index)}
                canRemove={lines.fields.length > 1}
                onRemove={() => lines.remove(index)}
              />
            ))}
            <HStack gap="3">
              <Button variant="outline" size="sm" onClick={() => add('ASSET')}>
                <Plus aria-hidden />
                {t('orderForm.addAssetLine')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => add('ACCESSORY')}>
                <Plus aria-hidden />
                {t('orderForm.addAccessoryLine')}
              </Button>
            </HStack>
          </Stack>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Stack gap="4">
              <SimpleGrid columns={2} gap="3">
                <Field.Root invalid={!!errors.freight}>
                  <Field.Label>{t('purchaseOrders.freight')}</Field.Label>
                  <Input
                    inputMode="decimal"
                    {...form.register('freight', {
                      validate: (value) =>
                        value.trim() === '' ||
                        MONEY.test(value.trim()) ||
                        t('orderForm.moneyFormat'),
                    })}
                  />
                  <Field.ErrorText>{errors.freight?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('orderForm.freightTax')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('freightTaxRate')}>
                      <ChoiceOptions
                        placeholder={t('orderForm.freightUntaxed')}
                        options={PURCHASE_GST_RATES.map((rate) => ({
                          value: String(rate),
                          text: `${rate} %`,
                        }))}
                      />
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </SimpleGrid>
              <Field.Root>
                <Field.Label>{t('purchaseOrders.remarks')}</Field.Label>
                <Textarea rows={3} maxLength={5000} {...form.register('remarks')} />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('orderForm.terms')}</Field.Label>
                <Textarea rows={5} maxLength={4000} {...form.register('terms')} />
              </Field.Root>
              {id ? (
                <Quotation orderId={id} url={quotationUrl} onUploaded={onUploaded} />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('orderForm.quotationAfterSave')}
                </Text>
              )}
            </Stack>
            <OrderTotals live={live} />
          </SimpleGrid>

          <InlineAlert status="error" title={problem} />
          <HStack justify="end" gap="3" wrap="wrap">
            <Button variant="outline" asChild>
              <Link href={`#${ORDER_LIST}`}>{t('common.cancel')}</Link>
            </Button>
            <Button
              type="submit"
              variant="outline"
              colorPalette="brand"
              loading={busy === 'save'}
              disabled={busy !== null}
            >
              {t('orderForm.saveDraft')}
            </Button>
            <Button
              colorPalette="brand"
              loading={busy === 'submit'}
              disabled={busy !== null}
              onClick={(event) => void send(true)(event)}
            >
              {t('orderForm.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}
