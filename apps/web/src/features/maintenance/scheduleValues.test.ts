import { describe, expect, it } from 'vitest';
import { scheduleInputOf, scheduleValuesOf } from './scheduleValues.ts';

describe('the preventive schedule dialog', () => {
  it('starts a new schedule as quarterly preventive maintenance from today', () => {
    expect(scheduleValuesOf(null, '2026-01-15')).toEqual({
      jobType: 'PREVENTIVE',
      every: '3',
      unit: 'MONTH',
      anchor: 'FIXED',
      anchorDate: '2026-01-15',
      leadDays: '7',
      active: '1',
    });
  });

  it('changes a saved schedule, and sends numbers and the switch as the schema takes them', () => {
    const values = scheduleValuesOf(
      {
        jobType: 'CALIBRATION',
        every: 1,
        unit: 'YEAR',
        anchor: 'COMPLETION',
        anchorDate: '2025-06-01',
        leadDays: 14,
        active: false,
      },
      '2026-01-15',
    );
    expect(values).toMatchObject({ every: '1', leadDays: '14', active: '0' });
    expect(scheduleInputOf('41', '8', { ...values, every: ' 2 ' })).toEqual({
      id: '8',
      assetId: '41',
      jobType: 'CALIBRATION',
      every: 2,
      unit: 'YEAR',
      anchor: 'COMPLETION',
      anchorDate: '2025-06-01',
      leadDays: 14,
      active: false,
    });
    expect(scheduleInputOf('41', null, values)).not.toHaveProperty('id');
  });

  it('refuses to send a schedule with a choice left blank', () => {
    const values = { ...scheduleValuesOf(null, '2026-01-15'), unit: '' as const };
    expect(() => scheduleInputOf('41', null, values)).toThrow(RangeError);
  });
});
