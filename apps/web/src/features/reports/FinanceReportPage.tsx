import { useQuery } from '@apollo/client/react';
import { indianDate } from '@branch-assets/domain';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FinanceReportQuery as Data } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { useLocale } from '../../shared/useLocale.ts';
import { FinanceReportPageQuery, FinanceReportQuery } from './documents.ts';
import { periodOf } from './period.ts';
import {
  BranchesSelect,
  ChoiceSelect,
  ExportButtons,
  knownChoice,
  PeriodPicker,
  useCategoryOptions,
  useChosenBranches,
  useReportParams,
} from './ReportFilters.tsx';
import { ReportProblem, useShownState } from './ReportState.tsx';
import { type ReportColumn, type ReportRow, ReportSkeleton, ReportTable } from './ReportTable.tsx';

type Report = Data['financeReport'];

/** 'Apr 2026' for '2026-04', in the interface language. */
export function monthName(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 15)));
}

function FinanceTables({
  report,
  state,
  busy,
}: {
  report: Report;
  state: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dates = useDates();
  const empty = t('reports.nothingInPeriod');
  const spend = (first: ReportColumn): ReportColumn[] => [
    first,
    { key: 'orders', header: t('reports.orders'), kind: 'count' },
    { key: 'taxable', header: t('reports.taxable'), kind: 'amount' },
    { key: 'gst', header: t('reports.gst'), kind: 'amount' },
    { key: 'total', header: t('reports.total'), kind: 'amount' },
  ];
  const gst = (first: ReportColumn[]): ReportColumn[] => [
    ...first,
    { key: 'taxable', header: t('reports.taxable'), kind: 'amount' },
    { key: 'cgst', header: t('purchaseOrders.cgst'), kind: 'amount' },
    { key: 'sgst', header: t('purchaseOrders.sgst'), kind: 'amount' },
    { key: 'igst', header: t('purchaseOrders.igst'), kind: 'amount' },
  ];
  const common = { state, busy, empty };
  const rows = <Row,>(
    list: readonly Row[],
    key: (row: Row) => string,
    cells: (row: Row) => ReportRow['cells'],
  ) => list.map((row) => ({ key: key(row), cells: cells(row) }));
  return (
    <Stack gap="8">
      <ReportTable
        {...common}
        title={t('reports.spendByBranch')}
        columns={spend({ key: 'branch', header: t('reports.branch') })}
        rows={rows(
          report.spendByBranch,
          (row) => row.branchId,
          (row) => ({
            ...row,
            branch: `${row.branchCode} - ${row.branchName}`,
          }),
        )}
        total={report.spendTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.spendByVendor')}
        columns={[
          { key: 'vendor', header: t('reports.vendor') },
          { key: 'gstin', header: t('common.gstin') },
          ...spend({ key: 'orders', header: t('reports.orders'), kind: 'count' }).slice(1),
        ]}
        rows={rows(
          report.spendByVendor,
          (row) => row.vendorId,
          (row) => ({
            ...row,
            vendor: row.vendorName,
          }),
        )}
        total={report.spendTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.spendByCategory')}
        caption={t('reports.spendByCategoryExplained')}
        columns={spend({ key: 'category', header: t('reports.category') })}
        rows={rows(
          report.spendByCategory,
          (row) => `${row.categoryId ?? ''}-${row.categoryName}`,
          (row) => ({
            ...row,
            category: row.categoryName,
          }),
        )}
        total={report.spendTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.spendByMonth')}
        columns={spend({ key: 'month', header: t('reports.month') })}
        rows={rows(
          report.spendByMonth,
          (row) => row.month,
          (row) => ({
            ...row,
            month: monthName(row.month, locale),
          }),
        )}
        total={report.spendTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.gstByRate')}
        columns={gst([{ key: 'rate', header: t('reports.rate'), kind: 'rate' }])}
        rows={rows(
          report.gstByRate,
          (row) => String(row.rate),
          (row) => row,
        )}
        total={report.gstTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.gstByVendor')}
        columns={gst([
          { key: 'gstin', header: t('common.gstin') },
          { key: 'vendor', header: t('reports.vendor') },
        ])}
        rows={rows(
          report.gstByVendor,
          (row) => row.vendorId,
          (row) => ({
            ...row,
            gstin: row.gstin ?? t('reports.unregistered'),
            vendor: row.vendorName,
          }),
        )}
        total={report.gstTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.capitalised')}
        columns={[
          { key: 'branch', header: t('reports.branch') },
          { key: 'category', header: t('reports.category') },
          { key: 'assets', header: t('reports.assets'), kind: 'count' },
          { key: 'cost', header: t('reports.cost'), kind: 'amount' },
        ]}
        rows={rows(
          report.capitalised,
          (row) => `${row.branchId}-${row.categoryId}`,
          (row) => ({
            ...row,
            branch: row.branchCode,
            category: row.categoryName,
          }),
        )}
        total={report.capitalisedTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.commitments')}
        caption={t('reports.commitmentsExplained')}
        columns={[
          { key: 'poNumber', header: t('reports.orderNumber') },
          { key: 'branch', header: t('reports.branch') },
          { key: 'vendor', header: t('reports.vendor') },
          { key: 'poDate', header: t('reports.orderDate') },
          { key: 'ordered', header: t('reports.ordered'), kind: 'amount' },
          { key: 'received', header: t('reports.received'), kind: 'amount' },
          { key: 'outstanding', header: t('reports.outstanding'), kind: 'amount' },
        ]}
        rows={rows(
          report.commitments,
          (row) => row.purchaseOrderId,
          (row) => ({
            ...row,
            branch: row.branchCode,
            vendor: row.vendorName,
            poDate: dates.date(row.poDate),
          }),
        )}
        total={report.commitmentsTotal}
      />
      <ReportTable
        {...common}
        title={t('reports.jobCosts')}
        columns={[
          { key: 'branch', header: t('reports.branch') },
          { key: 'chargeableJobs', header: t('reports.chargeableJobs'), kind: 'count' },
          { key: 'chargeableCost', header: t('reports.chargeableCost'), kind: 'amount' },
          { key: 'contracts', header: t('reports.contracts'), kind: 'count' },
          { key: 'contractValue', header: t('reports.contractValue'), kind: 'amount' },
          { key: 'total', header: t('reports.total'), kind: 'amount' },
        ]}
        rows={rows(
          report.jobCosts,
          (row) => row.branchId,
          (row) => ({
            ...row,
            branch: row.branchCode,
          }),
        )}
        total={report.jobCostsTotal}
      />
    </Stack>
  );
}

/**
 * /reports/finance: purchase spend (by branch, vendor, category, month), GST input (by rate, by
 * GSTIN), assets capitalised, commitments and job-order and contract costs of a financial year
 * or a custom period over some of the user's branches, a vendor and a category if chosen; every
 * filter in the address; Excel and PDF from the gateway with the same filters.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useReportParams();
  const today = indianDate(new Date());
  const page = useQuery(FinanceReportPageQuery);
  const branchOptions = page.data?.branchOptions ?? [];
  const branchIds = useChosenBranches(params, branchOptions);
  const period = periodOf(
    { fy: params.get('fy'), from: params.get('from'), to: params.get('to') },
    today,
  );
  const vendorId = knownChoice(params.get('vendor'), page.data?.vendorOptions ?? []);
  const categories = useCategoryOptions(page.data?.mayListCategories);
  const categoryId = knownChoice(params.get('category'), categories ?? []);
  const invalid = period.kind === 'custom' && period.problem !== null;
  const report = useListQuery(FinanceReportQuery, {
    variables: {
      branchIds,
      from: period.from,
      to: period.to,
      vendorId: vendorId || null,
      categoryId: categoryId || null,
    },
    skip: !page.data?.pageInfo.permitted || branchIds.length === 0 || invalid,
  });
  const state = useShownState(report.loading);

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const shown = report.data?.financeReport ?? report.previousData?.financeReport;
  const filters = {
    branchIds,
    from: period.from,
    to: period.to,
    vendorId,
    categoryId,
  };

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
            loading={report.loading && Boolean(shown)}
          >
            <RefreshCw aria-hidden />
            {t('common.refresh')}
          </Button>
          {page.data.mayDownload && !invalid ? (
            <ExportButtons report="finance" filters={filters} />
          ) : null}
        </>
      }
    >
      <HStack gap="3" wrap="wrap" align="end">
        <PeriodPicker period={period} today={today} params={params} />
        <BranchesSelect options={branchOptions} chosen={branchIds} params={params} />
        <ChoiceSelect
          label={t('reports.vendor')}
          allLabel={t('reports.allVendors')}
          options={page.data.vendorOptions}
          value={vendorId}
          onChange={(vendor) => params.change({ vendor })}
        />
        {categories ? (
          <ChoiceSelect
            label={t('reports.category')}
            allLabel={t('reports.allCategories')}
            options={categories}
            value={categoryId}
            onChange={(category) => params.change({ category })}
          />
        ) : null}
      </HStack>
      {invalid ? (
        <Text color="fg.error" role="alert">
          {t('reports.periodOrder')}
        </Text>
      ) : branchIds.length === 0 ? (
        <Text color="fg.muted">{t('reports.noBranches')}</Text>
      ) : report.error ? (
        <ReportProblem
          error={report.error}
          onRetry={() => askAgain(report.refetch)}
          retrying={report.loading}
        />
      ) : !shown ? (
        <ReportSkeleton label={t('common.loading')} sections={3} />
      ) : (
        <FinanceTables report={shown} state={state} busy={report.loading} />
      )}
    </PageCard>
  );
}
