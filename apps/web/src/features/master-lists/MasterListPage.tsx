import { useMutation, useQuery } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { MasterList, MasterRecordsQuery } from '../../gql/graphql.ts';
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

  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !permitted) return <Navigate to="/access-denied" replace />;
  if (error && !current) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!result || !page.data) return <LoadingDots label={t('common.loading')} />;
  const { title, description } = page.data.masterListPage;

  async function saveRecord(values: MasterRecordValues, id: string | null): Promise<string | null> {
    try {
      const answer = await save({
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
      });
      notifySuccess(answer.data?.saveMasterRecord.message ?? '');
      setEditing(null);
      void refetch();
      return null;
    } catch (failure) {
      // The server's own words ('Brand Voltas already exists.') stay in the dialog beside the form.
      return describeProblem(failure, t).message;
    }
  }

  return (
    <>
      <ServerList<Row>
        title={title}
        description={description}
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
            onEdit={row.canEdit ? () => setEditing(row) : undefined}
            onDelete={row.canDelete ? () => deletion.ask(row) : undefined}
          />
        )}
        toolbar={
          <ListToolbar
            onCreate={result.canCreate ? () => setEditing('new') : undefined}
            onRefresh={() => void refetch()}
            refreshing={loading}
            exportUrl={
              result.options.downloadable && result.rows.length > 0 ? result.exportUrl : null
            }
          />
        }
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
