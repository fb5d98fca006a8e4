import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { VendorsQuery as VendorsData } from '../../gql/graphql.ts';
import { RecordList, recordPageGate, submitRecord } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import {
  DeleteVendorMutation,
  SaveVendorMutation,
  VendorPageQuery,
  VendorsQuery,
} from './documents.ts';
import { VendorForm, type VendorValues } from './VendorForm.tsx';

type Vendor = VendorsData['vendors']['rows'][number];

/**
 * Vendors: /vendor/list, with /vendor/create and /vendor/edit?id=… opening the form over the list
 * (links to them can be shared and bookmarked; closing returns to the list).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const page = useQuery(VendorPageQuery, { fetchPolicy: 'cache-first' });
  const permitted = page.data?.pageInfo.permitted === true;
  const { data, previousData, error, loading, refetch } = useQuery(VendorsQuery, {
    skip: !permitted,
    notifyOnNetworkStatusChange: true,
  });
  const [save] = useMutation(SaveVendorMutation);
  const [remove] = useMutation(DeleteVendorMutation);
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) =>
      (await remove({ variables: { id: row.id } })).data?.deleteVendor.message ?? '',
    () => void refetch(),
  );
  const result = (data ?? previousData)?.vendors;

  const columns = useMemo<Record<string, ListColumn<Vendor>>>(
    () => ({
      VendorCode: { label: t('vendors.code'), text: (row) => row.code },
      VendorName: { label: t('vendors.name'), text: (row) => row.name },
      Gstin: { label: t('vendors.gstin'), text: (row) => row.gstin },
      StateName: { label: t('vendors.state'), text: (row) => row.stateName },
      ContactPerson: { label: t('vendors.contactPerson'), text: (row) => row.contactPerson },
      Phone: { label: t('vendors.phone'), text: (row) => row.phone },
      Email: { label: t('vendors.email'), text: (row) => row.email ?? '' },
      ActiveStatusTxt: {
        label: t('masterLists.status'),
        text: (row) => row.status.text,
        render: (row) => <StatusChip chip={row.status} />,
      },
    }),
    [t],
  );

  const gate = recordPageGate({
    page: { data: page.data?.pageInfo, error: page.error, refetch: page.refetch },
    list: { data: result, error, refetch },
    loadingLabel: t('common.loading'),
  });
  if (gate || !result || !page.data) return gate;

  const creating = pathname === '/vendor/create' && result.canCreate;
  const editing =
    pathname === '/vendor/edit'
      ? result.rows.find((row) => row.id === params.get('id'))
      : undefined;
  const closeForm = () => navigate('/vendor/list');

  const saveVendor = (values: VendorValues, id: string | null) =>
    submitRecord(
      t,
      async () =>
        (
          await save({
            variables: {
              input: {
                id,
                name: values.name.trim(),
                gstin: values.gstin,
                pan: values.pan,
                stateId: values.stateId,
                address: values.address.trim(),
                contactPerson: values.contactPerson.trim(),
                phone: values.phone.trim(),
                email: values.email.trim() || null,
                bankName: values.bankName.trim() || null,
                bankAccountNumber: values.bankAccountNumber.trim() || null,
                bankIfsc: values.bankIfsc || null,
                active: values.active === '1',
              },
            },
          })
        ).data?.saveVendor.message ?? '',
      () => {
        void refetch();
        closeForm();
      },
    );

  return (
    <>
      <RecordList<Vendor>
        page={page.data.pageInfo}
        list={result}
        firstLoad={loading && !data}
        loading={loading}
        columns={columns}
        nameOf={(row) => row.name}
        onCreate={() => navigate('/vendor/create')}
        onEdit={(row) => navigate(`/vendor/edit?id=${row.id}`)}
        onDelete={deletion.ask}
        onRefresh={() => void refetch()}
      />
      {creating || editing ? (
        <VendorForm
          key={editing?.id ?? 'new'}
          vendor={editing ?? null}
          onSave={(values) => saveVendor(values, editing?.id ?? null)}
          onClose={closeForm}
        />
      ) : null}
      {deletion.dialog}
    </>
  );
}
