import { useQuery } from '@apollo/client/react';
import { ASSET_STATUSES, indianDate } from '@branch-assets/domain';
import { Badge, Button, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type {
  AssetStatus,
  BranchAssetReportQuery as Data,
  DepreciationMethod,
} from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { BranchAssetReportPageQuery, BranchAssetReportQuery } from './documents.ts';
import { FixedAssetRegister } from './FixedAssetRegister.tsx';
import { reconciles, withBranchSubtotals } from './movement.ts';
import { asOfPeriod } from './period.ts';
import {
  BranchesSelect,
  ChoiceSelect,
  DateField,
  ExportButtons,
  knownChoice,
  type ReportParams,
  useCategoryOptions,
  useChosenBranches,
  useReportParams,
} from './ReportFilters.tsx';
import { ReportProblem, useShownState } from './ReportState.tsx';
import { type ReportColumn, ReportSkeleton, ReportTable } from './ReportTable.tsx';

type Report = Data['branchAssetReport'];

export const METHODS: readonly DepreciationMethod[] = ['SLM', 'WDV'];

/** The method the address names, straight line unless it says WDV. */
export function methodOf(text: string): DepreciationMethod {
  return text === 'WDV' ? 'WDV' : 'SLM';
}

function statusOf(text: string): AssetStatus | '' {
  return (ASSET_STATUSES as readonly string[]).includes(text) ? (text as AssetStatus) : '';
}

const MOVES = [
  'opening',
  'additions',
  'transfersIn',
  'transfersOut',
  'disposals',
  'closing',
] as const;

function RegisterTables({
  report,
  state,
  busy,
}: {
  report: Report;
  state: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const moveLabel = (move: (typeof MOVES)[number]) => t(`reports.moves.${move}`);
  const movementColumns: ReportColumn[] = [
    { key: 'branch', header: t('reports.branch') },
    ...MOVES.flatMap((move) => [
      {
        key: `${move}.assets`,
        header: t('reports.number'),
        kind: 'count' as const,
        group: moveLabel(move),
      },
      {
        key: `${move}.cost`,
        header: t('reports.cost'),
        kind: 'amount' as const,
        group: moveLabel(move),
      },
    ]),
    { key: 'check', header: t('reports.check') },
  ];
  const movementCells = (row: Report['movementTotal']) =>
    Object.fromEntries(
      MOVES.flatMap((move) => [
        [`${move}.assets`, row[move].assets],
        [`${move}.cost`, row[move].cost],
      ]),
    );
  const check = (row: Report['movementTotal']) => {
    const ok = reconciles(row);
    return {
      node: (
        <Badge colorPalette={ok ? 'green' : 'red'} variant="subtle" whiteSpace="nowrap">
          {ok ? t('reports.reconciles') : t('reports.doesNotReconcile')}
        </Badge>
      ),
    };
  };
  return (
    <Stack gap="8">
      <ReportTable
        state={state}
        busy={busy}
        empty={t('reports.nothingAsOf')}
        title={t('reports.registerTitle', { date: dates.date(report.to) })}
        caption={t('reports.registerExplained', { method: t(`reports.methods.${report.method}`) })}
        columns={[
          { key: 'branch', header: t('reports.branch') },
          { key: 'category', header: t('reports.category') },
          { key: 'status', header: t('reports.status') },
          { key: 'assets', header: t('reports.assets'), kind: 'count' },
          { key: 'cost', header: t('reports.cost'), kind: 'amount' },
          { key: 'accumulated', header: t('reports.accumulated'), kind: 'amount' },
          { key: 'netBook', header: t('reports.netBook'), kind: 'amount' },
        ]}
        rows={withBranchSubtotals(report.register).map((entry) =>
          entry.kind === 'line'
            ? {
                key: `${entry.line.branchId}-${entry.line.categoryId}-${entry.line.status}`,
                cells: {
                  ...entry.line,
                  branch: entry.line.branchCode,
                  category: entry.line.categoryName,
                  status: t(`assets.statuses.${entry.line.status}`),
                },
              }
            : {
                key: `${entry.branchId}-subtotal`,
                subtotal: true,
                cells: { ...entry, branch: t('reports.subtotal', { branch: entry.branchCode }) },
              },
        )}
        total={report.registerTotal}
      />
      <ReportTable
        state={state}
        busy={busy}
        empty={t('reports.nothingInPeriod')}
        title={t('reports.movementTitle', {
          from: dates.date(report.from),
          to: dates.date(report.to),
        })}
        caption={t('reports.movementExplained')}
        columns={movementColumns}
        rows={report.movement.map((row) => ({
          key: row.branchId,
          cells: { branch: row.branchCode, ...movementCells(row), check: check(row) },
        }))}
        total={{ ...movementCells(report.movementTotal), check: check(report.movementTotal) }}
      />
    </Stack>
  );
}

function Filters({
  params,
  branchOptions,
  branchIds,
  categories,
  dates,
  withStatus,
  far,
}: {
  params: ReportParams;
  branchOptions: readonly { value: string; text: string }[];
  branchIds: string[];
  categories: readonly { value: string; text: string }[] | null;
  dates: { from: string; to: string };
  withStatus: boolean;
  far: boolean;
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="3" wrap="wrap" align="end">
      {far ? null : (
        <>
          <DateField
            label={t('reports.asOf')}
            value={dates.to}
            onChange={(to) => params.change({ to })}
          />
          <DateField
            label={t('reports.movementFrom')}
            value={dates.from}
            onChange={(from) => params.change({ from })}
          />
        </>
      )}
      <BranchesSelect options={branchOptions} chosen={branchIds} params={params} />
      {categories ? (
        <ChoiceSelect
          label={t('reports.category')}
          allLabel={t('reports.allCategories')}
          options={categories}
          value={knownChoice(params.get('category'), categories)}
          onChange={(category) => params.change({ category, page: null })}
        />
      ) : null}
      {withStatus ? (
        <ChoiceSelect
          label={t('reports.status')}
          allLabel={t('reports.allStatuses')}
          options={ASSET_STATUSES.map((status) => ({
            value: status,
            text: t(`assets.statuses.${status}`),
          }))}
          value={statusOf(params.get('status'))}
          onChange={(status) => params.change({ status })}
        />
      ) : null}
      <ChoiceSelect
        label={t('reports.method')}
        options={METHODS.map((method) => ({ value: method, text: t(`reports.methods.${method}`) }))}
        value={methodOf(params.get('method'))}
        onChange={(method) =>
          params.change({ method: method === 'SLM' ? null : method, page: null })
        }
      />
    </HStack>
  );
}

const FAR = 'far';

/**
 * /reports/branch-asset: the register as of a date by branch, category and status (cost,
 * accumulated depreciation, net book value, a subtotal per branch) and the movement of each
 * branch over a period that must reconcile, checked on screen row by row; and, on its own tab,
 * the fixed asset register of a financial year in both books (docs/reports.md).
 */
export function Component() {
  const { t } = useTranslation();
  const params = useReportParams();
  const today = indianDate(new Date());
  const page = useQuery(BranchAssetReportPageQuery);
  const branchOptions = page.data?.branchOptions ?? [];
  const categories = useCategoryOptions(page.data?.mayListCategories);
  const branchIds = useChosenBranches(params, branchOptions);
  const dates = asOfPeriod({ from: params.get('from'), to: params.get('to') }, today);
  const categoryId = knownChoice(params.get('category'), categories ?? []);
  const status = statusOf(params.get('status'));
  const method = methodOf(params.get('method'));
  const far = params.get('view') === FAR;
  const report = useListQuery(BranchAssetReportQuery, {
    variables: {
      branchIds,
      from: dates.from,
      to: dates.to,
      categoryId: categoryId || null,
      status: status || null,
      method,
    },
    skip: !page.data?.pageInfo.permitted || branchIds.length === 0 || far,
  });
  const state = useShownState(report.loading);

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;
  const shown = report.data?.branchAssetReport ?? report.previousData?.branchAssetReport;
  const mayDownload = page.data.mayDownload;

  return (
    <PageCard
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      toolbar={
        far ? null : (
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
            {mayDownload ? (
              <ExportButtons
                report="branch-asset"
                filters={{
                  branchIds,
                  from: dates.from,
                  to: dates.to,
                  categoryId,
                  status,
                  method,
                }}
              />
            ) : null}
          </>
        )
      }
    >
      <Tabs.Root
        value={far ? FAR : 'register'}
        onValueChange={(details) =>
          params.change({ view: details.value === FAR ? FAR : null, page: null })
        }
        lazyMount
        unmountOnExit
        variant="line"
      >
        <Tabs.List>
          <Tabs.Trigger value="register">{t('reports.registerTab')}</Tabs.Trigger>
          <Tabs.Trigger value={FAR}>{t('reports.farTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="register">
          <Stack gap="4">
            <Filters
              params={params}
              branchOptions={branchOptions}
              branchIds={branchIds}
              categories={categories}
              dates={dates}
              withStatus
              far={false}
            />
            {branchIds.length === 0 ? (
              <Text color="fg.muted">{t('reports.noBranches')}</Text>
            ) : report.error ? (
              <ReportProblem
                error={report.error}
                onRetry={() => askAgain(report.refetch)}
                retrying={report.loading}
              />
            ) : !shown ? (
              <ReportSkeleton label={t('common.loading')} />
            ) : (
              <RegisterTables report={shown} state={state} busy={report.loading} />
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value={FAR}>
          <Stack gap="4">
            <Filters
              params={params}
              branchOptions={branchOptions}
              branchIds={branchIds}
              categories={categories}
              dates={dates}
              withStatus={false}
              far
            />
            {branchIds.length === 0 ? (
              <Text color="fg.muted">{t('reports.noBranches')}</Text>
            ) : (
              <FixedAssetRegister
                params={params}
                branchIds={branchIds}
                categoryId={categoryId}
                method={method}
                defaultYear={dates.to}
                today={today}
                mayDownload={mayDownload}
              />
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </PageCard>
  );
}
