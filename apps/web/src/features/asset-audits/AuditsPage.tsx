import { Badge } from '@chakra-ui/react';
import { ScanLine } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AuditState, AuditsQuery as Data } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import { choiceFilter, flagFilter } from '../../shared/listFilters.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { numberColumn, statusChipColumn } from '../../shared/WorkflowList.tsx';
import { workflowScreen } from '../../shared/workflowScreen.tsx';
import { AuditsPageQuery, AuditsQuery } from './documents.ts';
import { auditUrl, NEW_AUDIT, scanUrl } from './urls.ts';

type Row = Data['list']['rows'][number];

export const AUDIT_STATES: AuditState[] = ['IN_PROGRESS', 'SUBMITTED', 'SIGNED_OFF', 'CANCELLED'];
/** The dashboard's tile links to the audits due by `due=true`. */
const FILTERS = {
  status: choiceFilter('status', AUDIT_STATES, {
    label: 'purchaseOrders.status',
    all: 'audits.allStatuses',
    value: (value) => `audits.statuses.${value}`,
  }),
  due: flagFilter(
    'due',
    { label: 'audits.dueFilter', all: 'audits.anyDue', yes: 'audits.dueSoon' },
    { yes: 'true', no: 'false' },
  ),
};

function useColumns(): Record<string, ListColumn<Row>> {
  const { t } = useTranslation();
  const dates = useDates();
  return useMemo(
    () => ({
      number: numberColumn(t('audits.number'), (row) => auditUrl(row.id)),
      locationName: {
        label: t('audits.location'),
        text: (row) => row.locationName ?? t('audits.wholeBranch'),
        priority: 'high',
      },
      dueDate: {
        label: t('audits.dueDate'),
        text: (row) => dates.date(row.dueDate),
        nowrap: true,
      },
      auditorNames: {
        label: t('audits.auditors'),
        text: (row) => row.auditorNames,
        priority: 'low',
      },
      expectedCount: { label: t('audits.expected'), text: (row) => String(row.expectedCount) },
      foundCount: { label: t('audits.found'), text: (row) => String(row.foundCount) },
      wrongLocationCount: {
        label: t('audits.wrongLocation'),
        text: (row) => String(row.wrongLocationCount),
        priority: 'low',
      },
      missingCount: { label: t('audits.missing'), text: (row) => String(row.missingCount) },
      unexpectedCount: {
        label: t('audits.unexpected'),
        text: (row) => String(row.unexpectedCount),
        priority: 'low',
      },
      status: statusChipColumn(t('purchaseOrders.status'), (row) =>
        row.canResolve || row.canSignOff ? (
          <Badge colorPalette="orange" variant="outline">
            {t('audits.waitingForYou')}
          </Badge>
        ) : null,
      ),
    }),
    [t, dates],
  );
}

/** Scan, on an audit still being counted. */
function ScanAction({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!row.canScan) return null;
  return (
    <IconAction label={t('audits.scanAudit', { number: row.number })} asChild>
      <RouterLink to={scanUrl(row.id)}>
        <ScanLine />
      </RouterLink>
    </IconAction>
  );
}

/** /asset-audit/list: a branch's physical audits, newest first, by status or due. */
export const Component = workflowScreen({
  documents: { page: AuditsPageQuery, list: AuditsQuery },
  filters: FILTERS,
  variables: (chosen) => chosen,
  useColumns,
  view: { label: 'audits.view', to: auditUrl },
  RowActions: ScanAction,
  createTo: NEW_AUDIT,
});
