export type StatusTone = 'warning' | 'success' | 'danger' | 'primary' | 'dark';

// The legacy app's status words, spelled exactly as its data holds them ('Dissaffiliated' included):
// correcting a spelling here would silently turn matching rows dark.
const TONE_WORDS: Readonly<Record<Exclude<StatusTone, 'dark'>, readonly string[]>> = {
  warning: [
    'Not completed',
    'Pending',
    'Process',
    'Returned',
    'Disabled',
    'Yet to complete',
    'Not eligible',
    'Suspended',
    'Waiting For Approval',
    'Waiting For Confirmation',
    'ZP Approval Pending',
    'NHQ Approval Pending',
    // Procurement's (not legacy words): goods still to come.
    'Partially Received',
    // An installation's and a transfer's (not legacy words).
    'Awaiting Sign-off',
    'Requested',
    'In Transit',
    'Received Short',
    // A job order's (not legacy words).
    'Open',
    'Assigned',
    'Waiting For Parts',
    'Reopened',
    // A maintenance contract's (not legacy words).
    'Upcoming',
    'Ending Soon',
  ],
  success: ['Active', 'Approved', 'Used', 'Enabled', 'Received', 'Signed Off'],
  danger: [
    'Rejected',
    'Not scored',
    'Dissaffiliated',
    'Inactive',
    'Cancelled',
    'Sent Back',
    'Ended',
  ],
  primary: [
    'Completed',
    'Closed',
    'Scored',
    'Provisional',
    'Closed Short',
    'In Progress',
    'Resolved',
    'Renewed',
  ],
};

const TONE_BY_WORD: ReadonlyMap<string, StatusTone> = new Map(
  Object.entries(TONE_WORDS).flatMap(([tone, words]) =>
    words.map((word) => [word.toLowerCase(), tone as StatusTone] as const),
  ),
);

/** The chip tone of a status text; unknown or missing statuses are 'dark' rather than an error. */
export function statusTone(text: string | null | undefined): StatusTone {
  if (typeof text !== 'string') return 'dark';
  return TONE_BY_WORD.get(text.trim().toLowerCase()) ?? 'dark';
}

export const THEME_COLORS = {
  primary: '#7367F0',
  success: '#28C76F',
  danger: '#FF4C51',
  warning: '#FF9F43',
  info: '#00BAD1',
  dark: '#4B4B4B',
} as const;

/**
 * Chip colours the server puts in row fields: a light tint of the tone (16% over white) with a
 * darker shade of it as text. White text on the full theme colour fails WCAG AA for small text on
 * every tone but dark (warning 2.04:1, success 2.21:1); these pairs all reach at least 4.5:1.
 */
const TONE_CHIPS: Record<StatusTone, { background: string; text: string }> = {
  primary: { background: '#E9E7FD', text: '#6157CA' },
  success: { background: '#DDF6E8', text: '#197B45' },
  danger: { background: '#FFE2E3', text: '#BA373B' },
  warning: { background: '#FFF0E1', text: '#995F28' },
  dark: { background: '#E2E2E2', text: '#4B4B4B' },
};

export function toneColors(tone: StatusTone): { background: string; text: string } {
  return TONE_CHIPS[tone];
}
