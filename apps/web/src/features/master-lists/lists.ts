import type { MasterList } from '../../gql/graphql.ts';

/** What the screen needs to know of each master list beyond what the server says. */
export interface MasterListScreen {
  list: MasterList;
  /** The list its records sit under, for the parent select and filter. */
  parent: MasterList | null;
  /** The parent's parent, to narrow the parent select (state → district for cities). */
  grandparent: MasterList | null;
  /** Asset types carry a GST rate. */
  taxRate: boolean;
  /** States carry their GST state code. */
  gstStateCode: boolean;
}

const plain = { parent: null, grandparent: null, taxRate: false, gstStateCode: false };

export const MASTER_LIST_SCREENS: Record<MasterList, MasterListScreen> = {
  DESIGNATION: { ...plain, list: 'DESIGNATION' },
  BRAND: { ...plain, list: 'BRAND' },
  ASSET_CATEGORY: { ...plain, list: 'ASSET_CATEGORY' },
  SUB_CATEGORY: { ...plain, list: 'SUB_CATEGORY', parent: 'ASSET_CATEGORY' },
  ASSET_TYPE: { ...plain, list: 'ASSET_TYPE', parent: 'SUB_CATEGORY', taxRate: true },
  STATE: { ...plain, list: 'STATE', gstStateCode: true },
  DISTRICT: { ...plain, list: 'DISTRICT', parent: 'STATE' },
  CITY: { ...plain, list: 'CITY', parent: 'DISTRICT', grandparent: 'STATE' },
};

/** The legacy routes of the master lists. */
export const MASTER_LIST_ROUTES: Record<string, MasterList> = {
  'designation/lists': 'DESIGNATION',
  'brand/lists': 'BRAND',
  'asset-category/lists': 'ASSET_CATEGORY',
  'category-sub/list': 'SUB_CATEGORY',
  'asset-type/lists': 'ASSET_TYPE',
  'states/lists': 'STATE',
  'district/lists': 'DISTRICT',
  'city/lists': 'CITY',
};
