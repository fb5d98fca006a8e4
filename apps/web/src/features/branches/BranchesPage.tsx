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
    BranchCode: { label: t('branches.code'), text: (row) => row.code },
    BranchName: { label: t('branches.name'), text: (row) => row.name },
    CompanyName: { label: t('branches.company'), text: (row) => row.companyName },
    CityName: { label: t('branches.city'), text: (row) => row.cityName },
    DistrictName: { label: t('branches.district'), text: (row) => row.districtName },
    StateName: { label: t('branches.state'), text: (row) => row.stateName },
    Gstin: { label: t('common.gstin'), text: (row) => row.gstin ?? '' },
    Phone: { label: t('common.phone'), text: (row) => row.phone ?? '' },
    Email: { label: t('common.email'), text: (row) => row.email ?? '' },
    ...statusColumn(t),
  }),
  Form: BranchForm,
  toInput: (values, record) => ({
    id: record?.id ?? null,
    code: values.code,
    name: values.name.trim(),
    companyId: values.companyId,
    address: values.address.trim(),
    stateId: values.stateId,
    districtId: values.districtId,
    cityId: values.cityId,
    pincode: values.pincode.trim() || null,
    gstin: values.gstin,
    phone: values.phone.trim(),
    email: values.email.trim() || null,
    logoUrl: values.logoUrl,
    active: values.active === '1',
  }),
});
