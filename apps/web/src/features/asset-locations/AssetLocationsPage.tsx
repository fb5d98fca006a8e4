import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { AssetLocationForm } from './AssetLocationForm.tsx';
import { assetLocationDocuments } from './documents.ts';

/**
 * The rooms and departments of the user's branches where assets stand: /asset-location/lists,
 * with /asset-location/create and /asset-location/edit?id=… over the list.
 */
export const Component = recordScreen({
  module: 'asset_location',
  documents: assetLocationDocuments,
  strings: 'assetLocations',
  nameOf: (row) => `${row.name} (${row.branchCode})`,
  columns: (t) => ({
    name: { label: t('assetLocations.name'), text: (row) => row.name, priority: 'essential' },
    branchName: { label: t('assetLocations.branch'), text: (row) => row.branchName },
    branchCode: {
      label: t('assetLocations.branchCode'),
      text: (row) => row.branchCode,
      nowrap: true,
    },
    ...statusColumn(t),
  }),
  Form: AssetLocationForm,
});
