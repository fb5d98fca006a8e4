import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompaniesQuery as CompaniesData } from '../../gql/graphql.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { RecordScreen, statusColumn, useRecordPage } from '../../shared/useRecordPage.tsx';
import { CompanyForm, type CompanyValues } from './CompanyForm.tsx';
import { CompaniesQuery, DeleteCompanyMutation, SaveCompanyMutation } from './documents.ts';

type Company = CompaniesData['companies']['rows'][number];

/** Companies: /company/lists, with /company/create and /company/edit?id=… over the list. */
export function Component() {
  const { t } = useTranslation();
  const { gate, ready } = useRecordPage({
    module: 'company',
    listQuery: CompaniesQuery,
    list: (data) => data.companies,
    saveMutation: SaveCompanyMutation,
    deleteMutation: DeleteCompanyMutation,
    nameOf: (row: Company) => row.name,
    routes: { list: '/company/lists', create: '/company/create', edit: '/company/edit' },
  });

  const columns = useMemo<Record<string, ListColumn<Company>>>(
    () => ({
      CompanyName: { label: t('companies.name'), text: (row) => row.name },
      LegalName: { label: t('companies.legalName'), text: (row) => row.legalName },
      Pan: { label: t('companies.pan'), text: (row) => row.pan },
      Gstin: { label: t('companies.gstin'), text: (row) => row.gstin ?? '' },
      Address: { label: t('common.address'), text: (row) => row.address },
      ...statusColumn<Company>(t),
    }),
    [t],
  );
  if (!ready) return gate;

  return (
    <RecordScreen
      ready={ready}
      columns={columns}
      form={(record) => (
        <CompanyForm
          company={record}
          onSave={(values) => ready.save(toInput(values, record?.id ?? null))}
          onClose={ready.closeForm}
        />
      )}
    />
  );
}

/** The mutation's input from the form's values; id null creates. */
function toInput(values: CompanyValues, id: string | null) {
  return {
    id,
    name: values.name.trim(),
    legalName: values.legalName.trim(),
    pan: values.pan,
    gstin: values.gstin,
    address: values.address.trim(),
    logoUrl: values.logoUrl,
    active: values.active === '1',
  };
}
