import {
  aBranch,
  aLogin,
  anAccessory,
  anAssetLocation,
  anAssetType,
  aStaffMember,
  aVendor,
} from '@branch-assets/legacy-api/testing';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';

/*
 * Procurement through the gateway (docs/procurement.md), as the branch's writer (a manager), its
 * verifier and its approver, and a viewer: an order written, submitted, decided and printed;
 * goods received in two notes, the first cancelled and written again; the order closed short.
 */

const SaveOrder = graphql(`
  mutation SaveOrderOf($input: PurchaseOrderInput!) {
    savePurchaseOrder(input: $input) {
      message
      purchaseOrder { id number status { code text } actions { edit preview } documentUrl }
    }
  }
`);

const SubmitOrder = graphql(`
  mutation SubmitOrderOf($id: ID!) {
    submitPurchaseOrder(id: $id) { message purchaseOrder { id number status { code } } }
  }
`);

const Decide = graphql(`
  mutation DecideOf($verify: PurchaseOrderDecisionInput!) {
    verifyPurchaseOrder(input: $verify) { message }
  }
`);

const Approve = graphql(`
  mutation ApproveOf($input: PurchaseOrderDecisionInput!) {
    approvePurchaseOrder(input: $input) { message purchaseOrder { documentUrl status { code } } }
  }
`);

const OrderForm = graphql(`
  query OrderFormOf($id: ID!) {
    purchaseOrderForm(id: $id) {
      id number status version canEdit canSubmit freight freightTaxRate
      lines { itemName quantity rate discountPercent discountAmount taxRate assetTypeId accessoryId }
      versions { version changes }
    }
  }
`);

const Receipt = graphql(`
  query ReceiptOf($id: ID!) {
    purchaseOrderReceipt(id: $id) {
      number status { code text } canReceive canClose
      lines { id itemName kind ordered received accepted rejected pending }
      notes { id number status }
    }
  }
`);

const Receivable = graphql(`
  query ReceivableOf($branchId: ID!) {
    receivableOrders(branchId: $branchId) { value text }
  }
`);

const SaveNote = graphql(`
  mutation SaveNoteOf($input: GoodsReceiptNoteInput!) {
    saveGoodsReceiptNote(input: $input) {
      message
      note {
        id number purchaseOrderNumber acceptedUnits rejectedUnits canCancel status { code }
        lines { itemName kind accepted rejected rejectionReason assets { id tag serialNumber } }
      }
    }
  }
`);

const CancelNote = graphql(`
  mutation CancelNoteOf($input: CancelGoodsReceiptNoteInput!) {
    cancelGoodsReceiptNote(input: $input) { message note { id status { code text } canCancel cancelReason } }
  }
`);

const Notes = graphql(`
  query NotesOf($branchId: ID!, $purchaseOrderId: ID, $status: GoodsReceiptNoteState, $sortBy: String) {
    goodsReceiptNotes(branchId: $branchId, purchaseOrderId: $purchaseOrderId, status: $status, sortBy: $sortBy) {
      rows { id number invoiceNumber acceptedUnits status { code } canCancel }
      headers { value text }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const CloseOrder = graphql(`
  mutation CloseOrderOf($input: ClosePurchaseOrderInput!) {
    closePurchaseOrder(input: $input) { message purchaseOrder { status { code text } } }
  }
`);

const stack = useStack([]);
const clients = {} as Record<'manager' | 'verifier' | 'approver' | 'viewer', Client>;
let branch = 0;
let parts: {
  vendor: number;
  type: { id: number; brandId: number };
  accessory: number;
  room: number;
  storekeeper: number;
};

beforeAll(async () => {
  branch = (await aBranch(stack.db)).id;
  for (const role of ['manager', 'verifier', 'approver', 'viewer'] as const)
    clients[role] = await stack.clientOf(await aLogin(stack.db, { role, branches: [branch] }));
  parts = {
    vendor: await aVendor(stack.db, { stateCode: '29' }),
    type: await anAssetType(stack.db),
    accessory: (await anAccessory(stack.db)).id,
    room: (await anAssetLocation(stack.db, { branch, name: 'Biomedical Stores' })).id,
    storekeeper: (await aStaffMember(stack.db, { branches: [branch] })).id,
  };
});

function orderInput(changes: Record<string, unknown> = {}) {
  return {
    billedBranchId: String(branch),
    shippedBranchId: String(branch),
    vendorId: String(parts.vendor),
    date: '2026-11-02',
    expectedDeliveryDate: '2026-11-25',
    paymentTerms: '45 days',
    freight: '1500.00',
    freightTaxRate: 18,
    lines: [
      {
        assetTypeId: String(parts.type.id),
        brandId: String(parts.type.brandId),
        itemName: 'Defibrillator',
        model: 'DF-2',
        quantity: 2,
        rate: '185000.00',
        discountPercent: 2.5,
        taxRate: 12,
        warrantyMonths: 36,
      },
      {
        accessoryId: String(parts.accessory),
        itemName: 'Defibrillator pads',
        quantity: 20,
        rate: '850.00',
        taxRate: 18,
      },
    ],
    ...changes,
  };
}

async function approvedOrder(): Promise<{ id: string; number: string }> {
  const saved = await clients.manager.graphql(SaveOrder, { input: orderInput() });
  const id = saved.data?.savePurchaseOrder.purchaseOrder.id ?? '';
  const submitted = await clients.manager.graphql(SubmitOrder, { id });
  const number = submitted.data?.submitPurchaseOrder.purchaseOrder.number ?? '';
  const key = { id, number, billedBranchId: String(branch) };
  await clients.verifier.graphql(Decide, {
    verify: { ...key, decision: 'ACCEPT', reason: 'Checked.' },
  });
  await clients.approver.graphql(Approve, {
    input: { ...key, decision: 'ACCEPT', reason: 'Approved.' },
  });
  return { id, number };
}

describe('writing an order', () => {
  it('saves a draft, submits it for a number, and is decided by the verifier and approver', async () => {
    const saved = await clients.manager.graphql(SaveOrder, { input: orderInput() });
    expect(saved.errors).toBeUndefined();
    const draft = saved.data?.savePurchaseOrder.purchaseOrder;
    expect(draft).toMatchObject({
      number: '',
      status: { code: 'DRAFT' },
      actions: { edit: true, preview: false },
    });
    const form = await clients.manager.graphql(OrderForm, { id: draft?.id ?? '' });
    expect(form.data?.purchaseOrderForm).toMatchObject({
      status: 'DRAFT',
      version: 1,
      canEdit: true,
      canSubmit: true,
      freight: '1500.00',
      freightTaxRate: 18,
      versions: [],
    });
    expect(
      form.data?.purchaseOrderForm.lines.map((line) => [
        line.itemName,
        line.discountPercent,
        line.discountAmount,
      ]),
    ).toEqual([
      ['Defibrillator', 2.5, '9250.00'],
      ['Defibrillator pads', null, '0.00'],
    ]);
    expectRefused(
      await clients.viewer.graphql(OrderForm, { id: draft?.id ?? '' }),
      'REJECTED',
      'Purchase order not found.',
    );
    expectRefused(await clients.verifier.graphql(SubmitOrder, { id: draft?.id ?? '' }), 'REJECTED');

    // Numbered after the branch's earlier orders (the file's other tests may have submitted some).
    const numbered = await stack.db
      .selectFrom('purchaseOrders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('billedBranchId', '=', branch)
      .where('poNumber', 'is not', null)
      .executeTakeFirstOrThrow();
    const submitted = await clients.manager.graphql(SubmitOrder, { id: draft?.id ?? '' });
    const number = submitted.data?.submitPurchaseOrder.purchaseOrder.number ?? '';
    const next = String(Number(numbered.count) + 1).padStart(4, '0');
    expect(number).toMatch(new RegExp(`^PO/TST-\\d+/2026-27/${next}$`));
    const key = { id: draft?.id ?? '', number, billedBranchId: String(branch) };
    expect(
      (
        await clients.verifier.graphql(Decide, {
          verify: { ...key, decision: 'ACCEPT', reason: 'Rates checked.' },
        })
      ).errors,
    ).toBeUndefined();
    const approved = await clients.approver.graphql(Approve, {
      input: { ...key, decision: 'ACCEPT', reason: 'Go ahead.' },
    });
    expect(approved.data?.approvePurchaseOrder.purchaseOrder).toMatchObject({
      status: { code: 'APPROVED' },
      documentUrl: `/purchase-orders/${key.id}/order.pdf`,
    });

    // The document: a PDF printed by the gateway, for those with the download grant only.
    const pdf = await clients.verifier.fetch(`/purchase-orders/${key.id}/order.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getPageCount()).toBeGreaterThan(0);
    expect((await clients.viewer.fetch(`/purchase-orders/${key.id}/order.pdf`)).status).not.toBe(
      200,
    );
  });

  it('refuses a PDF before approval and a line the contract refuses', async () => {
    const saved = await clients.manager.graphql(SaveOrder, { input: orderInput() });
    const id = saved.data?.savePurchaseOrder.purchaseOrder.id ?? '';
    const early = await clients.manager.fetch(`/purchase-orders/${id}/order.pdf`);
    expect(early.status).toBe(422);
    const bad = await clients.manager.graphql(SaveOrder, {
      input: orderInput({
        lines: [{ itemName: 'Nothing', quantity: 1, rate: '1.00', taxRate: 18 }],
      }),
    });
    expectRefused(bad, 'BAD_USER_INPUT', /names an asset type or an accessory/);
  });
});

describe('receiving goods', () => {
  it('receives in two notes, cancels one, and closes the order short', async () => {
    const order = await approvedOrder();
    const options = await clients.manager.graphql(Receivable, { branchId: String(branch) });
    expect(options.data?.receivableOrders.map((option) => option.value)).toContain(order.id);
    const receipt = await clients.manager.graphql(Receipt, { id: order.id });
    const [defibs, pads] = receipt.data?.purchaseOrderReceipt.lines ?? [];
    expect(receipt.data?.purchaseOrderReceipt).toMatchObject({
      canReceive: true,
      canClose: true,
      status: { code: 'APPROVED' },
    });

    const note = (changes: Record<string, unknown> = {}) => ({
      purchaseOrderId: order.id,
      receivedDate: '2026-11-20',
      invoiceNumber: 'TN-INV-881',
      invoiceDate: '2026-11-19',
      receivedById: String(parts.storekeeper),
      lines: [
        {
          purchaseOrderLineId: defibs?.id ?? '',
          received: 1,
          accepted: 1,
          rejected: 0,
          locationId: String(parts.room),
          serialNumbers: ['DF2-00017'],
        },
        {
          purchaseOrderLineId: pads?.id ?? '',
          received: 12,
          accepted: 10,
          rejected: 2,
          rejectionReason: 'Expired',
        },
      ],
      ...changes,
    });
    expectRefused(
      await clients.viewer.graphql(SaveNote, { input: note() }),
      'REJECTED',
      'Your role may not record goods receive notes.',
    );
    const first = await clients.manager.graphql(SaveNote, { input: note() });
    expect(first.errors).toBeUndefined();
    const saved = first.data?.saveGoodsReceiptNote.note;
    expect(saved).toMatchObject({
      purchaseOrderNumber: order.number,
      acceptedUnits: 11,
      rejectedUnits: 2,
      canCancel: true,
    });
    expect(saved?.lines[0]?.assets).toEqual([
      expect.objectContaining({ serialNumber: 'DF2-00017' }),
    ]);

    const cancelled = await clients.manager.graphql(CancelNote, {
      input: { id: saved?.id ?? '', reason: 'Wrong invoice number.' },
    });
    expect(cancelled.data?.cancelGoodsReceiptNote.note).toMatchObject({
      status: { code: 'CANCELLED', text: 'Cancelled' },
      canCancel: false,
      cancelReason: 'Wrong invoice number.',
    });
    const again = await clients.manager.graphql(SaveNote, {
      input: note({ invoiceNumber: 'TN-INV-882' }),
    });
    expect(again.errors).toBeUndefined();
    const after = await clients.manager.graphql(Receipt, { id: order.id });
    expect(after.data?.purchaseOrderReceipt.status.code).toBe('PARTIALLY_RECEIVED');
    expect(
      after.data?.purchaseOrderReceipt.lines.map((line) => [line.received, line.pending]),
    ).toEqual([
      [1, 1],
      [12, 8],
    ]);
    expect(after.data?.purchaseOrderReceipt.notes.map((n) => n.status)).toEqual([
      'CANCELLED',
      'RECEIVED',
    ]);

    const list = await clients.viewer.graphql(Notes, {
      branchId: String(branch),
      purchaseOrderId: order.id,
      sortBy: 'invoiceNumber',
    });
    expect(list.errors).toBeUndefined();
    expect(
      list.data?.goodsReceiptNotes.rows.map((row) => [
        row.invoiceNumber,
        row.status.code,
        row.canCancel,
      ]),
    ).toEqual([
      ['TN-INV-881', 'CANCELLED', false],
      ['TN-INV-882', 'RECEIVED', false],
    ]);
    expect(list.data?.goodsReceiptNotes.headers.map((header) => header.value)).toContain(
      'receivedDate',
    );
    expect(list.data?.goodsReceiptNotes.canCreate).toBe(false);
    const live = await clients.manager.graphql(Notes, {
      branchId: String(branch),
      purchaseOrderId: order.id,
      status: 'RECEIVED',
    });
    expect(live.data?.goodsReceiptNotes).toMatchObject({ totalCount: 1, canCreate: true });

    const closed = await clients.manager.graphql(CloseOrder, {
      input: { id: order.id, reason: 'Vendor out of stock.' },
    });
    expect(closed.data?.closePurchaseOrder.purchaseOrder.status).toEqual(
      expect.objectContaining({ code: 'CLOSED_SHORT', text: 'Closed Short' }),
    );
    const final = await clients.manager.graphql(Receipt, { id: order.id });
    expect(final.data?.purchaseOrderReceipt).toMatchObject({ canReceive: false, canClose: false });
    expect(final.data?.purchaseOrderReceipt.lines.map((line) => line.pending)).toEqual([0, 0]);
  });
});
