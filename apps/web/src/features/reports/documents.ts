import { graphql } from '../../gql/index.ts';

export const FinanceReportPageQuery = graphql(`
  query FinanceReportPage {
    pageInfo(module: "report_finance", action: "list") { title description permitted }
    mayDownload: can(module: "report_finance", action: "download")
    mayListCategories: can(module: "asset_category", action: "list")
    branchOptions { value text }
    vendorOptions { value text }
  }
`);

export const FinanceReportQuery = graphql(`
  query FinanceReport(
    $branchIds: [ID!]!
    $from: Date!
    $to: Date!
    $vendorId: ID
    $categoryId: ID
  ) {
    financeReport(
      branchIds: $branchIds
      from: $from
      to: $to
      vendorId: $vendorId
      categoryId: $categoryId
    ) {
      from
      to
      spendByBranch { branchId branchCode branchName orders taxable gst total }
      spendByVendor { vendorId vendorName gstin orders taxable gst total }
      spendByCategory { categoryId categoryName orders taxable gst total }
      spendByMonth { month orders taxable gst total }
      spendTotal { orders taxable gst total }
      gstByRate { rate taxable cgst sgst igst }
      gstByVendor { vendorId vendorName gstin taxable cgst sgst igst }
      gstTotal { taxable cgst sgst igst }
      capitalised { branchId branchCode categoryId categoryName assets cost }
      capitalisedTotal { assets cost }
      commitments {
        purchaseOrderId poNumber branchCode vendorName poDate ordered received outstanding
      }
      commitmentsTotal { ordered received outstanding }
      jobCosts { branchId branchCode chargeableJobs chargeableCost contracts contractValue total }
      jobCostsTotal { chargeableJobs chargeableCost contracts contractValue total }
    }
  }
`);

export const BranchAssetReportPageQuery = graphql(`
  query BranchAssetReportPage {
    pageInfo(module: "report_branch_asset", action: "list") { title description permitted }
    mayDownload: can(module: "report_branch_asset", action: "download")
    mayListCategories: can(module: "asset_category", action: "list")
    branchOptions { value text }
  }
`);

/**
 * The asset categories to filter by. A separate query: listing them needs the category grant,
 * which a finance user may not have; without it the report is offered without that filter.
 */
export const ReportCategoriesQuery = graphql(`
  query ReportCategories {
    masterOptions(list: ASSET_CATEGORY) { value text }
  }
`);

export const BranchAssetReportQuery = graphql(`
  query BranchAssetReport(
    $branchIds: [ID!]!
    $from: Date!
    $to: Date!
    $categoryId: ID
    $status: AssetStatus
    $method: DepreciationMethod
  ) {
    branchAssetReport(
      branchIds: $branchIds
      from: $from
      to: $to
      categoryId: $categoryId
      status: $status
      method: $method
    ) {
      from
      to
      method
      register {
        branchId branchCode categoryId categoryName status assets cost accumulated netBook
      }
      registerTotal { assets cost accumulated netBook }
      movement {
        branchId
        branchCode
        opening { assets cost }
        additions { assets cost }
        transfersIn { assets cost }
        transfersOut { assets cost }
        disposals { assets cost }
        closing { assets cost }
      }
      movementTotal {
        opening { assets cost }
        additions { assets cost }
        transfersIn { assets cost }
        transfersOut { assets cost }
        disposals { assets cost }
        closing { assets cost }
      }
    }
  }
`);

export const DepreciationScheduleQuery = graphql(`
  query DepreciationSchedule(
    $branchIds: [ID!]!
    $financialYear: String!
    $method: DepreciationMethod
    $categoryId: ID
    $search: String
    $page: Int
    $pageSize: Int
  ) {
    depreciationSchedule(
      branchIds: $branchIds
      financialYear: $financialYear
      method: $method
      categoryId: $categoryId
      search: $search
      page: $page
      pageSize: $pageSize
    ) {
      financialYear
      method
      assets {
        assetId tag name branchCode categoryName block putToUse disposedOn cost usefulLifeYears
        opening additions depreciation disposals closing
      }
      totalCount
      assetTotals { opening additions depreciation disposals closing }
      blocks {
        block rate opening additionsFull additionsHalf proceeds depreciation closing capitalGain
      }
      blockTotals {
        opening additionsFull additionsHalf proceeds depreciation closing capitalGain
      }
    }
  }
`);
