import { useQuery } from '@apollo/client/react';
import { isoDate } from '@branch-assets/domain';
import {
  Box,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CreateActions, useCreate } from '../../shared/createPage.tsx';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import {
  LocationOptionsQuery,
  NewGoodsReceiptPageQuery,
  OrderReceiptQuery,
  ReceiverOptionsQuery,
  SaveGoodsReceiptMutation,
} from './documents.ts';
import {
  type ReceiptLine,
  type ReceiptValues,
  receiptInputOf,
  receiptStart,
  rejectedOf,
  serialsOf,
  UNITS,
} from './receiptValues.ts';
import { receiptUrl } from './urls.ts';

const ORDER_PARAM = 'order';

/**
 * /goods-receive-note/new (?order=… from an order's preview): goods received against an approved
 * order of the primary branch. Each pending line is offered with all of it expected; the accepted
 * units of an asset line become assets where the note says they stand, with the serial numbers
 * typed or scanned here (or filled in later on each asset).
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const branchId = session.primaryBranch?.id ?? '';
  const orderId = search.get(ORDER_PARAM) ?? '';
  const page = useQuery(NewGoodsReceiptPageQuery, { variables: { branchId }, skip: !branchId });
  const receipt = useQuery(OrderReceiptQuery, { variables: { id: orderId }, skip: !orderId });

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const order = receipt.data?.purchaseOrderReceipt;

  return (
    <PageCard
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      toolbar={null}
    >
      <Field.Root maxW="xl" required>
        <Field.Label>{t('goodsReceipts.order')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={orderId}
            onChange={(event) =>
              setSearch(event.target.value ? { [ORDER_PARAM]: event.target.value } : {}, {
                replace: true,
              })
            }
          >
            <ChoiceOptions
              placeholder={t('goodsReceipts.orderPlaceholder')}
              options={
                orderId && order && !page.data.receivableOrders.some((o) => o.value === orderId)
                  ? [...page.data.receivableOrders, { value: orderId, text: order.number }]
                  : page.data.receivableOrders
              }
            />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {page.data.receivableOrders.length === 0 ? (
          <Field.HelperText>{t('goodsReceipts.noOrders')}</Field.HelperText>
        ) : null}
      </Field.Root>
      {receipt.error ? (
        <RouteProblem error={receipt.error} onRetry={() => askAgain(receipt.refetch)} />
      ) : orderId && !order ? (
        <LoadingDots label={t('common.loading')} />
      ) : order ? (
        order.canReceive ? (
          <ReceiptForm
            key={order.id}
            orderId={order.id}
            billedBranchId={order.billedBranchId}
            lines={order.lines}
          />
        ) : (
          <HStack gap="3">
            <StatusChip chip={order.status} />
            <Text>{t('goodsReceipts.notReceivable')}</Text>
          </HStack>
        )
      ) : null}
    </PageCard>
  );
}

function ReceiptForm({
  orderId,
  billedBranchId,
  lines,
}: {
  orderId: string;
  billedBranchId: string;
  lines: readonly ReceiptLine[];
}) {
  const { t } = useTranslation();
  const receivers = useQuery(ReceiverOptionsQuery, { variables: { branchId: billedBranchId } });
  const staff = receivers.data?.staffOptions ?? [];
  const { client, problem, create } = useCreate(['GoodsReceipts', 'PurchaseOrderList', 'Assets']);
  const form = useForm<ReceiptValues>({
    mode: 'onBlur',
    defaultValues: receiptStart(lines, isoDate(new Date())),
  });
  const errors = form.formState.errors;
  const pending = lines.filter((line) => line.pending > 0);
  const required = (label: string) => ({
    validate: (value: string) => value.trim() !== '' || t('common.required', { field: label }),
  });

  const submit = form.handleSubmit((values) =>
    create(async () => {
      const answer = await client.mutate({
        mutation: SaveGoodsReceiptMutation,
        variables: { input: receiptInputOf(orderId, values) },
      });
      const saved = answer.data?.saveGoodsReceiptNote;
      return saved && { message: saved.message, to: receiptUrl(saved.note.id) };
    }),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
            <Field.Root invalid={!!errors.receivedDate} required>
              <Field.Label>{t('goodsReceipts.receivedDate')}</Field.Label>
              <Input
                type="date"
                {...form.register('receivedDate', required(t('goodsReceipts.receivedDate')))}
              />
              <Field.ErrorText>{errors.receivedDate?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.invoiceNumber} required>
              <Field.Label>{t('goodsReceipts.invoiceNumber')}</Field.Label>
              <Input
                maxLength={50}
                {...form.register('invoiceNumber', required(t('goodsReceipts.invoiceNumber')))}
              />
              <Field.ErrorText>{errors.invoiceNumber?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.invoiceDate} required>
              <Field.Label>{t('goodsReceipts.invoiceDate')}</Field.Label>
              <Input
                type="date"
                {...form.register('invoiceDate', {
                  validate: (value, all) =>
                    value === ''
                      ? t('common.required', { field: t('goodsReceipts.invoiceDate') })
                      : value <= all.receivedDate || t('goodsReceipts.invoiceAfterReceipt'),
                })}
              />
              <Field.ErrorText>{errors.invoiceDate?.message}</Field.ErrorText>
            </Field.Root>
            <SelectField
              control={form.control}
              name="receivedById"
              label={t('goodsReceipts.receivedBy')}
              options={staff}
              required
            />
          </SimpleGrid>
          {pending.map((line, index) => (
            <ReceiptLineFields key={line.id} line={line} index={index} />
          ))}
          <Field.Root>
            <Field.Label>{t('purchaseOrders.remarks')}</Field.Label>
            <Textarea rows={2} maxLength={1000} {...form.register('remarks')} />
          </Field.Root>
          <CreateActions
            problem={problem}
            cancelTo="/goods-receive-note/list"
            submit={t('goodsReceipts.save')}
            submitting={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}

function ReceiptLineFields({ line, index }: { line: ReceiptLine; index: number }) {
  const { t } = useTranslation();
  const form = useFormContext<ReceiptValues>();
  const errors = form.formState.errors.lines?.[index];
  const [received, accepted, serialText] = form.watch([
    `lines.${index}.received`,
    `lines.${index}.accepted`,
    `lines.${index}.serialNumbers`,
  ]);
  const rejected = rejectedOf({ received, accepted });
  const asset = line.kind === 'ASSET';
  const locations = useQuery(LocationOptionsQuery, {
    variables: { branchId: line.deliveryBranchId },
    skip: !asset,
  });
  const units = (max: number) => ({
    validate: (value: string) =>
      !UNITS.test(value)
        ? t('orderForm.wholeUnits')
        : Number(value) <= max || t('goodsReceipts.atMost', { count: max }),
  });
  const serials = serialsOf(serialText);
  return (
    <Box
      as="fieldset"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid={`receipt-line-${index}`}
      aria-label={t('goodsReceipts.lineTitle', { number: line.lineNo, item: line.itemName })}
    >
      <Text as="legend" fontWeight="semibold" mb="2">
        {t('goodsReceipts.lineTitle', { number: line.lineNo, item: line.itemName })}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('goodsReceipts.lineState', {
          ordered: line.ordered,
          received: line.received,
          pending: line.pending,
          unit: line.unit,
          branch: line.deliveryBranchName,
        })}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3">
        <Field.Root invalid={!!errors?.received} required>
          <Field.Label>{t('goodsReceipts.receivedNow')}</Field.Label>
          <Input
            inputMode="numeric"
            {...form.register(`lines.${index}.received`, units(line.pending))}
          />
          <Field.ErrorText>{errors?.received?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors?.accepted} required>
          <Field.Label>{t('goodsReceipts.accepted')}</Field.Label>
          <Input
            inputMode="numeric"
            {...form.register(`lines.${index}.accepted`, {
              validate: (value, all) => {
                const got = all.lines[index]?.received ?? '0';
                if (!UNITS.test(value)) return t('orderForm.wholeUnits');
                return (
                  Number(value) <= Number(UNITS.test(got) ? got : 0) ||
                  t('goodsReceipts.acceptedAtMostReceived')
                );
              },
            })}
          />
          <Field.ErrorText>{errors?.accepted?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('goodsReceipts.rejected')}</Field.Label>
          <Input value={String(rejected)} readOnly tabIndex={-1} />
        </Field.Root>
        {rejected > 0 ? (
          <Field.Root invalid={!!errors?.rejectionReason} required>
            <Field.Label>{t('goodsReceipts.rejectionReason')}</Field.Label>
            <Input
              maxLength={500}
              {...form.register(`lines.${index}.rejectionReason`, {
                validate: (value, all) =>
                  rejectedOf(all.lines[index] ?? { received: '0', accepted: '0' }) === 0 ||
                  value.trim() !== '' ||
                  t('common.required', { field: t('goodsReceipts.rejectionReason') }),
              })}
            />
            <Field.ErrorText>{errors?.rejectionReason?.message}</Field.ErrorText>
          </Field.Root>
        ) : null}
        {asset ? (
          <SelectField
            control={form.control}
            name={`lines.${index}.locationId`}
            label={t('goodsReceipts.location')}
            options={locations.data?.assetLocationOptions ?? []}
            required={Number(accepted) > 0}
          />
        ) : null}
      </SimpleGrid>
      {asset ? (
        <Field.Root mt="3" invalid={!!errors?.serialNumbers}>
          <Field.Label>{t('goodsReceipts.serialNumbers')}</Field.Label>
          <Textarea
            rows={Math.min(6, Math.max(2, Number(accepted) || 2))}
            {...form.register(`lines.${index}.serialNumbers`, {
              validate: (value, all) =>
                serialsOf(value).length <= Number(all.lines[index]?.accepted || 0) ||
                t('goodsReceipts.tooManySerials'),
            })}
          />
          <Field.HelperText>
            {t('goodsReceipts.serialsHelp', {
              count: serials.length,
              accepted: Number(accepted) || 0,
            })}
          </Field.HelperText>
          <Field.ErrorText>{errors?.serialNumbers?.message}</Field.ErrorText>
        </Field.Root>
      ) : null}
    </Box>
  );
}
