import {
  computePurchaseOrderTotals,
  formatPaise,
  isGstRate,
  type PurchaseOrderLineInput,
  type PurchaseOrderTotals,
  type Supply,
  supplyOf,
  toPaise,
} from '@branch-assets/domain';
import type { PurchaseOrderFormQuery, PurchaseOrderInput } from '../../../gql/graphql.ts';

/*
 * The order form's values (text, as inputs hold them) to and from the gateway's, and the live
 * totals: the domain's computePurchaseOrderTotals, the function the server stores the totals
 * with, so the form shows the order's numbers to the paisa as the user types.
 */

export type LineKind = 'ASSET' | 'ACCESSORY';
export type DiscountMode = 'AMOUNT' | 'PERCENT';

export interface LineValues {
  kind: LineKind;
  categoryId: string;
  subCategoryId: string;
  assetTypeId: string;
  accessoryId: string;
  brandId: string;
  itemName: string;
  model: string;
  quantity: string;
  rate: string;
  discountMode: DiscountMode;
  discount: string;
  taxRate: string;
  deliveryBranchId: string;
  warrantyMonths: string;
}

export interface OrderValues {
  billedBranchId: string;
  shippedBranchId: string;
  vendorId: string;
  date: string;
  expectedDeliveryDate: string;
  paymentTerms: string;
  remarks: string;
  terms: string;
  freight: string;
  /** '' when freight is not taxed. */
  freightTaxRate: string;
  lines: LineValues[];
}

export const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
export const WHOLE = /^[1-9]\d{0,5}$/;
export const PERCENT = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

export function blankLine(kind: LineKind = 'ASSET'): LineValues {
  return {
    kind,
    categoryId: '',
    subCategoryId: '',
    assetTypeId: '',
    accessoryId: '',
    brandId: '',
    itemName: '',
    model: '',
    quantity: '1',
    rate: '',
    discountMode: 'PERCENT',
    discount: '',
    taxRate: '18',
    deliveryBranchId: '',
    warrantyMonths: '',
  };
}

export function blankOrder(billedBranchId: string, today: string, terms: string): OrderValues {
  return {
    billedBranchId,
    shippedBranchId: billedBranchId,
    vendorId: '',
    date: today,
    expectedDeliveryDate: '',
    paymentTerms: '',
    remarks: '',
    terms,
    freight: '',
    freightTaxRate: '',
    lines: [blankLine()],
  };
}

type SavedForm = PurchaseOrderFormQuery['purchaseOrderForm'];

/** Remarks are kept as sanitised HTML; the form edits them as text, a paragraph a line. */
export function remarksText(html: string): string {
  const text = html
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text.replace(/\n{2,}/g, '\n').trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function remarksHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

const decimalText = (amount: string) => {
  const paise = toPaise(amount);
  const text = formatPaise(paise);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
};

export function orderValuesOf(form: SavedForm): OrderValues {
  return {
    billedBranchId: form.billedBranchId,
    shippedBranchId: form.shippedBranchId,
    vendorId: form.vendorId,
    date: form.date,
    expectedDeliveryDate: form.expectedDeliveryDate ?? '',
    paymentTerms: form.paymentTerms,
    remarks: remarksText(form.remarksHtml),
    terms: form.terms,
    freight: toPaise(form.freight) === 0 ? '' : decimalText(form.freight),
    freightTaxRate: form.freightTaxRate === null ? '' : String(form.freightTaxRate),
    lines: form.lines.map((line) => ({
      kind: line.accessoryId ? 'ACCESSORY' : 'ASSET',
      categoryId: line.categoryId ?? '',
      subCategoryId: line.subCategoryId ?? '',
      assetTypeId: line.assetTypeId ?? '',
      accessoryId: line.accessoryId ?? '',
      brandId: line.brandId ?? '',
      itemName: line.itemName,
      model: line.model,
      quantity: String(line.quantity),
      rate: decimalText(line.rate),
      discountMode: line.discountPercent === null ? 'AMOUNT' : 'PERCENT',
      discount:
        line.discountPercent === null
          ? toPaise(line.discountAmount) === 0
            ? ''
            : decimalText(line.discountAmount)
          : String(line.discountPercent),
      taxRate: String(line.taxRate),
      deliveryBranchId: line.deliveryBranchId ?? '',
      warrantyMonths: line.warrantyMonths === null ? '' : String(line.warrantyMonths),
    })),
  };
}

const optional = (text: string) => (text.trim() === '' ? null : text.trim());
/** The gateway's Decimal: rupees with exactly two decimals ('2400' → '2400.00'). */
const decimal = (text: string) => formatPaise(toPaise(text.trim()));

export function orderInputOf(values: OrderValues, id: string | null): PurchaseOrderInput {
  return {
    id,
    billedBranchId: values.billedBranchId,
    shippedBranchId: values.shippedBranchId,
    vendorId: values.vendorId,
    date: values.date,
    expectedDeliveryDate: optional(values.expectedDeliveryDate),
    paymentTerms: values.paymentTerms.trim(),
    remarksHtml: remarksHtml(values.remarks),
    terms: values.terms.trim(),
    freight: decimal(optional(values.freight) ?? '0'),
    freightTaxRate: values.freightTaxRate === '' ? null : Number(values.freightTaxRate),
    lines: values.lines.map((line) => {
      const asset = line.kind === 'ASSET';
      const discount = optional(line.discount);
      return {
        assetTypeId: asset ? line.assetTypeId : null,
        accessoryId: asset ? null : line.accessoryId,
        brandId: asset ? line.brandId : null,
        itemName: line.itemName.trim(),
        model: optional(line.model),
        quantity: Number(line.quantity),
        rate: MONEY.test(line.rate.trim()) ? decimal(line.rate) : line.rate.trim(),
        discountAmount:
          line.discountMode === 'AMOUNT' && discount !== null ? decimal(discount) : null,
        discountPercent: line.discountMode === 'PERCENT' && discount ? Number(discount) : null,
        taxRate: Number(line.taxRate),
        deliveryBranchId: optional(line.deliveryBranchId),
        warrantyMonths: asset && line.warrantyMonths !== '' ? Number(line.warrantyMonths) : null,
      };
    }),
  };
}

/** A line as the domain computes it, or null while it is not complete. */
function lineInput(line: LineValues): PurchaseOrderLineInput | null {
  if (!WHOLE.test(line.quantity) || !MONEY.test(line.rate.trim())) return null;
  const taxRate = Number(line.taxRate);
  if (!isGstRate(taxRate)) return null;
  const discount = line.discount.trim();
  if (discount !== '' && !(line.discountMode === 'AMOUNT' ? MONEY : PERCENT).test(discount))
    return null;
  return {
    quantity: Number(line.quantity),
    rate: toPaise(line.rate.trim()),
    discount:
      discount === ''
        ? 0
        : line.discountMode === 'AMOUNT'
          ? toPaise(discount)
          : { percent: Number(discount) },
    taxRate,
  };
}

export interface LiveTotals {
  supply: Supply;
  totals: PurchaseOrderTotals;
  /** For each line of the form, its index in totals.lines, or null when it is not complete. */
  lineIndex: (number | null)[];
}

/**
 * The order's totals as the server will compute them, from the lines complete so far; null until
 * one is (or when a discount exceeds its line, which the form shows at the line).
 */
export function liveTotals(
  values: Pick<OrderValues, 'lines' | 'freight' | 'freightTaxRate'>,
  vendorGstin: string | null,
  billedStateCode: string,
): LiveTotals | null {
  let supply: Supply;
  try {
    supply = supplyOf(vendorGstin, billedStateCode);
  } catch {
    return null;
  }
  const inputs: PurchaseOrderLineInput[] = [];
  const lineIndex = values.lines.map((line) => {
    const input = lineInput(line);
    if (!input) return null;
    inputs.push(input);
    return inputs.length - 1;
  });
  if (inputs.length === 0) return null;
  const freightText = values.freight.trim() === '' ? '0' : values.freight.trim();
  if (!MONEY.test(freightText)) return null;
  const freightRate = values.freightTaxRate === '' ? null : Number(values.freightTaxRate);
  try {
    const totals = computePurchaseOrderTotals(
      inputs,
      freightRate === null
        ? toPaise(freightText)
        : { amount: toPaise(freightText), taxRate: freightRate },
      supply,
    );
    return { supply, totals, lineIndex };
  } catch {
    return null;
  }
}

/** What a line of the form came to, as the line shows it. */
export interface ComputedLineView {
  taxable: number;
  tax: number;
  total: number;
}

export function lineView(live: LiveTotals | null, index: number): ComputedLineView | null {
  const at = live?.lineIndex[index];
  if (at === null || at === undefined || !live) return null;
  const line = live.totals.lines[at];
  if (!line) return null;
  return { taxable: line.taxable, tax: line.cgst + line.sgst + line.igst, total: line.total };
}
