import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchRecordsQuery as BranchRecordsData } from '../../gql/graphql.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { RecordScreen, statusColumn, useRecordPage } from '../../shared/useRecordPage.tsx';
import { BranchForm, type BranchValues } from './BranchForm.tsx';
import { BranchRecordsQuery, DeleteBranchMutation, SaveBranchMutation } from './documents.ts';

type Branch = BranchRecordsData['branchRecords']['rows'][number];

/** Branches: /branch/list, with /branch/create and /branch/edit?id=… over the list. */
export function Component() {
  const { t } = useTranslation();
  const { gate, ready } = useRecordPage({
    module: 'branch',
    listQuery: BranchRecordsQuery,
    list: (data) => data.branchRecords,
    saveMutation: SaveBranchMutation,
    deleteMutation: DeleteBranchMutation,
    nameOf: (row: Branch) => `${row.name} (${row.code})`,
    routes: { list: '/branch/list', create: '/branch/create', edit: '/branch/edit' },
  });

  const columns = useMemo<Record<string, ListColumn<Branch>>>(
    () => ({
      BranchCode: { label: t('branches.code'), text: (row) => row.code },
      BranchName: { label: t('branches.name'), text: (row) => row.name },
      CompanyName: { label: t('branches.company'), text: (row) => row.companyName },
      CityName: { label: t('branches.city'), text: (row) => row.cityName },
      DistrictName: { label: t('branches.district'), text: (row) => row.districtName },
      StateName: { label: t('branches.state'), text: (row) => row.stateName },
      Gstin: { label: t('branches.gstin'), text: (row) => row.gstin ?? '' },
      Phone: { label: t('common.phone'), text: (row) => row.phone ?? '' },
      Email: { label: t('common.email'), text: (row) => row.email ?? '' },
      ...statusColumn<Branch>(t),
    }),
    [t],
  );
  if (!ready) return gate;

  return (
    <RecordScreen
      ready={ready}
      columns={columns}
      bulkUploadTo="/branch/bulk-upload"
      form={(record) => (
        <BranchForm
          branch={record}
          onSave={(values) => ready.save(toInput(values, record?.id ?? null))}
          onClose={ready.closeForm}
        />
      )}
    />
  );
}

/** The mutation's input from the form's values; id null creates. */
function toInput(values: BranchValues, id: string | null) {
  return {
    id,
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
  };
}
