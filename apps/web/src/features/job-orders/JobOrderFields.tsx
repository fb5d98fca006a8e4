import { useQuery } from '@apollo/client/react';
import { JOB_PRIORITIES } from '@branch-assets/domain';
import {
  Box,
  Button,
  Field,
  Fieldset,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { JobPriority } from '../../gql/graphql.ts';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { TickBox } from '../../shared/TickBox.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { AssigneeOptionsQuery } from './documents.ts';
import {
  AMOUNT,
  type AssigneeValues,
  BLANK_LINE,
  LINE_GST_RATES,
  LINE_KINDS,
  type LineValues,
  linesCost,
  QUANTITY,
  targetsText,
} from './jobOrderValues.ts';

/*
 * The fields the job order forms share: the priority with its targets, who does the work, and the
 * parts and labour lines with their cost as typed. Each works on any form whose values have its
 * fields (the new job's page, the Edit and Assign dialogs).
 */

type WithPriority = { priority: JobPriority };

/** The priority, each choice with its response and resolution targets. */
export function PriorityField<Values extends WithPriority>({
  form: typed,
}: {
  form: UseFormReturn<Values>;
}) {
  const { t } = useTranslation();
  const form = typed as unknown as UseFormReturn<WithPriority>;
  const chosen = form.watch('priority');
  return (
    <Field.Root required>
      <Field.Label>{t('jobOrders.priority')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...form.register('priority')}>
          {JOB_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {`${t(`jobOrders.priorities.${priority}`)} — ${targetsText(priority, t)}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {chosen ? <Field.HelperText>{targetsText(chosen, t)}</Field.HelperText> : null}
    </Field.Root>
  );
}

/**
 * Who does the work: a vendor and its engineer's name, or a staff technician of the branch.
 * `optional` offers 'Not yet assigned' (a new job); the Assign step needs someone.
 */
export function AssigneeFields<Values extends AssigneeValues>({
  form: typed,
  branchId,
  optional,
}: {
  form: UseFormReturn<Values>;
  branchId: string;
  optional: boolean;
}) {
  const { t } = useTranslation();
  const form = typed as unknown as UseFormReturn<AssigneeValues>;
  const options = useQuery(AssigneeOptionsQuery, { variables: { branchId }, skip: !branchId });
  const kind = form.watch('assigneeKind');
  const errors = form.formState.errors;
  const required = (label: string) => (value: string) =>
    value.trim() !== '' || t('common.required', { field: label });
  if (options.error)
    return <RouteProblem error={options.error} onRetry={() => askAgain(options.refetch)} />;
  const choices = options.data ?? options.previousData;
  if (!choices) return <LoadingDots label={t('common.loading')} />;
  return (
    <>
      <Field.Root invalid={!!errors.assigneeKind} required={!optional}>
        <Field.Label>{t('jobOrders.assignee')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            {...form.register('assigneeKind', {
              validate: (value) =>
                optional ||
                value !== '' ||
                t('common.required', { field: t('jobOrders.assignee') }),
            })}
          >
            {optional ? (
              <option value="">{t('jobOrders.assigneeKinds.NONE')}</option>
            ) : (
              <option value="">{t('masterLists.parentPlaceholder')}</option>
            )}
            <option value="VENDOR">{t('jobOrders.assigneeKinds.VENDOR')}</option>
            <option value="STAFF">{t('jobOrders.assigneeKinds.STAFF')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.assigneeKind?.message}</Field.ErrorText>
      </Field.Root>
      {kind === 'VENDOR' ? (
        <>
          <Field.Root invalid={!!errors.vendorId} required>
            <Field.Label>{t('jobOrders.vendor')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                {...form.register('vendorId', {
                  validate: (value, all) =>
                    all.assigneeKind !== 'VENDOR' || required(t('jobOrders.vendor'))(value),
                })}
              >
                <ChoiceOptions
                  placeholder={t('masterLists.parentPlaceholder')}
                  options={choices.vendorOptions}
                />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.vendorId?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.engineerName} required>
            <Field.Label>{t('jobOrders.engineerName')}</Field.Label>
            <Input
              maxLength={100}
              {...form.register('engineerName', {
                validate: (value, all) =>
                  all.assigneeKind !== 'VENDOR' || required(t('jobOrders.engineerName'))(value),
              })}
            />
            <Field.ErrorText>{errors.engineerName?.message}</Field.ErrorText>
          </Field.Root>
        </>
      ) : kind === 'STAFF' ? (
        <Field.Root invalid={!!errors.staffId} required>
          <Field.Label>{t('jobOrders.staff')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              {...form.register('staffId', {
                validate: (value, all) =>
                  all.assigneeKind !== 'STAFF' || required(t('jobOrders.staff'))(value),
              })}
            >
              <ChoiceOptions
                placeholder={t('masterLists.parentPlaceholder')}
                options={choices.staffOptions}
              />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.staffId?.message}</Field.ErrorText>
        </Field.Root>
      ) : null}
    </>
  );
}

type WithLines = { lines: LineValues[] };

/** The parts and labour lines, each with its kind, quantity, rate, GST rate and whether it is charged. */
export function LinesFields<Values extends WithLines>({
  form: typed,
  chargeableByDefault = true,
}: {
  form: UseFormReturn<Values>;
  /** A new line's tick: false when warranty or a contract pays. */
  chargeableByDefault?: boolean;
}) {
  const { t } = useTranslation();
  const form = typed as unknown as UseFormReturn<WithLines>;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const errors = form.formState.errors.lines;
  const cost = linesCost(form.watch('lines'));
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('jobOrders.lines')}</Fieldset.Legend>
      <Stack gap="3">
        {lines.fields.map((line, index) => {
          const error = errors?.[index];
          return (
            <Box
              key={line.id}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              role="group"
              aria-label={t('jobOrders.lineNumber', { number: index + 1 })}
            >
              <SimpleGrid columns={{ base: 1, md: 3, lg: 6 }} gap="3" alignItems="end">
                <Field.Root>
                  <Field.Label>{t('jobOrders.lineKind')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register(`lines.${index}.kind`)}>
                      {LINE_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`jobOrders.lineKinds.${kind}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root
                  invalid={!!error?.description}
                  required
                  gridColumn={{ md: 'span 2', lg: 'span 2' }}
                >
                  <Field.Label>{t('jobOrders.description')}</Field.Label>
                  <Input
                    maxLength={200}
                    {...form.register(`lines.${index}.description`, {
                      validate: (value) =>
                        value.trim() !== '' ||
                        t('common.required', { field: t('jobOrders.description') }),
                    })}
                  />
                  <Field.ErrorText>{error?.description?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!error?.quantity} required>
                  <Field.Label>{t('jobOrders.quantity')}</Field.Label>
                  <Input
                    inputMode="decimal"
                    {...form.register(`lines.${index}.quantity`, {
                      validate: (value) =>
                        QUANTITY.test(value.trim()) || t('jobOrders.quantityInvalid'),
                    })}
                  />
                  <Field.ErrorText>{error?.quantity?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!error?.rate} required>
                  <Field.Label>{t('jobOrders.rate')}</Field.Label>
                  <Input
                    inputMode="decimal"
                    {...form.register(`lines.${index}.rate`, {
                      validate: (value) =>
                        AMOUNT.test(value.trim()) || t('jobOrders.amountInvalid'),
                    })}
                  />
                  <Field.ErrorText>{error?.rate?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('jobOrders.gstRate')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register(`lines.${index}.gstRate`)}>
                      {LINE_GST_RATES.map((rate) => (
                        <option key={rate} value={String(rate)}>
                          {t('jobOrders.percent', { rate })}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </SimpleGrid>
              <HStack justify="space-between" mt="2">
                <Controller
                  control={form.control}
                  name={`lines.${index}.chargeable`}
                  render={({ field }) => (
                    <TickBox
                      label={t('jobOrders.chargeableLine')}
                      checked={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('jobOrders.removeLine', { number: index + 1 })}
                  onClick={() => lines.remove(index)}
                >
                  <X />
                </IconButton>
              </HStack>
            </Box>
          );
        })}
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Button
            size="sm"
            variant="outline"
            onClick={() => lines.append({ ...BLANK_LINE, chargeable: chargeableByDefault })}
          >
            <Plus aria-hidden />
            {t('jobOrders.addLine')}
          </Button>
          {lines.fields.length > 0 ? (
            <Text fontSize="sm" aria-live="polite">
              {t('jobOrders.linesCost', cost)}
            </Text>
          ) : null}
        </HStack>
      </Stack>
    </Fieldset.Root>
  );
}
