import { useQuery } from '@apollo/client/react';
import { indianDate } from '@branch-assets/domain';
import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Pencil, RefreshCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useDates } from '../../shared/dates.ts';
import { Facts } from '../../shared/Facts.tsx';
import { idFilter } from '../../shared/ListFilterSelect.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { formatMoney } from '../../shared/money.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { AssetsTable } from '../assets/AssetsTable.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { contractUrl, editUrl, renewUrl } from './ContractsPage.tsx';
import { costPercentOf } from './contractValues.ts';
import { DaysLeft } from './DaysLeft.tsx';
import { ContractQuery, ContractsPageQuery } from './documents.ts';

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

/**
 * /amc/view?id=…: one contract — vendor, type, period, money, terms — with the contracts it
 * renews and that renew it, the assets it covers and its preventive visits with their job orders;
 * Edit while it has not been renewed, and Renew.
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [search] = useSearchParams();
  const id = idFilter(search.get('id') ?? '');
  const page = useQuery(ContractsPageQuery);
  const query = useQuery(ContractQuery, { variables: { id: id ?? '' }, skip: !id });
  if (page.error) return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (page.data && !page.data.pageInfo.permitted) return <Navigate to="/access-denied" replace />;
  if (!id)
    return (
      <RouteProblem
        error={new Error(t('common.recordIdNeeded'))}
        onRetry={() => askAgain(query.refetch)}
      />
    );
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const contract = query.data?.maintenanceContract;
  if (!contract) return <LoadingDots label={t('common.loading')} />;
  const today = indianDate(new Date());
  const share = costPercentOf(contract.contractValue, contract.coveredValue);
  const facts: [string, string | null | undefined][] = [
    [t('contracts.vendor'), contract.vendorName],
    [t('contracts.branch'), contract.branchCode],
    [t('contracts.type'), t(`contracts.typeChoices.${contract.contractType}`)],
    [
      t('contracts.period'),
      t('contracts.periodText', {
        start: dates.date(contract.startDate),
        end: dates.date(contract.endDate),
      }),
    ],
    [t('contracts.valueBeforeGst'), formatMoney(contract.contractValue)],
    [
      t('contracts.gstAmount'),
      `${formatMoney(contract.gstAmount)} (${t('contracts.gstAt', { rate: contract.gstRate })})`,
    ],
    [t('contracts.total'), formatMoney(contract.totalValue)],
    [t('contracts.coveredValue'), formatMoney(contract.coveredValue)],
    [t('contracts.costPercent'), share === null ? null : `${share.toFixed(1)}%`],
    [t('contracts.paymentSchedule'), t(`contracts.paymentSchedules.${contract.paymentSchedule}`)],
    [t('contracts.visitsPerYear'), String(contract.visitsPerYear)],
    [t('contracts.responseHours'), t('contracts.hours', { count: contract.responseHours })],
    [
      t('contracts.noticeBy'),
      `${dates.date(contract.noticeBy)} (${t('contracts.noticeDaysText', { count: contract.noticeDays })})`,
    ],
    [t('contracts.renewal'), t(`contracts.renewals.${contract.renewal}`)],
    [t('contracts.remarks'), contract.remarks],
    [t('contracts.createdBy'), contract.createdByName],
  ];

  return (
    <PageCard
      title={t('contracts.title', { number: contract.number })}
      description={`${contract.vendorName} · ${contract.branchCode}`}
      toolbar={
        <HStack gap="2" wrap="wrap">
          <StatusChip chip={contract.status} />
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/amc/list">{t('contracts.allContracts')}</RouterLink>
          </Button>
          {contract.canEdit ? (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={editUrl(contract.id)}>
                <Pencil aria-hidden />
                {t('contracts.edit')}
              </RouterLink>
            </Button>
          ) : null}
          {contract.canRenew ? (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={renewUrl(contract.id)}>
                <RefreshCcw aria-hidden />
                {t('contracts.renew')}
              </RouterLink>
            </Button>
          ) : null}
        </HStack>
      }
    >
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="600">{t('contracts.daysLeft')}:</Text>
        <DaysLeft days={contract.daysLeft} markEnding />
      </HStack>
      {contract.previousContractId || contract.nextContractId ? (
        <HStack gap="4" wrap="wrap">
          {contract.previousContractId ? (
            <Text>
              {t('contracts.renews')}{' '}
              <Link asChild>
                <RouterLink to={contractUrl(contract.previousContractId)}>
                  {contract.previousContractNumber}
                </RouterLink>
              </Link>
            </Text>
          ) : null}
          {contract.nextContractId ? (
            <Text>
              {t('contracts.renewedBy')}{' '}
              <Link asChild>
                <RouterLink to={contractUrl(contract.nextContractId)}>
                  {contract.nextContractNumber}
                </RouterLink>
              </Link>
            </Text>
          ) : null}
        </HStack>
      ) : null}
      <Facts facts={facts} />
      <Section title={t('contracts.coveredAssets', { count: contract.assets.length })}>
        <AssetsTable
          assets={contract.assets}
          serialNumbers={false}
          label={t('contracts.coveredAssetsLegend')}
          after={[
            {
              header: t('contracts.assetCost'),
              cell: (asset) => (asset.cost ? formatMoney(asset.cost) : '—'),
              nowrap: true,
              end: true,
            },
          ]}
        />
      </Section>
      <Section title={t('contracts.visits')}>
        {contract.visits.length === 0 ? (
          <Text color="fg.muted">{t('contracts.noVisits')}</Text>
        ) : (
          <Table.ScrollArea
            borderWidth="1px"
            borderRadius="md"
            tabIndex={0}
            role="group"
            aria-label={t('contracts.visits')}
          >
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('contracts.dueDate')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.jobOrder')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.jobStatus')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.completedOn')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {contract.visits.map((visit) => (
                  <Table.Row key={visit.dueDate}>
                    <Table.Cell whiteSpace="nowrap">{dates.date(visit.dueDate)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {visit.jobOrderId ? (
                        <Link asChild>
                          <RouterLink to={`/job-order/view?id=${visit.jobOrderId}`}>
                            {visit.jobNumber}
                          </RouterLink>
                        </Link>
                      ) : (
                        <Text as="span" color="fg.muted">
                          {visit.dueDate > today
                            ? t('contracts.notYetCreated')
                            : t('contracts.notCreated')}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      {visit.jobStatus ? t(`contracts.jobStatuses.${visit.jobStatus}`) : '—'}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {visit.completedOn ? dates.date(visit.completedOn) : '—'}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>
    </PageCard>
  );
}
