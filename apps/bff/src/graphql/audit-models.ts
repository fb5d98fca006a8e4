import type {
  AssetAuditDetail,
  AssetAuditRow,
  AssetAuditScanAnswer,
} from '@branch-assets/legacy-contract';
import type { RecordListModel } from './models.ts';

/* What the physical audit's GraphQL types resolve from (codegen.ts maps them here). */
export type AssetAuditListModel = RecordListModel<AssetAuditRow>;

export interface AssetAuditResultModel {
  message: string;
  audit: AssetAuditDetail;
}

export interface AuditScanResultModel {
  message: string;
  answer: AssetAuditScanAnswer;
}
