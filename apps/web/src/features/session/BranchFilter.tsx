import { useTranslation } from 'react-i18next';
import type { Choice } from '../../shared/FormFields.tsx';
import { ListFilterSelect } from '../../shared/ListFilterSelect.tsx';
import type { ListParams } from '../../shared/useListParams.ts';
import { useSession } from './SessionContext.tsx';

/*
 * The branch of a branch's document list (goods receive notes, installations, transfers): the
 * primary branch unless the URL names another of the user's branches (`?branch=`), chosen with a
 * select that only a user of several branches sees.
 */

const BRANCH_PARAM = 'branch';

/** The branch the list shows: the URL's, else the primary one ('' when the user has none). */
export function useListBranch(params: ListParams): string {
  const session = useSession();
  return params.filter(BRANCH_PARAM) || session.primaryBranch?.id || '';
}

export function BranchFilter({
  params,
  options,
}: {
  params: ListParams;
  /** The user's branches. */
  options: readonly Choice[];
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (options.length <= 1) return null;
  return (
    <ListFilterSelect
      params={params}
      name={BRANCH_PARAM}
      label={t('purchaseOrders.branch')}
      allLabel={
        session.primaryBranch
          ? `${session.primaryBranch.code} - ${session.primaryBranch.name}`
          : t('purchaseOrders.branchPlaceholder')
      }
      options={options.filter((option) => option.value !== session.primaryBranch?.id)}
    />
  );
}
