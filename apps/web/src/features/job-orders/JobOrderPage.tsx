import { useMutation, useQuery } from '@apollo/client/react';
import { formatRupees, toPaise } from '@branch-assets/domain';
import {
  Badge,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  List,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  Ban,
  Check,
  CircleCheck,
  IndianRupee,
  Lock,
  Package,
  Pencil,
  Play,
  RotateCcw,
  UserPlus,
  X,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { JobOrderQuery as JobData, JobPriority, JobStep } from '../../gql/graphql.ts';
import { DocumentUpload } from '../../shared/DocumentUpload.tsx';
import { useDates } from '../../shared/dates.ts';
import { Facts } from '../../shared/Facts.tsx';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { formatMoney } from '../../shared/money.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { AssetsTable } from '../assets/AssetsTable.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { PastTargetBadge, PriorityBadge } from './chips.tsx';
import {
  JobOrderQuery as JobQuery,
  MoveJobOrderMutation,
  SaveJobOrderMutation,
} from './documents.ts';
import { AssigneeFields, LinesFields, PriorityField } from './JobOrderFields.tsx';
import {
  AMOUNT,
  type AssigneeValues,
  assigneeInputOf,
  decimalOf,
  durationText,
  type LineValues,
  linesInputOf,
  lineValuesOf,
  NO_ASSIGNEE,
  stepNeeds,
  stepsInOrder,
  waitsForQuote,
} from './jobOrderValues.ts';

type Job = JobData['jobOrder'];

const STEP_ICONS: Record<JobStep, ReactNode> = {
  ASSIGN: <UserPlus aria-hidden />,
  START: <Play aria-hidden />,
  QUOTE: <IndianRupee aria-hidden />,
  APPROVE_QUOTE: <Check aria-hidden />,
  REJECT_QUOTE: <X aria-hidden />,
  WAIT_PARTS: <Package aria-hidden />,
  RESUME: <Play aria-hidden />,
  RESOLVE: <CircleCheck aria-hidden />,
  CLOSE: <Lock aria-hidden />,
  REOPEN: <RotateCcw aria-hidden />,
  CANCEL: <Ban aria-hidden />,
};

/** The step that moves the job on, shown as the main button; the others are outlined. */
const FORWARD: readonly JobStep[] = [
  'ASSIGN',
  'START',
  'APPROVE_QUOTE',
  'RESUME',
  'RESOLVE',
  'CLOSE',
];

interface StepValues extends AssigneeValues {
  remarks: string;
  quoteAmount: string;
  quoteGst: string;
}

interface EditValues {
  priority: JobPriority;
  problem: string;
  lines: LineValues[];
}

/**
 * /job-order/view?id=…: one job order — what it is on and why, its priority's targets and whether
 * they were met, who works on it, every step taken, the parts and labour with their cost, the
 * quotation and the service report — with a button for each step the server allows the user now.
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const query = useQuery(JobQuery, { variables: { id }, skip: !id });
  const [step, setStep] = useState<JobStep | null>(null);
  const [editing, setEditing] = useState(false);
  const [save] = useMutation(SaveJobOrderMutation);
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const job = query.data?.jobOrder;
  if (!job) return <LoadingDots label={t('common.loading')} />;

  const when = (at: string | null | undefined) => (at ? dates.dateTime(at) : null);
  const by = (name: string | null | undefined, at: string | null | undefined) =>
    at ? (name ? `${name} · ${dates.dateTime(at)}` : dates.dateTime(at)) : null;
  const due = (at: string, breached: boolean) =>
    breached ? t('jobOrders.duePast', { when: dates.dateTime(at) }) : dates.dateTime(at);
  const coverage =
    job.coverage === 'CONTRACT' && job.contractNumber
      ? t('jobOrders.coverageContract', { number: job.contractNumber })
      : t(`jobOrders.coverages.${job.coverage}`);
  const facts: [string, string | null | undefined][] = [
    [t('jobOrders.branch'), job.branchCode],
    [t('jobOrders.jobType'), t(`jobOrders.types.${job.jobType}`)],
    [t('jobOrders.coverage'), coverage],
    [t('jobOrders.problem'), job.problem],
    [t('jobOrders.raisedBy'), by(job.raisedByName ?? t('jobOrders.scheduler'), job.raisedAt)],
    [t('jobOrders.assignedTo'), job.assigneeName],
    [t('jobOrders.dueDate'), job.dueDate ? dates.date(job.dueDate) : null],
    [t('jobOrders.responseDue'), due(job.responseDueAt, job.responseBreached)],
    [t('jobOrders.resolutionDue'), due(job.resolutionDueAt, job.resolutionBreached)],
    [t('jobOrders.respondedAt'), when(job.respondedAt)],
    [t('jobOrders.resolvedAt'), when(job.resolvedAt)],
    [t('jobOrders.resolution'), job.resolution],
    [t('jobOrders.closedAt'), when(job.closedAt)],
    [t('jobOrders.downtime'), durationText(job.downtimeMinutes, t)],
  ];
  const done = () => {
    setStep(null);
    setEditing(false);
    askAgain(query.refetch);
  };
  const steps = stepsInOrder(job.allowedSteps);
  // The user works on the job (not only decides its quotation): they may correct it and attach
  // the service report until it is closed.
  const mayEdit = job.canAttachReport;

  return (
    <PageCard
      title={t('jobOrders.title', { number: job.number })}
      description={job.assetSummary}
      toolbar={
        <HStack gap="2" wrap="wrap">
          <StatusChip chip={job.status} />
          <PriorityBadge priority={job.priority} />
          {mayEdit ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {t('jobOrders.editLines')}
            </Button>
          ) : null}
          {steps.map((allowed) => (
            <Button
              key={allowed}
              size="sm"
              variant={FORWARD.includes(allowed) ? 'solid' : 'outline'}
              colorPalette={allowed === 'CANCEL' || allowed === 'REJECT_QUOTE' ? 'red' : 'brand'}
              onClick={() => setStep(allowed)}
            >
              {STEP_ICONS[allowed]}
              {t(`jobOrders.stepActions.${allowed}.submit`)}
            </Button>
          ))}
        </HStack>
      }
    >
      {waitsForQuote(job) ? (
        <InlineAlert status="info" title={t('jobOrders.waitsForQuote')} />
      ) : null}
      {job.responseBreached || job.resolutionBreached ? (
        <HStack gap="2" wrap="wrap">
          <PastTargetBadge
            responseBreached={job.responseBreached}
            resolutionBreached={job.resolutionBreached}
          />
          {job.responseBreached ? (
            <Text fontSize="sm" color="red.700">
              {t('jobOrders.responsePastTarget')}
            </Text>
          ) : null}
          {job.resolutionBreached ? (
            <Text fontSize="sm" color="red.700">
              {t('jobOrders.resolutionPastTarget')}
            </Text>
          ) : null}
        </HStack>
      ) : null}
      <Facts facts={facts} />

      <Section title={t('jobOrders.assets')}>
        <AssetsTable
          assets={job.assets}
          before={[
            { header: t('assets.location'), cell: (asset) => asset.locationName ?? '—' },
            {
              header: t('assets.warrantyEnd'),
              cell: (asset) => (asset.warrantyEnd ? dates.date(asset.warrantyEnd) : '—'),
              nowrap: true,
            },
          ]}
        />
      </Section>

      <Section title={t('jobOrders.lines')}>
        <Lines job={job} />
      </Section>

      <Section title={t('jobOrders.quotation')}>
        {job.quoteAmount ? (
          <Facts
            size="sm"
            facts={[
              [t('jobOrders.quoteAmount'), formatMoney(job.quoteAmount)],
              [t('jobOrders.quoteGst'), job.quoteGst ? formatMoney(job.quoteGst) : null],
              [t('jobOrders.quoteRemarks'), job.quoteRemarks],
              [t('jobOrders.quotedBy'), job.quotedByName],
              [
                t('jobOrders.quoteDecision'),
                t(`jobOrders.quoteDecisions.${job.quoteDecision ?? 'PENDING'}`),
              ],
              [t('jobOrders.quoteDecidedBy'), job.quoteDecidedByName],
            ]}
          />
        ) : (
          <Text color="fg.muted">{t('jobOrders.noQuote')}</Text>
        )}
      </Section>

      <Section title={t('jobOrders.report')}>
        {job.canAttachReport ? (
          <DocumentUpload
            label={t('jobOrders.reportFile')}
            uploadLabel={t('jobOrders.uploadReport')}
            viewLabel={t('jobOrders.viewReport')}
            target="/uploads/job-order-report"
            params={{ jobOrderId: job.id }}
            url={job.reportUrl ?? null}
            onUploaded={() => askAgain(query.refetch)}
          />
        ) : job.reportUrl ? (
          <Link href={job.reportUrl} target="_blank" rel="noopener">
            {t('jobOrders.viewReport')}
          </Link>
        ) : (
          <Text color="fg.muted">{t('jobOrders.noReport')}</Text>
        )}
      </Section>

      <Section title={t('jobOrders.history')}>
        <List.Root gap="3" variant="plain">
          {job.steps.map((entry, index) => (
            <List.Item
              // Steps have no id of their own; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: a step's place in the job's history
              key={index}
              display="block"
              borderLeftWidth="3px"
              borderColor="border.emphasized"
              ps="3"
            >
              <Text fontWeight="600">
                {t(`jobOrders.stepNames.${entry.step}` as 'jobOrders.stepNames.RAISED', {
                  defaultValue: entry.step,
                })}
                {' · '}
                {t(`jobOrders.statuses.${entry.toStatus}`)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {dates.dateTime(entry.at)}
                {' · '}
                {entry.userName
                  ? t('jobOrders.byWhom', { name: entry.userName })
                  : t('jobOrders.scheduler')}
              </Text>
              {entry.remarks ? <Text fontSize="sm">{entry.remarks}</Text> : null}
            </List.Item>
          ))}
        </List.Root>
      </Section>

      {step ? (
        <StepDialog job={job} step={step} onClose={() => setStep(null)} onDone={done} />
      ) : null}
      {editing ? (
        <FormDialog<EditValues>
          title={t('jobOrders.editTitle', { number: job.number })}
          size="xl"
          defaultValues={{
            priority: job.priority,
            problem: job.problem,
            lines: job.lines.map(lineValuesOf),
          }}
          onClose={() => setEditing(false)}
          onSubmit={(values) =>
            submitRecord(
              t,
              async () => {
                const answer = await save({
                  variables: {
                    input: {
                      id: job.id,
                      branchId: job.branchId,
                      assetIds: job.assets.map((asset) => asset.id),
                      jobType: job.jobType,
                      priority: values.priority,
                      problem: values.problem.trim(),
                      lines: linesInputOf(values.lines),
                    },
                  },
                });
                return answer.data?.saveJobOrder.message ?? '';
              },
              done,
            )
          }
        >
          {(form, F) => (
            <>
              <PriorityField form={form} />
              <F.TextArea name="problem" label="jobOrders.problem" required rows={3} />
              <LinesFields form={form} chargeableByDefault={job.coverage === 'CHARGEABLE'} />
            </>
          )}
        </FormDialog>
      ) : null}
    </PageCard>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The parts and labour with each line's amount and GST, and the totals the server computed. */
function Lines({ job }: { job: Job }) {
  const { t } = useTranslation();
  if (job.lines.length === 0) return <Text color="fg.muted">{t('jobOrders.noLines')}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('jobOrders.lineKind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobOrders.description')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('jobOrders.quantity')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('jobOrders.rate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('jobOrders.gstRate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('jobOrders.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('jobOrders.gst')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobOrders.chargeable')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {job.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed
            <Table.Row key={index}>
              <Table.Cell>{t(`jobOrders.lineKinds.${line.kind}`)}</Table.Cell>
              <Table.Cell>{line.description}</Table.Cell>
              <Table.Cell textAlign="end">{String(Number(line.quantity))}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(line.rate)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {t('jobOrders.percent', { rate: line.gstRate })}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(line.amount)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(line.gst)}
              </Table.Cell>
              <Table.Cell>{line.chargeable ? t('jobOrders.yes') : t('jobOrders.no')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row>
            <Table.Cell colSpan={5} textAlign="end" fontWeight="600">
              {t('jobOrders.totals')}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="600">
              {formatMoney(job.netAmount)}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="600">
              {formatMoney(job.gstAmount)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontWeight="600">
              {t('jobOrders.branchPays', { amount: formatMoney(job.chargeableAmount) })}
            </Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** One step's dialog: who (assign), the quotation (quote), why or what was done, or a remark. */
function StepDialog({
  job,
  step,
  onClose,
  onDone,
}: {
  job: Job;
  step: JobStep;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [move] = useMutation(MoveJobOrderMutation);
  const needs = stepNeeds(step);
  const assignee: AssigneeValues = job.assigneeKind
    ? {
        assigneeKind: job.assigneeKind,
        vendorId: job.vendorId ?? '',
        engineerName: job.engineerName ?? '',
        staffId: job.assigneeStaffId ?? '',
      }
    : NO_ASSIGNEE;
  return (
    <FormDialog<StepValues>
      title={t(`jobOrders.stepActions.${step}.title`, { number: job.number })}
      submitLabel={t(`jobOrders.stepActions.${step}.submit`)}
      defaultValues={{ remarks: '', quoteAmount: '', quoteGst: '', ...assignee }}
      onClose={onClose}
      onSubmit={(values) =>
        submitRecord(
          t,
          async () => {
            const remarks = values.remarks.trim();
            const answer = await move({
              variables: {
                input: {
                  id: job.id,
                  step,
                  remarks: remarks === '' ? null : remarks,
                  ...(needs === 'assignee' ? assigneeInputOf(values) : {}),
                  ...(needs === 'quote'
                    ? {
                        quoteAmount: decimalOf(values.quoteAmount),
                        quoteGst: decimalOf(values.quoteGst),
                      }
                    : {}),
                },
              },
            });
            return answer.data?.moveJobOrder.message ?? '';
          },
          onDone,
        )
      }
    >
      {(form, F) => (
        <>
          <Text>{t(`jobOrders.stepActions.${step}.text`)}</Text>
          {needs === 'assignee' ? (
            <AssigneeFields form={form} branchId={job.branchId} optional={false} />
          ) : null}
          {needs === 'quote' ? <QuoteFields form={form} /> : null}
          <F.TextArea
            name="remarks"
            label={
              needs === 'requiredRemarks'
                ? (`jobOrders.stepActions.${step}.remarks` as 'jobOrders.stepActions.RESOLVE.remarks')
                : 'jobOrders.remarks'
            }
            required={needs === 'requiredRemarks'}
            rows={3}
          />
        </>
      )}
    </FormDialog>
  );
}

/** The quotation: its amount before tax and its GST, each in rupees. */
function QuoteFields({ form }: { form: UseFormReturn<StepValues> }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const rupees = (label: string) => (value: string) =>
    value.trim() === ''
      ? t('common.required', { field: label })
      : AMOUNT.test(value.trim()) || t('jobOrders.amountInvalid');
  const amount = form.watch('quoteAmount');
  const gst = form.watch('quoteGst');
  const total =
    AMOUNT.test(amount.trim()) && AMOUNT.test(gst.trim())
      ? formatRupees(toPaise(amount.trim()) + toPaise(gst.trim()))
      : null;
  return (
    <Box>
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root invalid={!!errors.quoteAmount} required flex="1" minW="40">
          <Field.Label>{t('jobOrders.quoteAmount')}</Field.Label>
          <Input
            inputMode="decimal"
            {...form.register('quoteAmount', { validate: rupees(t('jobOrders.quoteAmount')) })}
          />
          <Field.ErrorText>{errors.quoteAmount?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.quoteGst} required flex="1" minW="40">
          <Field.Label>{t('jobOrders.quoteGst')}</Field.Label>
          <Input
            inputMode="decimal"
            {...form.register('quoteGst', { validate: rupees(t('jobOrders.quoteGst')) })}
          />
          <Field.ErrorText>{errors.quoteGst?.message}</Field.ErrorText>
        </Field.Root>
      </HStack>
      {total ? (
        <Badge mt="2" variant="subtle">
          {t('jobOrders.quoteTotal', { amount: total })}
        </Badge>
      ) : null}
    </Box>
  );
}
