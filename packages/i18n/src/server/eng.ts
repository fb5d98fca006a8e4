/**
 * The texts legacy-api sends in English, by stable keys, for the gateway to answer in the user's
 * language (docs/web.md, "The server's texts"): page titles and descriptions by module and action, menu groups by their
 * reference name (menu entries take their module's title), status chips by status code, table
 * headers by list and GraphQL field name, and messages by message code. Anything a server sends
 * without a key known here is shown as it came. `{{name}}` is filled from the message's params.
 */
export const serverEng = {
  pages: {
    dashboard: { title: 'Dashboard', description: 'Your branch at a glance', create: '' },
    purchase_order: {
      title: 'Purchase Orders',
      description: 'Purchase orders of the branch, with their verification and approval',
      create: 'Create Purchase Order',
    },
    goods_receive_note: {
      title: 'Goods Receive Notes',
      description: 'Goods received against purchase orders',
      create: 'New Goods Receive Note',
    },
    asset: { title: 'Assets', description: 'Equipment held by the branch', create: 'Create Asset' },
    accessories: {
      title: 'Accessories',
      description: 'Accessories of the assets',
      create: 'Create Accessory',
    },
    asset_installation: {
      title: 'Asset Installation',
      description: 'Assets installed at the branch',
      create: 'New Asset Installation',
    },
    asset_transfer: {
      title: 'Asset Transfers',
      description: 'Assets moved between branches',
      create: 'New Asset Transfer',
    },
    job_order: {
      title: 'Job Orders',
      description: 'Repair and service jobs on assets',
      create: 'Create Job Order',
    },
    gallery: { title: 'Gallery', description: 'Photos of assets and sites', create: '' },
    branch: { title: 'Branches', description: 'Branches of the company', create: 'Create Branch' },
    staff: {
      title: 'Staff',
      description: 'Staff and the branches they work in',
      create: 'Create Staff',
    },
    vendor: {
      title: 'Vendors',
      description: 'Suppliers of equipment and services',
      create: 'Create Vendor',
    },
    company: {
      title: 'Companies',
      description: 'Companies of the group',
      create: 'Create Company',
    },
    designation: {
      title: 'Designations',
      description: 'Designations of staff',
      create: 'Create Designation',
    },
    category: {
      title: 'Categories and Sub-categories',
      description: 'Asset categories and their sub-categories',
      create: 'Create Sub-category',
    },
    asset_category: {
      title: 'Asset Categories',
      description: 'Categories of assets',
      create: 'Create Asset Category',
    },
    asset_type: {
      title: 'Asset Types',
      description: 'Types of assets',
      create: 'Create Asset Type',
    },
    accessory_type: {
      title: 'Accessory Types',
      description: 'Types of accessories, their units and minimum stock',
      create: 'Create Accessory Type',
    },
    brand: { title: 'Brands', description: 'Brands of assets', create: 'Create Brand' },
    state: { title: 'States', description: 'States and union territories', create: '' },
    district: { title: 'Districts', description: 'Districts of the states', create: '' },
    city: { title: 'Cities', description: 'Cities of the districts', create: '' },
    report_finance: {
      title: 'Finance Report',
      description: 'Purchase value by branch and period',
      create: '',
    },
    report_branch_asset: {
      title: 'Branch Asset Report',
      description: 'Assets held by each branch',
      create: '',
    },
    report_amc: {
      title: 'AMC Report',
      description: 'Annual maintenance contracts falling due',
      create: '',
    },
    menu: { title: 'Menus', description: 'The menu entries of the application', create: '' },
    menu_permission: {
      title: 'Menu Permissions',
      description: 'What each role may do',
      create: '',
    },
  },
  /** The description of every create page. */
  createDescription: 'Fill in the details and save',
  menuGroups: {
    Purchase: 'Purchase',
    Assets: 'Assets',
    Masters: 'Masters',
    Reports: 'Reports',
    Settings: 'Settings',
  },
  statuses: {
    PENDING: 'Pending',
    WAITING_FOR_APPROVAL: 'Waiting For Approval',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
    CANCELLED: 'Cancelled',
    COMPLETED: 'Completed',
    VERIFIED: 'Verified',
    NOT_ELIGIBLE: 'Not eligible',
    ACTIVE: 'Active',
    INACTIVE: 'InActive',
    ENABLED: 'Enabled',
    DISABLED: 'Disabled',
  },
  /** An order's history entries, by the action the audit log stores. */
  orderActions: {
    Created: 'Created',
    Verified: 'Verified',
    'Rejected at verification': 'Rejected at verification',
    Approved: 'Approved',
    'Rejected at approval': 'Rejected at approval',
    Cancelled: 'Cancelled',
  },
  /**
   * Table headers by the GraphQL name of their column: `any` for every list, then a list's own
   * (by its lists call's prefix), which wins.
   */
  columns: {
    any: {
      actions: 'Actions',
      status: 'Status',
      code: 'Code',
      name: 'Name',
      phone: 'Phone',
      email: 'Email',
      gstin: 'GSTIN',
      stateName: 'State',
      address: 'Address',
      parentName: 'Parent',
    },
    purchaseOrder: {
      number: 'PO Number',
      dateText: 'PO Date',
      billedBranchName: 'Billed To',
      shippedBranchName: 'Shipped To',
      vendorName: 'Vendor',
      verification: 'Verification',
      approval: 'Approval',
    },
    purchaseOrderProduct: {
      ProductName: 'Product',
      TypeName: 'Type',
      BrandName: 'Brand',
      Quantity: 'Qty',
      Rate: 'Rate',
      DiscountAmount: 'Discount',
      TaxableAmount: 'Taxable',
      TaxRate: 'GST %',
      CgstAmount: 'CGST',
      SgstAmount: 'SGST',
      IgstAmount: 'IGST',
      TotalAmount: 'Total',
    },
    vendor: { name: 'Vendor', contactPerson: 'Contact Person' },
    company: { name: 'Company', legalName: 'Legal Name', pan: 'PAN' },
    branchRecord: {
      name: 'Branch',
      companyName: 'Company',
      cityName: 'City',
      districtName: 'District',
    },
    staff: {
      branchCode: 'Home Branch',
      designationName: 'Designation',
      branchesText: 'Branches',
      'login.username': 'Login',
      'login.roleName': 'Role',
    },
    menuItem: {
      parentText: 'Group',
      text: 'Menu',
      link: 'Link',
      icon: 'Icon',
      moduleName: 'Module',
      order: 'Order',
    },
    designation: { name: 'Designation' },
    brand: { name: 'Brand' },
    assetCategory: { name: 'Category' },
    subCategory: { name: 'Sub-category', parentName: 'Category' },
    assetType: { name: 'Asset type', parentName: 'Sub-category', taxRate: 'Tax Rate (%)' },
    state: { name: 'State', gstStateCode: 'GST State Code' },
    district: { name: 'District', parentName: 'State' },
    city: { name: 'City', parentName: 'District' },
    accessoryType: { name: 'Accessory type', unit: 'Unit', minimumStock: 'Minimum Stock' },
  },
  messages: {
    'record.created': '{{resource}} {{label}} created.',
    'record.updated': '{{resource}} {{label}} updated.',
    'record.deleted': '{{resource}} {{label}} deleted.',
    'purchaseOrder.verified': 'Purchase order {{number}} verified.',
    'purchaseOrder.rejectedAtVerification': 'Purchase order {{number}} rejected at verification.',
    'purchaseOrder.approved': 'Purchase order {{number}} approved.',
    'purchaseOrder.rejectedAtApproval': 'Purchase order {{number}} rejected at approval.',
    'purchaseOrder.cancelled': 'Purchase order {{number}} cancelled.',
    'purchaseOrder.notFound': 'Purchase order not found.',
    'purchaseOrder.changedMeanwhile':
      'Purchase order {{number}} was just changed by someone else. Reload it and try again.',
    'purchaseOrder.notYourBranch': 'You do not work in the billed branch of this order.',
    'purchaseOrder.isCancelled': 'Purchase order {{number}} is cancelled.',
    'purchaseOrder.isCompleted': 'Purchase order {{number}} is completed.',
    'purchaseOrder.wasRejectedAtVerification':
      'Purchase order {{number}} was rejected at verification.',
    'purchaseOrder.isAlreadyApproved': 'Purchase order {{number}} is already approved.',
    'purchaseOrder.wasRejectedAtApproval': 'Purchase order {{number}} was rejected at approval.',
    'purchaseOrder.isAlreadyVerified': 'Purchase order {{number}} is already verified.',
    'purchaseOrder.notVerifiedYet': 'Purchase order {{number}} is not verified yet.',
    'purchaseOrder.isAlreadyCancelled': 'Purchase order {{number}} is already cancelled.',
    'purchaseOrder.approvedNotCancellable':
      'Purchase order {{number}} is approved and can no longer be cancelled.',
    'purchaseOrder.completedNotCancellable':
      'Purchase order {{number}} is completed and can no longer be cancelled.',
    'purchaseOrder.roleMayNotVerify': 'Your role may not verify purchase orders.',
    'purchaseOrder.roleMayNotApprove': 'Your role may not approve purchase orders.',
    'purchaseOrder.roleMayNotCancel': 'Your role may not cancel purchase orders.',
    'auth.invalidLogin': 'Invalid user name or password.',
    'auth.accountDisabled': 'The account is disabled. Ask an administrator.',
    'auth.currentPasswordWrong': 'The current password is wrong.',
    'auth.newPasswordSame': 'The new password must differ from the current one.',
  },
  /** Resource names as messages name one record, by the resource's legacy title. */
  resources: {
    Company: 'Company',
    Vendor: 'Vendor',
    Branch: 'Branch',
    Staff: 'Staff',
    Menu: 'Menu',
    Designation: 'Designation',
    Brand: 'Brand',
    Category: 'Category',
    'Sub-category': 'Sub-category',
    'Asset type': 'Asset type',
    State: 'State',
    District: 'District',
    City: 'City',
    'Accessory type': 'Accessory type',
  },
};

/** The shape every language's server texts have: English's keys, each a string. */
export type ServerTexts = DeepStrings<typeof serverEng>;

type DeepStrings<T> = {
  readonly [Key in keyof T]: T[Key] extends string ? string : DeepStrings<T[Key]>;
};
