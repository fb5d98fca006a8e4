import { useQuery } from '@apollo/client/react';
import { formatRupees, toPaise } from '@branch-assets/domain';
import { Box, Button, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AssetQuery as AssetData } from '../../gql/graphql.ts';
import { Facts } from '../../shared/Facts.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { PageCard } from '../../shared/PageCard.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { AssetLastAudited } from '../asset-audits/AssetLastAudited.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { AssetRepairs, RaiseJobOrderButton } from '../job-orders/AssetRepairs.tsx';
import { PreventiveSchedules } from '../maintenance/PreventiveSchedules.tsx';
import { AssetFiles } from './AssetFiles.tsx';
import { PrintLabelsMenu } from './AssetFilters.tsx';
import { AssetStatusChip, WarrantyChip } from './chips.tsx';
import { CondemnDialog, DisposeDialog } from './DisposalDialogs.tsx';
import { AssetQuery } from './documents.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

type Asset = AssetData['asset'];
type Event = Asset['timeline'][number];

/** The label of a changed field, by the asset's GraphQL field names. */
const FIELD_LABELS: Record<string, string> = {
  name: 'assets.name',
  assetTypeName: 'assets.assetType',
  brandName: 'assets.brand',
  model: 'assets.model',
  serialNumber: 'assets.serialNumber',
  locationName: 'assets.location',
  custodianName: 'assets.custodian',
  vendorName: 'assets.vendor',
  purchaseOrderNumber: 'assets.purchaseOrder',
  purchaseReference: 'assets.purchaseReference',
  purchaseDate: 'assets.purchaseDate',
  cost: 'assets.cost',
  putToUseDate: 'assets.putToUseDate',
  warrantyStart: 'assets.warrantyStart',
  warrantyEnd: 'assets.warrantyEnd',
  usefulLifeYears: 'assets.usefulLifeYears',
  criticality: 'assets.criticality',
  condition: 'assets.condition',
  notes: 'assets.notes',
  assetStatus: 'assets.assetStatus',
  branchName: 'assets.branch',
  active: 'masterLists.status',
  PHOTO: 'assets.files.kinds.PHOTO',
  INVOICE: 'assets.files.kinds.INVOICE',
  WARRANTY_CARD: 'assets.files.kinds.WARRANTY_CARD',
  MANUAL: 'assets.files.kinds.MANUAL',
  OTHER: 'assets.files.kinds.OTHER',
};

/** A changed value as the user reads it: a closed list's code in words, nothing as a dash. */
function valueText(field: string, value: string | null, t: TFunction): string {
  if (value === null || value === '') return '—';
  if (field === 'assetStatus') return t(`assets.statuses.${value}` as 'assets.statuses.IN_USE');
  if (field === 'criticality')
    return t(`assets.criticalities.${value}` as 'assets.criticalities.HIGH');
  if (field === 'condition') return t(`assets.conditions.${value}` as 'assets.conditions.GOOD');
  if (field === 'active')
    return t(value === 'true' ? 'masterLists.active' : 'masterLists.inactive');
  return value;
}

function money(cost: string | null | undefined): string | null {
  return cost ? formatRupees(toPaise(cost)) : null;
}

/** /asset/view?id=…: an asset's details, warranty, history and what the user may do with it. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, error, loading, refetch } = useQuery(AssetQuery, {
    variables: { id },
    skip: !/^[1-9]\d{0,9}$/.test(id),
  });
  const [change, setChange] = useState<'outOfOrder' | 'backInUse' | 'condemn' | 'dispose' | null>(
    null,
  );
  if (error && !data) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!data)
    return loading ? (
      <LoadingDots label={t('common.loading')} />
    ) : (
      <RouteProblem error={new Error(t('common.recordIdNeeded'))} onRetry={() => void refetch()} />
    );
  const asset = data.asset;
  const canChange = asset.canEdit;
  const { disposal } = data;
  const condemnable = !['IN_TRANSIT', 'CONDEMNED', 'DISPOSED'].includes(asset.assetStatus);
  return (
    <PageCard
      title={`${asset.tag} · ${asset.name}`}
      description={`${asset.assetTypeName} · ${asset.branchName} · ${asset.locationName}`}
      toolbar={
        <>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/asset/list">{t('assets.allAssets')}</RouterLink>
          </Button>
          <PrintLabelsMenu
            label={t('assets.printLabel')}
            urlOf={(format) => `/labels/assets.pdf?ids=${asset.id}&format=${format}`}
          />
          <RaiseJobOrderButton asset={asset} />
          {canChange && (asset.assetStatus === 'IN_USE' || asset.assetStatus === 'IN_STOCK') ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setChange('outOfOrder')}
            >
              {t('assets.markOutOfOrder')}
            </Button>
          ) : null}
          {canChange && asset.assetStatus === 'OUT_OF_ORDER' ? (
            <Button size="sm" variant="outline" onClick={() => setChange('backInUse')}>
              {t('assets.backInUse')}
            </Button>
          ) : null}
          {data.mayCondemn && condemnable ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setChange('condemn')}
            >
              {t('assets.condemn')}
            </Button>
          ) : null}
          {data.mayDispose && asset.assetStatus === 'CONDEMNED' ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setChange('dispose')}
            >
              {t('assets.dispose')}
            </Button>
          ) : null}
          {canChange ? (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={`/asset/edit?id=${asset.id}`}>{t('assets.edit')}</RouterLink>
            </Button>
          ) : null}
        </>
      }
    >
      <HStack gap="2" wrap="wrap">
        <AssetStatusChip status={asset.assetStatus} t={t} />
        <WarrantyChip state={asset.warrantyState} t={t} />
        <StatusChip chip={asset.status} />
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section title={t('assets.details')}>
          <Facts
            size="sm"
            facts={[
              [t('assets.category'), `${asset.categoryName} › ${asset.subCategoryName}`],
              [t('assets.assetType'), asset.assetTypeName],
              [t('assets.brand'), asset.brandName],
              [t('assets.model'), asset.model],
              [t('assets.serialNumber'), asset.serialNumber],
              [t('assets.branch'), asset.branchName],
              [t('assets.location'), asset.locationName],
              [t('assets.custodian'), asset.custodianName],
              [t('assets.criticality'), t(`assets.criticalities.${asset.criticality}`)],
              [t('assets.condition'), t(`assets.conditions.${asset.condition}`)],
              [t('assets.notes'), asset.notes],
            ]}
          />
        </Section>
        <Section title={t('assets.purchase')}>
          <Facts
            size="sm"
            facts={[
              [t('assets.vendor'), asset.vendorName],
              [t('assets.purchaseOrder'), asset.purchaseOrderNumber],
              [t('assets.purchaseReference'), asset.purchaseReference],
              [t('assets.purchaseDate'), asset.purchaseDate],
              [t('assets.cost'), money(asset.cost)],
              [t('assets.putToUseDate'), asset.putToUseDate],
              [t('assets.warrantyStart'), asset.warrantyStart],
              [t('assets.warrantyEnd'), asset.warrantyEnd],
              [t('assets.usefulLifeYears'), asset.usefulLifeYears?.toString() ?? null],
            ]}
          />
        </Section>
      </SimpleGrid>
      {disposal ? (
        <Section title={t('assets.disposal')}>
          <Facts
            size="sm"
            facts={[
              [t('assets.condemnedOn'), disposal.condemnedOn],
              [t('assets.condemnReason'), disposal.reason],
              [t('assets.committeeRemarks'), disposal.committeeRemarks],
              [t('assets.condemnedBy'), disposal.condemnedByName],
              [
                t('assets.disposalMethod'),
                disposal.method ? t(`assets.methods.${disposal.method}`) : null,
              ],
              [t('assets.disposedOn'), disposal.disposedOn],
              [t('assets.disposalAmount'), money(disposal.amount)],
              [t('assets.buyer'), disposal.buyer],
              [t('assets.disposalRemarks'), disposal.remarks],
              [t('assets.disposedBy'), disposal.disposedByName],
            ]}
          />
        </Section>
      ) : null}
      <AssetLastAudited assetId={asset.id} />
      <AssetRepairs asset={asset} />
      <Section title={t('assets.files.heading')}>
        <AssetFiles asset={asset} onChanged={() => void refetch()} />
      </Section>
      <PreventiveSchedules assetId={asset.id} />
      <Section title={t('assets.history')}>
        {asset.timeline.length === 0 ? (
          <Text color="fg.muted">{t('assets.noHistory')}</Text>
        ) : (
          <List.Root gap="3" variant="plain">
            {asset.timeline.map((event) => (
              <TimelineEntry key={event.id} event={event} t={t} />
            ))}
          </List.Root>
        )}
      </Section>
      {change === 'condemn' || change === 'dispose' ? (
        (() => {
          const Dialog = change === 'condemn' ? CondemnDialog : DisposeDialog;
          return (
            <Dialog
              asset={asset}
              onClose={() => setChange(null)}
              onDone={() => {
                setChange(null);
                void refetch();
              }}
            />
          );
        })()
      ) : change ? (
        <ReasonDialog
          asset={asset}
          change={change}
          onClose={() => setChange(null)}
          onDone={() => {
            setChange(null);
            void refetch();
          }}
        />
      ) : null}
    </PageCard>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function TimelineEntry({ event, t }: { event: Event; t: TFunction }) {
  const when = new Date(event.at).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <List.Item display="block" borderLeftWidth="3px" borderColor="border.emphasized" ps="3">
      <Text fontWeight="600">
        {t(`assets.events.${event.kind}` as 'assets.events.CREATED', { defaultValue: event.kind })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {when}
        {event.userName ? ` · ${t('assets.byWhom', { name: event.userName })}` : ''}
      </Text>
      {event.changes.map((change) => (
        <Text key={change.field} fontSize="sm">
          {t('assets.changed', {
            field: FIELD_LABELS[change.field]
              ? t(FIELD_LABELS[change.field] as 'assets.name')
              : change.field,
            before: valueText(change.field, change.before, t),
            after: valueText(change.field, change.after, t),
          })}
        </Text>
      ))}
      {event.reason ? (
        <Box fontSize="sm" fontStyle="italic">
          {t('assets.reason')}: {event.reason}
        </Box>
      ) : null}
    </List.Item>
  );
}
