import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery as VendorsData } from '../../gql/graphql.ts';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { RecordScreen, statusColumn, useRecordPage } from '../../shared/useRecordPage.tsx';
import { DeleteVendorMutation, SaveVendorMutation, VendorsQuery } from './documents.ts';
import { VendorForm, type VendorValues } from './VendorForm.tsx';

type Vendor = VendorsData['vendors']['rows'][number];

/** Vendors: /vendor/list, with /vendor/create and /vendor/edit?id=… over the list. */
export function Component() {
  const { t } = useTranslation();
  const { gate, ready } = useRecordPage({
    module: 'vendor',
    listQuery: VendorsQuery,
    list: (data) => data.vendors,
    saveMutation: SaveVendorMutation,
    deleteMutation: DeleteVendorMutation,
    nameOf: (row: Vendor) => row.name,
    routes: { list: '/vendor/list', create: '/vendor/create', edit: '/vendor/edit' },
  });

  const columns = useMemo<Record<string, ListColumn<Vendor>>>(
    () => ({
      VendorCode: { label: t('vendors.code'), text: (row) => row.code },
      VendorName: { label: t('vendors.name'), text: (row) => row.name },
      Gstin: { label: t('vendors.gstin'), text: (row) => row.gstin },
      StateName: { label: t('vendors.state'), text: (row) => row.stateName },
      ContactPerson: { label: t('vendors.contactPerson'), text: (row) => row.contactPerson },
      Phone: { label: t('common.phone'), text: (row) => row.phone },
      Email: { label: t('common.email'), text: (row) => row.email ?? '' },
      ...statusColumn<Vendor>(t),
    }),
    [t],
  );
  if (!ready) return gate;

  return (
    <RecordScreen
      ready={ready}
      columns={columns}
      bulkUploadTo="/vendor/bulk-upload"
      form={(record) => (
        <VendorForm
          vendor={record}
          onSave={(values) => ready.save(toInput(values, record?.id ?? null))}
          onClose={ready.closeForm}
        />
      )}
    />
  );
}

/** The mutation's input from the form's values; id null creates. */
function toInput(values: VendorValues, id: string | null) {
  return {
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
  };
}
