import { useQuery } from '@apollo/client/react';
import { JOB_ASSET_STATUSES, JOB_TYPES } from '@branch-assets/domain';
import { Field, Fieldset, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { JobPriority, JobType } from '../../gql/graphql.ts';
import { CreateActions, useCreate } from '../../shared/createPage.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { idFilter } from '../../shared/ListFilterSelect.tsx';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { AssetPicker, type PickedAsset } from '../assets/AssetPicker.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { JobOrderAssetQuery, NewJobOrderPageQuery, SaveJobOrderMutation } from './documents.ts';
import { AssigneeFields, LinesFields, PriorityField } from './JobOrderFields.tsx';
import {
  type AssigneeValues,
  assigneeInputOf,
  type LineValues,
  linesInputOf,
  NO_ASSIGNEE,
} from './jobOrderValues.ts';
import { JOB_ORDERS, jobOrderUrl } from './urls.ts';

const ASSET_PARAM = 'assetId';

interface JobOrderValues extends AssigneeValues {
  branchId: string;
  jobType: JobType;
  priority: JobPriority;
  problem: string;
  lines: LineValues[];
}

/**
 * /job-order/create (?assetId=… from an asset's page, a scanned label's): a job order on assets of
 * one of the user's branches — found by tag, name or serial number, only those In use, In stock
 * or Out of order — its type, priority (with its targets), the problem reported, optionally who
 * does the work and the parts and labour expected. Its coverage is the server's to find.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const page = useQuery(NewJobOrderPageQuery);
  const { client, problem, refuse, create } = useCreate(['JobOrders']);
  const [params] = useSearchParams();
  const askedAssetId = idFilter(params.get(ASSET_PARAM) ?? '');
  const asked = useQuery(JobOrderAssetQuery, {
    variables: { id: askedAssetId ?? '' },
    skip: !askedAssetId,
  });
  const form = useForm<JobOrderValues>({
    mode: 'onBlur',
    defaultValues: {
      branchId: session.primaryBranch?.id ?? '',
      jobType: 'BREAKDOWN',
      priority: 'P3',
      problem: '',
      lines: [],
      ...NO_ASSIGNEE,
    },
  });
  const [picked, setPicked] = useState<PickedAsset[]>([]);
  const [askedTag, setAskedTag] = useState('');
  const branchId = form.watch('branchId');
  const errors = form.formState.errors;

  // The asset a label's page asked for: its branch chosen, the asset found and picked, once.
  const askedDone = useRef(false);
  const askedAsset = asked.data?.asset;
  useEffect(() => {
    if (!askedAsset || askedDone.current) return;
    askedDone.current = true;
    form.setValue('branchId', askedAsset.branchId);
    form.setValue('staffId', '');
    setAskedTag(askedAsset.tag);
    if (JOB_ASSET_STATUSES.includes(askedAsset.assetStatus))
      setPicked([{ id: askedAsset.id, tag: askedAsset.tag, name: askedAsset.name }]);
  }, [askedAsset, form]);

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const choices = page.data;
  const askedNotPickable =
    askedAsset && !JOB_ASSET_STATUSES.includes(askedAsset.assetStatus) ? askedAsset : null;

  const submit = form.handleSubmit(async (values) => {
    if (picked.length === 0) {
      refuse(t('jobOrders.atLeastOne'));
      return;
    }
    await create(async () => {
      const answer = await client.mutate({
        mutation: SaveJobOrderMutation,
        variables: {
          input: {
            branchId: values.branchId,
            assetIds: picked.map((asset) => asset.id),
            jobType: values.jobType,
            priority: values.priority,
            problem: values.problem.trim(),
            ...assigneeInputOf(values),
            lines: linesInputOf(values.lines),
          },
        },
      });
      const saved = answer.data?.saveJobOrder;
      return saved && { message: saved.message, to: jobOrderUrl(saved.jobOrder.id) };
    });
  });

  return (
    <PageCard
      title={choices.pageInfo.title}
      description={choices.pageInfo.description}
      toolbar={null}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <SelectField
              control={form.control}
              name="branchId"
              label={t('jobOrders.branch')}
              options={choices.branchOptions}
              required
              onPick={() => {
                setPicked([]);
                form.setValue('staffId', '');
              }}
            />
            <Field.Root required>
              <Field.Label>{t('jobOrders.jobType')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('jobType')}>
                  {JOB_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`jobOrders.types.${type}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <PriorityField form={form} />
          </SimpleGrid>
          <AssetPicker
            legend={t('jobOrders.assets')}
            branchId={branchId}
            picked={picked}
            onChange={setPicked}
            pickable={(status) => JOB_ASSET_STATUSES.includes(status)}
            findLabel={t('jobOrders.findAssets')}
            helperText={t('jobOrders.pickableStatuses')}
            chosenText={t('jobOrders.assetsChosen', { count: picked.length })}
            removeLabel={(asset) => t('jobOrders.remove', { tag: asset.tag })}
            chipText={(asset) => `${asset.tag} · ${asset.name}`}
            initialSearch={askedTag}
          >
            {askedNotPickable ? (
              <InlineAlert
                status="info"
                title={t('jobOrders.notPickable', {
                  tag: askedNotPickable.tag,
                  status: t(`assets.statuses.${askedNotPickable.assetStatus}`),
                })}
              />
            ) : null}
          </AssetPicker>
          <Field.Root invalid={!!errors.problem} required>
            <Field.Label>{t('jobOrders.problem')}</Field.Label>
            <Textarea
              rows={3}
              maxLength={1000}
              {...form.register('problem', {
                validate: (value) =>
                  value.trim() !== '' || t('common.required', { field: t('jobOrders.problem') }),
              })}
            />
            <Field.ErrorText>{errors.problem?.message}</Field.ErrorText>
          </Field.Root>
          <Fieldset.Root>
            <Fieldset.Legend>{t('jobOrders.assignment')}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <AssigneeFields form={form} branchId={branchId} optional />
            </SimpleGrid>
          </Fieldset.Root>
          <LinesFields form={form} />
          <CreateActions
            problem={problem}
            cancelTo={JOB_ORDERS}
            submit={t('jobOrders.raise')}
            submitting={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </PageCard>
  );
}
