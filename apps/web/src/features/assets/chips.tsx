import {
  ASSET_STATUS_TONE,
  type AssetStatus,
  type StatusTone,
  toneColors,
  WARRANTY_STATE_TONE,
  type WarrantyState,
} from '@branch-assets/domain';
import type { TFunction } from 'i18next';
import { StatusChip } from '../../shared/StatusChip.tsx';

/** A closed list's value as its chip: the domain's tone, the text in the user's language. */
function chip(text: string, tone: StatusTone) {
  const colors = toneColors(tone);
  return <StatusChip chip={{ text, background: colors.background, color: colors.text }} />;
}

export function AssetStatusChip({ status, t }: { status: AssetStatus; t: TFunction }) {
  return chip(t(`assets.statuses.${status}`), ASSET_STATUS_TONE[status]);
}

export function WarrantyChip({ state, t }: { state: WarrantyState; t: TFunction }) {
  return chip(t(`assets.warranties.${state}`), WARRANTY_STATE_TONE[state]);
}
