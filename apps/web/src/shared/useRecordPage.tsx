import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Link } from '@chakra-ui/react';
import { type DocumentNode, parse } from 'graphql';
import type { TFunction } from 'i18next';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { InlineAlert } from './InlineAlert.tsx';
import { askAgain, useListQuery } from './listQuery.ts';
import { PageInfoQuery } from './pageInfo.ts';
import {
  RecordList,
  type RecordListData,
  type RecordListProps,
  recordPageGate,
  submitRecord,
} from './RecordList.tsx';
import { recordRoutesOf } from './recordRoutes.ts';
import type { ListColumn } from './ServerList.tsx';
import { StatusChip } from './StatusChip.tsx';
import { useConfirmedDelete } from './useConfirmedDelete.tsx';
import {
  type ListParams,
  MAX_PAGE_SIZE,
  type ListVariables as PagingVariables,
  useListParams,
} from './useListParams.ts';

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

/** What a record list query answers: its one root field aliased `list` (`list: companies { … }`). */
export interface RecordListQueryData {
  list: RecordListData<RecordRow>;
}

/** The rows of a record list query's answer. */
export type RowOf<ListData extends RecordListQueryData> = ListData['list']['rows'][number];

/** A record screen's GraphQL documents, kept together in its feature's documents.ts. */
export interface RecordDocuments<
  ListData extends RecordListQueryData,
  ListVariables extends OperationVariables,
  Deleted,
  Saved,
  Input,
> {
  list: TypedDocumentNode<ListData, ListVariables>;
  delete: TypedDocumentNode<Deleted, { id: string }>;
  /** The create-or-update mutation (an input with id null creates). */
  save?: TypedDocumentNode<Saved, { input: Input }>;
}

interface Options<
  ListData extends RecordListQueryData,
  ListVariables extends OperationVariables,
  Deleted,
  Saved,
  Input,
> {
  /** The grants module whose list permission, title and description the page shows. */
  module: string;
  documents: RecordDocuments<ListData, ListVariables, Deleted, Saved, Input>;
  /** The list query's own variables besides the paging ones, which come from the URL. */
  variables?: Omit<ListVariables, keyof PagingVariables>;
  /**
   * The screen's own filters (a vendor's state): their names in the URL, which the create and edit
   * links keep, and the list query's variables they give (a filter not chosen gives none).
   */
  filters?: {
    names: readonly string[];
    variables: (params: ListParams) => Partial<Omit<ListVariables, keyof PagingVariables>>;
  };
  /** What a confirmation calls a row; its `name` unless said otherwise. */
  nameOf?: (row: RowOf<ListData>) => string;
  /** The edit link's query (default `id`; staff: `id1` branch and `id2` code). */
  editQuery?: (row: RowOf<ListData>) => Record<string, string>;
  /** Queries that show the records elsewhere (the top bar's Menu), asked again after a change. */
  refetchQueries?: string[];
}

export interface RecordPage<Row extends RecordRow, Input = never, ListData = unknown> {
  page: PageInfo;
  /** The last answer's list (the previous page while the next loads); undefined before the first. */
  list: RecordListData<Row> | undefined;
  /** The last answer in full, for what a screen asks beside the list (the gallery's upload limits). */
  data: ListData | undefined;
  /** What RecordList needs besides columns and filters. */
  listProps: RecordListProps<Row> & { page: PageInfo };
  /** The form to show: none, a new record (null) or a row. */
  form: { record: Row | null; key: string } | undefined;
  /**
   * An edit link that names no record the user may edit: `notFound` when it names one by an id
   * that is not there (or not editable), `idNeeded` when it names none.
   */
  unknownRecord: 'notFound' | 'idNeeded' | null;
  closeForm: () => void;
  /** Runs a save: its message as the notice, then reload and close; a refusal for the form. */
  submit: (save: () => Promise<string>) => Promise<string | null>;
  /** Saves through the page's save mutation, as `submit` does. */
  save: (input: Input) => Promise<string | null>;
  refetch: () => void;
  /** The delete confirmation. */
  dialogs: ReactNode;
}

/** Stands in for the save mutation of a page that saves otherwise (the gallery uploads). */
const NO_SAVE: DocumentNode = parse('mutation NoSave { __typename }');

/**
 * The server's message in a mutation's answer: every save and delete of the schema answers with a
 * result type whose `message` is the legacy output, as its one root field.
 */
function messageOf(data: object | undefined): string {
  for (const value of Object.values(data ?? {})) {
    if (
      value &&
      typeof value === 'object' &&
      'message' in value &&
      typeof value.message === 'string'
    )
      return value.message;
  }
  return '';
}

/** What a confirmation calls a row by default: its name, or its id for a row without one. */
function nameField(row: RecordRow): string {
  return 'name' in row && typeof row.name === 'string' ? row.name : row.id;
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
  ListData extends RecordListQueryData,
  ListVariables extends OperationVariables,
  Deleted,
  Saved = never,
  Input = never,
>(
  options: Options<ListData, ListVariables, Deleted, Saved, Input>,
): { gate: ReactNode | null; ready: RecordPage<RowOf<ListData>, Input, ListData> | null } {
  type Row = RowOf<ListData>;
  const { documents } = options;
  const nameOf = options.nameOf ?? nameField;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const listParams = useListParams();
  const [inPlace, setInPlace] = useState<Row | 'new' | null>(null);
  const page = useQuery(PageInfoQuery, {
    variables: { module: options.module, action: 'list' },
    fetchPolicy: 'cache-first',
  });
  const permitted = page.data?.pageInfo.permitted === true;
  const filterVariables = options.filters?.variables(listParams) ?? {};
  const filtered = Object.values(filterVariables).some(
    (value) => value !== undefined && value !== null,
  );
  const listQuery = useListQuery(documents.list, {
    skip: !permitted,
    variables: {
      ...options.variables,
      ...filterVariables,
      ...listParams.variables,
    } as unknown as ListVariables,
  });
  const { data, previousData, error, loading, refetch } = listQuery;
  const refetchOthers = options.refetchQueries
    ? { refetchQueries: options.refetchQueries, awaitRefetchQueries: true }
    : {};
  const [remove] = useMutation(documents.delete, refetchOthers);
  // Hooks run on every render, so a page without a save mutation gets one that is never sent.
  const [store] = useMutation(
    documents.save ?? (NO_SAVE as TypedDocumentNode<Saved, { input: Input }>),
    refetchOthers,
  );
  const deletion = useConfirmedDelete(
    async (row: { id: string; name: string }) => {
      const answer = await remove({ variables: { id: row.id } });
      return messageOf(answer.data as object | undefined);
    },
    () => askAgain(refetch),
  );
  const current = data ?? previousData;
  // Its rows are the Row of ListData; TypeScript does not see through the indexed access.
  const list = current ? (current.list as RecordListData<Row>) : undefined;

  const gate = recordPageGate({
    page: { data: page.data?.pageInfo, error: page.error, refetch: page.refetch },
    loadingLabel: t('common.loading'),
  });
  const routes = recordRoutesOf(options.module);
  const editQuery = options.editQuery ?? ((row: Row) => ({ id: row.id }));
  const editable = (rows: readonly Row[] | undefined) =>
    rows?.find((row) => row.canEdit && matches(editQuery(row), params));
  const editRoute = routes !== undefined && pathname === routes.edit;
  const onPage = editRoute ? editable(list?.rows) : undefined;
  // The list's own edit links carry its page, search and sort, so the record is on the page. A
  // link without them (an older link, another tool's) may name a record on another page: it is
  // looked for among every record, in one page of the schema's largest size.
  const lookUp = editRoute && !onPage && data !== undefined && !loading;
  const everyRecord = useQuery(documents.list, {
    skip: !lookUp,
    fetchPolicy: 'network-only',
    variables: { ...options.variables, page: 1, pageSize: MAX_PAGE_SIZE },
  } as useQuery.Options<ListData, ListVariables>);
  if (gate || !page.data) return { gate, ready: null };

  let form: RecordPage<Row, Input>['form'];
  let unknownRecord: RecordPage<Row, Input>['unknownRecord'] = null;
  if (routes) {
    if (pathname === routes.create && list?.canCreate) form = { record: null, key: 'new' };
    const editing =
      onPage ??
      (lookUp
        ? editable((everyRecord.data?.list as RecordListData<Row> | undefined)?.rows)
        : undefined);
    if (editing) form = { record: editing, key: editing.id };
    // An edit link that names no record the user may edit says so (once every record was looked
    // through) rather than quietly showing the list.
    const lookedUp = lookUp && everyRecord.data !== undefined && !everyRecord.loading;
    if (lookedUp && !editing) {
      const named = list?.rows[0] ? Object.keys(editQuery(list.rows[0])) : ['id'];
      unknownRecord = named.some((name) => params.has(name)) ? 'notFound' : 'idNeeded';
    }
  } else if (inPlace) {
    form = inPlace === 'new' ? { record: null, key: 'new' } : { record: inPlace, key: inPlace.id };
  }
  // The create and edit links keep the list's page, search and sort, so the list behind the
  // form (and after it) is the one the user was looking at, reload or not.
  const withList = (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query);
    for (const [name, value] of new URLSearchParams(listParams.listQuery(options.filters?.names)))
      search.append(name, value);
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  };
  const closeForm = () => (routes ? navigate(withList(routes.list)) : setInPlace(null));
  const submit = (save: () => Promise<string>) =>
    submitRecord(t, save, () => {
      askAgain(refetch);
      closeForm();
    });

  return {
    gate: null,
    ready: {
      page: page.data.pageInfo,
      list,
      data: current,
      listProps: {
        page: page.data.pageInfo,
        list,
        loading,
        error,
        onRetry: () => askAgain(refetch),
        params: listParams,
        filtered,
        nameOf,
        onCreate: () => (routes ? navigate(withList(routes.create)) : setInPlace('new')),
        onEdit: (row) =>
          routes ? navigate(withList(routes.edit, editQuery(row))) : setInPlace(row),
        onDelete: (row) => deletion.ask({ id: row.id, name: nameOf(row) }),
        onRefresh: () => askAgain(refetch),
      },
      form,
      unknownRecord,
      closeForm,
      submit,
      save: (input) =>
        submit(async () => {
          const answer = await store({ variables: { input } });
          return messageOf(answer.data as object | undefined);
        }),
      refetch: () => {
        askAgain(refetch);
        if (lookUp) askAgain(everyRecord.refetch);
      },
      dialogs: deletion.dialog,
    },
  };
}

/** What a record screen gives its form's FormDialog (spread as it is: `<FormDialog {...dialog}>`). */
export interface RecordDialogProps<Values> {
  /** 'New vendor', or 'Edit vendor: <its name>'. */
  title: string;
  /** Saves through the page's save mutation: null when saved, else the message to show. */
  onSubmit: (values: Values) => Promise<string | null>;
  onClose: () => void;
}

/** What a record screen gives its form. */
export interface RecordFormProps<Row, Values> {
  /** The row to edit, or null to create. */
  record: Row | null;
  dialog: RecordDialogProps<Values>;
  /** The record changed without a save (a staff assignment removed): the list is asked again. */
  onChanged: () => void;
}

/** What a screen's bulk actions are given: the ticked rows, and what to do once they acted. */
export interface BulkActionsProps<Row> {
  rows: readonly Row[];
  /** Unticks every row. */
  clear: () => void;
  /** The rows changed: the list is asked again (the rows stay ticked). */
  onChanged: () => void;
}

/** The strings of the record screens whose `create` and `edit` are their dialogs' titles. */
type RecordStrings =
  | 'companies'
  | 'vendors'
  | 'branches'
  | 'staff'
  | 'menus'
  | 'assets'
  | 'assetLocations'
  | 'accessories';

interface ScreenOptions<
  ListData extends RecordListQueryData,
  ListVariables extends OperationVariables,
  Deleted,
  Saved,
  Input,
  Values,
> extends Options<ListData, ListVariables, Deleted, Saved, Input> {
  /** Where its strings are: `<strings>.create` and `<strings>.edit` title the form. */
  strings: RecordStrings;
  /** The list's columns by the server's header values, in the interface language. */
  columns: (t: TFunction) => Readonly<Record<string, ListColumn<RowOf<ListData>>>>;
  /** The selects of its `filters`, above the list. */
  Filters?: ComponentType<{ params: ListParams }>;
  /**
   * What the user may do with several rows at once (bulk edit, labels): rows get a box to tick,
   * and this shows above the list while any is ticked, over the ticked rows of every page.
   */
  Bulk?: ComponentType<BulkActionsProps<RowOf<ListData>>>;
  Form: ComponentType<RecordFormProps<RowOf<ListData>, Values>>;
  /**
   * The save mutation's input from the form's values (a new record when `record` is null); by
   * default `formInput`'s rule, which the form's values follow when their names are the input's.
   */
  toInput?: (values: Values, record: RowOf<ListData> | null) => Input;
}

/**
 * A form's values as its save input, by the rule every record form follows (startValues is the
 * other way round): the record's id (null for a new one), each text trimmed (a blank stays blank:
 * the server reads it as none, and removes a GSTIN or a logo), the status select's '1'/'0' as
 * `active`, anything else as it is.
 */
export function formInput(values: object, record: { id: string } | null): Record<string, unknown> {
  const input: Record<string, unknown> = { id: record?.id ?? null };
  for (const [name, value] of Object.entries(values))
    input[name] =
      name === 'active' ? value === '1' : typeof value === 'string' ? value.trim() : value;
  return input;
}

/**
 * A record screen (companies, vendors, menus, branches, staff), from its description: the
 * server's list with its columns, the form over it (create or edit) and the delete confirmation.
 */
export function recordScreen<
  ListData extends RecordListQueryData,
  ListVariables extends OperationVariables,
  Deleted,
  Saved,
  Input,
  Values,
>(screen: ScreenOptions<ListData, ListVariables, Deleted, Saved, Input, Values>) {
  type Row = RowOf<ListData>;
  const { Form, Filters, Bulk } = screen;
  const bulkUploadTo = recordRoutesOf(screen.module)?.bulkUpload;
  return function RecordScreen() {
    const { t } = useTranslation();
    const { gate, ready } = useRecordPage(screen);
    const columns = useMemo(() => screen.columns(t), [t]);
    const [ticked, setTicked] = useState<ReadonlyMap<string, Row>>(new Map());
    if (!ready) return gate;
    const { form } = ready;
    const listRoute = recordRoutesOf(screen.module)?.list;
    return (
      <>
        {ready.unknownRecord && listRoute ? (
          <Box mb="4">
            <InlineAlert
              status="error"
              title={t(
                ready.unknownRecord === 'notFound'
                  ? 'common.recordNotFound'
                  : 'common.recordIdNeeded',
              )}
            >
              <Link asChild>
                <RouterLink to={listRoute}>{t('common.showList')}</RouterLink>
              </Link>
            </InlineAlert>
          </Box>
        ) : null}
        <RecordList<Row>
          {...ready.listProps}
          columns={columns}
          bulkUploadTo={bulkUploadTo}
          filters={
            <>
              {Filters ? <Filters params={ready.listProps.params} /> : null}
              {Bulk && ticked.size > 0 ? (
                <Bulk
                  rows={[...ticked.values()]}
                  clear={() => setTicked(new Map())}
                  onChanged={ready.refetch}
                />
              ) : null}
            </>
          }
          selection={
            Bulk
              ? {
                  selected: new Set(ticked.keys()),
                  onToggle: (rows, on) =>
                    setTicked((before) => {
                      const after = new Map(before);
                      for (const row of rows) {
                        if (on) after.set(row.id, row);
                        else after.delete(row.id);
                      }
                      return after;
                    }),
                  label: (row) => t('common.selectRow', { name: ready.listProps.nameOf(row) }),
                }
              : undefined
          }
        />
        {form ? (
          <Form
            key={form.key}
            record={form.record}
            dialog={{
              title: form.record
                ? `${t(`${screen.strings}.edit`)}: ${ready.listProps.nameOf(form.record)}`
                : t(`${screen.strings}.create`),
              onSubmit: (values) =>
                ready.save(
                  screen.toInput
                    ? screen.toInput(values, form.record)
                    : (formInput(values as object, form.record) as Input),
                ),
              onClose: ready.closeForm,
            }}
            onChanged={ready.refetch}
          />
        ) : null}
        {ready.dialogs}
      </>
    );
  };
}

/** The Status column of a list whose rows have the legacy Active/InActive chip. */
export function statusColumn<
  Row extends { status: { text: string; background: string; color: string } },
>(t: TFunction): Record<'status', ListColumn<Row>> {
  return {
    status: {
      label: t('masterLists.status'),
      text: (row) => row.status.text,
      render: (row) => <StatusChip chip={row.status} />,
      priority: 'essential',
    },
  };
}
