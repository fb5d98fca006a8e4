/** The job order screens' addresses (the router's routes). */
export const JOB_ORDERS = '/job-order/list';
export const NEW_JOB_ORDER = '/job-order/create';
export const jobOrderUrl = (id: string) => `/job-order/view?id=${id}`;
/** A new job order on one asset (its page's button, a scanned label's). */
export const newJobOrderUrl = (assetId: string) => `${NEW_JOB_ORDER}?assetId=${assetId}`;
/** The job orders of one asset, in its branch. */
export const assetJobOrdersUrl = (assetId: string, branchId: string) =>
  `${JOB_ORDERS}?branch=${branchId}&asset=${assetId}`;
