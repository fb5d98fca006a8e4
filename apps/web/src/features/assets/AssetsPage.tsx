import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { AssetFilters, assetFilters } from './AssetFilters.tsx';
import { AssetForm, assetInput } from './AssetForm.tsx';
import { AssetBulkActions } from './BulkActions.tsx';
import { AssetStatusChip, WarrantyChip } from './chips.tsx';
import { assetDocuments } from './documents.ts';

/**
 * The asset register: /asset/list (filtered by branch, category, status and warranty), with
 * /asset/create and /asset/edit?id=… over the list; a tag opens the asset's page.
 */
export const Component = recordScreen({
  module: 'asset',
  documents: assetDocuments,
  strings: 'assets',
  filters: assetFilters,
  Filters: AssetFilters,
  nameOf: (row) => `${row.tag} ${row.name}`,
  columns: (t) => ({
    tag: {
      label: t('assets.tag'),
      text: (row) => row.tag,
      render: (row) => (
        <Link asChild fontWeight="600">
          <RouterLink to={`/asset/view?id=${row.id}`}>{row.tag}</RouterLink>
        </Link>
      ),
      priority: 'essential',
      nowrap: true,
    },
    name: { label: t('assets.name'), text: (row) => row.name, priority: 'high' },
    assetTypeName: { label: t('assets.assetType'), text: (row) => row.assetTypeName },
    brandName: { label: t('assets.brand'), text: (row) => row.brandName, priority: 'low' },
    model: { label: t('assets.model'), text: (row) => row.model ?? '', priority: 'low' },
    serialNumber: {
      label: t('assets.serialNumber'),
      text: (row) => row.serialNumber ?? '',
      priority: 'low',
      nowrap: true,
    },
    branchName: { label: t('assets.branch'), text: (row) => row.branchName, priority: 'low' },
    locationName: { label: t('assets.location'), text: (row) => row.locationName },
    custodianName: {
      label: t('assets.custodian'),
      text: (row) => row.custodianName ?? '',
      priority: 'low',
    },
    purchaseOrderNumber: {
      label: t('assets.purchaseOrder'),
      text: (row) => row.purchaseOrderNumber ?? '',
      priority: 'low',
      nowrap: true,
    },
    criticalityText: {
      label: t('assets.criticality'),
      text: (row) => t(`assets.criticalities.${row.criticality}`),
      priority: 'low',
    },
    assetStatusText: {
      label: t('assets.assetStatus'),
      text: (row) => t(`assets.statuses.${row.assetStatus}`),
      render: (row) => <AssetStatusChip status={row.assetStatus} t={t} />,
      priority: 'high',
    },
    warrantyStateText: {
      label: t('assets.warranty'),
      text: (row) => t(`assets.warranties.${row.warrantyState}`),
      render: (row) => <WarrantyChip state={row.warrantyState} t={t} />,
    },
    ...statusColumn(t),
  }),
  Form: AssetForm,
  Bulk: AssetBulkActions,
  toInput: assetInput,
});
