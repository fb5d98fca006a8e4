import { useQuery } from '@apollo/client/react';
import { Button, Field, Input, Menu, NativeSelect, Portal } from '@chakra-ui/react';
import { ChevronDown, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Choice } from '../../shared/FormFields.tsx';
import { reportFileUrl } from '../../shared/reportUrl.ts';
import { useSession } from '../session/SessionContext.tsx';
import { ReportCategoriesQuery } from './documents.ts';
import { financialYearChoices, isIsoDate, type Period } from './period.ts';

/*
 * The filters every report screen shares, each kept in the address (replacing the entry, so Back
 * leaves the report rather than undoing a filter): the period, the branches, a select of choices,
 * and the Excel and PDF buttons that download what the screen shows.
 */

export type ReportParams = {
  get: (name: string) => string;
  /** Sets the named parameters ('' or null removes one). */
  change: (changes: Readonly<Record<string, string | null>>) => void;
  /** The address's query, for the tables' data-list-state. */
  search: URLSearchParams;
};

export function useReportParams(): ReportParams {
  const [params, setParams] = useSearchParams();
  return {
    get: (name) => params.get(name) ?? '',
    change: (changes) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      setParams(next, { replace: true });
    },
    search: params,
  };
}

/**
 * The branches a report covers: those the address names (`branches=1,2`) that are the user's,
 * else the user's primary branch, else the first of theirs.
 */
export function chosenBranches(
  asked: string,
  options: readonly Choice[],
  primary: string | undefined,
): string[] {
  const known = new Set(options.map((option) => option.value));
  const named = asked
    .split(',')
    .map((id) => id.trim())
    .filter((id, index, all) => known.has(id) && all.indexOf(id) === index);
  if (named.length > 0) return named;
  if (primary && known.has(primary)) return [primary];
  return options[0] ? [options[0].value] : [];
}

export function useChosenBranches(params: ReportParams, options: readonly Choice[]): string[] {
  const session = useSession();
  return chosenBranches(params.get('branches'), options, session.primaryBranch?.id);
}

const CUSTOM = 'custom';

/** A financial year (April–March) or a custom period, From and To. */
export function PeriodPicker({
  period,
  today,
  params,
}: {
  period: Period;
  today: string;
  params: ReportParams;
}) {
  const { t } = useTranslation();
  const years = financialYearChoices(today);
  const year = period.kind === 'year' ? period.financialYear : CUSTOM;
  if (period.kind === 'year' && !years.includes(period.financialYear))
    years.push(period.financialYear);
  return (
    <>
      <Field.Root width="auto">
        <Field.Label>{t('reports.period')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={year}
            onChange={(event) => {
              const value = event.target.value;
              if (value === CUSTOM) params.change({ fy: null, from: period.from, to: period.to });
              else params.change({ fy: value, from: null, to: null });
            }}
          >
            {years.map((fy) => (
              <option key={fy} value={fy}>
                {t('reports.financialYearOption', { year: fy })}
              </option>
            ))}
            <option value={CUSTOM}>{t('reports.customPeriod')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {period.kind === 'custom' ? (
        <>
          <DateField
            label={t('reports.from')}
            value={period.from}
            onChange={(from) => params.change({ fy: null, from, to: period.to })}
          />
          <DateField
            label={t('reports.to')}
            value={period.to}
            onChange={(to) => params.change({ fy: null, from: period.from, to })}
          />
        </>
      ) : null}
    </>
  );
}

/** A date box: a date half typed (or cleared) stays in the box; the report follows whole dates. */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (date: string) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        value={typed ?? value}
        onChange={(event) => {
          setTyped(event.target.value);
          if (isIsoDate(event.target.value)) onChange(event.target.value);
        }}
        onBlur={() => setTyped(null)}
      />
    </Field.Root>
  );
}

/** The user's branches to report on, several at once: a menu of tick boxes. */
export function BranchesSelect({
  options,
  chosen,
  params,
}: {
  options: readonly Choice[];
  chosen: readonly string[];
  params: ReportParams;
}) {
  const { t } = useTranslation();
  const set = (ids: readonly string[]) =>
    params.change({
      branches: options
        .map((option) => option.value)
        .filter((id) => ids.includes(id))
        .join(','),
    });
  const names = options.filter((option) => chosen.includes(option.value));
  const label =
    names.length === options.length && options.length > 1
      ? t('reports.allBranches')
      : names.length === 1
        ? (names[0]?.text ?? '')
        : t('reports.branchesChosen', { count: names.length });
  return (
    <Field.Root width="auto">
      <Field.Label asChild>
        <span>{t('reports.branches')}</span>
      </Field.Label>
      <Menu.Root closeOnSelect={false}>
        <Menu.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={`${t('reports.branches')}: ${label}`}
            maxW="xs"
            justifyContent="space-between"
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
            <ChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content maxH="80" overflowY="auto">
              {options.length > 1 ? (
                <Menu.CheckboxItem
                  value="*"
                  checked={chosen.length === options.length}
                  onCheckedChange={(checked) => {
                    if (checked) set(options.map((option) => option.value));
                  }}
                >
                  {t('reports.allBranches')}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ) : null}
              {options.map((option) => (
                <Menu.CheckboxItem
                  key={option.value}
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  onCheckedChange={(checked) => {
                    const next = checked
                      ? [...chosen, option.value]
                      : chosen.filter((id) => id !== option.value);
                    // At least one branch stays chosen.
                    if (next.length > 0) set(next);
                  }}
                >
                  {option.text}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Field.Root>
  );
}

/** A select of 'All …' and choices, kept in the address under `name`. */
export function ChoiceSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  /** The empty choice; without it one of the choices must be chosen. */
  allLabel?: string;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root width="auto" minW="40" maxW="xs">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A value of the address that is one of the choices, else ''. */
export function knownChoice(value: string, options: readonly Choice[]): string {
  return options.some((option) => option.value === value) ? value : '';
}

/** Excel and PDF of the report with the screen's filters (GET /reports/<report>.xlsx|.pdf). */
export function ExportButtons({
  report,
  filters,
  label,
}: {
  report: 'finance' | 'branch-asset' | 'depreciation';
  filters: Parameters<typeof reportFileUrl>[2];
  /** Says what is downloaded, for a screen with several reports ("Fixed asset register"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const name = (format: string) => (label ? `${format}: ${label}` : undefined);
  return (
    <>
      <Button asChild variant="outline" size="sm" colorPalette="green">
        <a
          href={reportFileUrl(report, 'xlsx', filters)}
          download
          aria-label={name(t('reports.excel'))}
        >
          <FileSpreadsheet aria-hidden />
          {t('reports.excel')}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm" colorPalette="red">
        <a
          href={reportFileUrl(report, 'pdf', filters)}
          download
          aria-label={name(t('reports.pdf'))}
        >
          <FileText aria-hidden />
          {t('reports.pdf')}
        </a>
      </Button>
    </>
  );
}

/**
 * The asset categories to filter by, for a user who may list them (null otherwise, and while
 * they load: the report is then offered without that filter).
 */
export function useCategoryOptions(permitted: boolean | undefined): readonly Choice[] | null {
  const categories = useQuery(ReportCategoriesQuery, { skip: !permitted });
  return permitted ? (categories.data?.masterOptions ?? null) : null;
}
