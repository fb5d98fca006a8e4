import { useMutation } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorsQuery as VendorsData } from '../../gql/graphql.ts';
import { RecordList } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useRecordPage } from '../../shared/useRecordPage.tsx';
import {
  DeleteVendorMutation,
  SaveVendorMutation,
  VendorPageQuery,
  VendorsQuery,
} from './documents.ts';
import { VendorForm, type VendorValues } from './VendorForm.tsx';

type Vendor = VendorsData['vendors']['rows'][number];

/** Vendors: /vendor/list, with /vendor/create and /vendor/edit?id=… over the list. */
export function Component() {
  const { t } = useTranslation();
  const [save] = useMutation(SaveVendorMutation);
  const { gate, ready } = useRecordPage({
    pageQuery: VendorPageQuery,
    listQuery: VendorsQuery,
    list: (data) => data.vendors,
    deleteMutation: DeleteVendorMutation,
    deleted: (data) => data.deleteVendor.message,
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
  if (!ready) return gate;

  const saveVendor = (values: VendorValues, id: string | null) =>
    ready.submit(
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
    );

  return (
    <>
      <RecordList<Vendor>
        {...ready.listProps}
        columns={columns}
        bulkUploadTo="/vendor/bulk-upload"
      />
      {ready.form ? (
        <VendorForm
          key={ready.form.key}
          vendor={ready.form.record}
          onSave={(values) => saveVendor(values, ready.form?.record?.id ?? null)}
          onClose={ready.closeForm}
        />
      ) : null}
      {ready.dialogs}
    </>
  );
}
