import { describe, expect, it } from 'vitest';
import { type AssetValues, assetInput } from './AssetForm.tsx';

const VALUES: AssetValues = {
  name: ' ECG machine ',
  branchId: '3',
  locationId: '9',
  categoryId: '1',
  subCategoryId: '2',
  assetTypeId: '4',
  brandId: '5',
  model: '',
  serialNumber: ' SN-1 ',
  custodianId: '',
  vendorId: '',
  purchaseReference: '',
  purchaseDate: '2026-04-01',
  cost: '185000',
  putToUseDate: '',
  warrantyStart: '',
  warrantyEnd: '',
  usefulLifeYears: '7',
  criticality: 'HIGH',
  condition: 'GOOD',
  notes: '',
  assetStatus: 'IN_USE',
  active: '1',
};

describe('assetInput', () => {
  it('sends blanks as none, money with two decimals and whole years as a number', () => {
    expect(assetInput(VALUES, null)).toMatchObject({
      id: null,
      name: 'ECG machine',
      model: null,
      serialNumber: 'SN-1',
      custodianId: null,
      cost: '185000.00',
      usefulLifeYears: 7,
      assetStatus: 'IN_USE',
      active: true,
    });
  });
  it('never sends a status on a change: the workflows own it', () => {
    const record = { id: '12', purchaseOrderId: '40' } as Parameters<typeof assetInput>[1];
    expect(assetInput({ ...VALUES, cost: '', usefulLifeYears: '' }, record)).toMatchObject({
      id: '12',
      purchaseOrderId: '40',
      assetStatus: null,
      cost: null,
      usefulLifeYears: null,
    });
  });
});
