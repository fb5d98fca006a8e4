import { type StatusTone, statusTone, toneColors } from '@branch-assets/domain';
import type { ApprovalStatus, PurchaseOrderStatus, VerificationStatus } from '../db/schema.ts';

export interface StatusDisplay {
  /** The stable code a client translates by (PENDING, VERIFIED, NOT_ELIGIBLE, …). */
  code: string;
  text: string;
  background: string;
  color: string;
}

function display(text: string, tone: StatusTone = statusTone(text)): StatusDisplay {
  const { background, text: color } = toneColors(tone);
  return { code: statusCode(text), text, background, color };
}

/** 'Waiting For Approval' → WAITING_FOR_APPROVAL: the code is the text's words, one spelling. */
export function statusCode(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
}

export const STATUS_TEXT: Record<PurchaseOrderStatus, string> = {
  pending: 'Pending',
  waiting_for_approval: 'Waiting For Approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  completed: 'Completed',
  // Procurement's (docs/procurement.md): a draft is 'Draft' (dark, not yet anyone's to decide).
  draft: 'Draft',
  partially_received: 'Partially Received',
  received: 'Received',
  closed: 'Closed Short',
};

export interface OrderState {
  status: PurchaseOrderStatus;
  verificationStatus: VerificationStatus;
  approvalStatus: ApprovalStatus;
}

/** The overall status: the texts and tones of the legacy chip table. */
export function overallStatus(state: OrderState): StatusDisplay {
  return display(STATUS_TEXT[state.status]);
}

/** The verification track. 'Verified' is not in the legacy chip table, so its tone is set here. */
export function verificationStatus(state: OrderState): StatusDisplay {
  switch (state.verificationStatus) {
    case 'verified':
      return display('Verified', 'success');
    case 'rejected':
      return display('Rejected');
    case 'pending':
      return state.status === 'cancelled' ? display('Cancelled') : display('Pending');
  }
}

/** The approval track: nothing to approve until verified, and nothing at all after a verification rejection. */
export function approvalStatus(state: OrderState): StatusDisplay {
  switch (state.approvalStatus) {
    case 'approved':
      return display('Approved');
    case 'rejected':
      return display('Rejected');
    case 'waiting':
      return state.status === 'cancelled' ? display('Cancelled') : display('Waiting For Approval');
    case 'not_started':
      if (state.verificationStatus === 'rejected') return display('Not eligible');
      return state.status === 'cancelled' ? display('Cancelled') : display('Pending');
  }
}
