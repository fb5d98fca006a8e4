import { graphql } from '../../gql/index.ts';

/** The dashboard's title and description, and whether the user may open it. */
export const DashboardPageQuery = graphql(`
  query DashboardPage {
    pageInfo(module: "dashboard", action: "list") { title description permitted }
  }
`);

/** One of the user's branches (`branchId`), or all of them (no `branchId`). */
export const DashboardQuery = graphql(`
  query Dashboard($branchId: ID) {
    dashboard(branchId: $branchId) {
      asOf
      financialYear
      branches { branchId branchCode branchName }
      tiles {
        assetsTotal assetsValue criticalDown openJobOrders jobOrdersPastTarget preventiveDue
        preventiveOverdue warrantiesEnding contractsEnding assetsUncovered
        receiptsAwaitingInstallation transfersToApprove transfersToDispatch transfersToReceive
        accessoriesBelowMinimum auditsDue ordersToVerify ordersToApprove
      }
      assetsByStatus { status count value }
      assetsByCategory { categoryId categoryName count value }
      criticalAssets { assetId tag name branchCode status downSince downtimeHours }
      spendByMonth { month orders amount }
      jobsByWeek { weekStart opened closed }
    }
  }
`);
