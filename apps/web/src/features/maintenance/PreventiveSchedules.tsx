import { useMutation, useQuery } from '@apollo/client/react';
import { INTERVAL_UNITS, indianDate, SCHEDULED_JOB_TYPES } from '@branch-assets/domain';
import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Pencil, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreventiveSchedulesQuery } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { describeProblem } from '../../shared/errors.ts';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { IconAction } from '../../shared/IconAction.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { submitRecord } from '../../shared/RecordList.tsx';
import {
  SavePreventiveScheduleMutation,
  PreventiveSchedulesQuery as SchedulesQuery,
} from './documents.ts';
import { type ScheduleValues, scheduleInputOf, scheduleValuesOf } from './scheduleValues.ts';

type Schedule = PreventiveSchedulesQuery['preventiveSchedules'][number];

/**
 * An asset's preventive schedules (PM, calibration, electrical safety) with their next due dates,
 * for the asset's page; a user who writes maintenance contracts adds one or changes one.
 */
export function PreventiveSchedules({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const query = useQuery(SchedulesQuery, { variables: { assetId } });
  const [save] = useMutation(SavePreventiveScheduleMutation);
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const title = t('contracts.schedules.title');
  const data = query.data;
  const mayWrite = !!data && (data.mayCreate || data.mayEdit);

  let body: ReactNode;
  if (query.error && !data) {
    body = <InlineAlert status="error" title={describeProblem(query.error, t).message} />;
  } else if (!data) {
    body = <LoadingDots label={t('common.loading')} />;
  } else if (data.preventiveSchedules.length === 0) {
    body = <Text color="fg.muted">{t('contracts.schedules.none')}</Text>;
  } else {
    body = (
      <Table.ScrollArea
        borderWidth="1px"
        borderRadius="md"
        tabIndex={0}
        role="group"
        aria-label={t('contracts.schedules.title')}
      >
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('contracts.schedules.jobType')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contracts.schedules.interval')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contracts.schedules.anchor')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contracts.schedules.anchorDate')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t('contracts.schedules.leadDays')}
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t('contracts.schedules.active')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contracts.schedules.nextDue')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contracts.schedules.lastJob')}</Table.ColumnHeader>
              {data.mayEdit ? <Table.ColumnHeader>{t('common.actions')}</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.preventiveSchedules.map((schedule) => (
              <Table.Row key={schedule.id}>
                <Table.Cell>{t(`contracts.schedules.jobTypes.${schedule.jobType}`)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {t(`contracts.schedules.every.${schedule.unit}`, { count: schedule.every })}
                </Table.Cell>
                <Table.Cell>{t(`contracts.schedules.anchors.${schedule.anchor}`)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{dates.date(schedule.anchorDate)}</Table.Cell>
                <Table.Cell textAlign="end">{schedule.leadDays}</Table.Cell>
                <Table.Cell>
                  {schedule.active ? t('contracts.schedules.yes') : t('contracts.schedules.no')}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {schedule.nextDue ? dates.date(schedule.nextDue) : '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{schedule.lastJobNumber ?? '—'}</Table.Cell>
                {data.mayEdit ? (
                  <Table.Cell>
                    <IconAction
                      label={t('contracts.schedules.editOne', {
                        type: t(`contracts.schedules.jobTypes.${schedule.jobType}`),
                      })}
                      onClick={() => setEditing(schedule)}
                    >
                      <Pencil />
                    </IconAction>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Stack as="section" gap="3" aria-label={title}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {data?.mayCreate ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {t('contracts.schedules.add')}
          </Button>
        ) : null}
      </HStack>
      {body}
      {editing && mayWrite ? (
        <FormDialog<ScheduleValues>
          title={t(
            editing === 'new' ? 'contracts.schedules.addTitle' : 'contracts.schedules.editTitle',
          )}
          defaultValues={scheduleValuesOf(
            editing === 'new' ? null : editing,
            indianDate(new Date()),
          )}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            submitRecord(
              t,
              async () => {
                await save({
                  variables: {
                    input: scheduleInputOf(assetId, editing === 'new' ? null : editing.id, values),
                  },
                });
                return t('contracts.schedules.saved');
              },
              () => {
                setEditing(null);
                askAgain(query.refetch);
              },
            )
          }
          grid
        >
          {(form, F) => {
            const anchor = form.watch('anchor');
            return (
              <>
                <F.Options
                  name="jobType"
                  label="contracts.schedules.jobType"
                  required
                  options={SCHEDULED_JOB_TYPES.map((value) => ({
                    value,
                    text: t(`contracts.schedules.jobTypes.${value}`),
                  }))}
                />
                <F.Text
                  name="every"
                  label="contracts.schedules.everyLabel"
                  required
                  inputMode="numeric"
                  rules={{
                    validate: (value) =>
                      /^[1-9]\d{0,2}$/.test(value.trim()) ||
                      t('contracts.wholeBetween', { min: 1, max: 999 }),
                  }}
                />
                <F.Options
                  name="unit"
                  label="contracts.schedules.unit"
                  required
                  options={INTERVAL_UNITS.map((value) => ({
                    value,
                    text: t(`contracts.schedules.units.${value}`),
                  }))}
                />
                <F.Options
                  name="anchor"
                  label="contracts.schedules.anchor"
                  required
                  options={(['FIXED', 'COMPLETION'] as const).map((value) => ({
                    value,
                    text: t(`contracts.schedules.anchors.${value}`),
                  }))}
                />
                <Text fontSize="sm" color="fg.muted" gridColumn={{ md: 'span 2' }}>
                  {anchor === 'FIXED' || anchor === 'COMPLETION'
                    ? t(`contracts.schedules.anchorHelp.${anchor}`)
                    : null}
                </Text>
                <F.Text
                  name="anchorDate"
                  label="contracts.schedules.anchorDate"
                  type="date"
                  required
                />
                <F.Text
                  name="leadDays"
                  label="contracts.schedules.leadDays"
                  required
                  inputMode="numeric"
                  rules={{
                    validate: (value) =>
                      /^\d{1,2}$/.test(value.trim()) && Number(value) <= 90
                        ? true
                        : t('contracts.wholeBetween', { min: 0, max: 90 }),
                  }}
                />
                <F.Options
                  name="active"
                  label="contracts.schedules.active"
                  required
                  options={[
                    { value: '1', text: t('contracts.schedules.yes') },
                    { value: '0', text: t('contracts.schedules.no') },
                  ]}
                />
              </>
            );
          }}
        </FormDialog>
      ) : null}
    </Stack>
  );
}
