import { useMutation } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchRecordsQuery as BranchRecordsData } from '../../gql/graphql.ts';
import { RecordList } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useRecordPage } from '../../shared/useRecordPage.tsx';
import { BranchForm, type BranchValues } from './BranchForm.tsx';
import {
  BranchPageQuery,
  BranchRecordsQuery,
  DeleteBranchMutation,
  SaveBranchMutation,
} from './documents.ts';

type Branch = BranchRecordsData['branchRecords']['rows'][number];

/** Branches: /branch/list, with /branch/create and /branch/edit?id=… over the list. */
export function Component() {
  const { t } = useTranslation();
  const [save] = useMutation(SaveBranchMutation);
  const { gate, ready } = useRecordPage({
    pageQuery: BranchPageQuery,
    listQuery: BranchRecordsQuery,
    list: (data) => data.branchRecords,
    deleteMutation: DeleteBranchMutation,
    deleted: (data) => data.deleteBranch.message,
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
      Phone: { label: t('branches.phone'), text: (row) => row.phone ?? '' },
      Email: { label: t('branches.email'), text: (row) => row.email ?? '' },
      ActiveStatusTxt: {
        label: t('masterLists.status'),
        text: (row) => row.status.text,
        render: (row) => <StatusChip chip={row.status} />,
      },
    }),
    [t],
  );
  if (!ready) return gate;

  const saveBranch = (values: BranchValues, id: string | null) =>
    ready.submit(
      async () =>
        (
          await save({
            variables: {
              input: {
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
              },
            },
          })
        ).data?.saveBranch.message ?? '',
    );

  return (
    <>
      <RecordList<Branch>
        {...ready.listProps}
        columns={columns}
        bulkUploadTo="/branch/bulk-upload"
      />
      {ready.form ? (
        <BranchForm
          key={ready.form.key}
          branch={ready.form.record}
          onSave={(values) => saveBranch(values, ready.form?.record?.id ?? null)}
          onClose={ready.closeForm}
        />
      ) : null}
      {ready.dialogs}
    </>
  );
}
