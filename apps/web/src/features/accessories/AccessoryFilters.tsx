import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { idFilter, ListFilterBar } from '../../shared/ListFilterSelect.tsx';
import type { ListParams } from '../../shared/useListParams.ts';
import { MasterOptionsQuery } from '../master-lists/documents.ts';
import { MovementChoicesQuery } from './documents.ts';

/** The accessory list's filters in the URL, and the list query's variables they give. */
export const accessoryFilters = {
  names: ['branch', 'type', 'stock'],
  variables: (params: ListParams) => {
    const branchId = idFilter(params.filter('branch'));
    const accessoryTypeId = idFilter(params.filter('type'));
    const belowMinimum = params.filter('stock') === 'below';
    return {
      ...(branchId ? { branchId } : {}),
      ...(accessoryTypeId ? { accessoryTypeId } : {}),
      ...(belowMinimum ? { belowMinimum } : {}),
    };
  },
} as const;

/**
 * The selects above the accessory list: whose stock it shows (one of the user's branches, or all
 * of them), the accessory type, and only what some branch holds less than its minimum of.
 */
export function AccessoryFilters({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  const branches = useQuery(MovementChoicesQuery);
  const types = useQuery(MasterOptionsQuery, {
    variables: { list: 'ACCESSORY_TYPE', parentId: null },
  });
  return (
    <ListFilterBar
      params={params}
      filters={[
        {
          name: 'branch',
          label: t('accessories.stockOf'),
          allLabel: t('accessories.allBranches'),
          options: branches.data?.branchOptions,
        },
        {
          name: 'type',
          label: t('accessories.accessoryType'),
          allLabel: t('accessories.allTypes'),
          options: types.data?.masterOptions,
        },
        {
          name: 'stock',
          label: t('accessories.stock'),
          allLabel: t('accessories.anyStock'),
          options: [{ value: 'below', text: t('accessories.belowMinimumOnly') }],
        },
      ]}
    />
  );
}
