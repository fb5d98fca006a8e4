import { useQuery } from '@apollo/client/react';
import {
  Button,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { InstallableAssetsQuery } from '../../gql/graphql.ts';
import { CreateActions, useCreate } from '../../shared/createPage.tsx';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { SEARCH_DELAY_MS } from '../../shared/ServerList.tsx';
import { TickBox } from '../../shared/TickBox.tsx';
import { useDebounced } from '../../shared/useDebounced.ts';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import {
  InstallableAssetsQuery as CandidatesQuery,
  NewInstallationPageQuery,
  SaveInstallationMutation,
} from './documents.ts';
import { installationUrl } from './InstallationsPage.tsx';
import {
  CHECKS,
  type InstallationValues,
  installationInputOf,
  installationStart,
  installedAtOf,
} from './installationValues.ts';

type Candidates = InstallableAssetsQuery['installableAssets'];
const NOTE_PARAM = 'note';

/**
 * /asset-installation/new (?note=… for one goods receive note's assets): the installation of In
 * stock assets of the primary branch, for a second user to sign off. Choosing a note ticks all its
 * waiting assets and takes its vendor as the installer.
 */
export function Component() {
  const session = useSession();
  const branchId = session.primaryBranch?.id ?? '';
  const page = useQuery(NewInstallationPageQuery, { variables: { branchId }, skip: !branchId });
  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  return (
    <PageCard
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      toolbar={null}
    >
      <InstallationForm branchId={branchId} choices={page.data} />
    </PageCard>
  );
}

function InstallationForm({
  branchId,
  choices,
}: {
  branchId: string;
  choices: {
    assetLocationOptions: readonly { value: string; text: string }[];
    staffOptions: readonly { value: string; text: string }[];
    vendorOptions: readonly { value: string; text: string }[];
  };
}) {
  const { t } = useTranslation();
  const { client, problem, create } = useCreate(['Installations', 'Assets']);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const searched = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const form = useForm<InstallationValues>({
    mode: 'onBlur',
    defaultValues: {
      ...installationStart(new Date()),
      goodsReceiptNoteId: params.get(NOTE_PARAM) ?? '',
    },
  });
  const noteId = form.watch('goodsReceiptNoteId');
  const candidates = useQuery(CandidatesQuery, {
    variables: { branchId, goodsReceiptNoteId: noteId || null, search: searched || null },
  });
  const found: Candidates | undefined = (candidates.data ?? candidates.previousData)
    ?.installableAssets;
  const errors = form.formState.errors;
  const kind = form.watch('installerKind');
  const ticked = form.watch('assetIds');

  // A note chosen: all its waiting assets ticked, its vendor the installer.
  useEffect(() => {
    if (!noteId || !candidates.data || candidates.loading) return;
    const { assets, notes } = candidates.data.installableAssets;
    if (assets.some((asset) => asset.goodsReceiptNoteId !== noteId)) return;
    form.setValue(
      'assetIds',
      assets.map((asset) => asset.id),
    );
    const note = notes.find((candidate) => candidate.id === noteId);
    if (note && !form.getValues('vendorId')) form.setValue('vendorId', note.vendorId);
  }, [noteId, candidates.data, candidates.loading, form]);

  const toggle = (id: string, on: boolean) => {
    const now = form.getValues('assetIds');
    form.setValue('assetIds', on ? [...now, id] : now.filter((other) => other !== id), {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const submit = form.handleSubmit((values) =>
    create(async () => {
      const answer = await client.mutate({
        mutation: SaveInstallationMutation,
        variables: { input: installationInputOf(branchId, values) },
      });
      const saved = answer.data?.saveAssetInstallation;
      return saved && { message: saved.message, to: installationUrl(saved.installation.id) };
    }),
  );
  const required = (label: string) => ({
    validate: (value: string) => value.trim() !== '' || t('common.required', { field: label }),
  });
  const assets = found?.assets ?? [];

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>{t('installations.fromNote')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                {...form.register('goodsReceiptNoteId', {
                  onChange: (event: { target: { value: string } }) => {
                    form.setValue('assetIds', []);
                    setParams(event.target.value ? { [NOTE_PARAM]: event.target.value } : {}, {
                      replace: true,
                    });
                  },
                })}
              >
                <ChoiceOptions
                  placeholder={t('installations.anyNote')}
                  options={(found?.notes ?? []).map((note) => ({
                    value: note.id,
                    text: `${note.number} · ${note.vendorName} (${note.waiting})`,
                  }))}
                />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('installations.findAssets')}</Field.Label>
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </Field.Root>
        </SimpleGrid>
        <Fieldset.Root invalid={!!errors.assetIds}>
          <Fieldset.Legend>{t('installations.chooseAssets')}</Fieldset.Legend>
          <Controller
            control={form.control}
            name="assetIds"
            rules={{ validate: (ids) => ids.length > 0 || t('installations.atLeastOne') }}
            render={() => <></>}
          />
          {candidates.error ? (
            <RouteProblem error={candidates.error} onRetry={() => askAgain(candidates.refetch)} />
          ) : !found ? (
            <LoadingDots label={t('common.loading')} />
          ) : assets.length === 0 ? (
            <Text color="fg.muted">{t('installations.noneWaiting')}</Text>
          ) : (
            <Stack gap="2">
              <HStack gap="3">
                <Text fontSize="sm">
                  {t('installations.assetsChosen', { count: ticked.length, total: assets.length })}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() =>
                    form.setValue(
                      'assetIds',
                      assets.map((asset) => asset.id),
                    )
                  }
                >
                  {t('installations.tickAll')}
                </Button>
                <Button size="xs" variant="outline" onClick={() => form.setValue('assetIds', [])}>
                  {t('installations.tickNone')}
                </Button>
              </HStack>
              <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="72">
                <Table.Root size="sm" stickyHeader>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('assets.tag')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('assets.name')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('assets.serialNumber')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('assets.location')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {assets.map((asset) => (
                      <Table.Row key={asset.id}>
                        <Table.Cell whiteSpace="nowrap">
                          <TickBox
                            label={asset.tag}
                            checked={ticked.includes(asset.id)}
                            onChange={(on) => toggle(asset.id, on)}
                          />
                        </Table.Cell>
                        <Table.Cell>{asset.name}</Table.Cell>
                        <Table.Cell>{asset.serialNumber ?? '—'}</Table.Cell>
                        <Table.Cell>{asset.locationName}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Stack>
          )}
          <Fieldset.ErrorText>{errors.assetIds?.message}</Fieldset.ErrorText>
        </Fieldset.Root>

        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          <Field.Root invalid={!!errors.installedDate} required>
            <Field.Label>{t('installations.installedAt')}</Field.Label>
            <HStack gap="2">
              <Input
                type="date"
                aria-label={t('installations.installedAt')}
                {...form.register('installedDate', {
                  validate: (value, all) =>
                    value === ''
                      ? t('common.required', { field: t('installations.installedAt') })
                      : new Date(
                          installedAtOf({
                            installedDate: value,
                            installedTime: all.installedTime || '00:00',
                          }),
                        ) <= new Date(Date.now() + 5 * 60_000) || t('installations.notInFuture'),
                })}
              />
              <Input
                type="time"
                aria-label={t('installations.installedAt')}
                {...form.register('installedTime', required(t('installations.installedAt')))}
              />
            </HStack>
            <Field.ErrorText>
              {errors.installedDate?.message ?? errors.installedTime?.message}
            </Field.ErrorText>
          </Field.Root>
          <SelectField
            control={form.control}
            name="locationId"
            label={t('installations.location')}
            options={choices.assetLocationOptions}
            required
          />
          <Field.Root>
            <Field.Label>{t('installations.installerKind')}</Field.Label>
            <Controller
              control={form.control}
              name="installerKind"
              render={({ field }) => (
                <RadioGroup.Root
                  value={field.value}
                  onValueChange={(change) => field.onChange(change.value)}
                  orientation="horizontal"
                >
                  <HStack gap="4">
                    {(['VENDOR', 'STAFF'] as const).map((value) => (
                      <RadioGroup.Item key={value} value={value}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          {t(`installations.installerKinds.${value}`)}
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              )}
            />
          </Field.Root>
          {kind === 'VENDOR' ? (
            <>
              <SelectField
                control={form.control}
                name="vendorId"
                label={t('installations.vendor')}
                options={choices.vendorOptions}
                required
              />
              <Field.Root invalid={!!errors.engineerName} required>
                <Field.Label>{t('installations.engineerName')}</Field.Label>
                <Input
                  maxLength={100}
                  {...form.register('engineerName', {
                    validate: (value, all) =>
                      all.installerKind !== 'VENDOR' ||
                      value.trim() !== '' ||
                      t('common.required', { field: t('installations.engineerName') }),
                  })}
                />
                <Field.ErrorText>{errors.engineerName?.message}</Field.ErrorText>
              </Field.Root>
            </>
          ) : (
            <SelectField
              control={form.control}
              name="installedById"
              label={t('installations.installedById')}
              options={choices.staffOptions}
              required
            />
          )}
        </SimpleGrid>

        <Fieldset.Root>
          <Fieldset.Legend>{t('installations.checklist')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="2">
            {CHECKS.map((check) => (
              <Controller
                key={check}
                control={form.control}
                name={`checklist.${check}`}
                render={({ field }) => (
                  <Checkbox.Root
                    checked={field.value}
                    onCheckedChange={(change) => field.onChange(change.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`installations.checks.${check}`)}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              />
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        <Controller
          control={form.control}
          name="warrantyFromInstallation"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(change) => field.onChange(change.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('installations.warrantyFromInstallation')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Field.Root>
          <Field.Label>{t('installations.remarks')}</Field.Label>
          <Textarea rows={2} maxLength={1000} {...form.register('remarks')} />
        </Field.Root>
        <CreateActions
          problem={problem}
          cancelTo="/asset-installation/list"
          submit={t('installations.save')}
          submitting={form.formState.isSubmitting}
        />
      </Stack>
    </form>
  );
}
