import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { VendorsQuery as VendorsData } from '../../gql/graphql.ts';
import { notifySuccess } from '../../shared/alerts.tsx';
import { EditDeleteActions } from '../../shared/EditDeleteActions.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
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

  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !permitted) return <Navigate to="/access-denied" replace />;
  if (error && !result) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!result || !page.data) return <LoadingDots label={t('common.loading')} />;

  const creating = pathname === '/vendor/create' && result.canCreate;
  const editing =
    pathname === '/vendor/edit'
      ? result.rows.find((row) => row.id === params.get('id'))
      : undefined;
  const closeForm = () => navigate('/vendor/list');

  async function saveVendor(values: VendorValues, id: string | null): Promise<string | null> {
    try {
      const answer = await save({
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
      });
      notifySuccess(answer.data?.saveVendor.message ?? '');
      void refetch();
      closeForm();
      return null;
    } catch (failure) {
      return describeProblem(failure, t).message;
    }
  }

  return (
    <>
      <ServerList<Vendor>
        title={page.data.pageInfo.title}
        description={page.data.pageInfo.description}
        headers={result.headers}
        rows={loading && !data ? undefined : result.rows}
        loading={loading}
        itemsPerPage={result.options.itemsPerPage}
        itemsPerPageOptions={result.options.itemsPerPageOptions}
        rowKey={(row) => row.id}
        columns={columns}
        actions={(row) => (
          <EditDeleteActions
            name={row.name}
            onEdit={row.canEdit ? () => navigate(`/vendor/edit?id=${row.id}`) : undefined}
            onDelete={row.canDelete ? () => deletion.ask(row) : undefined}
          />
        )}
        toolbar={
          <ListToolbar
            onCreate={result.canCreate ? () => navigate('/vendor/create') : undefined}
            onRefresh={() => void refetch()}
            refreshing={loading}
            exportUrl={
              result.options.downloadable && result.rows.length > 0 ? result.exportUrl : null
            }
          />
        }
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
