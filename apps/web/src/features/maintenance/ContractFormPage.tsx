import { useQuery } from '@apollo/client/react';
import {
  Box,
  Field,
  Fieldset,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import type { AssetStatus, MaintenanceContractQuery } from '../../gql/graphql.ts';
import { CreateActions, useCreate } from '../../shared/createPage.tsx';
import { useDates } from '../../shared/dates.ts';
import { Facts } from '../../shared/Facts.tsx';
import { type Choice, withOwn } from '../../shared/FormFields.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { idFilter } from '../../shared/ListFilterSelect.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { AssetPicker, type PickedAsset } from '../assets/AssetPicker.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { contractUrl } from './ContractsPage.tsx';
import {
  AMOUNT,
  blankContract,
  CONTRACT_GST_RATES,
  CONTRACT_TYPES,
  type ContractValues,
  contractInputOf,
  contractValuesOf,
  gstOf,
  isDate,
  noticePreview,
  PAYMENT_SCHEDULES,
  periodProblem,
  RENEWALS,
  renewalValuesOf,
  renewInputOf,
  visitPreview,
  wholeIn,
} from './contractValues.ts';
import {
  ContractFormPageQuery,
  ContractQuery,
  RenewContractMutation,
  SaveContractMutation,
} from './documents.ts';

type Contract = MaintenanceContractQuery['maintenanceContract'];
type Mode = 'new' | 'edit' | 'renew';

/** What no contract may cover (the server refuses them too). */
const NOT_COVERABLE: readonly AssetStatus[] = ['CONDEMNED', 'DISPOSED'];

/** A labelled select of fixed choices (no blank one), with a line explaining the choice made. */
function ChoiceField({
  label,
  registration,
  options,
  help,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly Choice[];
  help?: ReactNode;
  error?: FieldError | undefined;
}) {
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * /amc/create: a vendor's AMC or CMC over assets of a branch — its number, period, value and GST,
 * payment, preventive visits (their dates shown as typed), response time, notice and how it
 * renews. `?id=` corrects a contract not renewed yet; `?renew=` renews one: its terms over the
 * period that follows, the same assets, under a new number.
 */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const editId = idFilter(search.get('id') ?? '');
  const renewId = idFilter(search.get('renew') ?? '');
  const mode: Mode = renewId ? 'renew' : editId ? 'edit' : 'new';
  const sourceId = renewId ?? editId;
  const page = useQuery(ContractFormPageQuery);
  const source = useQuery(ContractQuery, {
    variables: { id: sourceId ?? '' },
    skip: !sourceId,
    fetchPolicy: 'network-only',
  });

  if (page.error) return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (source.error)
    return <RouteProblem error={source.error} onRetry={() => askAgain(source.refetch)} />;
  if (!page.data || (sourceId && !source.data)) return <LoadingDots label={t('common.loading')} />;
  const contract = source.data?.maintenanceContract ?? null;
  const permitted =
    page.data.pageInfo.permitted ||
    (mode === 'edit' && contract?.canEdit) ||
    (mode === 'renew' && contract?.canRenew);
  if (!permitted) return <Navigate to="/access-denied" replace />;
  return (
    <ContractForm
      key={`${mode}-${sourceId ?? ''}`}
      mode={mode}
      contract={contract}
      title={
        contract
          ? t(mode === 'renew' ? 'contracts.renewTitle' : 'contracts.editTitle', {
              number: contract.number,
            })
          : page.data.pageInfo.title
      }
      description={page.data.pageInfo.description}
      branchOptions={page.data.branchOptions}
      vendorOptions={page.data.vendorOptions}
      branchParam={idFilter(search.get('branch') ?? '')}
    />
  );
}

function ContractForm({
  mode,
  contract,
  title,
  description,
  branchOptions,
  vendorOptions,
  branchParam,
}: {
  mode: Mode;
  contract: Contract | null;
  title: string;
  description: string;
  branchOptions: readonly Choice[];
  vendorOptions: readonly Choice[];
  branchParam: string | null;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const session = useSession();
  const { client, problem, refuse, create } = useCreate(['MaintenanceContracts']);
  const startBranch =
    branchParam && branchOptions.some((option) => option.value === branchParam)
      ? branchParam
      : (session.primaryBranch?.id ?? branchOptions[0]?.value ?? '');
  const form = useForm<ContractValues>({
    mode: 'onBlur',
    defaultValues: !contract
      ? blankContract(startBranch)
      : mode === 'renew'
        ? renewalValuesOf(contract)
        : contractValuesOf(contract),
  });
  const [picked, setPicked] = useState<PickedAsset[]>(
    contract?.assets
      .filter((asset) => mode !== 'renew' || !NOT_COVERABLE.includes(asset.assetStatus))
      .map(({ id, tag, name }) => ({ id, tag, name })) ?? [],
  );
  const branchId = form.watch('branchId');
  const errors = form.formState.errors;
  const values = form.watch();
  const money = gstOf(values.contractValue, values.gstRate);
  const visits = visitPreview(values.startDate, values.endDate, values.visitsPerYear);
  const noticeBy = noticePreview(values.endDate, values.noticeDays);
  const back = contract ? contractUrl(contract.id) : '/amc/list';

  const required = (label: string) => (value: string) =>
    value.trim() !== '' || t('common.required', { field: label });
  const whole = (label: string, min: number, max: number) => (value: string) =>
    value.trim() === ''
      ? t('common.required', { field: label })
      : wholeIn(value, min, max) !== null || t('contracts.wholeBetween', { min, max });

  const submit = form.handleSubmit(async (current) => {
    if (picked.length === 0) {
      refuse(t('contracts.noAssets'));
      return;
    }
    const assetIds = picked.map((asset) => asset.id);
    await create(async () => {
      let saved: { message: string; contract: { id: string } } | undefined;
      if (mode === 'renew' && contract) {
        const answer = await client.mutate({
          mutation: RenewContractMutation,
          variables: { input: renewInputOf(contract.id, current, assetIds) },
        });
        saved = answer.data?.renewMaintenanceContract;
      } else {
        const answer = await client.mutate({
          mutation: SaveContractMutation,
          variables: { input: contractInputOf(current, assetIds, contract?.id ?? null) },
        });
        saved = answer.data?.saveMaintenanceContract;
      }
      return saved && { message: saved.message, to: contractUrl(saved.contract.id) };
    });
  });

  const unchangeable =
    contract &&
    ((mode === 'edit' && !contract.canEdit) || (mode === 'renew' && !contract.canRenew));
  if (unchangeable) {
    return (
      <PageCard title={title} description={description} toolbar={null}>
        <InlineAlert
          status="info"
          title={t(mode === 'renew' ? 'contracts.cannotRenew' : 'contracts.cannotEdit')}
        >
          <RouterLink to={back}>{t('contracts.backToContract')}</RouterLink>
        </InlineAlert>
      </PageCard>
    );
  }

  return (
    <PageCard title={title} description={description} toolbar={null}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          {contract ? (
            <Facts
              size="sm"
              facts={[
                [t('contracts.branch'), contract.branchCode],
                ...(mode === 'renew'
                  ? ([
                      [t('contracts.vendor'), contract.vendorName],
                      [
                        t('contracts.renewing'),
                        t('contracts.periodText', {
                          start: dates.date(contract.startDate),
                          end: dates.date(contract.endDate),
                        }),
                      ],
                    ] as const)
                  : []),
              ]}
            />
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {contract ? null : (
              <SelectField
                control={form.control}
                name="branchId"
                label={t('contracts.branch')}
                options={branchOptions}
                required
                onPick={() => setPicked([])}
              />
            )}
            {mode === 'renew' ? null : (
              <SelectField
                control={form.control}
                name="vendorId"
                label={t('contracts.vendor')}
                options={withOwn(
                  vendorOptions,
                  contract ? { value: contract.vendorId, text: contract.vendorName } : null,
                )}
                required
              />
            )}
            <Field.Root invalid={!!errors.number} required>
              <Field.Label>{t('contracts.number')}</Field.Label>
              <Input
                maxLength={60}
                {...form.register('number', { validate: required(t('contracts.number')) })}
              />
              {mode === 'renew' ? (
                <Field.HelperText>{t('contracts.newNumberHint')}</Field.HelperText>
              ) : null}
              <Field.ErrorText>{errors.number?.message}</Field.ErrorText>
            </Field.Root>
            <ChoiceField
              label={t('contracts.type')}
              registration={form.register('contractType')}
              options={CONTRACT_TYPES.map((value) => ({
                value,
                text: t(`contracts.typeChoices.${value}`),
              }))}
              help={t(`contracts.typeHelp.${values.contractType}`)}
            />
            <Field.Root invalid={!!errors.startDate} required>
              <Field.Label>{t('contracts.start')}</Field.Label>
              <Input
                type="date"
                {...form.register('startDate', {
                  validate: (value) =>
                    !isDate(value)
                      ? t('common.required', { field: t('contracts.start') })
                      : mode !== 'renew' ||
                        !contract ||
                        value > contract.endDate ||
                        t('contracts.renewalStartsAfter', { date: dates.date(contract.endDate) }),
                })}
              />
              <Field.ErrorText>{errors.startDate?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.endDate} required>
              <Field.Label>{t('contracts.end')}</Field.Label>
              <Input
                type="date"
                {...form.register('endDate', {
                  validate: (value, all) => {
                    if (!isDate(value)) return t('common.required', { field: t('contracts.end') });
                    const wrong = periodProblem(all.startDate, value);
                    return wrong === null || t(wrong);
                  },
                })}
              />
              <Field.ErrorText>{errors.endDate?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>

          <Fieldset.Root>
            <Fieldset.Legend>{t('contracts.money')}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              <Field.Root invalid={!!errors.contractValue} required>
                <Field.Label>{t('contracts.valueBeforeGst')}</Field.Label>
                <Input
                  inputMode="decimal"
                  {...form.register('contractValue', {
                    validate: (value) =>
                      value.trim() === ''
                        ? t('common.required', { field: t('contracts.valueBeforeGst') })
                        : AMOUNT.test(value.trim()) || t('contracts.amountInvalid'),
                  })}
                />
                <Field.ErrorText>{errors.contractValue?.message}</Field.ErrorText>
              </Field.Root>
              <ChoiceField
                label={t('contracts.gstRate')}
                registration={form.register('gstRate')}
                options={CONTRACT_GST_RATES.map((rate) => ({
                  value: String(rate),
                  text: `${rate}%`,
                }))}
              />
              <ChoiceField
                label={t('contracts.paymentSchedule')}
                registration={form.register('paymentSchedule')}
                options={PAYMENT_SCHEDULES.map((value) => ({
                  value,
                  text: t(`contracts.paymentSchedules.${value}`),
                }))}
              />
            </SimpleGrid>
            <Text fontSize="sm" aria-live="polite" data-testid="contract-money">
              {money
                ? t('contracts.gstPreview', { gst: money.gst, total: money.total })
                : t('contracts.gstPreviewEmpty')}
            </Text>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend>{t('contracts.terms')}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
              <Field.Root invalid={!!errors.visitsPerYear} required>
                <Field.Label>{t('contracts.visitsPerYear')}</Field.Label>
                <Input
                  type="number"
                  min={0}
                  max={12}
                  inputMode="numeric"
                  {...form.register('visitsPerYear', {
                    validate: whole(t('contracts.visitsPerYear'), 0, 12),
                  })}
                />
                <Field.ErrorText>{errors.visitsPerYear?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.responseHours} required>
                <Field.Label>{t('contracts.responseHours')}</Field.Label>
                <Input
                  type="number"
                  min={1}
                  max={720}
                  inputMode="numeric"
                  {...form.register('responseHours', {
                    validate: whole(t('contracts.responseHours'), 1, 720),
                  })}
                />
                <Field.ErrorText>{errors.responseHours?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.noticeDays} required>
                <Field.Label>{t('contracts.noticeDays')}</Field.Label>
                <Input
                  type="number"
                  min={0}
                  max={365}
                  inputMode="numeric"
                  {...form.register('noticeDays', {
                    validate: whole(t('contracts.noticeDays'), 0, 365),
                  })}
                />
                <Field.HelperText aria-live="polite">
                  {noticeBy
                    ? t('contracts.noticeByPreview', { date: dates.date(noticeBy) })
                    : t('contracts.noticeByEmpty')}
                </Field.HelperText>
                <Field.ErrorText>{errors.noticeDays?.message}</Field.ErrorText>
              </Field.Root>
              <ChoiceField
                label={t('contracts.renewal')}
                registration={form.register('renewal')}
                options={RENEWALS.map((value) => ({
                  value,
                  text: t(`contracts.renewals.${value}`),
                }))}
                help={t(`contracts.renewalHelp.${values.renewal}`)}
              />
            </SimpleGrid>
            <Box fontSize="sm" aria-live="polite" data-testid="visit-preview">
              {visits === null ? (
                <Text>{t('contracts.visitsPreviewEmpty')}</Text>
              ) : visits.length === 0 ? (
                <Text>{t('contracts.visitsPreviewNone')}</Text>
              ) : (
                <Text>
                  {t('contracts.visitsPreview', { count: visits.length })}{' '}
                  {visits.map((visit) => dates.date(visit)).join(', ')}
                </Text>
              )}
            </Box>
          </Fieldset.Root>

          <AssetPicker
            legend={t('contracts.coveredAssetsLegend')}
            branchId={branchId}
            picked={picked}
            onChange={setPicked}
            pickable={(status) => !NOT_COVERABLE.includes(status)}
            findLabel={t('contracts.findAssets')}
            chosenText={t('contracts.assetsChosen', { count: picked.length })}
            removeLabel={(asset) => t('contracts.removeAsset', { tag: asset.tag })}
            chipTitle={(asset) => asset.name}
          />

          <Field.Root>
            <Field.Label>{t('contracts.remarks')}</Field.Label>
            <Textarea rows={2} maxLength={500} {...form.register('remarks')} />
          </Field.Root>
          <CreateActions
            problem={problem}
            cancelTo={back}
            submit={t(mode === 'renew' ? 'contracts.saveRenewal' : 'contracts.save')}
            submitting={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </PageCard>
  );
}
