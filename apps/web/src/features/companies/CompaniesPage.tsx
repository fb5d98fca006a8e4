import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { CompanyForm } from './CompanyForm.tsx';
import { companyDocuments } from './documents.ts';

/** Companies: /company/lists, with /company/create and /company/edit?id=… over the list. */
export const Component = recordScreen({
  module: 'company',
  documents: companyDocuments,
  strings: 'companies',
  columns: (t) => ({
    name: { label: t('companies.name'), text: (row) => row.name, priority: 'essential' },
    legalName: { label: t('companies.legalName'), text: (row) => row.legalName },
    pan: { label: t('common.pan'), text: (row) => row.pan, priority: 'low', nowrap: true },
    gstin: {
      label: t('common.gstin'),
      text: (row) => row.gstin ?? '',
      priority: 'low',
      nowrap: true,
    },
    address: { label: t('common.address'), text: (row) => row.address, priority: 'low' },
    ...statusColumn(t),
  }),
  Form: CompanyForm,
});
