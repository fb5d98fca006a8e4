import { eng } from '@branch-assets/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  assigneeInputOf,
  BLANK_LINE,
  decimalOf,
  downtimeParts,
  durationText,
  linesCost,
  linesInputOf,
  lineValuesOf,
  NO_ASSIGNEE,
  QUANTITY,
  spanOf,
  stepNeeds,
  stepsInOrder,
  targetsText,
  waitsForQuote,
} from './jobOrderValues.ts';

const english = i18next.createInstance();
await english.init({
  lng: 'eng',
  resources: { eng: { translation: eng } },
  interpolation: { escapeValue: false },
});
const t = english.t;

describe('the lines of a job order', () => {
  const part = {
    ...BLANK_LINE,
    description: '  SpO2 sensor ',
    quantity: '2',
    rate: '1250.50',
    gstRate: '12',
  };
  const labour = {
    ...BLANK_LINE,
    kind: 'LABOUR' as const,
    description: 'Bench repair',
    quantity: '1.5',
    rate: '800',
    gstRate: '18',
    chargeable: false,
  };

  it('go to the gateway trimmed, with numbers where it takes numbers and amounts to the paisa', () => {
    expect(linesInputOf([part, labour])).toEqual([
      {
        kind: 'PART',
        description: 'SpO2 sensor',
        quantity: 2,
        rate: '1250.50',
        gstRate: 12,
        chargeable: true,
      },
      {
        kind: 'LABOUR',
        description: 'Bench repair',
        quantity: 1.5,
        rate: '800.00',
        gstRate: 18,
        chargeable: false,
      },
    ]);
    expect(decimalOf(' 12.5 ')).toBe('12.50');
  });

  it('cost what the server will charge, in rupees with Indian grouping', () => {
    // 2 × 1250.50 = 2501.00 (+ 300.12 GST); 1.5 × 800 = 1200.00 (+ 216.00 GST), not charged.
    expect(linesCost([part, labour])).toEqual({
      net: '₹3,701.00',
      gst: '₹516.12',
      chargeable: '₹2,801.12',
    });
    expect(linesCost([{ ...part, rate: '12,00' }])).toEqual({
      net: '₹0.00',
      gst: '₹0.00',
      chargeable: '₹0.00',
    });
  });

  it('come back into the form as they were typed', () => {
    expect(
      lineValuesOf({
        kind: 'PART',
        description: 'Battery',
        quantity: '2.000',
        rate: '3400.00',
        gstRate: 28,
        chargeable: true,
      }),
    ).toEqual({
      kind: 'PART',
      description: 'Battery',
      quantity: '2',
      rate: '3400.00',
      gstRate: '28',
      chargeable: true,
    });
    expect(
      lineValuesOf({
        kind: 'LABOUR',
        description: 'Visit',
        quantity: 1.5,
        rate: '500.00',
        gstRate: 18,
        chargeable: false,
      }).quantity,
    ).toBe('1.5');
  });

  it('take quantities above zero with up to three decimals', () => {
    for (const good of ['1', '0.5', '2.125', '10']) expect(QUANTITY.test(good)).toBe(true);
    for (const bad of ['0', '0.000', '-1', '1.2345', '', 'one'])
      expect(QUANTITY.test(bad)).toBe(false);
  });
});

describe('the assignee', () => {
  const both = { vendorId: '3', engineerName: ' Ravi ', staffId: '44' };

  it('is a vendor and its engineer, or a staff member, never both', () => {
    expect(assigneeInputOf({ assigneeKind: 'VENDOR', ...both })).toEqual({
      assigneeKind: 'VENDOR',
      vendorId: '3',
      engineerName: 'Ravi',
      staffId: null,
    });
    expect(assigneeInputOf({ assigneeKind: 'STAFF', ...both })).toEqual({
      assigneeKind: 'STAFF',
      vendorId: null,
      engineerName: null,
      staffId: '44',
    });
  });

  it('is nobody until chosen', () => {
    expect(assigneeInputOf({ ...NO_ASSIGNEE, ...both })).toEqual({
      assigneeKind: null,
      vendorId: null,
      engineerName: null,
      staffId: null,
    });
  });
});

describe('times in words', () => {
  it("say each priority's targets in their largest whole unit", () => {
    expect(targetsText('P1', t)).toBe('respond within 30 minutes, resolve within 8 hours');
    expect(targetsText('P2', t)).toBe('respond within 2 hours, resolve within 24 hours');
    expect(targetsText('P4', t)).toBe('respond within 24 hours, resolve within 7 days');
    expect(spanOf(90)).toEqual({ unit: 'minutes', count: 90 });
  });

  it('say a downtime in days, hours and minutes, leaving out what is zero', () => {
    expect(downtimeParts(1 * 24 * 60 + 3 * 60 + 20)).toEqual([
      { unit: 'days', count: 1 },
      { unit: 'hours', count: 3 },
      { unit: 'minutes', count: 20 },
    ]);
    expect(durationText(2 * 24 * 60 + 1, t)).toBe('2 days 1 minute');
    expect(durationText(60, t)).toBe('1 hour');
    expect(durationText(0, t)).toBe('0 minutes');
  });
});

describe('the steps of a job', () => {
  it("are offered in the domain's order, only those the server allows", () => {
    expect(stepsInOrder(['CANCEL', 'QUOTE', 'ASSIGN'])).toEqual(['ASSIGN', 'QUOTE', 'CANCEL']);
  });

  it('ask why when they undo or refuse, and what was done when resolving', () => {
    expect(stepNeeds('ASSIGN')).toBe('assignee');
    expect(stepNeeds('QUOTE')).toBe('quote');
    for (const step of ['REJECT_QUOTE', 'RESOLVE', 'REOPEN', 'CANCEL'] as const)
      expect(stepNeeds(step)).toBe('requiredRemarks');
    for (const step of ['START', 'APPROVE_QUOTE', 'WAIT_PARTS', 'RESUME', 'CLOSE'] as const)
      expect(stepNeeds(step)).toBe('remarks');
  });

  it('wait for an approved quotation before the work on a chargeable job starts', () => {
    const job = { coverage: 'CHARGEABLE', quoteDecision: null, status: { code: 'ASSIGNED' } };
    expect(waitsForQuote(job)).toBe(true);
    expect(waitsForQuote({ ...job, status: { code: 'WAITING_APPROVAL' } })).toBe(true);
    expect(waitsForQuote({ ...job, quoteDecision: 'REJECTED' })).toBe(true);
    expect(waitsForQuote({ ...job, quoteDecision: 'APPROVED' })).toBe(false);
    expect(waitsForQuote({ ...job, coverage: 'WARRANTY' })).toBe(false);
    expect(waitsForQuote({ ...job, status: { code: 'CANCELLED' } })).toBe(false);
  });
});
