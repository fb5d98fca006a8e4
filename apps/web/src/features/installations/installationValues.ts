import type { AssetInstallationInput, InstallerKind } from '../../gql/graphql.ts';

/*
 * The installation form's values and the input they make. The time is typed as India's (the
 * hospital's) clock time, so it is sent with India's offset whatever zone the browser is set to.
 */

export const CHECKS = [
  'physicalConditionOk',
  'powerEarthingOk',
  'accessoriesPresent',
  'demoGiven',
  'staffTrained',
  'manualHandedOver',
] as const;
export type Check = (typeof CHECKS)[number];

export interface InstallationValues {
  goodsReceiptNoteId: string;
  assetIds: string[];
  installedDate: string;
  installedTime: string;
  locationId: string;
  installerKind: InstallerKind;
  vendorId: string;
  engineerName: string;
  installedById: string;
  checklist: Record<Check, boolean>;
  warrantyFromInstallation: boolean;
  remarks: string;
}

/** A blank form for today, now (India's date and time, as 'YYYY-MM-DD' and 'HH:MM'). */
export function installationStart(now: Date): InstallationValues {
  const india = new Date(now.getTime() + 330 * 60_000).toISOString();
  return {
    goodsReceiptNoteId: '',
    assetIds: [],
    installedDate: india.slice(0, 10),
    installedTime: india.slice(11, 16),
    locationId: '',
    installerKind: 'VENDOR',
    vendorId: '',
    engineerName: '',
    installedById: '',
    checklist: Object.fromEntries(CHECKS.map((check) => [check, false])) as Record<Check, boolean>,
    warrantyFromInstallation: false,
    remarks: '',
  };
}

/** The moment typed, in India's time. */
export function installedAtOf(values: Pick<InstallationValues, 'installedDate' | 'installedTime'>) {
  return `${values.installedDate}T${values.installedTime}:00+05:30`;
}

export function installationInputOf(
  branchId: string,
  values: InstallationValues,
): AssetInstallationInput {
  const vendor = values.installerKind === 'VENDOR';
  const remarks = values.remarks.trim();
  return {
    branchId,
    goodsReceiptNoteId: values.goodsReceiptNoteId || null,
    assetIds: values.assetIds,
    installedAt: installedAtOf(values),
    locationId: values.locationId,
    installerKind: values.installerKind,
    vendorId: vendor ? values.vendorId : null,
    engineerName: vendor ? values.engineerName.trim() : null,
    installedById: vendor ? null : values.installedById,
    checklist: { ...values.checklist },
    warrantyFromInstallation: values.warrantyFromInstallation,
    remarks: remarks === '' ? null : remarks,
  };
}
