export const AUDIT_LIST = '/asset-audit/list';
export const NEW_AUDIT = '/asset-audit/new';
export const auditUrl = (id: string) => `/asset-audit/view?id=${id}`;
export const scanUrl = (id: string) => `/asset-audit/scan?id=${id}`;
