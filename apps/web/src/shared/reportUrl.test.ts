import { describe, expect, it } from 'vitest';
import { reportFileUrl } from './reportUrl.ts';

describe('the address of a report’s file', () => {
  it('has the filters as the gateway reads them: ids joined by commas, empty ones left out', () => {
    const url = reportFileUrl('finance', 'xlsx', {
      branchIds: ['1', '2'],
      from: '2026-04-01',
      to: '2027-03-31',
      vendorId: '',
      categoryId: null,
    });
    expect(url).toBe('/reports/finance.xlsx?branchIds=1%2C2&from=2026-04-01&to=2027-03-31');
    const query = new URL(url, 'http://localhost').searchParams;
    expect(query.get('branchIds')).toBe('1,2');
    expect(query.has('vendorId')).toBe(false);
  });

  it('builds the PDF, the branch asset and the depreciation files the same way', () => {
    expect(
      reportFileUrl('branch-asset', 'pdf', {
        branchIds: ['3'],
        from: '2026-04-01',
        to: '2026-11-26',
        categoryId: '4',
        status: 'IN_USE',
        method: 'WDV',
      }),
    ).toBe(
      '/reports/branch-asset.pdf?branchIds=3&from=2026-04-01&to=2026-11-26&categoryId=4&status=IN_USE&method=WDV',
    );
    expect(
      reportFileUrl('depreciation', 'xlsx', {
        branchIds: ['1'],
        financialYear: '2026-27',
        method: 'SLM',
        search: 'ventilator & monitor',
      }),
    ).toBe(
      '/reports/depreciation.xlsx?branchIds=1&financialYear=2026-27&method=SLM&search=ventilator+%26+monitor',
    );
    expect(reportFileUrl('amc-report', 'xlsx', {})).toBe('/reports/amc-report.xlsx');
  });
});
