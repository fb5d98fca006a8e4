import { useQuery } from '@apollo/client/react';
import {
  Button,
  Field,
  Fieldset,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AssetStatus } from '../../gql/graphql.ts';
import { CreateActions, useCreate } from '../../shared/createPage.tsx';
import { idFilter } from '../../shared/ListFilterSelect.tsx';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { AssetPicker, type PickedAsset } from '../assets/AssetPicker.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { NewTransferPageQuery, RequestTransferMutation, TransferAssetQuery } from './documents.ts';
import { transferUrl } from './TransfersPage.tsx';

/** What may leave a branch (the server checks again). */
const MOVABLE: readonly AssetStatus[] = ['IN_USE', 'IN_STOCK', 'OUT_OF_ORDER'];
const UNITS = /^[1-9]\d{0,5}$/;

interface TransferValues {
  fromBranchId: string;
  toBranchId: string;
  accessories: { accessoryId: string; quantity: string }[];
  reason: string;
  neededBy: string;
}

/**
 * /asset-transfer/new: a transfer requested from one of the user's branches (or, by a user of the
 * destination, asked for from another branch): its assets found by tag, name or serial number,
 * accessory quantities, the reason and when it is needed.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const page = useQuery(NewTransferPageQuery);
  const { client, problem, refuse, create } = useCreate(['Transfers']);
  const form = useForm<TransferValues>({
    mode: 'onBlur',
    defaultValues: {
      fromBranchId: session.primaryBranch?.id ?? '',
      toBranchId: '',
      accessories: [],
      reason: '',
      neededBy: '',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'accessories' });
  const [picked, setPicked] = useState<PickedAsset[]>([]);
  // A link may ask for one asset, the destination and the reason (a physical audit's difference,
  // ?assetId=&to=&reason=): its branch chosen as the source and the asset picked, once.
  const [params] = useSearchParams();
  const askedAssetId = idFilter(params.get('assetId') ?? '');
  const asked = useQuery(TransferAssetQuery, {
    variables: { id: askedAssetId ?? '' },
    skip: !askedAssetId,
  });
  const askedDone = useRef(false);
  const askedAsset = asked.data?.asset;
  useEffect(() => {
    if (askedDone.current) return;
    const to = idFilter(params.get('to') ?? '');
    const reason = params.get('reason') ?? '';
    // Another branch's asset the user cannot open: the rest is filled in without it.
    if (askedAssetId && !askedAsset && !asked.error) return;
    askedDone.current = true;
    if (reason) form.setValue('reason', reason.slice(0, 500));
    if (askedAsset) {
      form.setValue('fromBranchId', askedAsset.branchId);
      if (MOVABLE.includes(askedAsset.assetStatus))
        setPicked([{ id: askedAsset.id, tag: askedAsset.tag, name: askedAsset.name }]);
    }
    if (to && to !== (askedAsset?.branchId ?? form.getValues('fromBranchId')))
      form.setValue('toBranchId', to);
  }, [askedAssetId, askedAsset, asked.error, params, form]);
  const fromBranchId = form.watch('fromBranchId');
  const errors = form.formState.errors;

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const choices = page.data;

  const submit = form.handleSubmit(async (values) => {
    if (picked.length === 0 && values.accessories.length === 0) {
      refuse(t('transfers.nothingChosen'));
      return;
    }
    await create(async () => {
      const answer = await client.mutate({
        mutation: RequestTransferMutation,
        variables: {
          input: {
            fromBranchId: values.fromBranchId,
            toBranchId: values.toBranchId,
            assetIds: picked.map((asset) => asset.id),
            accessories: values.accessories.map((line) => ({
              accessoryId: line.accessoryId,
              quantity: Number(line.quantity),
            })),
            reason: values.reason.trim(),
            neededBy: values.neededBy || null,
          },
        },
      });
      const saved = answer.data?.requestAssetTransfer;
      return saved && { message: saved.message, to: transferUrl(saved.transfer.id) };
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
              name="fromBranchId"
              label={t('transfers.from')}
              options={choices.all}
              required
              onPick={() => setPicked([])}
            />
            <SelectField
              control={form.control}
              name="toBranchId"
              label={t('transfers.to')}
              options={choices.all.filter((option) => option.value !== fromBranchId)}
              required
            />
            <Field.Root>
              <Field.Label>{t('transfers.neededBy')}</Field.Label>
              <Input type="date" {...form.register('neededBy')} />
            </Field.Root>
          </SimpleGrid>
          <AssetPicker
            legend={t('transfers.assets')}
            branchId={fromBranchId}
            picked={picked}
            onChange={setPicked}
            pickable={(status) => MOVABLE.includes(status)}
            findLabel={t('transfers.findAssets')}
            chosenText={t('transfers.assetsChosen', { count: picked.length })}
            removeLabel={(asset) => t('transfers.remove', { tag: asset.tag })}
          />
          <Fieldset.Root>
            <Fieldset.Legend>{t('transfers.accessories')}</Fieldset.Legend>
            {lines.fields.map((line, index) => (
              <HStack key={line.id} align="end" gap="3">
                <SelectField
                  control={form.control}
                  name={`accessories.${index}.accessoryId`}
                  label={t('transfers.accessory')}
                  options={choices.accessoryOptions}
                  required
                />
                <Field.Root invalid={!!errors.accessories?.[index]?.quantity} required maxW="40">
                  <Field.Label>{t('transfers.quantity')}</Field.Label>
                  <Input
                    inputMode="numeric"
                    {...form.register(`accessories.${index}.quantity`, {
                      validate: (value) => UNITS.test(value) || t('orderForm.wholeUnits'),
                    })}
                  />
                  <Field.ErrorText>
                    {errors.accessories?.[index]?.quantity?.message}
                  </Field.ErrorText>
                </Field.Root>
                <IconButton
                  variant="ghost"
                  aria-label={t('transfers.removeAccessory', { number: index + 1 })}
                  onClick={() => lines.remove(index)}
                >
                  <X />
                </IconButton>
              </HStack>
            ))}
            <Button
              alignSelf="start"
              size="sm"
              variant="outline"
              onClick={() => lines.append({ accessoryId: '', quantity: '1' })}
            >
              <Plus aria-hidden />
              {t('transfers.addAccessory')}
            </Button>
          </Fieldset.Root>
          <Field.Root invalid={!!errors.reason} required>
            <Field.Label>{t('transfers.reason')}</Field.Label>
            <Textarea
              rows={2}
              maxLength={500}
              {...form.register('reason', {
                validate: (value) =>
                  value.trim() !== '' || t('common.required', { field: t('transfers.reason') }),
              })}
            />
            <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
          </Field.Root>
          <CreateActions
            problem={problem}
            cancelTo="/asset-transferred/list"
            submit={t('transfers.request')}
            submitting={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </PageCard>
  );
}
