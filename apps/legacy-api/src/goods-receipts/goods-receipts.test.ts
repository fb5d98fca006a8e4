import { describe, expect, it } from 'vitest';
import {
  aBranch,
  anAsset,
  anAssetLocation,
  aStaffMember,
  useBranchLogins,
} from '../test/factories.ts';
import { anOrderThrough, type OrderParts, orderParts } from '../test/procurement.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Goods receive notes (docs/procurement.md): what arrives against an approved order becomes
 * assets (one per accepted unit) and accessory stock in the same transaction, never more than was
 * ordered even when two notes are saved at once, and a note written by mistake is cancelled while
 * its assets have not moved on. The file makes its own branch, logins and orders.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'verifier', 'approver', 'viewer'] as const);
const { token } = logins;
const flow = { api, token, branch: logins.branch };

let setup: { parts: OrderParts; room: number; storekeeper: number } | undefined;
async function once() {
  if (!setup) {
    const parts = await orderParts(api.db);
    const room = (await anAssetLocation(api.db, { branch: logins.branch(), name: 'Main Stores' }))
      .id;
    const storekeeper = (await aStaffMember(api.db, { branches: [logins.branch()] })).id;
    setup = { parts, room, storekeeper };
  }
  return setup;
}

async function lineIds(orderId: number) {
  const lines = await api.db
    .selectFrom('purchaseOrderLines')
    .select('id')
    .where('purchaseOrderId', '=', orderId)
    .orderBy('lineNo')
    .execute();
  return lines.map((line) => line.id);
}

function note(
  order: { id: number },
  lines: readonly Record<string, unknown>[],
  changes: Record<string, unknown> = {},
) {
  return {
    PurchaseOrder: order.id,
    BilledBranch: logins.branch(),
    ReceivedDate: '2026-11-10',
    InvoiceNumber: 'INV-2026-118',
    InvoiceDate: '2026-11-09',
    ReceivedBy: setup?.storekeeper,
    Lines: lines,
    ...changes,
  };
}

const receipt = async (orderId: number) =>
  (
    await api.call('purchaseOrderReceipt', token('manager'), {
      PurchaseOrder: orderId,
      BilledBranch: logins.branch(),
    })
  ).records;

describe('a goods receive note', () => {
  it('turns accepted units into assets with their cost and warranty, and stock, in one go', async () => {
    const { parts, room } = await once();
    const order = await anOrderThrough(flow, parts, 'approved');
    const [monitors, pumps, probes] = await lineIds(order.id);
    // Numbered after the branch's earlier notes (the file's other tests may have saved some first).
    const next = (await api.count('goodsReceiptNotes', { branchId: logins.branch() })) + 1;
    const saved = await api.call(
      'goodsReceiptNoteSave',
      token('manager'),
      note(order, [
        {
          PurchaseOrderLine: monitors,
          Received: 3,
          Accepted: 2,
          Rejected: 1,
          RejectionReason: 'Screen cracked in transit',
          Location: room,
          SerialNumbers: ['PM12-0001', 'PM12-0002'],
        },
        { PurchaseOrderLine: pumps, Received: 1, Accepted: 1, Rejected: 0, Location: room },
        { PurchaseOrderLine: probes, Received: 6, Accepted: 6, Rejected: 0 },
      ]),
    );
    expect(saved.flag, saved.output).toBe(1);
    expect(saved.output).toMatch(
      new RegExp(
        `^GRN/TST-\\d+/2026-27/${String(next).padStart(4, '0')} saved: 3 assets added to the register\\.$`,
      ),
    );
    const detail = saved.records;
    expect(detail?.Lines.map((line) => [line.Accepted, line.Rejected, line.Assets.length])).toEqual(
      [
        [2, 1, 2],
        [1, 0, 1],
        [6, 0, 0],
      ],
    );
    const assets = await api.db
      .selectFrom('assets')
      .select([
        'serialNumber',
        'cost',
        'assetStatus',
        'branchId',
        'locationId',
        'warrantyStart',
        'warrantyEnd',
        'purchaseOrderId',
        'vendorId',
      ])
      .where('purchaseOrderId', '=', order.id)
      .orderBy('tag')
      .execute();
    // Freight 2,400.00 over the lines by taxable value: 1,420.06 · 841.53 · 138.41; the monitors'
    // 1,29,670.06 over 3 units: 43,223.36 · 43,223.35 · 43,223.35; the pumps' 76,842.53 over 2.
    expect(assets).toEqual([
      {
        serialNumber: 'PM12-0001',
        cost: '43223.36',
        assetStatus: 'IN_STOCK',
        branchId: logins.branch(),
        locationId: room,
        warrantyStart: '2026-11-10',
        warrantyEnd: '2028-11-09',
        purchaseOrderId: order.id,
        vendorId: parts.vendor,
      },
      {
        serialNumber: 'PM12-0002',
        cost: '43223.35',
        assetStatus: 'IN_STOCK',
        branchId: logins.branch(),
        locationId: room,
        warrantyStart: '2026-11-10',
        warrantyEnd: '2028-11-09',
        purchaseOrderId: order.id,
        vendorId: parts.vendor,
      },
      {
        serialNumber: null,
        cost: '38421.27',
        assetStatus: 'IN_STOCK',
        branchId: logins.branch(),
        locationId: room,
        warrantyStart: null,
        warrantyEnd: null,
        purchaseOrderId: order.id,
        vendorId: parts.vendor,
      },
    ]);
    const stock = await api.db
      .selectFrom('accessoryStock')
      .select('onHand')
      .where('accessoryId', '=', parts.accessory.id)
      .where('branchId', '=', logins.branch())
      .executeTakeFirstOrThrow();
    expect(stock.onHand).toBe(6);
    const got = await receipt(order.id);
    expect(got).toMatchObject({ StatusTxt: 'Partially Received', ReceiveFlag: true });
    expect(got?.Lines.map((line) => [line.Ordered, line.Received, line.Pending])).toEqual([
      [3, 3, 0],
      [2, 1, 1],
      [10, 6, 4],
    ]);

    const rest = await api.call(
      'goodsReceiptNoteSave',
      token('manager'),
      note(order, [
        { PurchaseOrderLine: pumps, Received: 1, Accepted: 1, Rejected: 0, Location: room },
        { PurchaseOrderLine: probes, Received: 4, Accepted: 4, Rejected: 0 },
      ]),
    );
    expect(rest.flag, rest.output).toBe(1);
    expect(await receipt(order.id)).toMatchObject({
      StatusTxt: 'Received',
      StatusCode: 'RECEIVED',
      ReceiveFlag: false,
    });
    const pumpCosts = await api.db
      .selectFrom('assets')
      .select('cost')
      .where('purchaseOrderId', '=', order.id)
      .where('serialNumber', 'is', null)
      .orderBy('tag')
      .execute();
    expect(pumpCosts.map((asset) => asset.cost)).toEqual(['38421.27', '38421.26']);
  });

  it('refuses more than was ordered, a bad serial or location, and a wrong order, changing nothing', async () => {
    const { parts, room } = await once();
    const order = await anOrderThrough(flow, parts, 'approved');
    const pending = await anOrderThrough(flow, parts, 'pending');
    const [monitors, , probes] = await lineIds(order.id);
    const elsewhere = (await aBranch(api.db)).id;
    const otherRoom = (await anAssetLocation(api.db, { branch: elsewhere })).id;
    const stranger = (await aStaffMember(api.db, { branches: [elsewhere] })).id;
    const taken = await anAsset(api.db, {
      branch: logins.branch(),
      type: parts.monitor,
      serialNumber: `TAKEN-${order.id}`,
    });
    const pendingLine = (await lineIds(pending.id))[0];
    const save = (
      lines: Record<string, unknown>[],
      changes: Record<string, unknown> = {},
      role: 'manager' | 'viewer' = 'manager',
    ) => api.call('goodsReceiptNoteSave', token(role), note(order, lines, changes));
    const monitor = {
      PurchaseOrderLine: monitors,
      Received: 2,
      Accepted: 2,
      Rejected: 0,
      Location: room,
    };
    await api.expectEachRefusedWithoutChange([
      [
        () => save([{ ...monitor, Received: 4, Accepted: 4 }]),
        /^Line 1 \(Patient monitor\): 4 received in all would exceed the 3 ordered/,
      ],
      [
        () => save([{ ...monitor, Location: otherRoom }]),
        /^Line 1: location \d+ is not a location of Test Branch/,
      ],
      [() => save([{ ...monitor, Location: undefined }]), /Location is required/],
      [
        () => save([{ ...monitor, SerialNumbers: ['X-1', 'x-1'] }]),
        'Line 1: serial number x-1 is given twice.',
      ],
      [
        () => save([{ ...monitor, SerialNumbers: [`taken-${order.id}`] }]),
        `Serial number TAKEN-${order.id} of this brand is already asset ${taken.tag}.`,
      ],
      [
        () => save([{ ...monitor, SerialNumbers: ['A', 'B', 'C'] }]),
        /3 serial numbers for 2 accepted units/,
      ],
      [
        () => save([{ PurchaseOrderLine: probes, Received: 2, Accepted: 1, Rejected: 1 }]),
        /RejectionReason/,
        422,
      ],
      [() => save([monitor], {}, 'viewer'), 'Your role may not record goods receive notes.'],
      [
        () => save([monitor], { InvoiceDate: '2026-11-11' }),
        'InvoiceDate cannot be after the received date.',
      ],
      [
        () => save([monitor], { ReceivedBy: stranger }),
        'ReceivedBy must be a staff member of the branch.',
      ],
      [
        () =>
          api.call(
            'goodsReceiptNoteSave',
            token('manager'),
            note(pending, [{ ...monitor, PurchaseOrderLine: pendingLine }]),
          ),
        /is pending: goods are received against an approved order/,
      ],
    ]);
  });

  it('counts GST in the assets’ cost when the company does not claim input credit', async () => {
    const { parts, room } = await once();
    const { companyId } = await api.db
      .selectFrom('branches')
      .select('companyId')
      .where('id', '=', logins.branch())
      .executeTakeFirstOrThrow();
    const setting = (on: boolean) =>
      api.db
        .updateTable('companies')
        .set({ gstInAssetCost: on })
        .where('id', '=', companyId)
        .execute();
    await setting(true);
    try {
      const order = await anOrderThrough(flow, parts, 'approved');
      const [monitors] = await lineIds(order.id);
      const saved = await api.call(
        'goodsReceiptNoteSave',
        token('manager'),
        note(order, [
          { PurchaseOrderLine: monitors, Received: 3, Accepted: 3, Rejected: 0, Location: room },
        ]),
      );
      expect(saved.flag, saved.output).toBe(1);
      const costs = await api.db
        .selectFrom('assets')
        .select('cost')
        .where('purchaseOrderId', '=', order.id)
        .orderBy('tag')
        .execute();
      // 1,28,250.00 + GST 23,085.00 + freight 1,420.06 + its GST 255.61 = 1,53,010.67 over 3.
      expect(costs.map((asset) => asset.cost)).toEqual(['51003.56', '51003.56', '51003.55']);
    } finally {
      await setting(false);
    }
  });

  it('is all or nothing: a failure on its last line leaves no note, asset or stock behind', async () => {
    const { parts, room } = await once();
    const order = await anOrderThrough(flow, parts, 'approved');
    const [monitors, pumps, probes] = await lineIds(order.id);
    const { code } = await api.db
      .selectFrom('branches')
      .select('code')
      .where('id', '=', logins.branch())
      .executeTakeFirstOrThrow();
    const before = await api.db
      .selectFrom('assetTagCounters')
      .select('lastNumber')
      .where('prefix', '=', code)
      .executeTakeFirst();
    // The branch has two asset numbers left: the monitors take them, the pumps find none.
    const { lastNumber } = await api.db
      .insertInto('assetTagCounters')
      .values({ prefix: code, lastNumber: 999_997 })
      .onConflict((conflict) => conflict.column('prefix').doUpdateSet({ lastNumber: 999_997 }))
      .returning('lastNumber')
      .executeTakeFirstOrThrow();
    expect(lastNumber).toBe(999_997);
    try {
      await api.expectRefusedWithoutChange(
        () =>
          api.call(
            'goodsReceiptNoteSave',
            token('manager'),
            note(order, [
              { PurchaseOrderLine: probes, Received: 3, Accepted: 3, Rejected: 0 },
              {
                PurchaseOrderLine: monitors,
                Received: 2,
                Accepted: 2,
                Rejected: 0,
                Location: room,
              },
              { PurchaseOrderLine: pumps, Received: 1, Accepted: 1, Rejected: 0, Location: room },
            ]),
          ),
        {
          output: `Branch ${code} has 0 asset numbers left, fewer than the 1 units accepted on line 2.`,
        },
      );
    } finally {
      if (before)
        await api.db
          .updateTable('assetTagCounters')
          .set({ lastNumber: before.lastNumber })
          .where('prefix', '=', code)
          .execute();
      else await api.db.deleteFrom('assetTagCounters').where('prefix', '=', code).execute();
    }
  });

  it('never takes in more than ordered when two notes are saved at once', async () => {
    const { parts, room } = await once();
    const order = await anOrderThrough(flow, parts, 'approved');
    const [monitors] = await lineIds(order.id);
    const two = {
      PurchaseOrderLine: monitors,
      Received: 2,
      Accepted: 2,
      Rejected: 0,
      Location: room,
    };
    const answers = await Promise.all([
      api.call('goodsReceiptNoteSave', token('manager'), note(order, [two])),
      api.call('goodsReceiptNoteSave', token('manager'), note(order, [two])),
    ]);
    expect(answers.map((answer) => answer.flag).sort()).toEqual([0, 1]);
    expect(answers.find((answer) => answer.flag === 0)?.output).toMatch(
      /4 received in all would exceed the 3 ordered \(2 received before\)/,
    );
    expect(await api.count('assets', { purchaseOrderId: order.id })).toBe(2);
  });

  it('is cancelled while its assets stay in stock: they go, stock goes back, quantities reopen', async () => {
    const { parts, room } = await once();
    const order = await anOrderThrough(flow, parts, 'approved');
    const [monitors, , probes] = await lineIds(order.id);
    const first = await api.call(
      'goodsReceiptNoteSave',
      token('manager'),
      note(order, [
        { PurchaseOrderLine: monitors, Received: 1, Accepted: 1, Rejected: 0, Location: room },
      ]),
    );
    const second = await api.call(
      'goodsReceiptNoteSave',
      token('manager'),
      note(order, [
        { PurchaseOrderLine: monitors, Received: 2, Accepted: 2, Rejected: 0, Location: room },
        { PurchaseOrderLine: probes, Received: 5, Accepted: 5, Rejected: 0 },
      ]),
    );
    const firstId = first.records?.GoodsReceiptNoteId ?? 0;
    const secondId = second.records?.GoodsReceiptNoteId ?? 0;
    const [moved] = first.records?.Lines[0]?.Assets ?? [];
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'IN_USE' })
      .where('id', '=', moved?.AssetId ?? 0)
      .execute();
    const cancel = (id: number, role: 'manager' | 'viewer' = 'manager') =>
      api.call('goodsReceiptNoteCancel', token(role), {
        GoodsReceiptNote: id,
        Reason: 'Entered against the wrong order.',
      });
    await api.expectEachRefusedWithoutChange([
      [
        () => cancel(firstId),
        `Goods receive note ${first.records?.GoodsReceiptNoteNumber} cannot be cancelled: asset ${moved?.Tag} has moved on.`,
      ],
      [() => cancel(secondId, 'viewer'), 'Your role may not cancel goods receive notes.'],
    ]);
    const stockBefore = await api.db
      .selectFrom('accessoryStock')
      .select('onHand')
      .where('accessoryId', '=', parts.accessory.id)
      .where('branchId', '=', logins.branch())
      .executeTakeFirstOrThrow();
    const cancelled = await cancel(secondId);
    expect(cancelled.records).toMatchObject({ StatusTxt: 'Cancelled', DeleteFlag: false });
    expect(await api.count('assets', { purchaseOrderId: order.id })).toBe(1);
    const stockAfter = await api.db
      .selectFrom('accessoryStock')
      .select('onHand')
      .where('accessoryId', '=', parts.accessory.id)
      .where('branchId', '=', logins.branch())
      .executeTakeFirstOrThrow();
    expect(stockAfter.onHand).toBe(stockBefore.onHand - 5);
    const got = await receipt(order.id);
    expect(got?.StatusTxt).toBe('Partially Received');
    expect(got?.Lines.map((line) => line.Pending)).toEqual([2, 2, 10]);
    expect(await cancel(secondId)).toMatchObject({
      flag: 0,
      output: `Goods receive note ${second.records?.GoodsReceiptNoteNumber} is already cancelled.`,
    });
  });

  it('is listed a page at a time, searched and filtered by order', async () => {
    const { parts, room } = await once();
    const order = await anOrderThrough(flow, parts, 'approved');
    const [monitors] = await lineIds(order.id);
    await api.call(
      'goodsReceiptNoteSave',
      token('manager'),
      note(
        order,
        [{ PurchaseOrderLine: monitors, Received: 1, Accepted: 1, Rejected: 0, Location: room }],
        { InvoiceNumber: 'DC-7781' },
      ),
    );
    const list = await api.call('goodsReceiptNoteLists', token('viewer'), {
      Branch: logins.branch(),
      Page: 1,
      ItemsPerPage: 10,
      Search: 'dc-7781',
    });
    expect(list.records?.TotalCount).toBe(1);
    expect(list.records?.TableData[0]).toMatchObject({
      InvoiceNumber: 'DC-7781',
      PurchaseOrderNumber: order.number,
      AcceptedUnits: 1,
      DeleteFlag: false,
    });
    const byOrder = await api.call('goodsReceiptNoteLists', token('manager'), {
      Branch: logins.branch(),
      Page: 1,
      Filters: { PurchaseOrderId: order.id },
    });
    expect(byOrder.records?.TableData.map((row) => row.PurchaseOrderId)).toEqual([order.id]);
    expect(byOrder.records?.TableData[0]?.DeleteFlag).toBe(true);
  });
});
