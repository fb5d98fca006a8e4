import { useMutation, useQuery } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MasterList, MasterRecordsQuery } from '../../gql/graphql.ts';
import { RecordList, recordPageGate, submitRecord } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import {
  DeleteMasterRecordMutation,
  MasterListPageQuery,
  MasterRecordsQuery as RecordsQuery,
  SaveMasterRecordMutation,
} from './documents.ts';
import { MASTER_LIST_SCREENS } from './lists.ts';
import { MasterRecordForm, type MasterRecordValues } from './MasterRecordForm.tsx';
import { ParentFilter } from './ParentSelects.tsx';

type Row = MasterRecordsQuery['masterRecords']['rows'][number];

/**
 * Every simple master list (designations, brands, categories, sub-categories, asset types): the
 * server's list with search, refresh and export, a create/edit dialog, and delete with a
 * confirmation. Children lists filter by their parent.
 */
export function MasterListPage({ list }: { list: MasterList }) {
  const { t } = useTranslation();
  const screen = MASTER_LIST_SCREENS[list];
  const [parentFilter, setParentFilter] = useState('');
  const [grandparentFilter, setGrandparentFilter] = useState('');
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const page = useQuery(MasterListPageQuery, { variables: { list }, fetchPolicy: 'cache-first' });
  const permitted = page.data?.masterListPage.permitted === true;
  // The records are asked for only once the page is known to be open to the user.
  const { data, previousData, error, loading, refetch } = useQuery(RecordsQuery, {
    variables: { list, parentId: parentFilter || null },
    notifyOnNetworkStatusChange: true,
    skip: !permitted,
  });
  const [save] = useMutation(SaveMasterRecordMutation);
  const [remove] = useMutation(DeleteMasterRecordMutation);
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) =>
      (await remove({ variables: { list, id: row.id } })).data?.deleteMasterRecord.message ?? '',
    () => void refetch(),
  );
  const current = data ?? previousData;
  const result = current?.masterRecords;

  const columns = useMemo(() => {
    const byField: Record<string, ListColumn<Row>> = {
      ActiveStatusTxt: {
        label: t('masterLists.status'),
        text: (row) => row.status.text,
        render: (row) => <StatusChip chip={row.status} />,
      },
      TaxRate: { label: t('masterLists.taxRate'), text: (row) => row.taxRate ?? '' },
      GstStateCode: { label: t('masterLists.gstStateCode'), text: (row) => row.gstStateCode ?? '' },
    };
    if (result) {
      byField[result.nameField] = {
        label: t(`masterLists.lists.${list}.one`),
        text: (row) => row.name,
      };
      if (result.parentField && screen.parent)
        byField[result.parentField] = {
          label: t(`masterLists.lists.${screen.parent}.one`),
          text: (row) => row.parentName ?? '',
        };
    }
    return byField;
  }, [result, t, list, screen.parent]);

  const gate = recordPageGate({
    page: { data: page.data?.masterListPage, error: page.error, refetch: page.refetch },
    list: { data: result, error, refetch },
    loadingLabel: t('common.loading'),
  });
  if (gate || !result || !page.data) return gate;
  const { title, description } = page.data.masterListPage;

  // A refusal ('Brand Voltas already exists.') stays in the dialog beside the form.
  const saveRecord = (values: MasterRecordValues, id: string | null) =>
    submitRecord(
      t,
      async () =>
        (
          await save({
            variables: {
              input: {
                list,
                id,
                name: values.name.trim(),
                parentId: screen.parent ? values.parentId : null,
                taxRate: screen.taxRate ? Number(values.taxRate).toFixed(2) : null,
                gstStateCode: screen.gstStateCode ? values.gstStateCode.trim() : null,
                active: values.active === '1',
              },
            },
          })
        ).data?.saveMasterRecord.message ?? '',
      () => {
        setEditing(null);
        void refetch();
      },
    );

  return (
    <>
      <RecordList<Row>
        page={{ title, description }}
        list={result}
        firstLoad={loading && !data}
        loading={loading}
        columns={columns}
        nameOf={(row) => row.name}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={deletion.ask}
        onRefresh={() => void refetch()}
        filters={
          screen.parent ? (
            <HStack gap="3" align="end" wrap="wrap">
              <ParentFilter
                screen={screen}
                value={parentFilter}
                onChange={setParentFilter}
                grandparentId={grandparentFilter}
                onGrandparentChange={setGrandparentFilter}
              />
            </HStack>
          ) : null
        }
      />
      {editing ? (
        <MasterRecordForm
          screen={screen}
          record={editing === 'new' ? null : editing}
          onSave={(values) => saveRecord(values, editing === 'new' ? null : editing.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletion.dialog}
    </>
  );
}
