/**
 * Figure 7, procurement: the totals of a 100-line order computed by the domain's rules (what the
 * order form recomputes on every keystroke), saving that order through the gateway as the branch's
 * manager, the PDF of it once approved, and a goods receive note that makes 500 assets, with the
 * purchase-order list's first page timed meanwhile (does the note hold others up?), three times.
 *
 * The orders are written in the home branch (CHN-ANN), where the demo's manager, verifier and
 * approver all work: the manager saves and submits, the verifier verifies, the approver approves,
 * the manager prints the PDF and records the note.
 */
import {
  computePurchaseOrderTotals,
  type Freight,
  isoDate,
  PURCHASE_GST_RATES,
  type PurchaseOrderLineInput,
} from '@branch-assets/domain';
import { PDFDocument } from 'pdf-lib';
import { request } from 'undici';
import { type Context, list } from './api.ts';
import { dataOf, gatewayToken, graphql, type Latency, latencyOf } from './client.ts';
import { PAGE_SIZE } from './settings.ts';

/** Lines of the order whose totals, save and PDF are timed. */
export const ORDER_LINES = 100;
/** Units of the order received at once. */
export const RECEIVED_UNITS = 500;
/** Timed runs of the totals (after as many untimed). */
const TOTALS_RUNS = 2000;
/** Timed saves of each kind (a new draft, a change to a draft), after SAVE_WARM_UP untimed. */
const SAVES = 30;
const SAVE_WARM_UP = 5;
const PDF_RUNS = 10;
/** Notes of RECEIVED_UNITS each, one per order. */
const NOTES = 3;
/** The list's first page timed one at a time before the notes. */
const PROBES_BEFORE = 30;

const SAVE = `mutation SavePurchaseOrder($input: PurchaseOrderInput!) {
  savePurchaseOrder(input: $input) {
    message
    purchaseOrder { id number status { text background color } actions { edit preview } }
  }
}`;

const SUBMIT = `mutation SubmitPurchaseOrder($id: ID!) {
  submitPurchaseOrder(id: $id) { message purchaseOrder { id number } }
}`;

const VERIFY = `mutation VerifyPurchaseOrder($input: PurchaseOrderDecisionInput!) {
  verifyPurchaseOrder(input: $input) { message }
}`;

const APPROVE = `mutation ApprovePurchaseOrder($input: PurchaseOrderDecisionInput!) {
  approvePurchaseOrder(input: $input) { message purchaseOrder { documentUrl status { text } } }
}`;

const RECEIPT = `query PurchaseOrderReceipt($id: ID!) {
  purchaseOrderReceipt(id: $id) { canReceive lines { id kind ordered pending } }
}`;

/** What the form sends back: the note's header, not its 500 assets. */
const SAVE_NOTE = `mutation SaveGoodsReceiptNote($input: GoodsReceiptNoteInput!) {
  saveGoodsReceiptNote(input: $input) {
    message
    note { id number acceptedUnits rejectedUnits status { text } }
  }
}`;

const OPTIONS = `query ProcurementOptions($branchId: ID!) {
  vendorOptions { value text }
  assetTypes: masterOptions(list: ASSET_TYPE) { value text }
  brands: masterOptions(list: BRAND) { value text }
  accessoryOptions { value text }
  assetLocationOptions(branchId: $branchId) { value text }
  staffOptions(branchId: $branchId) { value text }
}`;

interface Option {
  value: string;
  text: string;
}

interface Options {
  vendorOptions: Option[];
  assetTypes: Option[];
  brands: Option[];
  accessoryOptions: Option[];
  assetLocationOptions: Option[];
  staffOptions: Option[];
}

export interface ProcurementFigures {
  totals: {
    lines: number;
    runs: number;
    /** The very first call in this process (cold: V8 has not compiled it yet). */
    firstMs: number;
    latency: Latency;
  };
  save: {
    lines: number;
    /** A new draft each time (the form's first save). */
    created: Latency;
    /** The same draft saved again with changes (its lines replaced). */
    changed: Latency;
    /** The request's JSON, bytes. */
    bytes: number;
  };
  pdf: { lines: number; ms: number[]; bytes: number; pages: number };
  receipt: {
    units: number;
    /** Of each note, in turn. */
    accepted: number[];
    seconds: number[];
    /** The purchase-order list's first page, one request at a time, before and during the notes. */
    before: Latency;
    during: Latency;
    slowestDuring: number;
  };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** A believable mix: every GST rate, percentage and amount discounts, no discount, 1–12 units. */
function lineFigures(index: number): {
  quantity: number;
  rate: number;
  taxRate: number;
  discount: { percent: number } | number;
} {
  const quantity = 1 + ((index * 7) % 12);
  const rate = 45_000 + ((index * 7_919) % 1_850_000); // ₹450.00 – ₹18,950.00 (paise)
  const taxRate = PURCHASE_GST_RATES[index % PURCHASE_GST_RATES.length] ?? 18;
  const discount =
    index % 3 === 0
      ? { percent: [2.5, 5, 7.25, 10][index % 4] ?? 5 }
      : index % 3 === 1
        ? 10_000 + (index % 5) * 2_550 // ₹100.00 – ₹202.00 off the line
        : 0;
  return { quantity, rate, taxRate, discount };
}

function timeTotals(): ProcurementFigures['totals'] {
  const lines: PurchaseOrderLineInput[] = Array.from({ length: ORDER_LINES }, (_, index) => {
    const { quantity, rate, taxRate, discount } = lineFigures(index);
    return { quantity, rate, taxRate, discount };
  });
  const freight: Freight = { amount: 250_000, taxRate: 18 };
  // As the form does on a keystroke: one line changed, the order computed again.
  const started = performance.now();
  computePurchaseOrderTotals(lines, freight, 'intra');
  const firstMs = performance.now() - started;
  const times: number[] = [];
  let grand = 0;
  for (let run = 0; run < 2 * TOTALS_RUNS; run += 1) {
    const changed = lines.map((line, index) =>
      index === run % ORDER_LINES ? { ...line, quantity: 1 + (run % 9) } : line,
    );
    const at = performance.now();
    const totals = computePurchaseOrderTotals(changed, freight, run % 2 ? 'intra' : 'inter');
    if (run >= TOTALS_RUNS) times.push(performance.now() - at);
    grand += totals.grandTotal;
  }
  if (!(grand > 0)) throw new Error('the totals came to nothing');
  return { lines: ORDER_LINES, runs: TOTALS_RUNS, firstMs, latency: latencyOf(times) };
}

interface Roles {
  manager: string;
  verifier: string;
  approver: string;
}

async function call<Data>(
  context: Context,
  token: string,
  query: string,
  variables: Record<string, unknown>,
  what: string,
): Promise<Data> {
  return dataOf(
    await graphql<Data>(context.gateway.one, context.gateway.url, token, query, variables),
    what,
  );
}

/** The 100-line order as the form sends it: asset lines of many types and some accessories. */
function orderInput(context: Context, options: Options, today: string) {
  const vendor = options.vendorOptions[0];
  if (!vendor || options.assetTypes.length === 0 || options.brands.length === 0)
    throw new Error('no vendor, asset type or brand to order');
  const lines = Array.from({ length: ORDER_LINES }, (_, index) => {
    const { quantity, rate, taxRate, discount } = lineFigures(index);
    const accessory = index % 5 === 4 ? options.accessoryOptions[index % 7] : undefined;
    const type = options.assetTypes[index % options.assetTypes.length] as Option;
    const brand = options.brands[index % options.brands.length] as Option;
    return {
      ...(accessory
        ? { accessoryId: accessory.value, itemName: accessory.text.slice(0, 150) }
        : {
            assetTypeId: type.value,
            brandId: brand.value,
            itemName: `${type.text} ${index + 1}`.slice(0, 150),
            model: `BN-${1000 + index}`,
            warrantyMonths: 12 + (index % 4) * 12,
          }),
      quantity,
      rate: rupees(rate),
      ...(typeof discount === 'number'
        ? discount > 0
          ? { discountAmount: rupees(discount) }
          : {}
        : { discountPercent: discount.percent }),
      taxRate,
    };
  });
  return {
    billedBranchId: context.home,
    shippedBranchId: context.home,
    vendorId: vendor.value,
    date: today,
    expectedDeliveryDate: today,
    paymentTerms: '45 days from delivery',
    remarksHtml: '<p>Deliver to the <strong>Biomedical stores</strong>, 9 am to 5 pm.</p>',
    terms: 'Installation and training included. Warranty from the date of installation.',
    freight: '2500.00',
    freightTaxRate: 18,
    lines,
  };
}

type OrderInput = ReturnType<typeof orderInput>;

async function save(
  context: Context,
  roles: Roles,
  input: OrderInput | (OrderInput & { id: string }),
) {
  return (
    await call<{ savePurchaseOrder: { purchaseOrder: { id: string } } }>(
      context,
      roles.manager,
      SAVE,
      { input },
      'savePurchaseOrder',
    )
  ).savePurchaseOrder.purchaseOrder.id;
}

async function timeSaves(
  context: Context,
  roles: Roles,
  input: OrderInput,
): Promise<{ figures: ProcurementFigures['save']; draft: string }> {
  const created: number[] = [];
  let draft = '';
  for (let index = 0; index < SAVE_WARM_UP + SAVES; index += 1) {
    const started = performance.now();
    draft = await save(context, roles, input);
    if (index >= SAVE_WARM_UP) created.push(performance.now() - started);
  }
  const changed: number[] = [];
  for (let index = 0; index < SAVE_WARM_UP + SAVES; index += 1) {
    // A changed quantity and rate on one line, as a user corrects a figure and saves again.
    const lines = input.lines.map((line, at) =>
      at === index % ORDER_LINES
        ? { ...line, quantity: line.quantity + 1, rate: rupees(100_000 + index * 100) }
        : line,
    );
    const started = performance.now();
    await save(context, roles, { ...input, id: draft, lines });
    if (index >= SAVE_WARM_UP) changed.push(performance.now() - started);
  }
  return {
    figures: {
      lines: ORDER_LINES,
      created: latencyOf(created),
      changed: latencyOf(changed),
      bytes: Buffer.byteLength(JSON.stringify({ query: SAVE, variables: { input } })),
    },
    draft,
  };
}

/** Submitted by the manager, verified by the verifier, approved by the approver. */
async function approve(context: Context, roles: Roles, id: string): Promise<void> {
  const submitted = await call<{ submitPurchaseOrder: { purchaseOrder: { number: string } } }>(
    context,
    roles.manager,
    SUBMIT,
    { id },
    'submitPurchaseOrder',
  );
  const key = {
    id,
    number: submitted.submitPurchaseOrder.purchaseOrder.number,
    billedBranchId: context.home,
  };
  await call(
    context,
    roles.verifier,
    VERIFY,
    { input: { ...key, decision: 'ACCEPT', reason: 'Rates checked (bench).' } },
    'verifyPurchaseOrder',
  );
  await call(
    context,
    roles.approver,
    APPROVE,
    { input: { ...key, decision: 'ACCEPT', reason: 'Approved (bench).' } },
    'approvePurchaseOrder',
  );
}

async function timePdf(
  context: Context,
  roles: Roles,
  id: string,
): Promise<ProcurementFigures['pdf']> {
  const ms: number[] = [];
  let last = Buffer.alloc(0);
  for (let run = 0; run < PDF_RUNS; run += 1) {
    const started = performance.now();
    const response = await request(`${context.gateway.url}/purchase-orders/${id}/order.pdf`, {
      dispatcher: context.gateway.one,
      headers: { authorization: `Bearer ${roles.manager}` },
    });
    last = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200)
      throw new Error(`order.pdf: HTTP ${response.statusCode} ${last.toString().slice(0, 300)}`);
    ms.push(performance.now() - started);
  }
  const pages = (await PDFDocument.load(new Uint8Array(last))).getPageCount();
  return { lines: ORDER_LINES, ms, bytes: last.length, pages };
}

/** An approved order of one asset line of 500 units, whose line is to be received. */
async function receivableOrder(
  context: Context,
  roles: Roles,
  input: OrderInput,
): Promise<{ id: string; line: string }> {
  const asset = input.lines.find((line) => 'assetTypeId' in line);
  if (!asset) throw new Error('no asset line to receive');
  const id = await save(context, roles, {
    ...input,
    lines: [{ ...asset, itemName: 'Infusion pump (bench)', quantity: RECEIVED_UNITS }],
  });
  await approve(context, roles, id);
  const receipt = await call<{
    purchaseOrderReceipt: { canReceive: boolean; lines: { id: string; pending: number }[] };
  }>(context, roles.manager, RECEIPT, { id }, 'purchaseOrderReceipt');
  const line = receipt.purchaseOrderReceipt.lines[0];
  if (!receipt.purchaseOrderReceipt.canReceive || line?.pending !== RECEIVED_UNITS)
    throw new Error(`the order cannot receive ${RECEIVED_UNITS}: ${JSON.stringify(receipt)}`);
  return { id, line: line.id };
}

/**
 * NOTES orders of 500 units each received in full, one note each, with the purchase-order list's
 * first page requested one at a time while each note is saved (and 30 times before the first).
 */
async function timeReceipts(
  context: Context,
  roles: Roles,
  options: Options,
  input: OrderInput,
  today: string,
): Promise<ProcurementFigures['receipt']> {
  const location = options.assetLocationOptions[0];
  const receiver = options.staffOptions[0];
  if (!location || !receiver) throw new Error(`no location or staff in ${context.home}`);
  const orders = [];
  for (let index = 0; index < NOTES; index += 1)
    orders.push(await receivableOrder(context, roles, input));

  const firstPage = () => list(context, { branchId: context.home, pageSize: PAGE_SIZE });
  const before: number[] = [];
  for (let index = 0; index < PROBES_BEFORE; index += 1) {
    const started = performance.now();
    await firstPage();
    before.push(performance.now() - started);
  }
  const seconds: number[] = [];
  const accepted: number[] = [];
  const during: number[] = [];
  for (const order of orders) {
    let savedAt = 0;
    const started = performance.now();
    // Its own connection (the pool): the list's requests take the other one meanwhile.
    const saving = graphql<{ saveGoodsReceiptNote: { note: { acceptedUnits: number } } }>(
      context.gateway.many,
      context.gateway.url,
      roles.manager,
      SAVE_NOTE,
      {
        input: {
          purchaseOrderId: order.id,
          receivedDate: today,
          invoiceNumber: `INV-BENCH-${Date.now().toString(36).toUpperCase()}`,
          invoiceDate: today,
          receivedById: receiver.value,
          remarks: 'Received in full (bench).',
          lines: [
            {
              purchaseOrderLineId: order.line,
              received: RECEIVED_UNITS,
              accepted: RECEIVED_UNITS,
              rejected: 0,
              locationId: location.value,
            },
          ],
        },
      },
    ).finally(() => {
      savedAt = performance.now();
    });
    // Every request started while the note was being saved counts, the one it ended during too:
    // a request held until the note's transaction commits is what this is to show.
    while (savedAt === 0) {
      const at = performance.now();
      await firstPage();
      during.push(performance.now() - at);
    }
    const answer = await saving;
    seconds.push((savedAt - started) / 1000);
    accepted.push(dataOf(answer, 'saveGoodsReceiptNote').saveGoodsReceiptNote.note.acceptedUnits);
  }
  return {
    units: RECEIVED_UNITS,
    accepted,
    seconds,
    before: latencyOf(before),
    during: latencyOf(during),
    slowestDuring: Math.max(...during),
  };
}

export async function procurementFigures(context: Context): Promise<ProcurementFigures> {
  const totals = timeTotals();
  const roles: Roles = {
    manager: await gatewayToken(context.gateway, 'manager'),
    verifier: await gatewayToken(context.gateway, 'verifier'),
    approver: await gatewayToken(context.gateway, 'approver'),
  };
  const options = await call<Options>(
    context,
    context.token,
    OPTIONS,
    { branchId: context.home },
    'the order form options',
  );
  // The date legacy-api checks a receipt against: today where it runs (this machine).
  const today = isoDate(new Date());
  const input = orderInput(context, options, today);
  const { figures: saved, draft } = await timeSaves(context, roles, input);
  await approve(context, roles, draft);
  const pdf = await timePdf(context, roles, draft);
  const receipt = await timeReceipts(context, roles, options, input, today);
  return { totals, save: saved, pdf, receipt };
}
