import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../shared/ServerList.tsx';
import { RecordScreen, useRecordPage } from '../../shared/useRecordPage.tsx';
import { DeleteMenuItemMutation, MenuItemsQuery, SaveMenuItemMutation } from './documents.ts';
import { type MenuItem, MenuItemForm, type MenuItemValues } from './MenuItemForm.tsx';

/** The top bar's menu (MainMenu's `Menu` query) is asked for again after every change. */
const TOP_BAR = ['Menu'];

/** Menus: /menu/lists, the entries of the header menu, group by group. */
export function Component() {
  const { t } = useTranslation();
  const { gate, ready } = useRecordPage({
    module: 'menu',
    listQuery: MenuItemsQuery,
    list: (data) => data.menuItems,
    saveMutation: SaveMenuItemMutation,
    deleteMutation: DeleteMenuItemMutation,
    nameOf: (row: MenuItem) => row.text,
    refetchQueries: TOP_BAR,
  });

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
  if (!ready) return gate;

  return (
    <RecordScreen
      ready={ready}
      columns={columns}
      form={(record) => (
        <MenuItemForm
          item={record}
          groups={ready.list.rows.filter((row) => row.isGroup)}
          onSave={(values) => ready.save(toInput(values, record?.id ?? null))}
          onClose={ready.closeForm}
        />
      )}
    />
  );
}

/** The mutation's input from the form's values; id null creates. */
function toInput(values: MenuItemValues, id: string | null) {
  return {
    id,
    text: values.text.trim(),
    parentId: values.parentId || null,
    link: values.link.trim(),
    moduleCode: values.moduleCode || null,
    icon: values.icon.trim(),
    style: values.style.trim(),
    order: Number(values.order),
  };
}
