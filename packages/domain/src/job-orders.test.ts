import { describe, expect, it } from 'vitest';
import {
  assetStatusDuring,
  JOB_STATUS_TEXT,
  JOB_STATUSES,
  JOB_STEPS,
  type JobStatus,
  jobCost,
  jobCoverage,
  mayTakeStep,
  stepTarget,
} from './job-orders.ts';
import { statusTone } from './status-tone.ts';

describe('job order steps', () => {
  it('takes a breakdown from open to closed', () => {
    let status: JobStatus = 'OPEN';
    for (const step of ['ASSIGN', 'START', 'WAIT_PARTS', 'RESUME', 'RESOLVE', 'CLOSE'] as const) {
      expect(mayTakeStep(step, status)).toBe(true);
      status = stepTarget(step);
    }
    expect(status).toBe('CLOSED');
  });

  it('returns a quote decision to the state before the quote', () => {
    expect(stepTarget('QUOTE')).toBe('WAITING_APPROVAL');
    expect(stepTarget('APPROVE_QUOTE', 'IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(stepTarget('REJECT_QUOTE', 'ASSIGNED')).toBe('ASSIGNED');
  });

  it('refuses steps out of order and any step after closing or cancelling', () => {
    expect(mayTakeStep('RESOLVE', 'ASSIGNED')).toBe(false);
    expect(mayTakeStep('CLOSE', 'IN_PROGRESS')).toBe(false);
    expect(mayTakeStep('CANCEL', 'RESOLVED')).toBe(false);
    for (const step of JOB_STEPS) {
      expect(mayTakeStep(step, 'CLOSED')).toBe(false);
      expect(mayTakeStep(step, 'CANCELLED')).toBe(false);
    }
  });

  it('gives every status a coloured chip', () => {
    for (const status of JOB_STATUSES) expect(statusTone(JOB_STATUS_TEXT[status])).not.toBe('dark');
  });
});

describe('assetStatusDuring', () => {
  it('keeps a broken asset out of order until it is worked on, and in use once resolved', () => {
    expect(assetStatusDuring('BREAKDOWN', 'OPEN', 'IN_USE')).toBe('OUT_OF_ORDER');
    expect(assetStatusDuring('BREAKDOWN', 'IN_PROGRESS', 'IN_USE')).toBe('UNDER_REPAIR');
    expect(assetStatusDuring('BREAKDOWN', 'WAITING_PARTS', 'IN_USE')).toBe('OUT_OF_ORDER');
    expect(assetStatusDuring('BREAKDOWN', 'RESOLVED', 'OUT_OF_ORDER')).toBe('IN_USE');
    expect(assetStatusDuring('BREAKDOWN', 'REOPENED', 'IN_USE')).toBe('OUT_OF_ORDER');
    expect(assetStatusDuring('BREAKDOWN', 'CANCELLED', 'IN_USE')).toBe('IN_USE');
  });

  it('leaves an asset in service until a scheduled check is worked on', () => {
    expect(assetStatusDuring('PREVENTIVE', 'OPEN', 'IN_USE')).toBe('IN_USE');
    expect(assetStatusDuring('CALIBRATION', 'ASSIGNED', 'IN_USE')).toBe('IN_USE');
    expect(assetStatusDuring('PREVENTIVE', 'IN_PROGRESS', 'IN_USE')).toBe('UNDER_REPAIR');
  });

  it('returns an asset in stock to stock, not to use', () => {
    expect(assetStatusDuring('INSTALLATION_ISSUE', 'RESOLVED', 'IN_STOCK')).toBe('IN_STOCK');
  });
});

describe('jobCoverage', () => {
  const today = '2026-11-26';
  const amc = { id: 7, type: 'AMC' as const, start: '2026-04-01', end: '2027-03-31' };
  const cmc = { id: 9, type: 'CMC' as const, start: '2026-04-01', end: '2027-03-31' };

  it('is warranty when every asset is under warranty (the last day included)', () => {
    expect(jobCoverage([{ warrantyEnd: today, contracts: [] }], today)).toEqual({
      coverage: 'WARRANTY',
      contractId: null,
    });
  });

  it('is the contract when the rest are covered, the CMC preferred', () => {
    expect(
      jobCoverage(
        [
          { warrantyEnd: '2027-01-01', contracts: [] },
          { warrantyEnd: '2025-01-01', contracts: [amc, cmc] },
        ],
        today,
      ),
    ).toEqual({ coverage: 'CONTRACT', contractId: 9 });
  });

  it('is chargeable when one asset has no cover, or its contract has ended or not begun', () => {
    expect(
      jobCoverage(
        [
          { warrantyEnd: null, contracts: [amc] },
          { warrantyEnd: null, contracts: [] },
        ],
        today,
      ).coverage,
    ).toBe('CHARGEABLE');
    expect(
      jobCoverage([{ warrantyEnd: null, contracts: [{ ...amc, end: '2026-11-25' }] }], today)
        .coverage,
    ).toBe('CHARGEABLE');
    expect(
      jobCoverage([{ warrantyEnd: null, contracts: [{ ...amc, start: '2026-11-27' }] }], today)
        .coverage,
    ).toBe('CHARGEABLE');
  });
});

describe('jobCost', () => {
  it('adds GST line by line and charges only the chargeable lines', () => {
    expect(
      jobCost([
        { quantity: 2, rate: 1_250_00, gstRate: 18, chargeable: true },
        { quantity: 1.5, rate: 800_00, gstRate: 18, chargeable: false },
      ]),
    ).toEqual({ net: 3_700_00, gst: 666_00, chargeableTotal: 2_950_00 });
  });

  it('rounds a fractional quantity to the paisa', () => {
    expect(jobCost([{ quantity: 0.333, rate: 1_00, gstRate: 0, chargeable: true }]).net).toBe(33);
  });
});
