import { useQuery } from '@apollo/client/react';
import { indianDate } from '@branch-assets/domain';
import {
  Button,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { FileSpreadsheet, RefreshCw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AmcReportQuery as Data } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { idFilter } from '../../shared/ListFilterSelect.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { formatMoney } from '../../shared/money.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { reportFileUrl } from '../../shared/reportUrl.ts';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { contractUrl } from './ContractsPage.tsx';
import { isDate } from './contractValues.ts';
import { DaysLeft } from './DaysLeft.tsx';
import { AmcReportPageQuery, AmcReportQuery } from './documents.ts';
import { sumAmounts } from './reportFile.ts';

type Report = Data['amcReport'];

const AS_OF_PARAM = 'asOf';
const BRANCH_PARAM = 'branch';

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toFixed(1)}%`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `${useId()}-heading`;
  return (
    <Stack as="section" gap="3" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function ContractsTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (report.contracts.length === 0)
    return <Text color="fg.muted">{t('amcReport.noContracts')}</Text>;
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      tabIndex={0}
      role="group"
      aria-label={t('amcReport.contractsTitle')}
    >
      <Table.Root size="sm" aria-label={t('amcReport.contractsTitle')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('amcReport.branch')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('contracts.number')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('contracts.vendor')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('contracts.type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('contracts.end')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('contracts.daysLeft')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.value')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.coveredValue')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.costPercent')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.visits')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('contracts.status')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {report.contracts.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell whiteSpace="nowrap">{row.branchCode}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <Link asChild>
                  <RouterLink to={contractUrl(row.id)}>{row.number}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{row.vendorName}</Table.Cell>
              <Table.Cell title={t(`contracts.types.${row.contractType}`)}>
                {row.contractType}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{dates.date(row.endDate)}</Table.Cell>
              <Table.Cell {...end}>
                <DaysLeft days={row.daysLeft} markEnding />
              </Table.Cell>
              <Table.Cell {...end}>{formatMoney(row.contractValue)}</Table.Cell>
              <Table.Cell {...end}>{formatMoney(row.coveredValue)}</Table.Cell>
              <Table.Cell {...end}>{percent(row.costPercent)}</Table.Cell>
              <Table.Cell {...end}>
                {t('amcReport.visitsDoneOfDue', { done: row.visitsDone, due: row.visitsDue })}
              </Table.Cell>
              <Table.Cell>
                <StatusChip chip={row.status} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="600">
            <Table.Cell colSpan={6}>{t('amcReport.total')}</Table.Cell>
            <Table.Cell {...end}>
              {formatMoney(sumAmounts(report.contracts.map((row) => row.contractValue)))}
            </Table.Cell>
            <Table.Cell {...end}>
              {formatMoney(sumAmounts(report.contracts.map((row) => row.coveredValue)))}
            </Table.Cell>
            <Table.Cell colSpan={3} />
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function CoverageTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  const rows = report.branches;
  const sum = (pick: (row: Report['branches'][number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      tabIndex={0}
      role="group"
      aria-label={t('amcReport.coverageTitle')}
    >
      <Table.Root size="sm" aria-label={t('amcReport.coverageTitle')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('amcReport.branch')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.inUse')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.underWarranty')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.underContract')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.uncovered')}</Table.ColumnHeader>
            <Table.ColumnHeader {...end}>{t('amcReport.uncoveredValue')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.branchId}>
              <Table.Cell whiteSpace="nowrap">{row.branchCode}</Table.Cell>
              <Table.Cell {...end}>{row.assetsInUse}</Table.Cell>
              <Table.Cell {...end}>{row.underWarranty}</Table.Cell>
              <Table.Cell {...end}>{row.underContract}</Table.Cell>
              <Table.Cell {...end}>{row.uncovered}</Table.Cell>
              <Table.Cell {...end}>{formatMoney(row.uncoveredValue)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="600">
            <Table.Cell>{t('amcReport.total')}</Table.Cell>
            <Table.Cell {...end}>{sum((row) => row.assetsInUse)}</Table.Cell>
            <Table.Cell {...end}>{sum((row) => row.underWarranty)}</Table.Cell>
            <Table.Cell {...end}>{sum((row) => row.underContract)}</Table.Cell>
            <Table.Cell {...end}>{sum((row) => row.uncovered)}</Table.Cell>
            <Table.Cell {...end}>
              {formatMoney(sumAmounts(rows.map((row) => row.uncoveredValue)))}
            </Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * /reports/amc-report: as of a date (today unless chosen) over the user's branches (all, or the
 * one `?branch=` names), the contracts in force or ending or ended within 90 days with their
 * visits and their value against the covered assets' cost, and how the branches' assets in use
 * are covered; both tables download as one workbook (GET /reports/amc-report.xlsx).
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = indianDate(new Date());
  const asOfText = params.get(AS_OF_PARAM) ?? '';
  const asOf = isDate(asOfText) ? asOfText : today;
  const [typed, setTyped] = useState<string | null>(null);
  const page = useQuery(AmcReportPageQuery);
  const options = page.data?.branchOptions ?? [];
  const asked = idFilter(params.get(BRANCH_PARAM) ?? '');
  const branch = asked && options.some((option) => option.value === asked) ? asked : '';
  const branchIds = branch ? [branch] : options.map((option) => option.value);
  const report = useQuery(AmcReportQuery, {
    variables: { branchIds, asOf },
    skip: !page.data?.pageInfo.permitted || branchIds.length === 0,
    notifyOnNetworkStatusChange: true,
  });

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const change = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const shown = report.data?.amcReport ?? report.previousData?.amcReport;
  // The gateway builds the workbook (real numbers and dates), as it does every download.
  const workbookUrl = reportFileUrl('amc-report', 'xlsx', { asOf, branchIds });

  return (
    <PageCard
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      toolbar={
        <>
          <Button
            variant="outline"
            size="sm"
            onClick={() => askAgain(report.refetch)}
            loading={report.loading}
          >
            <RefreshCw aria-hidden />
            {t('common.refresh')}
          </Button>
          <Button asChild variant="outline" size="sm" colorPalette="green">
            <a href={workbookUrl} download>
              <FileSpreadsheet aria-hidden />
              {t('amcReport.download')}
            </a>
          </Button>
        </>
      }
    >
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root width="auto">
          <Field.Label>{t('amcReport.asOf')}</Field.Label>
          <Input
            type="date"
            size="sm"
            value={typed ?? asOf}
            onChange={(event) => {
              const value = event.target.value;
              // A date half typed (or cleared) stays in the box; the report follows whole dates.
              setTyped(value);
              if (isDate(value)) change(AS_OF_PARAM, value === today ? '' : value);
            }}
            onBlur={() => setTyped(null)}
          />
        </Field.Root>
        <Field.Root width="auto" minW="48" maxW="xs">
          <Field.Label>{t('amcReport.branch')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={branch}
              onChange={(event) => change(BRANCH_PARAM, event.target.value)}
            >
              <option value="">{t('amcReport.allBranches')}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('amcReport.explained')}
      </Text>
      {branchIds.length === 0 ? (
        <Text color="fg.muted">{t('amcReport.noContracts')}</Text>
      ) : report.error && !shown ? (
        <RouteProblem error={report.error} onRetry={() => askAgain(report.refetch)} />
      ) : !shown ? (
        <LoadingDots label={t('common.loading')} />
      ) : (
        <Stack gap="6" aria-busy={report.loading} opacity={report.loading ? 0.6 : 1}>
          <Section title={t('amcReport.contractsTitle')}>
            <ContractsTable report={shown} />
          </Section>
          <Section title={t('amcReport.coverageTitle')}>
            <CoverageTable report={shown} />
          </Section>
        </Stack>
      )}
    </PageCard>
  );
}
