import { useMutation, useQuery } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MasterList, MasterRecordsQuery } from '../../gql/graphql.ts';
import { askAgain, useListQuery } from '../../shared/listQuery.ts';
import { RecordList, recordPageGate, submitRecord } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import { useListParams } from '../../shared/useListParams.ts';
import { statusColumn } from '../../shared/useRecordPage.tsx';
import {
  DeleteMasterRecordMutation,
  MasterListPageQuery,
  MasterRecordsQuery as RecordsQuery,
  SaveMasterRecordMutation,
} from './documents.ts';
import { choiceLabel, extraInput, MASTER_LIST_SCREENS } from './lists.ts';
import { MasterRecordForm, type MasterRecordValues } from './MasterRecordForm.tsx';
import { ParentFilter } from './ParentSelects.tsx';

type Row = MasterRecordsQuery['masterRecords']['rows'][number];

/** The URL's names for the filters (the district of a city list, and the state above it). */
const PARENT_PARAM = 'parent';
const GRANDPARENT_PARAM = 'grandparent';

/**
 * Every simple master list (designations, brands, categories, sub-categories, asset types): the
 * server's list with search, refresh and export, a create/edit dialog, and delete with a
 * confirmation. Children lists filter by their parent.
 */
export function MasterListPage({ list }: { list: MasterList }) {
  const { t } = useTranslation();
  const screen = MASTER_LIST_SCREENS[list];
  const params = useListParams();
  // The filters live in the URL beside the list's page, search and sort.
  const parentFilter = params.filter(PARENT_PARAM);
  const grandparentFilter = params.filter(GRANDPARENT_PARAM);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const page = useQuery(MasterListPageQuery, { variables: { list }, fetchPolicy: 'cache-first' });
  const permitted = page.data?.masterListPage.permitted === true;
  // The records are asked for only once the page is known to be open to the user.
  const { data, previousData, error, loading, refetch } = useListQuery(RecordsQuery, {
    variables: {
      list,
      parentId: parentFilter || null,
      // A state alone narrows a city list to its districts' cities.
      grandparentId: screen.grandparent ? grandparentFilter || null : null,
      ...params.variables,
    },
    skip: !permitted,
  });
  const [save] = useMutation(SaveMasterRecordMutation);
  const [remove] = useMutation(DeleteMasterRecordMutation);
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) =>
      (await remove({ variables: { list, id: row.id } })).data?.deleteMasterRecord.message ?? '',
    () => askAgain(refetch),
  );
  const current = data ?? previousData;
  const result = current?.masterRecords;

  const columns = useMemo(() => {
    const byField: Record<string, ListColumn<Row>> = {
      name: {
        label: t(`masterLists.lists.${list}.one`),
        text: (row) => row.name,
        priority: 'essential',
      },
      ...statusColumn<Row>(t),
    };
    if (screen.parent)
      byField.parentName = {
        label: t(`masterLists.lists.${screen.parent}.one`),
        text: (row) => row.parentName ?? '',
      };
    for (const extra of screen.extras)
      byField[extra.field] = {
        label: t(`masterLists.fields.${extra.field}`),
        text: (row) => {
          const value: unknown = (row as Readonly<Record<string, unknown>>)[extra.field];
          if (value === null || value === undefined) return '';
          return extra.kind === 'choice' ? choiceLabel(t, extra, String(value)) : String(value);
        },
      };
    return byField;
  }, [t, list, screen]);

  const gate = recordPageGate({
    page: { data: page.data?.masterListPage, error: page.error, refetch: page.refetch },
    loadingLabel: t('common.loading'),
  });
  if (gate || !page.data) return gate;
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
                ...Object.fromEntries(
                  screen.extras.map((extra) => [
                    extra.field,
                    extraInput(extra, values.extras[extra.field] ?? ''),
                  ]),
                ),
                active: values.active === '1',
              },
            },
          })
        ).data?.saveMasterRecord.message ?? '',
      () => {
        setEditing(null);
        askAgain(refetch);
      },
    );

  return (
    <>
      <RecordList<Row>
        page={{ title, description }}
        list={result}
        loading={loading}
        error={error}
        onRetry={() => askAgain(refetch)}
        params={params}
        columns={columns}
        nameOf={(row) => row.name}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={deletion.ask}
        onRefresh={() => askAgain(refetch)}
        filters={
          screen.parent ? (
            <HStack gap="3" align="end" wrap="wrap">
              <ParentFilter
                screen={screen}
                value={parentFilter}
                onChange={(parentId) => params.setFilters({ [PARENT_PARAM]: parentId })}
                grandparentId={grandparentFilter}
                onGrandparentChange={(grandparentId) =>
                  // A parent belongs to one grandparent: choosing another clears it.
                  params.setFilters({ [GRANDPARENT_PARAM]: grandparentId, [PARENT_PARAM]: '' })
                }
              />
            </HStack>
          ) : null
        }
      />
      {editing ? (
        <MasterRecordForm
          screen={screen}
          record={editing === 'new' ? null : editing}
          start={{ parentId: parentFilter, grandparentId: grandparentFilter }}
          onSave={(values) => saveRecord(values, editing === 'new' ? null : editing.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletion.dialog}
    </>
  );
}
