import { aStaffMember } from '@branch-assets/legacy-api/testing';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aBranchWithOrders } from '../test/branch-data.ts';
import { type Client, expectRefused, loggedIn, useStack } from '../test/harness.ts';
import { type RunningProxy, startLegacyWithoutPaging } from '../test/legacy-without-paging.ts';

/*
 * Every list field against a legacy server that pages (ours) and one that does not (ours behind a
 * proxy that drops the paging fields, as the company's own server ignores them): the same page,
 * count and order both ways, for every sortable column, searches and filters.
 */

interface Page {
  totalCount: number;
  page: number;
  pageSize: number;
  headers: { value: string; sortable: boolean }[];
  rows: { id: string }[];
}

type Args = Record<string, string | number | boolean>;

/** A list field asked with `args` (the list's own arguments and the paging ones). */
function listDocument(field: string, args: Args): TypedDocumentNode<Record<string, Page>, Args> {
  const signature = Object.keys(args).length
    ? `(${Object.entries(args)
        .map(
          ([name, value]) =>
            `${name}: ${typeof value === 'string' && /^[A-Z_]+$/.test(value) && name !== 'search' && name !== 'sortBy' ? value : JSON.stringify(value)}`,
        )
        .join(', ')})`
    : '';
  return parse(`{ list: ${field}${signature} {
    totalCount page pageSize headers { value sortable } rows { id }
  } }`) as TypedDocumentNode<Record<string, Page>, Args>;
}

const stack = useStack(['admin']);
let proxy: RunningProxy;
let legacyWay: Client;
/** A branch of the tests' own, with more orders and staff than a page holds, in every state. */
let branchId: string;

beforeAll(async () => {
  const { branch } = await aBranchWithOrders(stack.db, { count: 14 });
  for (let index = 0; index < 11; index += 1)
    await aStaffMember(stack.db, { branches: [branch.id] });
  branchId = String(branch.id);
  proxy = await startLegacyWithoutPaging(stack.legacy.url);
  const gateway = await stack.gatewayWith({ LEGACY_API_URL: proxy.url });
  legacyWay = await loggedIn(gateway.url, 'admin');
});
afterAll(() => proxy?.close());

async function both(field: string, args: Args) {
  const document = listDocument(field, args);
  const [paged, whole] = await Promise.all([
    stack.users.admin.graphql(document),
    legacyWay.graphql(document),
  ]);
  expect(paged.errors, JSON.stringify(args)).toBeUndefined();
  expect(whole.errors, JSON.stringify(args)).toBeUndefined();
  const [a, b] = [paged.data?.list, whole.data?.list];
  if (!a || !b) throw new Error(`${field}: no list`);
  return { paged: a, whole: b };
}

async function expectSame(field: string, args: Args) {
  const { paged, whole } = await both(field, args);
  expect(whole, `${field} ${JSON.stringify(args)}`).toEqual(paged);
  return paged;
}

/** The lists and their own arguments: the tests' branch, and a state of the reference data. */
async function lists(): Promise<[string, Args][]> {
  const ids = parse(`{ states: masterOptions(list: STATE) { value text } }`) as TypedDocumentNode<
    { states: { value: string; text: string }[] },
    Record<string, never>
  >;
  const answer = (await stack.users.admin.graphql(ids)).data;
  const state = answer?.states.find((candidate) => candidate.text === 'Tamil Nadu')?.value;
  if (!state) throw new Error('no state Tamil Nadu');
  const branch = branchId;
  return [
    ['purchaseOrders', { branchId: branch }],
    ['purchaseOrders', { branchId: branch, status: 'APPROVED' }],
    ['vendors', {}],
    ['vendors', { stateId: state }],
    ['companies', {}],
    ['staff', {}],
    ['staff', { branchId: branch }],
    ['masterRecords', { list: 'CITY' }],
    ['masterRecords', { list: 'DESIGNATION' }],
    ['menuItems', {}],
    ['gallery', {}],
    ['branchRecords', {}],
    ['branchRecords', { stateId: state }],
  ];
}

describe('every list, with and without paging upstream', () => {
  it('answers the same pages, counts and orders either way', async () => {
    for (const [field, own] of await lists()) {
      const all = await expectSame(field, { ...own, pageSize: 1000 });
      // No paging argument: the first page of the server's own size, and the whole count.
      const first = await expectSame(field, own);
      expect(first.page).toBe(1);
      expect(first.pageSize).toBe(10);
      expect(first.totalCount).toBe(all.totalCount);
      expect(first.rows).toEqual(all.rows.slice(0, 10));
      await expectSame(field, { ...own, page: 2, pageSize: 3 });
      await expectSame(field, { ...own, page: 1000, pageSize: 5 });
      for (const header of all.headers.filter((candidate) => candidate.sortable)) {
        if (header.value === 'Actions') continue;
        await expectSame(field, { ...own, sortBy: header.value, pageSize: 4 });
        await expectSame(field, {
          ...own,
          sortBy: header.value,
          sortDesc: true,
          page: 2,
          pageSize: 4,
        });
      }
      for (const search of ['a', 'chennai', 'pending 2026', 'zzqx-none']) {
        await expectSame(field, { ...own, search, pageSize: 50 });
      }
    }
    expect(proxy.listCalls).toBeGreaterThan(100);
  });

  it('a filter narrows the count: approved orders, one state’s vendors', async () => {
    const [[, orders] = ['', {}], [, approved] = ['', {}]] = await lists();
    const every = await expectSame('purchaseOrders', { ...orders, pageSize: 1000 });
    const only = await expectSame('purchaseOrders', { ...approved, pageSize: 1000 });
    expect(only.totalCount).toBeGreaterThan(0);
    expect(only.totalCount).toBeLessThan(every.totalCount);
  });

  it.each([
    [{ page: 0 }, /^page must be a whole number from 1/],
    [{ pageSize: 5001 }, /^pageSize must be a whole number from 1 to 5000/],
    [{ search: 'x'.repeat(101) }, /^search must be at most 100 characters/],
    [{ sortBy: 'NoSuchColumn' }, /^sortBy NoSuchColumn is not a column of the list/],
    // A field of the rows that is no sortable column: named by GraphQL names either way.
    [
      { sortBy: 'canEdit' },
      /^sortBy (canEdit is not a column the list sorts by|must be one of code, name, )/,
    ],
  ])('refuses %j as BAD_USER_INPUT either way', async (args, message) => {
    for (const client of [stack.users.admin, legacyWay]) {
      expectRefused(await client.graphql(listDocument('vendors', args)), 'BAD_USER_INPUT', message);
    }
  });
});
