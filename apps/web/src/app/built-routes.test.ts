import { describe, expect, it } from 'vitest';
import { builtMenu, isBuilt } from './built-routes.ts';

describe('isBuilt', () => {
  it('knows the screens the app has, with or without a query', () => {
    expect(isBuilt('/purchase-order/list')).toBe(true);
    expect(isBuilt('/vendor/list')).toBe(true);
    expect(isBuilt('/staff/edit?id1=3&id2=CHN-ANN-01')).toBe(true);
    expect(isBuilt('/accessory-type/lists')).toBe(true);
    expect(isBuilt('/purchase-order/create?id=59')).toBe(true);
    expect(isBuilt('/goods-receive-note/new')).toBe(true);
    expect(isBuilt('/asset-installation/new')).toBe(true);
    expect(isBuilt('/asset-transferred/list')).toBe(true);
    expect(isBuilt('/job-order/create?assetId=4')).toBe(true);
    expect(isBuilt('/amc/list')).toBe(true);
    expect(isBuilt('/reports/amc-report')).toBe(true);
    expect(isBuilt('/reports/finance?fy=2025-26')).toBe(true);
    expect(isBuilt('/reports/branch-asset')).toBe(true);
    expect(isBuilt('/dashboard/branch-manager')).toBe(true);
    expect(isBuilt('/dashboard/branch-manager?scope=all')).toBe(true);
  });

  it('says no for what the menu names before it is built, and for what is no path', () => {
    expect(isBuilt('/reports/stock-ageing')).toBe(false);
    expect(isBuilt('')).toBe(false);
    expect(isBuilt('https://example.com/vendor/lists')).toBe(false);
  });
});

describe('builtMenu', () => {
  it('leaves out entries not built and groups left empty, keeping the order', () => {
    const menu = [
      { text: 'Dashboard', link: '/dashboard/branch-manager', children: [] },
      {
        text: 'Purchase',
        link: '',
        children: [
          { text: 'Purchase Orders', link: '/purchase-order/list' },
          { text: 'Goods Receipts', link: '/goods-receive-note/list' },
          { text: 'Stock Ageing', link: '/reports/stock-ageing' },
        ],
      },
      { text: 'Reports', link: '', children: [{ text: 'Ageing', link: '/reports/ageing' }] },
      { text: 'Vendors', link: '/vendor/list', children: [] },
    ];
    expect(builtMenu(menu)).toEqual([
      { text: 'Dashboard', link: '/dashboard/branch-manager', children: [] },
      {
        text: 'Purchase',
        link: '',
        children: [
          { text: 'Purchase Orders', link: '/purchase-order/list' },
          { text: 'Goods Receipts', link: '/goods-receive-note/list' },
        ],
      },
      { text: 'Vendors', link: '/vendor/list', children: [] },
    ]);
  });
});
