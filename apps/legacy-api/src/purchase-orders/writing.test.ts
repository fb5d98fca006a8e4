import { financialYear } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../gallery/test-images.ts';
import { aBranch, aLogin, anAssetType, aPan, useBranchLogins } from '../test/factories.ts';
import { anOrderThrough, type OrderParts, orderBody, orderParts } from '../test/procurement.ts';
import { useTestApi } from '../test/test-api.ts';

/*
 * Writing orders (docs/procurement.md): drafts, the server's totals, submission and its number,
 * a rejected order edited and submitted again with its versions, closing short, and what is
 * refused. The file makes its own branch, logins, vendor and types.
 */

const api = useTestApi({ reference: true });
const logins = useBranchLogins(api, ['manager', 'verifier', 'approver', 'viewer'] as const);
const { token } = logins;
const flow = { api, token, branch: logins.branch };

let parts: OrderParts;
const partsOnce = async () => {
  parts ??= await orderParts(api.db);
  return parts;
};

async function stored(id: number) {
  return api.db
    .selectFrom('purchaseOrders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a draft', () => {
  it('is saved with the totals the server computes, sanitised remarks and no number', async () => {
    const p = await partsOnce();
    const answer = await api.call(
      'purchaseOrderSave',
      token('manager'),
      orderBody(logins.branch(), p),
    );
    expect(answer).toMatchObject({ flag: 1, output: 'Draft saved.' });
    const row = answer.records;
    expect(row).toMatchObject({ PurchaseOrderNumber: '', StatusTxt: 'Draft', StatusCode: 'DRAFT' });
    expect(row).toMatchObject({ PreviewFlag: false, EditFlag: true, FilePathFlag: false });
    const order = await stored(row?.PurchaseOrderId ?? 0);
    // 3 × 45,000 − 5 % = 1,28,250.00 at 18 %; 2 × 38,500.50 − 1,000 = 76,001.00 at 12 %;
    // 10 × 1,250 = 12,500.00 at 12 %; freight 2,400.00 at 18 % (216.00 + 216.00).
    expect(order).toMatchObject({
      poNumber: null,
      status: 'draft',
      taxKind: 'intra',
      subTotal: '224501.00',
      discount: '7750.00',
      freightAmount: '2400.00',
      freightTaxRate: '18.00',
      cgstAmount: '17068.56',
      sgstAmount: '17068.56',
      igstAmount: '0.00',
      roundOff: '-0.12',
      grandTotal: '253288.00',
      remarksHtml: '<p>Urgent for the <b>ICU</b></p>',
    });
    const lines = await api.db
      .selectFrom('purchaseOrderLines')
      .select([
        'lineNo',
        'taxableAmount',
        'cgstAmount',
        'totalAmount',
        'discountPercent',
        'unit',
        'accessoryId',
      ])
      .where('purchaseOrderId', '=', order.id)
      .orderBy('lineNo')
      .execute();
    expect(lines).toEqual([
      {
        lineNo: 1,
        taxableAmount: '128250.00',
        cgstAmount: '11542.50',
        totalAmount: '151335.00',
        discountPercent: '5.00',
        unit: 'Nos',
        accessoryId: null,
      },
      {
        lineNo: 2,
        taxableAmount: '76001.00',
        cgstAmount: '4560.06',
        totalAmount: '85121.12',
        discountPercent: null,
        unit: 'Nos',
        accessoryId: null,
      },
      {
        lineNo: 3,
        taxableAmount: '12500.00',
        cgstAmount: '750.00',
        totalAmount: '14000.00',
        discountPercent: null,
        unit: 'Nos',
        accessoryId: p.accessory.id,
      },
    ]);
  });

  it('taxes an inter-state vendor with IGST, and an unregistered one not at all', async () => {
    const p = await partsOnce();
    const karnataka = await orderParts(api.db, '29');
    const inter = await anOrderThrough(flow, { ...p, vendor: karnataka.vendor }, 'draft');
    expect(await stored(inter.id)).toMatchObject({
      taxKind: 'inter',
      cgstAmount: '0.00',
      igstAmount: '34137.12',
      grandTotal: '253288.00',
    });
    const { id: unregistered } = await api.db
      .insertInto('vendors')
      .values({
        code: `UV${Date.now() % 100000}`,
        name: 'Local Carpenter',
        gstin: null,
        pan: aPan('P'),
        stateId: (
          await api.db
            .selectFrom('states')
            .select('id')
            .where('gstCode', '=', '33')
            .executeTakeFirstOrThrow()
        ).id,
        address: 'Anna Nagar',
        contactPerson: 'Murugan',
        phone: '9840011225',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const local = await anOrderThrough(flow, { ...p, vendor: unregistered }, 'draft');
    // 2,16,751.00 + freight 2,400.00, no tax: 2,19,151.00.
    expect(await stored(local.id)).toMatchObject({
      taxKind: 'unregistered',
      cgstAmount: '0.00',
      sgstAmount: '0.00',
      igstAmount: '0.00',
      grandTotal: '219151.00',
    });
  });

  it('is listed to its branch’s writers only', async () => {
    const p = await partsOnce();
    const draft = await anOrderThrough(flow, p, 'draft');
    const ids = async (role: 'manager' | 'viewer' | 'verifier') => {
      const list = await api.call('purchaseOrderLists', token(role), { Branch: logins.branch() });
      return list.records?.TableData.map((row) => row.PurchaseOrderId) ?? [];
    };
    expect(await ids('manager')).toContain(draft.id);
    expect(await ids('viewer')).not.toContain(draft.id);
    expect(await ids('verifier')).not.toContain(draft.id);
    const form = await api.call('purchaseOrderForm', token('viewer'), {
      PurchaseOrder: draft.id,
      BilledBranch: logins.branch(),
    });
    expect(form).toMatchObject({ flag: 0, output: 'Purchase order not found.' });
  });

  it('answers its form as saved, for editing', async () => {
    const p = await partsOnce();
    const draft = await anOrderThrough(flow, p, 'draft');
    const form = await api.call('purchaseOrderForm', token('manager'), {
      PurchaseOrder: draft.id,
      BilledBranch: logins.branch(),
    });
    expect(form.records).toMatchObject({
      PurchaseOrderNumber: '',
      StatusCode: 'DRAFT',
      EditFlag: true,
      SubmitFlag: true,
      FreightAmount: '2400.00',
      FreightTaxRate: 18,
      ExpectedDeliveryDate: '2026-11-20',
    });
    expect(
      form.records?.Lines.map((line) => [
        line.ItemName,
        line.Quantity,
        line.DiscountPercent,
        line.DiscountAmount,
      ]),
    ).toEqual([
      ['Patient monitor', 3, 5, '6750.00'],
      ['Syringe pump', 2, null, '1000.00'],
      ['SpO2 probe', 10, null, '0.00'],
    ]);
  });
});

describe('submission', () => {
  it('numbers the order for its branch and financial year and starts verification', async () => {
    const p = await partsOnce();
    const { code } = await api.db
      .selectFrom('branches')
      .select('code')
      .where('id', '=', logins.branch())
      .executeTakeFirstOrThrow();
    const order = await anOrderThrough(flow, p, 'pending');
    expect(order.number).toMatch(new RegExp(`^PO/${code}/${financialYear('2026-11-02')}/\\d{4}$`));
    expect(await stored(order.id)).toMatchObject({
      status: 'pending',
      version: 1,
      financialYear: '2026-27',
    });
    expect((await api.auditOf('purchase_order', order.id)).map((entry) => entry.action)).toEqual([
      'Draft saved',
      'Submitted',
    ]);
    const again = await api.call('purchaseOrderSubmit', token('manager'), {
      PurchaseOrder: order.id,
      BilledBranch: logins.branch(),
    });
    expect(again).toMatchObject({ flag: 0, output: 'Only a draft can be submitted.' });
  });

  it('never gives a number twice, however many are submitted at once', async () => {
    const p = await partsOnce();
    const branch = await aBranch(api.db);
    const manager = await aLogin(api.db, { role: 'manager', branches: [branch.id] });
    const managerToken = await api.login(manager.username, manager.password);
    const drafts = [];
    for (let i = 0; i < 8; i += 1) {
      const saved = await api.call('purchaseOrderSave', managerToken, orderBody(branch.id, p));
      drafts.push(saved.records?.PurchaseOrderId ?? 0);
    }
    const answers = await Promise.all(
      drafts.map((id) =>
        api.call('purchaseOrderSubmit', managerToken, {
          PurchaseOrder: id,
          BilledBranch: branch.id,
        }),
      ),
    );
    expect(answers.every((answer) => answer.flag === 1)).toBe(true);
    const numbers = answers.map((answer) => answer.records?.PurchaseOrderNumber).sort();
    expect(numbers).toEqual(
      Array.from(
        { length: 8 },
        (_, i) => `PO/${branch.code}/2026-27/${String(i + 1).padStart(4, '0')}`,
      ),
    );
  });
});

describe('a rejected order', () => {
  it('is edited (a draft again) and submitted anew: same number, version 2, what changed kept', async () => {
    const p = await partsOnce();
    const order = await anOrderThrough(flow, p, 'rejected');
    const changed = orderBody(logins.branch(), p, { PurchaseOrder: order.id });
    changed.Lines[0] = { ...changed.Lines[0], Rate: '42000.00' } as (typeof changed.Lines)[0];
    const saved = await api.call('purchaseOrderSave', token('manager'), changed);
    expect(saved.records).toMatchObject({ StatusCode: 'DRAFT', PurchaseOrderNumber: order.number });
    expect(await stored(order.id)).toMatchObject({
      verificationStatus: 'pending',
      verifiedAt: null,
      approvalStatus: 'not_started',
    });
    const submitted = await api.call('purchaseOrderSubmit', token('manager'), {
      PurchaseOrder: order.id,
      BilledBranch: logins.branch(),
    });
    expect(submitted.records).toMatchObject({
      PurchaseOrderNumber: order.number,
      StatusCode: 'PENDING',
      VerifyFlag: false,
    });
    const form = await api.call('purchaseOrderForm', token('manager'), { PurchaseOrder: order.id });
    const versions = form.records?.Versions ?? [];
    expect(versions.map((version) => version.Version)).toEqual([2, 1]);
    expect(versions[0]?.Changes).toEqual([
      'Grand total: ₹2,53,288.00 → ₹2,43,199.00',
      'Line 1 rate: ₹45,000.00 → ₹42,000.00',
    ]);
    expect(versions[1]?.Changes).toEqual([]);
    const actions = (await api.auditOf('purchase_order', order.id)).map((entry) => entry.action);
    expect(actions).toEqual([
      'Draft saved',
      'Submitted',
      'Rejected at verification',
      'Revised',
      'Resubmitted',
    ]);
  });
});

describe('refusals', () => {
  it('refuses what may not be written, changing nothing', async () => {
    const p = await partsOnce();
    const pending = await anOrderThrough(flow, p, 'pending');
    const foreign = await aBranch(api.db);
    const body = orderBody(logins.branch(), p);
    const retired = await anAssetType(api.db);
    await api.db
      .updateTable('assetTypes')
      .set({ active: false })
      .where('id', '=', retired.id)
      .execute();
    await api.expectEachRefusedWithoutChange([
      [
        () => api.call('purchaseOrderSave', token('verifier'), body),
        'Your role may not write purchase orders.',
      ],
      [
        () => api.call('purchaseOrderSave', token('manager'), orderBody(foreign.id, p)),
        'You do not work in that branch.',
      ],
      [
        () =>
          api.call('purchaseOrderSave', token('manager'), { ...body, PurchaseOrder: pending.id }),
        `Order ${pending.number} is pending: only a draft or a rejected order can be edited.`,
      ],
      [
        () =>
          api.call('purchaseOrderSave', token('manager'), {
            ...body,
            Lines: [{ ...body.Lines[1], DiscountAmount: '90000.00' }],
          }),
        "Line 1: the discount (₹90,000.00) is more than the line's amount (₹77,001.00).",
      ],
      [
        () =>
          api.call('purchaseOrderSave', token('manager'), {
            ...body,
            Lines: [{ ...body.Lines[0], TaxRate: 15 }],
          }),
        /TaxRate/,
        422,
      ],
      [
        () =>
          api.call('purchaseOrderSave', token('manager'), {
            ...body,
            Lines: [{ ...body.Lines[0], Accessory: p.accessory.id }],
          }),
        /names an asset type or an accessory/,
        422,
      ],
      [
        () =>
          api.call('purchaseOrderSave', token('manager'), {
            ...body,
            ExpectedDeliveryDate: '2026-10-01',
          }),
        'ExpectedDeliveryDate cannot be before the order date.',
      ],
      [
        () =>
          api.call('purchaseOrderSave', token('manager'), {
            ...body,
            Lines: [
              body.Lines[0],
              { ...body.Lines[1], AssetType: retired.id, Brand: retired.brandId },
            ],
          }),
        /^Line 2: Asset type Test Asset Type \d+ is InActive: choose another\.$/,
      ],
      [
        () =>
          api.call('purchaseOrderSubmit', token('verifier'), {
            PurchaseOrder: pending.id,
            BilledBranch: logins.branch(),
          }),
        'Your role may not write purchase orders.',
      ],
    ]);
  });
});

describe('closing short', () => {
  it('closes an approved order with a reason, and nothing else', async () => {
    const p = await partsOnce();
    const approved = await anOrderThrough(flow, p, 'approved');
    const pending = await anOrderThrough(flow, p, 'pending');
    const close = (order: { id: number; number: string }) =>
      api.call('purchaseOrderClose', token('manager'), {
        PurchaseOrder: order.id,
        PurchaseOrderNumber: order.number,
        BilledBranch: logins.branch(),
        Reason: 'Vendor cannot supply the rest.',
      });
    await api.expectRefusedWithoutChange(() => close(pending), {
      output: 'Only an approved or partly received order can be closed short.',
    });
    const closed = await close(approved);
    expect(closed.records).toMatchObject({ StatusTxt: 'Closed Short', StatusCode: 'CLOSED_SHORT' });
    const receipt = await api.call('purchaseOrderReceipt', token('manager'), {
      PurchaseOrder: approved.id,
      BilledBranch: logins.branch(),
    });
    expect(receipt.records).toMatchObject({
      ReceiveFlag: false,
      CloseReason: 'Vendor cannot supply the rest.',
    });
    expect(receipt.records?.Lines.map((line) => line.Pending)).toEqual([0, 0, 0]);
  });
});

describe('the form’s choices and the quotation', () => {
  it('offers the branch’s vendors with their GSTINs, types with their rates, and the terms', async () => {
    const p = await partsOnce();
    const choices = await api.call('purchaseOrderChoices', token('manager'), {
      BilledBranch: logins.branch(),
    });
    expect(choices.records?.StateCode).toBe('33');
    expect(choices.records?.Vendors.find((vendor) => vendor.VendorId === p.vendor)?.Gstin).toMatch(
      /^33/,
    );
    expect(
      choices.records?.AssetTypes.find((type) => type.AssetTypeId === p.monitor.id)?.TaxRate,
    ).toBe(18);
    expect(choices.records?.Accessories.map((a) => a.AccessoryId)).toContain(p.accessory.id);
    const refused = await api.call('purchaseOrderChoices', token('viewer'), {
      BilledBranch: logins.branch(),
    });
    expect(refused).toMatchObject({ flag: 0, output: 'Your role may not write purchase orders.' });
  });

  it('keeps a quotation checked by its content, on a draft only', async () => {
    const p = await partsOnce();
    const draft = await anOrderThrough(flow, p, 'draft');
    const pending = await anOrderThrough(flow, p, 'pending');
    const send = async (order: number, bytes: Buffer, name: string) => {
      const { body, contentType } = await multipartBody(
        { UserInterface: '1', PurchaseOrder: String(order) },
        [{ field: 'File', name, type: 'application/pdf', bytes }],
      );
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/purchase-order/quotation-store',
        payload: body,
        headers: { 'content-type': contentType, authorization: `Bearer ${token('manager')}` },
      });
      return response.json() as { flag: number; output: string };
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    expect(await send(draft.id, Buffer.from('not a pdf at all'), 'q.pdf')).toMatchObject({
      flag: 0,
      output: expect.stringMatching(/^The file is not a PDF, PNG, JPEG or WebP file/),
    });
    expect(await send(pending.id, pdf, 'q.pdf')).toMatchObject({
      flag: 0,
      output: 'The quotation of a draft or a rejected order can be changed, not this one.',
    });
    expect(await send(draft.id, pdf, 'q.pdf')).toMatchObject({
      flag: 1,
      output: 'Quotation attached.',
    });
    const form = await api.call('purchaseOrderForm', token('manager'), { PurchaseOrder: draft.id });
    expect(form.records?.QuotationUrl).toMatch(/^files\/quotations\/[0-9a-f]{24}\.pdf$/);
  });
});
