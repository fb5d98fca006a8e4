import { recordScreen } from '../../shared/useRecordPage.tsx';
import { menuItemDocuments } from './documents.ts';
import { MenuItemForm } from './MenuItemForm.tsx';

/** Menus: /menu/lists, the entries of the header menu, group by group. */
export const Component = recordScreen({
  module: 'menu',
  documents: menuItemDocuments,
  strings: 'menus',
  nameOf: (row) => row.text,
  // The top bar's menu (MainMenu's `Menu` query) is asked for again after every change.
  refetchQueries: ['Menu'],
  columns: (t) => ({
    parentText: { label: t('menus.group'), text: (row) => row.parentText ?? '' },
    text: { label: t('menus.text'), text: (row) => row.text, priority: 'essential' },
    link: { label: t('menus.link'), text: (row) => row.link },
    icon: { label: t('menus.icon'), text: (row) => row.icon, priority: 'low' },
    moduleName: { label: t('menus.module'), text: (row) => row.moduleName ?? '' },
    order: {
      label: t('menus.order'),
      text: (row) => String(row.order),
      priority: 'low',
      nowrap: true,
    },
  }),
  Form: MenuItemForm,
  toInput: (values, record) => ({
    id: record?.id ?? null,
    text: values.text.trim(),
    parentId: values.parentId || null,
    link: values.link.trim(),
    moduleCode: values.moduleCode || null,
    icon: values.icon.trim(),
    style: values.style.trim(),
    order: Number(values.order),
  }),
});
