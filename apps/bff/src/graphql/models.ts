import type { PurchaseOrderList, PurchaseOrderRow } from '@branch-assets/legacy-contract';

/*
 * The values resolvers pass between them where a GraphQL type has no legacy record of its own.
 * Everything else is mapped straight to its legacy record type (codegen.ts).
 */

export interface SessionModel {
  authenticated: boolean;
}

export interface StatusChipModel {
  text: string;
  background: string;
  color: string;
}

export interface PurchaseOrderListModel {
  list: PurchaseOrderList;
  branchId: string;
}

export interface DecisionResultModel {
  message: string;
  row: PurchaseOrderRow;
}
