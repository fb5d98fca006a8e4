import { useQuery } from '@apollo/client/react';
import { ASSET_ATTENTIONS, ASSET_STATUSES, WARRANTY_STATES } from '@branch-assets/domain';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { enumFilter, idFilter, ListFilterBar } from '../../shared/ListFilterSelect.tsx';
import type { ListParams } from '../../shared/useListParams.ts';
import { MasterOptionsQuery } from '../master-lists/documents.ts';
import { AssetFormChoicesQuery } from './documents.ts';

/** The register's filters in the URL, and the list query's variables they give. */
export const assetFilters = {
  names: ['branch', 'category', 'status', 'warranty', 'attention'],
  variables: (params: ListParams) => {
    const branchId = idFilter(params.filter('branch'));
    const categoryId = idFilter(params.filter('category'));
    const status = enumFilter(ASSET_STATUSES, params.filter('status'));
    const warranty = enumFilter(WARRANTY_STATES, params.filter('warranty'));
    const attention = enumFilter(ASSET_ATTENTIONS, params.filter('attention'));
    return {
      ...(branchId ? { branchId } : {}),
      ...(categoryId ? { categoryId } : {}),
      ...(status ? { status } : {}),
      ...(warranty ? { warranty } : {}),
      ...(attention ? { attention } : {}),
    };
  },
} as const;

/**
 * The labels of what the list shows (its filters, search and sort), as GET /labels/assets.pdf
 * takes them: the filters by the list's argument names.
 */
export function labelsUrl(params: ListParams, format: 'a4-3x8' | 'thermal-50x25'): string {
  const query = new URLSearchParams({ format });
  for (const [name, value] of Object.entries(assetFilters.variables(params)))
    query.set(name, String(value));
  if (params.search) query.set('search', params.search);
  if (params.sortBy) query.set('sortBy', params.sortBy);
  if (params.sortDesc) query.set('sortDesc', 'true');
  return `/labels/assets.pdf?${query.toString()}`;
}

/** The label formats a printer takes, for the print menus of the list and the asset page. */
export const LABEL_FORMATS = [
  ['a4-3x8', 'assets.labelSheet'],
  ['thermal-50x25', 'assets.labelThermal'],
] as const;

/** Print labels: a menu of the two label formats, each opening the PDF in a new tab. */
export function PrintLabelsMenu({
  label,
  urlOf,
}: {
  label: string;
  urlOf: (format: 'a4-3x8' | 'thermal-50x25') => string;
}) {
  const { t } = useTranslation();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" alignSelf="end">
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LABEL_FORMATS.map(([format, text]) => (
              <Menu.Item key={format} value={format} asChild>
                <a href={urlOf(format)} target="_blank" rel="noopener">
                  {t(text)}
                </a>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The selects above the register, and its labels. */
export function AssetFilters({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  const choices = useQuery(AssetFormChoicesQuery);
  const categories = useQuery(MasterOptionsQuery, {
    variables: { list: 'ASSET_CATEGORY', parentId: null },
  });
  return (
    <ListFilterBar
      params={params}
      filters={[
        {
          name: 'branch',
          label: t('assets.branch'),
          allLabel: t('assets.allBranches'),
          options: choices.data?.branchOptions,
        },
        {
          name: 'category',
          label: t('assets.category'),
          allLabel: t('assets.allCategories'),
          options: categories.data?.masterOptions,
        },
        {
          name: 'status',
          label: t('assets.assetStatus'),
          allLabel: t('assets.allStatuses'),
          options: ASSET_STATUSES.map((value) => ({ value, text: t(`assets.statuses.${value}`) })),
        },
        {
          name: 'warranty',
          label: t('assets.warranty'),
          allLabel: t('assets.allWarranties'),
          options: WARRANTY_STATES.map((value) => ({
            value,
            text: t(`assets.warranties.${value}`),
          })),
        },
        {
          name: 'attention',
          label: t('assets.attention'),
          allLabel: t('assets.allAttention'),
          options: ASSET_ATTENTIONS.map((value) => ({
            value,
            text: t(`assets.attentions.${value}`),
          })),
        },
      ]}
    >
      <PrintLabelsMenu
        label={t('assets.printLabels')}
        urlOf={(format) => labelsUrl(params, format)}
      />
    </ListFilterBar>
  );
}
