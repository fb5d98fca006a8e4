import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordList, recordPageGate, submitRecord } from '../../shared/RecordList.tsx';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import {
  DeleteMenuItemMutation,
  MenuItemsQuery,
  MenusPageQuery,
  SaveMenuItemMutation,
} from './documents.ts';
import { type MenuItem, MenuItemForm, type MenuItemValues } from './MenuItemForm.tsx';

/** The top bar's menu (MainMenu's `Menu` query) is asked for again after every change. */
const REFETCH_TOP_BAR = { refetchQueries: ['Menu'], awaitRefetchQueries: true };

/** Menus: /menu/lists, the entries of the header menu, group by group. */
export function Component() {
  const { t } = useTranslation();
  const page = useQuery(MenusPageQuery, { fetchPolicy: 'cache-first' });
  const permitted = page.data?.pageInfo.permitted === true;
  const { data, previousData, error, loading, refetch } = useQuery(MenuItemsQuery, {
    skip: !permitted,
    notifyOnNetworkStatusChange: true,
  });
  const [save] = useMutation(SaveMenuItemMutation, REFETCH_TOP_BAR);
  const [remove] = useMutation(DeleteMenuItemMutation, REFETCH_TOP_BAR);
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) =>
      (await remove({ variables: { id: row.id } })).data?.deleteMenuItem.message ?? '',
    () => void refetch(),
  );
  const result = (data ?? previousData)?.menuItems;

  const columns = useMemo<Record<string, ListColumn<MenuItem>>>(
    () => ({
      ParentText: { label: t('menus.group'), text: (row) => row.parentText ?? '' },
      MenuText: { label: t('menus.text'), text: (row) => row.text },
      MenuLink: { label: t('menus.link'), text: (row) => row.link },
      MenuIcon: { label: t('menus.icon'), text: (row) => row.icon },
      ModuleName: { label: t('menus.module'), text: (row) => row.moduleName ?? '' },
      MenuOrder: { label: t('menus.order'), text: (row) => String(row.order) },
    }),
    [t],
  );

  const gate = recordPageGate({
    page: { data: page.data?.pageInfo, error: page.error, refetch: page.refetch },
    list: { data: result, error, refetch },
    loadingLabel: t('common.loading'),
  });
  if (gate || !result || !page.data) return gate;

  const groups = result.rows.filter((row) => row.isGroup);

  const saveItem = (values: MenuItemValues, id: string | null) =>
    submitRecord(
      t,
      async () =>
        (
          await save({
            variables: {
              input: {
                id,
                text: values.text.trim(),
                parentId: values.parentId || null,
                link: values.link.trim(),
                moduleCode: values.moduleCode || null,
                icon: values.icon.trim(),
                style: values.style.trim(),
                order: Number(values.order),
              },
            },
          })
        ).data?.saveMenuItem.message ?? '',
      () => {
        void refetch();
        setEditing(null);
      },
    );

  return (
    <>
      <RecordList<MenuItem>
        page={page.data.pageInfo}
        list={result}
        firstLoad={loading && !data}
        loading={loading}
        columns={columns}
        nameOf={(row) => row.text}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onDelete={(row) => deletion.ask({ id: row.id, name: row.text })}
        onRefresh={() => void refetch()}
      />
      {editing ? (
        <MenuItemForm
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          groups={groups}
          onSave={(values) => saveItem(values, editing === 'new' ? null : editing.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletion.dialog}
    </>
  );
}
