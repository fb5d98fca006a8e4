import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { idFilter, ListFilterSelect } from '../../shared/ListFilterSelect.tsx';
import type { ListParams } from '../../shared/useListParams.ts';
import { MasterOptionsQuery } from './documents.ts';

/** The URL's name for the state a list of records with an address is narrowed to. */
export const STATE_PARAM = 'state';

/**
 * The state filter of a record screen whose records have a state (vendors, branches), as
 * useRecordPage takes it: `state` in the URL, the list query's `stateId`.
 */
export const stateFilter = {
  names: [STATE_PARAM],
  variables: (params: ListParams): { stateId?: string } => {
    const stateId = idFilter(params.filter(STATE_PARAM));
    return stateId ? { stateId } : {};
  },
} as const;

/** The state select above such a list: 'All states' and the active states. */
export function StateFilter({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  const { data } = useQuery(MasterOptionsQuery, { variables: { list: 'STATE', parentId: null } });
  return (
    <ListFilterSelect
      params={params}
      name={STATE_PARAM}
      label={t('masterLists.lists.STATE.one')}
      allLabel={t('masterLists.allStates')}
      options={data?.masterOptions}
    />
  );
}
