import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CompaniesQuery as CompaniesData } from '../../gql/graphql.ts';
import { notifySuccess } from '../../shared/alerts.tsx';
import { EditDeleteActions } from '../../shared/EditDeleteActions.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
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

  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !permitted) return <Navigate to="/access-denied" replace />;
  if (error && !result) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!result || !page.data) return <LoadingDots label={t('common.loading')} />;

  const creating = pathname === '/company/create' && result.canCreate;
  const editing =
    pathname === '/company/edit'
      ? result.rows.find((row) => row.id === params.get('id') && row.canEdit)
      : undefined;
  const closeForm = () => navigate('/company/lists');

  async function saveCompany(values: CompanyValues, id: string | null): Promise<string | null> {
    try {
      const answer = await save({
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
      });
      notifySuccess(answer.data?.saveCompany.message ?? '');
      void refetch();
      closeForm();
      return null;
    } catch (failure) {
      return describeProblem(failure, t).message;
    }
  }

  return (
    <>
      <ServerList<Company>
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
            onEdit={row.canEdit ? () => navigate(`/company/edit?id=${row.id}`) : undefined}
            onDelete={row.canDelete ? () => deletion.ask(row) : undefined}
          />
        )}
        toolbar={
          <ListToolbar
            onCreate={result.canCreate ? () => navigate('/company/create') : undefined}
            onRefresh={() => void refetch()}
            refreshing={loading}
            exportUrl={
              result.options.downloadable && result.rows.length > 0 ? result.exportUrl : null
            }
          />
        }
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
