import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { notifySuccess } from '../../shared/alerts.tsx';
import { EditDeleteActions } from '../../shared/EditDeleteActions.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { type ListColumn, ServerList } from '../../shared/ServerList.tsx';
import { useConfirmedDelete } from '../../shared/useConfirmedDelete.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
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

  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !permitted) return <Navigate to="/access-denied" replace />;
  if (error && !result) return <RouteProblem error={error} onRetry={() => void refetch()} />;
  if (!result || !page.data) return <LoadingDots label={t('common.loading')} />;

  const groups = result.rows.filter((row) => row.isGroup);

  async function saveItem(values: MenuItemValues, id: string | null): Promise<string | null> {
    try {
      const answer = await save({
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
      });
      notifySuccess(answer.data?.saveMenuItem.message ?? '');
      void refetch();
      setEditing(null);
      return null;
    } catch (failure) {
      return describeProblem(failure, t).message;
    }
  }

  return (
    <>
      <ServerList<MenuItem>
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
            name={row.text}
            onEdit={row.canEdit ? () => setEditing(row) : undefined}
            onDelete={
              row.canDelete ? () => deletion.ask({ id: row.id, name: row.text }) : undefined
            }
          />
        )}
        toolbar={
          <ListToolbar
            onCreate={result.canCreate ? () => setEditing('new') : undefined}
            onRefresh={() => void refetch()}
            refreshing={loading}
            exportUrl={null}
          />
        }
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
