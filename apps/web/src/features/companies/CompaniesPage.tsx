import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CompaniesQuery as CompaniesData } from '../../gql/graphql.ts';
import { RecordList, recordPageGate, submitRecord } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import { CompanyForm, type CompanyValues } from './CompanyForm.tsx';
import {
  CompaniesQuery,
  CompanyPageQuery,
  DeleteCompanyMutation,
  SaveCompanyMutation,
} from './documents.ts';

type Company = CompaniesData['companies']['rows'][number];

/**
 * Companies: /company/lists, with /company/create and /company/edit?id=… opening the form over the
 * list (links to them can be shared and bookmarked; closing returns to the list).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const page = useQuery(CompanyPageQuery, { fetchPolicy: 'cache-first' });
  const permitted = page.data?.pageInfo.permitted === true;
  const { data, previousData, error, loading, refetch } = useQuery(CompaniesQuery, {
    skip: !permitted,
    notifyOnNetworkStatusChange: true,
  });
  const [save] = useMutation(SaveCompanyMutation);
  const [remove] = useMutation(DeleteCompanyMutation);
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) =>
      (await remove({ variables: { id: row.id } })).data?.deleteCompany.message ?? '',
    () => void refetch(),
  );
  const result = (data ?? previousData)?.companies;

  const columns = useMemo<Record<string, ListColumn<Company>>>(
    () => ({
      CompanyName: { label: t('companies.name'), text: (row) => row.name },
      LegalName: { label: t('companies.legalName'), text: (row) => row.legalName },
      Pan: { label: t('companies.pan'), text: (row) => row.pan },
      Address: { label: t('companies.address'), text: (row) => row.address },
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

  const creating = pathname === '/company/create' && result.canCreate;
  const editing =
    pathname === '/company/edit'
      ? result.rows.find((row) => row.id === params.get('id') && row.canEdit)
      : undefined;
  const closeForm = () => navigate('/company/lists');

  const saveCompany = (values: CompanyValues, id: string | null) =>
    submitRecord(
      t,
      async () =>
        (
          await save({
            variables: {
              input: {
                id,
                name: values.name.trim(),
                legalName: values.legalName.trim(),
                pan: values.pan,
                address: values.address.trim(),
                active: values.active === '1',
              },
            },
          })
        ).data?.saveCompany.message ?? '',
      () => {
        void refetch();
        closeForm();
      },
    );

  return (
    <>
      <RecordList<Company>
        page={page.data.pageInfo}
        list={result}
        firstLoad={loading && !data}
        loading={loading}
        columns={columns}
        nameOf={(row) => row.name}
        onCreate={() => navigate('/company/create')}
        onEdit={(row) => navigate(`/company/edit?id=${row.id}`)}
        onDelete={deletion.ask}
        onRefresh={() => void refetch()}
      />
      {creating || editing ? (
        <CompanyForm
          key={editing?.id ?? 'new'}
          company={editing ?? null}
          onSave={(values) => saveCompany(values, editing?.id ?? null)}
          onClose={closeForm}
        />
      ) : null}
      {deletion.dialog}
    </>
  );
}
