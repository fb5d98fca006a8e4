import type {
  IntervalUnit,
  PreventiveScheduleInput,
  ScheduleAnchor,
  ScheduledJobType,
} from '../../gql/graphql.ts';

/*
 * The preventive schedule dialog's values (text and choices, as its fields hold them) and the
 * input they make.
 */

export interface ScheduleValues {
  jobType: ScheduledJobType | '';
  every: string;
  unit: IntervalUnit | '';
  anchor: ScheduleAnchor | '';
  anchorDate: string;
  leadDays: string;
  /** '1' switched on, '0' off. */
  active: '1' | '0';
}

interface Saved {
  jobType: ScheduledJobType;
  every: number;
  unit: IntervalUnit;
  anchor: ScheduleAnchor;
  anchorDate: string;
  leadDays: number;
  active: boolean;
}

/** A schedule as saved, or a new one: preventive maintenance every 3 months from `today`. */
export function scheduleValuesOf(schedule: Saved | null, today: string): ScheduleValues {
  if (!schedule) {
    return {
      jobType: 'PREVENTIVE',
      every: '3',
      unit: 'MONTH',
      anchor: 'FIXED',
      anchorDate: today,
      leadDays: '7',
      active: '1',
    };
  }
  return {
    jobType: schedule.jobType,
    every: String(schedule.every),
    unit: schedule.unit,
    anchor: schedule.anchor,
    anchorDate: schedule.anchorDate,
    leadDays: String(schedule.leadDays),
    active: schedule.active ? '1' : '0',
  };
}

/** The input for a new schedule of an asset (no id) or a change to one (its id). */
export function scheduleInputOf(
  assetId: string,
  id: string | null,
  values: ScheduleValues,
): PreventiveScheduleInput {
  if (values.jobType === '' || values.unit === '' || values.anchor === '')
    throw new RangeError('a schedule needs its type, unit and anchor');
  return {
    ...(id ? { id } : {}),
    assetId,
    jobType: values.jobType,
    every: Number(values.every.trim()),
    unit: values.unit,
    anchor: values.anchor,
    anchorDate: values.anchorDate,
    leadDays: Number(values.leadDays.trim()),
    active: values.active === '1',
  };
}
