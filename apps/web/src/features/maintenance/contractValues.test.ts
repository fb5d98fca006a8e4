import { describe, expect, it } from 'vitest';
import type { MaintenanceContractQuery } from '../../gql/graphql.ts';
import {
  blankContract,
  contractInputOf,
  contractValuesOf,
  costPercentOf,
  daysLeftMark,
  gstOf,
  isDate,
  noticePreview,
  periodProblem,
  renewalValuesOf,
  renewInputOf,
  visitPreview,
  wholeIn,
} from './contractValues.ts';

type Contract = MaintenanceContractQuery['maintenanceContract'];

const contract: Contract = {
  id: '12',
  number: 'AMC/2025/77',
  branchId: '3',
  branchCode: 'CHN-ANN',
  vendorId: '5',
  vendorName: 'Medline Equipments India Pvt Ltd',
  contractType: 'CMC',
  startDate: '2025-04-01',
  endDate: '2026-03-31',
  daysLeft: 20,
  contractValue: '120000.00',
  gstRate: 18,
  gstAmount: '21600.00',
  totalValue: '141600.00',
  assetCount: 2,
  visitsPerYear: 4,
  canRenew: true,
  canEdit: true,
  paymentSchedule: 'QUARTERLY',
  responseHours: 8,
  noticeDays: 45,
  noticeBy: '2026-02-14',
  renewal: 'TACIT',
  coveredValue: '1500000.00',
  remarks: 'Includes UPS batteries',
  previousContractId: null,
  previousContractNumber: null,
  nextContractId: null,
  nextContractNumber: null,
  createdByName: 'Priya Raghavan',
  status: {
    text: 'Ending Soon',
    background: '#fff',
    color: '#000',
    code: 'ENDING',
  },
  assets: [],
  visits: [],
};

describe('the contract form', () => {
  it('starts a new contract on the branch with the usual terms and no period', () => {
    const values = blankContract('3');
    expect(values).toMatchObject({ branchId: '3', contractType: 'AMC', gstRate: '18' });
    expect([values.startDate, values.endDate, values.number]).toEqual(['', '', '']);
  });

  it('corrects a contract from its saved terms, numbers as text', () => {
    expect(contractValuesOf(contract)).toMatchObject({
      number: 'AMC/2025/77',
      gstRate: '18',
      visitsPerYear: '4',
      responseHours: '8',
      noticeDays: '45',
      remarks: 'Includes UPS batteries',
    });
  });

  it('renews over the next period (a financial year to the next), under a number still to type', () => {
    const values = renewalValuesOf(contract);
    expect([values.startDate, values.endDate]).toEqual(['2026-04-01', '2027-03-31']);
    expect(values.number).toBe('');
    expect(values.remarks).toBe('');
    expect(values).toMatchObject({
      contractType: 'CMC',
      renewal: 'TACIT',
      contractValue: '120000.00',
    });
  });

  it('sends amounts as Decimals, counts as numbers, blank remarks as null', () => {
    const values = { ...contractValuesOf(contract), contractValue: ' 99000.5 ', remarks: '  ' };
    const input = contractInputOf(values, ['7', '9'], null);
    expect(input).not.toHaveProperty('id');
    expect(input).toMatchObject({
      branchId: '3',
      vendorId: '5',
      contractValue: '99000.50',
      gstRate: 18,
      visitsPerYear: 4,
      responseHours: 8,
      noticeDays: 45,
      assetIds: ['7', '9'],
      remarks: null,
    });
    expect(contractInputOf(values, ['7'], '12').id).toBe('12');
  });

  it('renews with the old contract’s id and no branch or vendor', () => {
    const input = renewInputOf('12', { ...renewalValuesOf(contract), number: ' AMC/2026/01 ' }, [
      '7',
    ]);
    expect(input).toMatchObject({ id: '12', number: 'AMC/2026/01', startDate: '2026-04-01' });
    expect(input).not.toHaveProperty('branchId');
    expect(input).not.toHaveProperty('vendorId');
  });
});

describe('what the form works out as one types', () => {
  it('shows GST and the total in rupees with Indian grouping', () => {
    expect(gstOf('120000', '18')).toEqual({ gst: '₹21,600.00', total: '₹1,41,600.00' });
    expect(gstOf('1000.55', '0')).toEqual({ gst: '₹0.00', total: '₹1,000.55' });
    expect(gstOf('12,000', '18')).toBeNull();
    expect(gstOf('1000', '3')).toBeNull();
  });

  it('previews the visit dates of the period (the domain rule), nothing until it is whole', () => {
    expect(visitPreview('2025-04-01', '2026-03-31', '4')).toEqual([
      '2025-06-30',
      '2025-09-30',
      '2025-12-31',
      '2026-03-31',
    ]);
    expect(visitPreview('2025-04-01', '2026-03-31', '0')).toEqual([]);
    expect(visitPreview('2025-04-01', '', '4')).toBeNull();
    expect(visitPreview('2025-04-01', '2025-03-01', '4')).toBeNull();
    expect(visitPreview('2025-04-01', '2026-03-31', '13')).toBeNull();
  });

  it('shows the notice date', () => {
    expect(noticePreview('2026-03-31', '45')).toBe('2026-02-14');
    expect(noticePreview('2026-03-31', '')).toBeNull();
    expect(noticePreview('2026-02-30', '10')).toBeNull();
  });

  it('checks the period: the end not before the start, within ten years', () => {
    expect(periodProblem('2025-04-01', '2025-03-31')).toBe('contracts.endBeforeStart');
    expect(periodProblem('2025-04-01', '2035-04-02')).toBe('contracts.tooLong');
    expect(periodProblem('2025-04-01', '2035-04-01')).toBeNull();
    expect(periodProblem('', '2025-04-01')).toBeNull();
  });

  it('reads whole numbers within bounds and real dates only', () => {
    expect(wholeIn(' 12 ', 0, 12)).toBe(12);
    expect(wholeIn('1.5', 0, 12)).toBeNull();
    expect(wholeIn('-1', 0, 12)).toBeNull();
    expect(wholeIn('0', 1, 720)).toBeNull();
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2025-02-29')).toBe(false);
    expect(isDate('29-02-2024')).toBe(false);
  });
});

describe('a contract’s standing', () => {
  it('marks days left: ended below zero, ending within 90 days (today counts as not ended)', () => {
    expect(daysLeftMark(-1)).toBe('ended');
    expect(daysLeftMark(0)).toBe('ending');
    expect(daysLeftMark(90)).toBe('ending');
    expect(daysLeftMark(91)).toBeNull();
  });

  it('works out its value as a percentage of the covered cost, to one decimal', () => {
    expect(costPercentOf('120000.00', '1500000.00')).toBe(8);
    expect(costPercentOf('10000.00', '30000.00')).toBe(33.3);
    expect(costPercentOf('10000.00', '0.00')).toBeNull();
  });
});
