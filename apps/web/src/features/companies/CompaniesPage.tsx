import { useMutation } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompaniesQuery as CompaniesData } from '../../gql/graphql.ts';
import { RecordList } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useRecordPage } from '../../shared/useRecordPage.tsx';
import { CompanyForm, type CompanyValues } from './CompanyForm.tsx';
import {
  CompaniesQuery,
  CompanyPageQuery,
  DeleteCompanyMutation,
  SaveCompanyMutation,
} from './documents.ts';

type Company = CompaniesData['companies']['rows'][number];

/** Companies: /company/lists, with /company/create and /company/edit?id=… over the list. */
export function Component() {
  const { t } = useTranslation();
  const [save] = useMutation(SaveCompanyMutation);
  const { gate, ready } = useRecordPage({
    pageQuery: CompanyPageQuery,
    listQuery: CompaniesQuery,
    list: (data) => data.companies,
    deleteMutation: DeleteCompanyMutation,
    deleted: (data) => data.deleteCompany.message,
    nameOf: (row: Company) => row.name,
    routes: { list: '/company/lists', create: '/company/create', edit: '/company/edit' },
  });

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
  if (!ready) return gate;

  const saveCompany = (values: CompanyValues, id: string | null) =>
    ready.submit(
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
                logoUrl: values.logoUrl,
                active: values.active === '1',
              },
            },
          })
        ).data?.saveCompany.message ?? '',
    );

  return (
    <>
      <RecordList<Company> {...ready.listProps} columns={columns} />
      {ready.form ? (
        <CompanyForm
          key={ready.form.key}
          company={ready.form.record}
          onSave={(values) => saveCompany(values, ready.form?.record?.id ?? null)}
          onClose={ready.closeForm}
        />
      ) : null}
      {ready.dialogs}
    </>
  );
}
