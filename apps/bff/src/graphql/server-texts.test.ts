import { fillTemplate, SERVER_TEXTS, serverEng } from '@branch-assets/i18n/server';
import { aVendor } from '@branch-assets/legacy-api/testing';
import { describe, expect, it } from 'vitest';
import { aBranchWithOrders, ORDER_STATES } from '../test/branch-data.ts';
import { graphql } from '../test/gql/index.ts';
import { Client, useStack } from '../test/harness.ts';

/*
 * The server's texts in the caller's language (Accept-Language), by their stable keys; English,
 * and whatever has no key, as the server sent it.
 */

const MenuAndPage = graphql(`
  query ServerTextsMenu {
    menu { text link children { text link } }
    pageInfo(module: "purchase_order", action: "list") { title description }
    branchOptions { value text }
  }
`);

const Orders = graphql(`
  query ServerTextsOrders($branchId: ID!) {
    purchaseOrders(branchId: $branchId, pageSize: 100) {
      headers { text value }
      rows {
        id number billedBranchId
        status { text code } verification { text code } approval { text code }
        actions { verify }
      }
    }
  }
`);

const Vendors = graphql(`
  query ServerTextsVendors($search: String) {
    vendors(search: $search, pageSize: 3) { headers { text value } rows { status { text code } } }
  }
`);

const Verify = graphql(`
  mutation ServerTextsVerify($input: PurchaseOrderDecisionInput!) {
    verifyPurchaseOrder(input: $input) { message }
  }
`);

const stack = useStack(['admin']);
const { admin } = stack.users;
const TAMIL = { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' };
const tam = SERVER_TEXTS.tam;

async function home(headers: Record<string, string> = {}) {
  const answer = await admin.graphql(MenuAndPage, {}, headers);
  expect(answer.errors).toBeUndefined();
  if (!answer.data) throw new Error('no answer');
  return answer.data;
}

describe('server texts in the caller language', () => {
  it('words the menu, a page, headers and statuses in Tamil, and leaves English as sent', async () => {
    // A branch of the test's own, with an order in every state.
    const { branch } = await aBranchWithOrders(stack.db);
    const english = await home();
    const tamil = await home(TAMIL);
    expect(english.branchOptions.map((option) => option.value)).toContain(String(branch.id));
    const purchase = (menu: typeof english.menu) =>
      menu.find(
        (item) =>
          item.link === '' && item.children.some((child) => child.link === '/purchase-order/list'),
      );
    expect(purchase(english.menu)?.text).toBe('Purchase');
    expect(purchase(tamil.menu)?.text).toBe(tam.menuGroups.Purchase);
    expect(
      purchase(tamil.menu)?.children.find((child) => child.link === '/purchase-order/list')?.text,
    ).toBe(tam.pages.purchase_order.title);
    expect(english.pageInfo).toEqual({
      title: 'Purchase Orders',
      description: serverEng.pages.purchase_order.description,
    });
    expect(tamil.pageInfo).toEqual({
      title: tam.pages.purchase_order.title,
      description: tam.pages.purchase_order.description,
    });

    const ordersIn = async (headers: Record<string, string>) => {
      const answer = await admin.graphql(Orders, { branchId: String(branch.id) }, headers);
      expect(answer.errors).toBeUndefined();
      if (!answer.data) throw new Error('no orders');
      return answer.data.purchaseOrders;
    };
    const [inEnglish, inTamil] = [await ordersIn({}), await ordersIn(TAMIL)];
    expect(inEnglish.headers.find((header) => header.value === 'number')?.text).toBe('PO Number');
    expect(inTamil.headers.find((header) => header.value === 'number')?.text).toBe(
      tam.columns.purchaseOrder.number,
    );
    expect(inTamil.headers.find((header) => header.value === 'status')?.text).toBe(
      tam.columns.any.status,
    );
    expect(inTamil.rows.length).toBe(ORDER_STATES.length);
    inTamil.rows.forEach((row, index) => {
      const sent = inEnglish.rows[index];
      for (const track of ['status', 'verification', 'approval'] as const) {
        const code = row[track].code as keyof typeof tam.statuses;
        expect(code).toBe(sent?.[track].code);
        expect(sent?.[track].text).toBe(serverEng.statuses[code]);
        expect(row[track].text).toBe(tam.statuses[code]);
      }
    });

    const vendor = await stack.db
      .selectFrom('vendors')
      .select('name')
      .where('id', '=', await aVendor(stack.db))
      .executeTakeFirstOrThrow();
    const vendors = await admin.graphql(Vendors, { search: vendor.name }, TAMIL);
    expect(vendors.data?.vendors.headers.find((header) => header.value === 'name')?.text).toBe(
      tam.columns.vendor.name,
    );
    expect(vendors.data?.vendors.rows.map((row) => row.status)).toEqual([
      { text: tam.statuses.ACTIVE, code: 'ACTIVE' },
    ]);
  });

  it('words a message by its code, and a message without one as the server wrote it', async () => {
    const {
      branch,
      orders: [made],
    } = await aBranchWithOrders(stack.db, { count: 1 });
    const orders = await admin.graphql(Orders, { branchId: String(branch.id) });
    const order = orders.data?.purchaseOrders.rows.find((row) => row.number === made?.poNumber);
    if (!order) throw new Error('no order to verify');
    expect(order.actions.verify).toBe(true);
    const input = {
      id: order.id,
      number: order.number,
      billedBranchId: order.billedBranchId,
      decision: 'ACCEPT' as const,
      reason: 'Checked',
    };

    const wrongNumber = await admin.graphql(
      Verify,
      { input: { ...input, number: `${order.number}-X` } },
      TAMIL,
    );
    expect(wrongNumber.errors?.[0]?.message).toBe(tam.messages['purchaseOrder.notFound']);

    const verified = await admin.graphql(Verify, { input }, TAMIL);
    expect(verified.errors).toBeUndefined();
    expect(verified.data?.verifyPurchaseOrder.message).toBe(
      fillTemplate(tam.messages['purchaseOrder.verified'], { number: order.number }),
    );

    const again = await admin.graphql(Verify, { input }, TAMIL);
    expect(again.errors?.[0]?.message).toBe(
      fillTemplate(tam.messages['purchaseOrder.isAlreadyVerified'], { number: order.number }),
    );

    // A refusal that has no code yet (a field's check) reaches every language as the server wrote it.
    const unreasoned = await admin.graphql(Verify, { input: { ...input, reason: '   ' } }, TAMIL);
    expect(unreasoned.errors?.[0]?.message).toBe('Reason is required');
  });

  it('words a refused login in the language the login page asks in', async () => {
    const refused = async (headers: Record<string, string>) => {
      const response = await new Client(admin.baseUrl).fetch('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ username: 'nobody-of-server-texts', password: 'Wrong@1234' }),
      });
      return ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await refused({ 'accept-language': 'hi-IN' })).toBe(
      SERVER_TEXTS.hin.messages['auth.invalidLogin'],
    );
    expect(await refused({})).toBe(serverEng.messages['auth.invalidLogin']);
  });
});
