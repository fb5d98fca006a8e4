import { describe, expect, it } from 'vitest';
import { installationInputOf, installationStart, installedAtOf } from './installationValues.ts';

describe('the installation form', () => {
  it("starts at India's date and time, whatever the browser's zone", () => {
    // 20:00 UTC is 01:30 the next day in India.
    const start = installationStart(new Date('2026-11-20T20:00:00Z'));
    expect([start.installedDate, start.installedTime]).toEqual(['2026-11-21', '01:30']);
    expect(installedAtOf(start)).toBe('2026-11-21T01:30:00+05:30');
  });

  it('sends the vendor and engineer for a vendor installation, the staff member otherwise', () => {
    const values = {
      ...installationStart(new Date('2026-11-20T05:00:00Z')),
      assetIds: ['7', '9'],
      locationId: '3',
      vendorId: '12',
      engineerName: '  Ravi Kumar ',
      installedById: '44',
      remarks: '   ',
    };
    expect(installationInputOf('5', values)).toMatchObject({
      branchId: '5',
      goodsReceiptNoteId: null,
      assetIds: ['7', '9'],
      installerKind: 'VENDOR',
      vendorId: '12',
      engineerName: 'Ravi Kumar',
      installedById: null,
      remarks: null,
    });
    expect(
      installationInputOf('5', { ...values, installerKind: 'STAFF', goodsReceiptNoteId: '8' }),
    ).toMatchObject({
      goodsReceiptNoteId: '8',
      installerKind: 'STAFF',
      vendorId: null,
      engineerName: null,
      installedById: '44',
    });
  });
});
