import { useQuery } from '@apollo/client/react';
import type { MovementReason } from '@branch-assets/domain';
import { Button, DataList, Heading, HStack, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AccessoryLedgerQuery as LedgerData } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { exportUrlOf } from '../../shared/RecordList.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useListParams } from '../../shared/useListParams.ts';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { BelowMinimumChip } from './AccessoriesPage.tsx';
import { AccessoryLedgerQuery, AccessoryQuery } from './documents.ts';
import { MovementDialog } from './MovementDialog.tsx';

type Movement = LedgerData['list']['rows'][number];

/**
 * /accessories/view?id=…: an accessory, its stock in each of the user's branches against the
 * branch's minimum (a movement is recorded from a branch's row, or for any branch from the top),
 * and its ledger: every movement with when, where, why, how many, the stock after it, to or from
 * whom and who recorded it, newest first, a page at a time.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const { data, error, loading, refetch } = useQuery(AccessoryQuery, {
    variables: { id },
    skip: !valid,
  });
  // Undefined: no dialog; '': at a branch still to choose; else at that branch.
  const [movingAt, setMovingAt] = useState<string | undefined>(undefined);
  if (error && !data) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!data)
    return loading ? (
      <LoadingDots label={t('common.loading')} />
    ) : (
      <RouteProblem error={new Error(t('common.recordIdNeeded'))} onRetry={() => void refetch()} />
    );
  const { accessory } = data;
  const unit = t(`masterLists.choices.${accessory.unit}` as 'masterLists.choices.Nos');
  return (
    <Stack gap="6">
      <PageCard
        title={accessory.name}
        description={[accessory.accessoryTypeName, accessory.brandName, unit]
          .filter(Boolean)
          .join(' · ')}
        toolbar={
          <>
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/accessories/lists">{t('accessories.allAccessories')}</RouterLink>
            </Button>
            {accessory.canEdit ? (
              <Button size="sm" variant="outline" onClick={() => setMovingAt('')}>
                {t('accessories.recordMovement')}
              </Button>
            ) : null}
            {accessory.canEdit ? (
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to={`/accessories/edit?id=${accessory.id}`}>
                  {t('accessories.edit')}
                </RouterLink>
              </Button>
            ) : null}
          </>
        }
      >
        <HStack gap="2" wrap="wrap">
          <StatusChip chip={accessory.status} />
          {accessory.belowMinimum ? <BelowMinimumChip /> : null}
        </HStack>
        <DataList.Root orientation="horizontal" size="sm">
          {(
            [
              [t('accessories.accessoryType'), accessory.accessoryTypeName],
              [t('accessories.brand'), accessory.brandName],
              [t('accessories.unit'), unit],
              [t('accessories.fitsColumn'), accessory.assetTypesText],
              [t('accessories.defaultMinimum'), String(accessory.defaultMinimum)],
              [t('accessories.onHand'), String(accessory.onHand)],
            ] as const
          )
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
        </DataList.Root>
        <Section title={t('accessories.stockPerBranch')}>
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('accessories.branch')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('accessories.onHand')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('accessories.minimum')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('accessories.belowMinimum')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.accessoryStock.rows.map((stock) => (
                <Table.Row key={stock.id}>
                  <Table.Cell>
                    {stock.branchCode} · {stock.branchName}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{stock.onHand}</Table.Cell>
                  <Table.Cell textAlign="end">{stock.minimum}</Table.Cell>
                  <Table.Cell>{stock.belowMinimum ? <BelowMinimumChip /> : null}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {stock.canMove ? (
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('accessories.recordMovementAt', { branch: stock.branchCode })}
                        onClick={() => setMovingAt(stock.branchId)}
                      >
                        {t('accessories.recordMovement')}
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
      </PageCard>
      <Ledger accessoryId={accessory.id} />
      {movingAt !== undefined ? (
        <MovementDialog
          accessory={accessory}
          branchId={movingAt}
          onClose={() => setMovingAt(undefined)}
          onDone={() => setMovingAt(undefined)}
        />
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The accessory's ledger: the server's list, its page, search and sort in the URL. */
function Ledger({ accessoryId }: { accessoryId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const params = useListParams();
  const ledger = useListQuery(AccessoryLedgerQuery, {
    variables: { accessoryId, ...params.variables },
  });
  const list = (ledger.data ?? ledger.previousData)?.list;
  const columns = useMemo<Record<string, ListColumn<Movement>>>(
    () => ({
      at: { label: t('accessories.when'), text: (row) => dates.dateTime(row.at), nowrap: true },
      branchCode: { label: t('accessories.branch'), text: (row) => row.branchCode, nowrap: true },
      reasonText: {
        label: t('accessories.reason'),
        text: (row) => t(`accessories.reasons.${row.reason as MovementReason}`),
        priority: 'essential',
      },
      quantity: {
        label: t('accessories.quantity'),
        text: (row) => (row.quantity > 0 ? `+${row.quantity}` : String(row.quantity)),
        priority: 'essential',
        nowrap: true,
      },
      balance: {
        label: t('accessories.balance'),
        text: (row) => String(row.balance),
        nowrap: true,
      },
      issuedToText: { label: t('accessories.issuedToColumn'), text: (row) => row.issuedToText },
      vendorName: {
        label: t('accessories.vendor'),
        text: (row) => row.vendorName ?? '',
        priority: 'low',
      },
      reference: {
        label: t('accessories.referenceColumn'),
        text: (row) => row.reference ?? '',
        priority: 'low',
      },
      note: { label: t('accessories.note'), text: (row) => row.note ?? '', priority: 'low' },
      userName: { label: t('accessories.by'), text: (row) => row.userName ?? '' },
    }),
    [t, dates],
  );
  return (
    <ServerList<Movement>
      title={t('accessories.ledger')}
      description={t('accessories.ledgerDescription')}
      list={list}
      loading={ledger.loading}
      error={ledger.error}
      onRetry={() => askAgain(ledger.refetch)}
      params={params}
      rowKey={(row) => row.id}
      columns={columns}
      toolbar={
        <ListToolbar
          onRefresh={() => askAgain(ledger.refetch)}
          refreshing={ledger.loading}
          exportUrl={exportUrlOf(list, ledger.error)}
        />
      }
    />
  );
}
