import { anAccessory, anAssetType, aVendor } from './factories.ts';
import type { TestApi } from './test-api.ts';

/*
 * Test helpers of procurement (its tests only): an order's body as the form sends it, and an
 * order taken through the flow by the roles that decide it.
 */

export interface OrderParts {
  vendor: number;
  monitor: { id: number; brandId: number };
  pump: { id: number; brandId: number };
  accessory: { id: number };
}

/** A vendor of `stateCode` (33: Tamil Nadu, the test branches' state), two asset types, an accessory. */
export async function orderParts(db: TestApi['db'], stateCode = '33'): Promise<OrderParts> {
  return {
    vendor: await aVendor(db, { stateCode }),
    monitor: await anAssetType(db),
    pump: await anAssetType(db),
    accessory: await anAccessory(db),
  };
}

/**
 * Three lines: 3 monitors at ₹45,000 less 5 %, 2 pumps at ₹38,500.50 less ₹1,000 (12 % GST), 10
 * SpO2 probes at ₹1,250; freight ₹2,400 at 18 %.
 */
export function orderBody(
  branch: number,
  parts: OrderParts,
  changes: Record<string, unknown> = {},
) {
  return {
    BilledBranch: branch,
    ShippedBranch: branch,
    Vendor: parts.vendor,
    PurchaseOrderDate: '2026-11-02',
    ExpectedDeliveryDate: '2026-11-20',
    PaymentTerms: '30 days from delivery',
    Remarks: '<p>Urgent for the <b>ICU</b></p><script>alert(1)</script>',
    Terms: 'Delivery at the branch stores.',
    FreightAmount: '2400.00',
    FreightTaxRate: 18,
    Lines: [
      {
        AssetType: parts.monitor.id,
        Brand: parts.monitor.brandId,
        ItemName: 'Patient monitor',
        Model: 'PM-12',
        Quantity: 3,
        Rate: '45000.00',
        DiscountPercent: 5,
        TaxRate: 18,
        WarrantyMonths: 24,
      },
      {
        AssetType: parts.pump.id,
        Brand: parts.pump.brandId,
        ItemName: 'Syringe pump',
        Quantity: 2,
        Rate: '38500.50',
        DiscountAmount: '1000.00',
        TaxRate: 12,
      },
      {
        Accessory: parts.accessory.id,
        ItemName: 'SpO2 probe',
        Quantity: 10,
        Rate: '1250',
        TaxRate: 12,
      },
    ],
    ...changes,
  };
}

export interface Flow {
  api: Pick<TestApi, 'call'>;
  token: (role: 'manager' | 'verifier' | 'approver') => string;
  branch: () => number;
}

/** A new order of the flow's branch, saved by the manager and taken as far as `until`. */
export async function anOrderThrough(
  flow: Flow,
  parts: OrderParts,
  until: 'draft' | 'pending' | 'approved' | 'rejected',
  changes: Record<string, unknown> = {},
): Promise<{ id: number; number: string }> {
  const { api, token, branch } = flow;
  const saved = await api.call(
    'purchaseOrderSave',
    token('manager'),
    orderBody(branch(), parts, changes),
  );
  if (saved.flag !== 1 || !saved.records) throw new Error(`save: ${saved.output}`);
  const id = saved.records.PurchaseOrderId;
  if (until === 'draft') return { id, number: '' };
  const submitted = await api.call('purchaseOrderSubmit', token('manager'), {
    PurchaseOrder: id,
    BilledBranch: branch(),
  });
  if (submitted.flag !== 1 || !submitted.records) throw new Error(`submit: ${submitted.output}`);
  const number = submitted.records.PurchaseOrderNumber;
  if (until === 'pending') return { id, number };
  const decide = async (
    call: 'purchaseOrderVerify' | 'purchaseOrderApprove',
    role: 'verifier' | 'approver',
    status: 0 | 1,
  ) => {
    const answer = await api.call(call, token(role), {
      PurchaseOrder: id,
      PurchaseOrderNumber: number,
      BilledBranch: branch(),
      Status: status,
      Reason: status === 1 ? 'In order.' : 'Rate too high for line 1.',
    });
    if (answer.flag !== 1) throw new Error(`${call}: ${answer.output}`);
  };
  if (until === 'rejected') {
    await decide('purchaseOrderVerify', 'verifier', 0);
    return { id, number };
  }
  await decide('purchaseOrderVerify', 'verifier', 1);
  await decide('purchaseOrderApprove', 'approver', 1);
  return { id, number };
}
