import { useQuery } from '@apollo/client/react';
import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MasterList } from '../../gql/graphql.ts';
import { MasterOptionsQuery } from './documents.ts';
import type { MasterListScreen } from './lists.ts';

export interface Choice {
  value: string;
  text: string;
}

/**
 * The records a list's records sit under, for its parent select: all of them, or only those under
 * the chosen grandparent (the districts of a state, for cities), so selects cascade.
 */
export function useParentOptions(
  screen: MasterListScreen,
  grandparentId: string,
): Choice[] | undefined {
  const { data } = useQuery(MasterOptionsQuery, {
    variables: { list: screen.parent ?? 'STATE', parentId: grandparentId || null },
    skip: !screen.parent,
  });
  if (!screen.parent) return [];
  return data?.masterOptions.map(({ value, text }) => ({ value, text }));
}

/** A select of one list's active records, with an 'All' or a placeholder first. */
export function OptionSelect({
  list,
  label,
  value,
  onChange,
  blank,
}: {
  list: MasterList;
  label: string;
  value: string;
  onChange: (value: string) => void;
  blank: string;
}) {
  const { data } = useQuery(MasterOptionsQuery, { variables: { list, parentId: null } });
  return (
    <Field.Root maxW="sm">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{blank}</option>
          {(data?.masterOptions ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The list page's filter: the parent, narrowed by the grandparent where there is one. */
export function ParentFilter({
  screen,
  value,
  onChange,
  grandparentId,
  onGrandparentChange,
}: {
  screen: MasterListScreen;
  value: string;
  onChange: (value: string) => void;
  grandparentId: string;
  onGrandparentChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const options = useParentOptions(screen, grandparentId);
  if (!screen.parent) return null;
  return (
    <>
      {screen.grandparent ? (
        <OptionSelect
          list={screen.grandparent}
          label={t(`masterLists.lists.${screen.grandparent}.one`)}
          value={grandparentId}
          blank={t('masterLists.parentAll')}
          onChange={(next) => {
            onGrandparentChange(next);
            onChange('');
          }}
        />
      ) : null}
      <Field.Root maxW="sm">
        <Field.Label>{t(`masterLists.lists.${screen.parent}.one`)}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('masterLists.parentAll')}</option>
            {(options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </>
  );
}
