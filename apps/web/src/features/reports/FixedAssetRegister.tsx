import { financialYear } from '@branch-assets/domain';
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepreciationMethod } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { useDebounced } from '../../shared/useDebounced.ts';
import { DepreciationScheduleQuery } from './documents.ts';
import { financialYearChoices, isFinancialYear } from './period.ts';
import { ExportButtons, type ReportParams } from './ReportFilters.tsx';
import { ReportProblem, useShownState } from './ReportState.tsx';
import { ReportSkeleton, ReportTable } from './ReportTable.tsx';

export const PAGE_SIZES = [25, 50, 100] as const;
const SEARCH_DELAY_MS = 300;

/** A page number of the address: a whole number from 1, else 1. */
export function pageOf(text: string): number {
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}

export function pageSizeOf(text: string): number {
  const size = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : 50;
}

/**
 * The fixed asset register of one financial year (the branch asset report's second tab): the
 * Income Tax blocks with their totals, and the Companies Act schedule asset by asset, a page at a
 * time from the server (searched by tag or name, typing debounced) with the totals over all the
 * assets the filters keep. Its Excel and PDF are the depreciation export.
 */
export function FixedAssetRegister({
  params,
  branchIds,
  categoryId,
  method,
  defaultYear,
  today,
  mayDownload,
}: {
  params: ReportParams;
  branchIds: string[];
  categoryId: string;
  method: DepreciationMethod;
  /** A date whose financial year is shown unless the address names one. */
  defaultYear: string;
  today: string;
  mayDownload: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const asked = params.get('fy');
  const fy = isFinancialYear(asked) ? asked : financialYear(defaultYear);
  const years = financialYearChoices(today, 8);
  if (!years.includes(fy)) years.push(fy);
  const search = params.get('q');
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed, SEARCH_DELAY_MS);
  const writeSearch = useEffectEvent((text: string) => {
    if (text.trim() !== search) params.change({ q: text.trim(), page: null });
  });
  useEffect(() => writeSearch(settled), [settled]);
  const page = pageOf(params.get('page'));
  const pageSize = pageSizeOf(params.get('size'));
  const schedule = useListQuery(DepreciationScheduleQuery, {
    variables: {
      branchIds,
      financialYear: fy,
      method,
      categoryId: categoryId || null,
      search: search || null,
      page,
      pageSize,
    },
  });
  const state = useShownState(schedule.loading);
  const shown = schedule.data?.depreciationSchedule ?? schedule.previousData?.depreciationSchedule;
  const busy = schedule.loading;
  const empty = t('reports.nothingInYear');
  const first = shown && shown.totalCount > 0 ? (page - 1) * pageSize + 1 : 0;
  const last = shown ? Math.min(page * pageSize, shown.totalCount) : 0;
  const lastPage = shown ? Math.max(1, Math.ceil(shown.totalCount / pageSize)) : 1;

  return (
    <Stack gap="6">
      <HStack gap="3" wrap="wrap" align="end" justify="space-between">
        <HStack gap="3" wrap="wrap" align="end">
          <Field.Root width="auto">
            <Field.Label>{t('reports.financialYear')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={fy}
                onChange={(event) => params.change({ fy: event.target.value, page: null })}
              >
                {years.map((year) => (
                  <option key={year} value={year}>
                    {t('reports.financialYearOption', { year })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root width="auto" minW="64">
            <Field.Label>{t('reports.searchAssets')}</Field.Label>
            <Input
              type="search"
              size="sm"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Field.Root>
        </HStack>
        {mayDownload ? (
          <HStack gap="2">
            <ExportButtons
              report="depreciation"
              label={t('reports.farTab')}
              filters={{
                branchIds,
                financialYear: fy,
                method,
                categoryId,
                search,
              }}
            />
          </HStack>
        ) : null}
      </HStack>
      {schedule.error ? (
        <ReportProblem
          error={schedule.error}
          onRetry={() => askAgain(schedule.refetch)}
          retrying={schedule.loading}
        />
      ) : !shown ? (
        <ReportSkeleton label={t('common.loading')} />
      ) : (
        <>
          <ReportTable
            state={state}
            busy={busy}
            empty={empty}
            title={t('reports.blocksTitle', { year: shown.financialYear })}
            caption={t('reports.blocksExplained')}
            columns={[
              { key: 'block', header: t('reports.block') },
              { key: 'rate', header: t('reports.rate'), kind: 'rate' },
              { key: 'opening', header: t('reports.openingWdv'), kind: 'amount' },
              { key: 'additionsFull', header: t('reports.additionsFull'), kind: 'amount' },
              { key: 'additionsHalf', header: t('reports.additionsHalf'), kind: 'amount' },
              { key: 'proceeds', header: t('reports.proceeds'), kind: 'amount' },
              { key: 'depreciation', header: t('reports.depreciation'), kind: 'amount' },
              { key: 'closing', header: t('reports.closingWdv'), kind: 'amount' },
              { key: 'capitalGain', header: t('reports.capitalGain'), kind: 'amount' },
            ]}
            rows={shown.blocks.map((row) => ({
              key: row.block,
              cells: {
                ...row,
                block: t(`reports.blocks.${row.block}`, { defaultValue: row.block }),
              },
            }))}
            total={shown.blockTotals}
          />
          <Stack gap="2">
            <ReportTable
              state={state}
              busy={busy}
              empty={search ? t('common.noMatches') : empty}
              title={t('reports.assetsTitle', {
                year: shown.financialYear,
                method: t(`reports.methods.${shown.method}`),
              })}
              caption={t('reports.assetsExplained')}
              columns={[
                { key: 'tag', header: t('reports.tag') },
                { key: 'name', header: t('reports.assetName') },
                { key: 'branch', header: t('reports.branch') },
                { key: 'category', header: t('reports.category') },
                { key: 'putToUse', header: t('reports.putToUse') },
                { key: 'usefulLifeYears', header: t('reports.usefulLife'), kind: 'count' },
                { key: 'cost', header: t('reports.cost'), kind: 'amount' },
                { key: 'opening', header: t('reports.opening'), kind: 'amount' },
                { key: 'additions', header: t('reports.additions'), kind: 'amount' },
                { key: 'depreciation', header: t('reports.depreciation'), kind: 'amount' },
                { key: 'disposals', header: t('reports.disposals'), kind: 'amount' },
                { key: 'closing', header: t('reports.closing'), kind: 'amount' },
              ]}
              rows={shown.assets.map((row) => ({
                key: row.assetId,
                cells: {
                  ...row,
                  branch: row.branchCode,
                  category: row.categoryName,
                  putToUse: dates.date(row.putToUse),
                },
              }))}
              total={shown.assetTotals}
              totalLabel={t('reports.totalOfAll', { count: shown.totalCount })}
            />
            {shown.totalCount > 0 ? (
              <HStack gap="3" justify="flex-end" wrap="wrap">
                <Field.Root width="auto" orientation="horizontal" gap="2">
                  <Field.Label whiteSpace="nowrap">{t('common.rowsPerPage')}</Field.Label>
                  <NativeSelect.Root size="sm" width="20">
                    <NativeSelect.Field
                      value={String(pageSize)}
                      onChange={(event) => params.change({ size: event.target.value, page: null })}
                    >
                      {PAGE_SIZES.map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Text fontSize="sm" aria-live="polite">
                  {t('common.showing', { from: first, to: last, total: shown.totalCount })}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page <= 1}
                  aria-label={t('common.previousPage')}
                  onClick={() => params.change({ page: page - 1 > 1 ? String(page - 1) : null })}
                >
                  <ChevronLeft aria-hidden />
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page >= lastPage}
                  aria-label={t('common.nextPage')}
                  onClick={() => params.change({ page: String(page + 1) })}
                >
                  <ChevronRight aria-hidden />
                </Button>
              </HStack>
            ) : null}
          </Stack>
        </>
      )}
    </Stack>
  );
}
