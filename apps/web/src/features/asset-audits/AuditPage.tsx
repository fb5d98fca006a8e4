import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, HStack, Link, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { Ban, CheckCheck, FileText, ScanLine, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AuditQuery, AuditResolution } from '../../gql/graphql.ts';
import { notifySuccess } from '../../shared/alerts.tsx';
import { ConfirmDialog } from '../../shared/ConfirmDialog.tsx';
import { useDates } from '../../shared/dates.ts';
import { describeProblem } from '../../shared/errors.ts';
import { Facts } from '../../shared/Facts.tsx';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import {
  AuditQuery as AuditDocument,
  CancelAuditMutation,
  CloseAuditMutation,
  ResolveDifferenceMutation,
  SubmitAuditMutation,
} from './documents.ts';
import { isDifference, progressPercent, resolutionsFor } from './resolutions.ts';
import { scanUrl } from './urls.ts';

type Audit = AuditQuery['assetAudit'];
type Item = Audit['items'][number];
/** While an audit is counted, its page follows the phones' scans. */
const POLL_MS = 10_000;

/** The counts of an audit as the scan screen and this page show them. */
export function AuditCounts({ audit }: { audit: Omit<Audit, 'items'> }) {
  const { t } = useTranslation();
  const percent = progressPercent(audit);
  return (
    <Stack gap="2" aria-live="polite">
      <HStack gap="2" wrap="wrap">
        <Badge
          size="lg"
          variant="outline"
        >{`${t('audits.expected')}: ${audit.expectedCount}`}</Badge>
        <Badge size="lg" colorPalette="green">{`${t('audits.found')}: ${audit.foundCount}`}</Badge>
        <Badge size="lg" colorPalette="orange">
          {`${t('audits.wrongLocation')}: ${audit.wrongLocationCount}`}
        </Badge>
        <Badge
          size="lg"
          colorPalette="red"
        >{`${t('audits.missing')}: ${audit.missingCount}`}</Badge>
        <Badge size="lg" colorPalette="purple">
          {`${t('audits.unexpected')}: ${audit.unexpectedCount}`}
        </Badge>
        <Badge size="lg" variant="outline">{`${t('audits.pending')}: ${audit.pendingCount}`}</Badge>
      </HStack>
      <Progress.Root value={percent} size="sm" aria-label={t('audits.progress', { percent })}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

function ItemsTable({ audit, onResolve }: { audit: Audit; onResolve: (item: Item) => void }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('assets.tag')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('assets.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audits.outcome')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audits.expectedAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audits.foundAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audits.condition')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audits.scannedBy')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('audits.resolution')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {audit.items.map((item) => (
            <Table.Row key={item.id} data-outcome={item.outcome}>
              <Table.Cell whiteSpace="nowrap">
                {item.assetId && !item.assetBranchCode ? (
                  <Link asChild>
                    <RouterLink to={`/asset/view?id=${item.assetId}`}>{item.assetTag}</RouterLink>
                  </Link>
                ) : (
                  (item.assetTag ?? item.scannedCode)
                )}
              </Table.Cell>
              <Table.Cell>
                {item.assetName ?? t('audits.unknownTag')}
                {item.assetBranchCode ? ` (${item.assetBranchCode})` : ''}
              </Table.Cell>
              <Table.Cell>
                {t(`audits.outcomes.${item.outcome}`)}
                {item.repeatScans > 0
                  ? ` · ${t('audits.repeats', { count: item.repeatScans })}`
                  : ''}
              </Table.Cell>
              <Table.Cell>{item.expectedLocationName ?? '—'}</Table.Cell>
              <Table.Cell>{item.foundLocationName ?? '—'}</Table.Cell>
              <Table.Cell>
                {item.condition ? t(`audits.conditions.${item.condition}`) : '—'}
                {item.photoUrl ? (
                  <>
                    {' · '}
                    <Link href={item.photoUrl} target="_blank" rel="noopener">
                      {t('audits.photo')}
                    </Link>
                  </>
                ) : null}
              </Table.Cell>
              <Table.Cell>{item.scannedByName ?? '—'}</Table.Cell>
              <Table.Cell>
                {item.resolution ? (
                  <Text>
                    {t(`audits.resolutions.${item.resolution}`)}
                    {item.resolutionNote ? ` — ${item.resolutionNote}` : ''}
                    {item.resolvedByName ? ` (${item.resolvedByName})` : ''}
                  </Text>
                ) : audit.canResolve && isDifference(item.outcome) ? (
                  <Button size="xs" variant="outline" onClick={() => onResolve(item)}>
                    {t('audits.resolve')}
                  </Button>
                ) : isDifference(item.outcome) ? (
                  t('audits.notResolved')
                ) : (
                  ''
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The new transfer a TRANSFER decision opens, filled in: the asset, and for another branch's asset
 * found here, this branch as the destination; the reason names the audit.
 */
function transferUrlFor(audit: Audit, item: Item): string {
  const query = new URLSearchParams({
    assetId: item.assetId ?? '',
    reason: `${audit.number}: ${item.assetTag ?? ''}`,
  });
  if (item.assetBranchCode) query.set('to', audit.branchId);
  return `/asset-transfer/new?${query}`;
}

type Dialog = { kind: 'resolve'; item: Item } | { kind: 'signOff' } | { kind: 'cancel' } | null;

/**
 * /asset-audit/view?id=…: one audit — where, when, who, its live counts, every item — with the step
 * waiting for the user: count (the scan screen), submit, resolve each difference, sign off; its
 * PDF report.
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  // Polling only while counting: the counts change with every phone's scan.
  const [counting, setCounting] = useState(true);
  const query = useQuery(AuditDocument, {
    variables: { id },
    skip: !id,
    pollInterval: counting ? POLL_MS : 0,
  });
  const status = query.data?.assetAudit.status.code;
  useEffect(() => {
    if (status) setCounting(status === 'IN_PROGRESS');
  }, [status]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitAudit] = useMutation(SubmitAuditMutation);
  const [resolve] = useMutation(ResolveDifferenceMutation);
  const [close] = useMutation(CloseAuditMutation);
  const [cancel] = useMutation(CancelAuditMutation);
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const audit = query.data?.assetAudit;
  if (!audit) return <LoadingDots label={t('common.loading')} />;
  const by = (name: string | null | undefined, at: string | null | undefined) =>
    at ? `${name ?? ''} · ${dates.dateTime(at)}` : null;
  const done = () => {
    setDialog(null);
    askAgain(query.refetch);
  };
  const facts: [string, string | null | undefined][] = [
    [t('audits.branch'), `${audit.branchName} (${audit.branchCode})`],
    [t('audits.location'), audit.locationName ?? t('audits.wholeBranch')],
    [t('audits.dueDate'), dates.date(audit.dueDate)],
    [t('audits.auditors'), audit.auditorNames],
    [t('audits.startedBy'), by(audit.startedByName, audit.startedAt)],
    [t('audits.submittedBy'), by(audit.submittedByName, audit.submittedAt)],
    [t('audits.signedOffBy'), by(audit.signedOffByName, audit.signedOffAt)],
    [t('audits.signOffRemarks'), audit.signOffRemarks],
    [t('audits.remarks'), audit.remarks],
    [t('audits.cancelReason'), audit.cancelReason],
  ];
  const doSubmit = async () => {
    setConfirmSubmit(false);
    setProblem(null);
    try {
      const answer = await submitAudit({ variables: { id } });
      notifySuccess(answer.data?.submitAssetAudit.message ?? '');
      askAgain(query.refetch);
    } catch (failure) {
      setProblem(describeProblem(failure, t).message);
    }
  };

  return (
    <PageCard
      title={t('audits.title', { number: audit.number })}
      description={`${audit.branchName} · ${audit.locationName ?? t('audits.wholeBranch')}`}
      toolbar={
        <HStack gap="2" wrap="wrap">
          <StatusChip chip={audit.status} />
          <Button asChild size="sm" variant="outline">
            <a href={audit.reportUrl} target="_blank" rel="noopener">
              <FileText aria-hidden />
              {t('audits.report')}
            </a>
          </Button>
          {audit.canCancel ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setDialog({ kind: 'cancel' })}
            >
              <Ban aria-hidden />
              {t('audits.cancel')}
            </Button>
          ) : null}
          {audit.canScan ? (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={scanUrl(audit.id)}>
                <ScanLine aria-hidden />
                {t('audits.scan')}
              </RouterLink>
            </Button>
          ) : null}
          {audit.canSubmit ? (
            <Button size="sm" variant="outline" onClick={() => setConfirmSubmit(true)}>
              <Send aria-hidden />
              {t('audits.submit')}
            </Button>
          ) : null}
          {audit.canSignOff ? (
            <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'signOff' })}>
              <CheckCheck aria-hidden />
              {t('audits.signOff')}
            </Button>
          ) : null}
        </HStack>
      }
    >
      <Facts facts={facts} />
      <AuditCounts audit={audit} />
      <InlineAlert status="error" title={problem} />
      {audit.status.code === 'SUBMITTED' && audit.unresolvedCount > 0 ? (
        <Text>{t('audits.toResolve', { count: audit.unresolvedCount })}</Text>
      ) : null}
      <ItemsTable audit={audit} onResolve={(item) => setDialog({ kind: 'resolve', item })} />
      <ConfirmDialog
        open={confirmSubmit}
        title={t('audits.submitTitle', { number: audit.number })}
        text={t('audits.submitText', { count: audit.pendingCount })}
        onContinue={() => void doSubmit()}
        onCancel={() => setConfirmSubmit(false)}
      />
      {dialog?.kind === 'resolve' ? (
        <FormDialog<{ resolution: AuditResolution | ''; note: string }>
          title={t('audits.resolveTitle', {
            tag: dialog.item.assetTag ?? dialog.item.scannedCode ?? '',
          })}
          submitLabel={t('audits.resolve')}
          defaultValues={{ resolution: '', note: '' }}
          onClose={() => setDialog(null)}
          onSubmit={({ resolution, note }) =>
            submitRecord(
              t,
              async () => {
                const answer = await resolve({
                  variables: {
                    input: {
                      auditId: id,
                      itemId: dialog.item.id,
                      resolution: resolution as AuditResolution,
                      note: note.trim() || null,
                    },
                  },
                });
                return answer.data?.resolveAuditDifference.message ?? '';
              },
              done,
            )
          }
        >
          {(form, F) => (
            <>
              <Text fontSize="sm">{t(`audits.outcomes.${dialog.item.outcome}`)}</Text>
              <F.Options
                name="resolution"
                label="audits.resolution"
                required
                options={resolutionsFor(dialog.item).map((value) => ({
                  value,
                  text: t(`audits.resolutions.${value}`),
                }))}
              />
              <F.TextArea
                name="note"
                label="audits.note"
                required={form.watch('resolution') !== 'MOVE_LOCATION'}
                rows={3}
              />
              {form.watch('resolution') === 'TRANSFER' && dialog.item.assetId ? (
                <Link asChild fontSize="sm">
                  <RouterLink to={transferUrlFor(audit, dialog.item)} target="_blank">
                    {t('audits.openTransfer')}
                  </RouterLink>
                </Link>
              ) : null}
            </>
          )}
        </FormDialog>
      ) : null}
      {dialog?.kind === 'signOff' ? (
        <FormDialog<{ remarks: string }>
          title={t('audits.signOffTitle', { number: audit.number })}
          submitLabel={t('audits.signOff')}
          defaultValues={{ remarks: '' }}
          onClose={() => setDialog(null)}
          onSubmit={({ remarks }) =>
            submitRecord(
              t,
              async () => {
                const answer = await close({
                  variables: { input: { id, remarks: remarks.trim() || null } },
                });
                return answer.data?.closeAssetAudit.message ?? '';
              },
              done,
            )
          }
        >
          {(_form, F) => <F.TextArea name="remarks" label="audits.signOffRemarks" rows={3} />}
        </FormDialog>
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <FormDialog<{ reason: string }>
          title={t('audits.cancelTitle', { number: audit.number })}
          submitLabel={t('audits.cancel')}
          defaultValues={{ reason: '' }}
          onClose={() => setDialog(null)}
          onSubmit={({ reason }) =>
            submitRecord(
              t,
              async () => {
                const answer = await cancel({ variables: { id, reason: reason.trim() } });
                return answer.data?.cancelAssetAudit.message ?? '';
              },
              done,
            )
          }
        >
          {(_form, F) => <F.TextArea name="reason" label="audits.cancelReason" required rows={3} />}
        </FormDialog>
      ) : null}
    </PageCard>
  );
}
