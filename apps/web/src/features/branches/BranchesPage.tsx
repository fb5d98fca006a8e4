import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { StateFilter, stateFilter } from '../master-lists/StateFilter.tsx';
import { BranchForm } from './BranchForm.tsx';
import { branchDocuments } from './documents.ts';

/** Branches: /branch/list (of one state with `state`), with /branch/create and /branch/edit?id=… over the list. */
export const Component = recordScreen({
  module: 'branch',
  documents: branchDocuments,
  strings: 'branches',
  filters: stateFilter,
  Filters: StateFilter,
  nameOf: (row) => `${row.name} (${row.code})`,
  columns: (t) => ({
    code: {
      label: t('branches.code'),
      text: (row) => row.code,
      priority: 'essential',
      nowrap: true,
    },
    name: { label: t('branches.name'), text: (row) => row.name, priority: 'high' },
    companyName: {
      label: t('branches.company'),
      text: (row) => row.companyName,
      priority: 'low',
    },
    cityName: { label: t('branches.city'), text: (row) => row.cityName },
    districtName: {
      label: t('branches.district'),
      text: (row) => row.districtName,
      priority: 'low',
    },
    stateName: { label: t('branches.state'), text: (row) => row.stateName },
    gstin: {
      label: t('common.gstin'),
      text: (row) => row.gstin ?? '',
      priority: 'low',
      nowrap: true,
    },
    phone: {
      label: t('common.phone'),
      text: (row) => row.phone ?? '',
      priority: 'low',
      nowrap: true,
    },
    email: { label: t('common.email'), text: (row) => row.email ?? '', priority: 'low' },
    ...statusColumn(t),
  }),
  Form: BranchForm,
});
