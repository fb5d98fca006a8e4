import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { StateFilter, stateFilter } from '../master-lists/StateFilter.tsx';
import { vendorDocuments } from './documents.ts';
import { VendorForm } from './VendorForm.tsx';

/** Vendors: /vendor/list (of one state with `state`), with /vendor/create and /vendor/edit?id=… over the list. */
export const Component = recordScreen({
  module: 'vendor',
  documents: vendorDocuments,
  strings: 'vendors',
  filters: stateFilter,
  Filters: StateFilter,
  columns: (t) => ({
    code: {
      label: t('vendors.code'),
      text: (row) => row.code,
      priority: 'essential',
      nowrap: true,
    },
    name: { label: t('vendors.name'), text: (row) => row.name, priority: 'high' },
    gstin: {
      label: t('common.gstin'),
      text: (row) => row.gstin ?? '',
      priority: 'low',
      nowrap: true,
    },
    stateName: { label: t('vendors.state'), text: (row) => row.stateName },
    contactPerson: { label: t('vendors.contactPerson'), text: (row) => row.contactPerson },
    phone: { label: t('common.phone'), text: (row) => row.phone, priority: 'low', nowrap: true },
    email: { label: t('common.email'), text: (row) => row.email ?? '', priority: 'low' },
    ...statusColumn(t),
  }),
  Form: VendorForm,
});
