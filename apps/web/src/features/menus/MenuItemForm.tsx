import { useQuery } from '@apollo/client/react';
import { Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuItemsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import { LabelledField } from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { MenuGroupsQuery, MenuModulesQuery } from './documents.ts';

export type MenuItem = MenuItemsQuery['list']['rows'][number];

const BLANK = {
  text: '',
  parentId: '',
  link: '',
  moduleCode: '',
  icon: '',
  style: '',
  order: '0',
};
export type MenuItemValues = typeof BLANK;

const LINK = /^\/[A-Za-z0-9/_-]*$/;
const ICON = /^[a-z0-9-]{1,40}$/;
const ORDER = /^\d{1,3}$/;

/**
 * Create or edit a menu entry: a group (no group above it, no link, no module) or an entry with a
 * link and a module, under a group or at the top. The server checks the same rules again.
 */
export function MenuItemForm({ record: item, dialog }: RecordFormProps<MenuItem, MenuItemValues>) {
  const { t } = useTranslation();
  const modules = useQuery(MenuModulesQuery, { fetchPolicy: 'cache-first' });
  // Every group, not only those on the list's page.
  const entries = useQuery(MenuGroupsQuery);
  // The form starts once the modules and groups are there: a select's value must be one of its
  // options.
  if (!modules.data || !entries.data) return null;
  // The groups an entry may sit under.
  const groups = entries.data.menuGroups.rows.filter((row) => row.isGroup);
  return (
    <FormDialog<MenuItemValues> {...dialog} defaultValues={startValues(BLANK, item)} size="xl" grid>
      {(form) => {
        const { errors } = form.formState;
        const field = (
          name: keyof MenuItemValues,
          rules: Parameters<typeof form.register>[1] = {},
        ) => form.register(name, rules);
        return (
          <>
            <LabelledField label={t('menus.text')} error={errors.text} required>
              <Input
                autoFocus
                {...field('text', {
                  validate: (v) =>
                    v.trim() === ''
                      ? t('common.required', { field: t('menus.text') })
                      : v.trim().length <= 60 || t('menus.textTooLong'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('menus.group')} error={errors.parentId}>
              <NativeSelect.Root>
                <NativeSelect.Field {...field('parentId', { deps: ['link', 'moduleCode'] })}>
                  <option value="">{t('menus.noGroup')}</option>
                  {groups
                    .filter((group) => group.id !== item?.id)
                    .map((group) => (
                      <option key={group.id} value={group.id}>
                        {group.text}
                      </option>
                    ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </LabelledField>
            <LabelledField label={t('menus.link')} error={errors.link}>
              <Input
                {...field('link', {
                  deps: ['moduleCode'],
                  validate: (v, values) => {
                    const link = v.trim();
                    if (link === '')
                      return values.parentId === '' && values.moduleCode === ''
                        ? true
                        : t('menus.linkNeeded');
                    return LINK.test(link) || t('menus.linkInvalid');
                  },
                })}
              />
            </LabelledField>
            <LabelledField label={t('menus.module')} error={errors.moduleCode}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...field('moduleCode', {
                    deps: ['link'],
                    validate: (v, values) =>
                      v !== '' ||
                      (values.parentId === '' && values.link.trim() === '') ||
                      t('menus.moduleNeeded'),
                  })}
                >
                  <option value="">{t('menus.noModule')}</option>
                  {modules.data.permissionGrid.modules.map((module) => (
                    <option key={module.code} value={module.code}>
                      {module.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </LabelledField>
            <LabelledField label={t('menus.icon')} error={errors.icon} required>
              <Input
                {...field('icon', {
                  validate: (v) => ICON.test(v.trim()) || t('menus.iconInvalid'),
                })}
              />
            </LabelledField>
            <LabelledField label={t('menus.style')} error={errors.style}>
              <Input {...field('style')} />
            </LabelledField>
            <LabelledField label={t('menus.order')} error={errors.order} required>
              <Input
                inputMode="numeric"
                {...field('order', {
                  validate: (v) => ORDER.test(v.trim()) || t('menus.orderInvalid'),
                })}
              />
            </LabelledField>
          </>
        );
      }}
    </FormDialog>
  );
}
