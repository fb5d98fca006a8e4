import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type RecordListData, recordPageGate, submitRecord } from './RecordList.tsx';
import { useConfirmedDelete } from './useConfirmedDelete.tsx';

interface PageInfo {
  title: string;
  description: string;
  permitted: boolean;
}

export interface RecordRow {
  id: string;
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * Where the form lives. With routes, /x/create and /x/edit?… open it over the list (a link to a
 * record can be shared and bookmarked; closing returns to the list); without, it opens in place.
 */
export interface RecordRoutes<Row> {
  list: string;
  create: string;
  edit: string;
  /** The edit link's query (default `id`; staff: `id1` branch and `id2` code). */
  editQuery?: (row: Row) => Record<string, string>;
}

interface Options<
  Row extends RecordRow,
  ListData,
  ListVariables extends OperationVariables,
  Deleted,
> {
  pageQuery: TypedDocumentNode<{ pageInfo: PageInfo }, Record<string, never>>;
  listQuery: TypedDocumentNode<ListData, ListVariables>;
  variables?: ListVariables;
  list: (data: ListData) => RecordListData<Row>;
  deleteMutation: TypedDocumentNode<Deleted, { id: string }>;
  deleted: (data: Deleted) => string;
  nameOf: (row: Row) => string;
  routes?: RecordRoutes<Row>;
  /** Queries that show the records elsewhere (the top bar's Menu), asked again after a change. */
  refetchQueries?: string[];
}

export interface RecordPage<Row extends RecordRow> {
  page: PageInfo;
  list: RecordListData<Row>;
  /** What RecordList needs besides columns and filters. */
  listProps: {
    page: PageInfo;
    list: RecordListData<Row>;
    firstLoad: boolean;
    loading: boolean;
    nameOf: (row: Row) => string;
    onCreate: () => void;
    onEdit: (row: Row) => void;
    onDelete: (row: Row) => void;
    onRefresh: () => void;
  };
  /** The form to show: none, a new record (null) or a row. */
  form: { record: Row | null; key: string } | undefined;
  closeForm: () => void;
  /** Runs a save: its message as the notice, then reload and close; a refusal for the form. */
  submit: (save: () => Promise<string>) => Promise<string | null>;
  refetch: () => void;
  /** The delete confirmation. */
  dialogs: ReactNode;
}

function matches(query: Record<string, string>, params: URLSearchParams): boolean {
  return Object.entries(query).every(([name, value]) => params.get(name) === value);
}

/**
 * What every record screen (companies, vendors, menus, branches, staff) does before its columns
 * and its form: the page's title and permission, the server's list, delete with confirmation,
 * create and edit by link or in place, and the gate (retry, access denied, loading) before that.
 */
export function useRecordPage<
  Row extends RecordRow,
  ListData,
  ListVariables extends OperationVariables,
  Deleted,
>(
  options: Options<Row, ListData, ListVariables, Deleted>,
): { gate: ReactNode | null; ready: RecordPage<Row> | null } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [inPlace, setInPlace] = useState<Row | 'new' | null>(null);
  const page = useQuery(options.pageQuery, { fetchPolicy: 'cache-first' });
  const permitted = page.data?.pageInfo.permitted === true;
  const listQuery = useQuery(options.listQuery, {
    skip: !permitted,
    notifyOnNetworkStatusChange: true,
    ...(options.variables ? { variables: options.variables } : {}),
  } as useQuery.Options<ListData, ListVariables>);
  const { data, previousData, error, loading, refetch } = listQuery;
  const refetchOthers = options.refetchQueries
    ? { refetchQueries: options.refetchQueries, awaitRefetchQueries: true }
    : {};
  const [remove] = useMutation(options.deleteMutation, refetchOthers);
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) => {
      const answer = await remove({ variables: { id: row.id } });
      return answer.data ? options.deleted(answer.data) : '';
    },
    () => void refetch(),
  );
  const current = data ?? previousData;
  const list = current ? options.list(current) : undefined;

  const gate = recordPageGate({
    page: { data: page.data?.pageInfo, error: page.error, refetch: page.refetch },
    list: { data: list, error, refetch },
    loadingLabel: t('common.loading'),
  });
  if (gate || !list || !page.data) return { gate, ready: null };

  const { routes } = options;
  const editQuery = routes?.editQuery ?? ((row: Row) => ({ id: row.id }));
  let form: RecordPage<Row>['form'];
  if (routes) {
    if (pathname === routes.create && list.canCreate) form = { record: null, key: 'new' };
    const editing =
      pathname === routes.edit
        ? list.rows.find((row) => row.canEdit && matches(editQuery(row), params))
        : undefined;
    if (editing) form = { record: editing, key: editing.id };
  } else if (inPlace) {
    form = inPlace === 'new' ? { record: null, key: 'new' } : { record: inPlace, key: inPlace.id };
  }
  const closeForm = () => (routes ? navigate(routes.list) : setInPlace(null));

  return {
    gate: null,
    ready: {
      page: page.data.pageInfo,
      list,
      listProps: {
        page: page.data.pageInfo,
        list,
        firstLoad: loading && !data,
        loading,
        nameOf: options.nameOf,
        onCreate: () => (routes ? navigate(routes.create) : setInPlace('new')),
        onEdit: (row) =>
          routes
            ? navigate(`${routes.edit}?${new URLSearchParams(editQuery(row)).toString()}`)
            : setInPlace(row),
        onDelete: (row) => deletion.ask({ id: row.id, name: options.nameOf(row) }),
        onRefresh: () => void refetch(),
      },
      form,
      closeForm,
      submit: (save) =>
        submitRecord(t, save, () => {
          void refetch();
          closeForm();
        }),
      refetch: () => void refetch(),
      dialogs: deletion.dialog,
    },
  };
}
