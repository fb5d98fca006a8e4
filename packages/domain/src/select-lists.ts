export interface SelectOption {
  value: string;
  text: string;
}

// Every legacy dropdown opens on a blank entry, so "not chosen yet" stays distinguishable from '0'.
export const YES_NO_OPTIONS = [
  { value: '', text: '' },
  { value: '0', text: 'No' },
  { value: '1', text: 'Yes' },
] as const satisfies readonly SelectOption[];

export const ACTIVE_STATUS_OPTIONS = [
  { value: '', text: '' },
  { value: '0', text: 'InActive' },
  { value: '1', text: 'Active' },
] as const satisfies readonly SelectOption[];

export const CREDIT_DEBIT_OPTIONS = [
  { value: '', text: '' },
  { value: '1', text: 'Credit' },
  { value: '2', text: 'Debit' },
] as const satisfies readonly SelectOption[];

// Unlike YES_NO_OPTIONS, the legacy "included" flag stores No as '2'.
export const INCLUDED_OPTIONS = [
  { value: '', text: '' },
  { value: '1', text: 'Yes' },
  { value: '2', text: 'No' },
] as const satisfies readonly SelectOption[];
