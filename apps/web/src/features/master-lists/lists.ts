import type { MasterList } from '../../gql/graphql.ts';

/** What the screen needs to know of each master list beyond what the server says. */
export interface MasterListScreen {
  list: MasterList;
  /** The list its records sit under, for the parent select and filter. */
  parent: MasterList | null;
  /** Asset types carry a GST rate. */
  taxRate: boolean;
}

export const MASTER_LIST_SCREENS: Record<MasterList, MasterListScreen> = {
  DESIGNATION: { list: 'DESIGNATION', parent: null, taxRate: false },
  BRAND: { list: 'BRAND', parent: null, taxRate: false },
  ASSET_CATEGORY: { list: 'ASSET_CATEGORY', parent: null, taxRate: false },
  SUB_CATEGORY: { list: 'SUB_CATEGORY', parent: 'ASSET_CATEGORY', taxRate: false },
  ASSET_TYPE: { list: 'ASSET_TYPE', parent: 'SUB_CATEGORY', taxRate: true },
};

/** The legacy routes of the master lists. */
export const MASTER_LIST_ROUTES: Record<string, MasterList> = {
  'designation/lists': 'DESIGNATION',
  'brand/lists': 'BRAND',
  'asset-category/lists': 'ASSET_CATEGORY',
  'category-sub/list': 'SUB_CATEGORY',
  'asset-type/lists': 'ASSET_TYPE',
};
