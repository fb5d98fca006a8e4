import { SKELETON_ROWS } from '@branch-assets/domain';
import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  chakra,
  Flex,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Menu,
  NativeSelect,
  Portal,
  Skeleton,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronFirst,
  ChevronLast,
  ChevronLeft,
  ChevronRight,
  Columns3,
  Search,
} from 'lucide-react';
import { type ReactNode, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type ColumnChoice, type ColumnPriority, hiddenColumns } from './columnFit.ts';
import { describeProblem } from './errors.ts';
import { listCorrection } from './listCorrections.ts';
import { listStateOf } from './listState.ts';
import { PageCard } from './PageCard.tsx';
import { useColumnChoices, useColumnFit } from './useColumnFit.ts';
import type { ListParams } from './useListParams.ts';

export interface ListHeader {
  text: string;
  /** The row field the column shows, by its GraphQL name (`actions`: the row's buttons). */
  value: string;
  align: 'START' | 'CENTER' | 'END';
  /** Whether the server sorts by this column (`sortBy`). */
  sortable?: boolean;
}

/** How one of the server's columns is shown; columns the screen does not know show nothing. */
export interface ListColumn<Row> {
  /** The translated heading; the server's text is used when absent. */
  label?: string;
  /** The cell's text. */
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
  /**
   * How much the column matters when the table would not fit its box (columnFit.ts): `essential`
   * never gives way (the status, what names the row), `low` first, then `normal` (the default),
   * then `high`. The column chooser shows a column that gave way again.
   */
  priority?: ColumnPriority;
  /** Its texts stay on one line (codes, numbers, dates); other texts wrap at spaces. */
  nowrap?: boolean;
}

/** One page of a list as the server answered it (every list type of the schema has these). */
export interface ListPage<Row> {
  headers: readonly ListHeader[];
  rows: readonly Row[];
  /** The rows matching the search and filters, over all pages. */
  totalCount: number;
  page: number;
  pageSize: number;
  options: { itemsPerPageOptions: readonly number[] };
}

export interface ServerListProps<Row> {
  title: string;
  description: string;
  /** The last answer (the previous page while the next one loads); undefined before the first. */
  list: ListPage<Row> | undefined;
  /** A page is being asked for. */
  loading: boolean;
  /** Why the last request failed; the rows are then not shown until one succeeds. */
  error?: unknown;
  /** Asks for the page again after a failure. */
  onRetry: () => void;
  /** The list's state in the URL (useListParams). */
  params: ListParams;
  rowKey: (row: Row) => string;
  columns: Readonly<Record<string, ListColumn<Row>>>;
  /** The row's icon actions, for the server's `Actions` column. */
  actions?: (row: Row) => ReactNode;
  /** Buttons beside the title (create, refresh, download). */
  toolbar?: ReactNode;
  /** Above the table, e.g. the branch select. */
  filters?: ReactNode;
  /** A filter of the screen's narrows the list (an empty answer says nothing matches). */
  filtered?: boolean;
  /** Rows the user may tick, to act on several at once (bulk edit, labels). */
  selection?: RowSelection<Row>;
}

export interface RowSelection<Row> {
  /** The ticked rows' keys, of this page and others. */
  selected: ReadonlySet<string>;
  /** Ticks (true) or unticks rows of the page. */
  onToggle: (rows: readonly Row[], on: boolean) => void;
  /** What a row's box is called for a screen reader: 'Select CHN-ANN-000123'. */
  label: (row: Row) => string;
}

const TickBox = chakra('input');

const ACTIONS_COLUMN = 'actions';
const ALIGN = { START: 'start', CENTER: 'center', END: 'end' } as const;
const JUSTIFY = { START: 'flex-start', CENTER: 'center', END: 'flex-end' } as const;
/** How long typing rests before the search is asked for. */
export const SEARCH_DELAY_MS = 300;

/**
 * The one list of the app. Title, description, headers and page size come from the server, as in
 * the legacy app, and so do the rows: one page at a time, searched, sorted and counted by the
 * server. The state (page, size, search, sort) is the URL's (useListParams); this component shows
 * the answer and changes the URL. While a page loads the previous one stays (dimmed, the table
 * busy); the skeleton shows only before the first answer. A failed request hides the rows and
 * offers Try again until a request succeeds.
 *
 * The table says which address its rows answer (`data-list-state`, listStateOf: the route and its
 * query) and is busy (`aria-busy`) whenever that is not the address it is rendered for, from the
 * render that has the new address until the answer to it is on screen. The browser changes the
 * address before React renders it, so whoever waits for the list compares the two rather than
 * trusting `aria-busy` alone (e2e/helpers.ts listSettled).
 */
export function ServerList<Row>(props: ServerListProps<Row>) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { list, params } = props;
  // A hand-edited or old URL the server refuses or does not offer (a sort by no sortable column,
  // rows per page it does not offer, a page past the end) is corrected in place; the list is busy
  // meanwhile, and the refusal is not shown: the corrected list is on its way.
  const correction = listCorrection({ params, list, error: props.error, loading: props.loading });
  const [corrected, setCorrected] = useState<unknown>(null);
  if (correction?.refused && corrected !== props.error) setCorrected(props.error);
  const answeredError =
    correction?.refused || (props.error !== undefined && props.error === corrected)
      ? undefined
      : props.error;
  const loading = props.loading || correction !== null;
  // A failure is remembered until a request succeeds, so a retry (or another page) that is still
  // loading does not bring the old rows back as if they were fresh.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (answeredError && failure?.error !== answeredError) setFailure({ error: answeredError });
  if (!answeredError && !loading && failure) setFailure(null);
  const error = answeredError ?? failure?.error;
  const failed = error !== undefined && error !== null;
  // The address the rows on screen answer: the one rendered once its answer is on screen (nothing
  // asked, no correction pending, no failure); until then the one before. An address that asks
  // the same (an edit link's id) is answered at once, without a busy render.
  const location = useLocation();
  const address = listStateOf(location.pathname, location.search);
  const [answered, setAnswered] = useState<string | null>(null);
  const upToDate = list !== undefined && !loading && !failed;
  if (upToDate && answered !== address) setAnswered(address);
  const shownState = upToDate ? address : answered;
  const busy = loading || shownState !== address;

  const knownHeaders = (list?.headers ?? []).filter((header) =>
    header.value === ACTIONS_COLUMN ? props.actions !== undefined : props.columns[header.value],
  );
  // Less important columns give way when the table would not fit its box (columnFit.ts); the
  // column chooser shows or hides any of them. While the columns are measured, all are rendered.
  const fit = useColumnFit(list, i18n.language);
  const columnChoices = useColumnChoices(location.pathname);
  const priorityOf = (key: string): ColumnPriority =>
    key === ACTIONS_COLUMN ? 'essential' : (props.columns[key]?.priority ?? 'normal');
  const fitted = hiddenColumns(
    knownHeaders.map((header) => ({
      key: header.value,
      priority: priorityOf(header.value),
      min: fit.widths?.[header.value]?.min ?? 0,
      max: fit.widths?.[header.value]?.max ?? 0,
      choice: columnChoices.choices[header.value],
    })),
    fit.widths ? fit.available : 0,
  );
  const hidden = fit.measuring ? new Set<string>() : fitted;
  const shownHeaders = knownHeaders.filter((header) => !hidden.has(header.value));
  const rows = list?.rows ?? [];
  const total = list?.totalCount ?? 0;
  const size = list?.pageSize ?? params.pageSize ?? 10;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const shownPage = list?.page ?? params.page;
  const from = total === 0 ? 0 : (shownPage - 1) * size + 1;
  const to = Math.min(total, from + rows.length - 1);
  const current = Math.min(params.page, lastPage);
  const sizes = [...new Set([size, ...(list?.options.itemsPerPageOptions ?? [])])]
    .filter((value) => value > 0)
    .sort((a, b) => a - b);
  const setPage = params.setPage;
  const corrections = correction ? JSON.stringify(correction.values) : null;
  const correct = useEffectEvent((values: string) =>
    params.correct(JSON.parse(values) as Record<string, string | null>),
  );
  useEffect(() => {
    if (corrections) correct(corrections);
  }, [corrections]);

  const labelOf = (header: ListHeader) =>
    header.value === ACTIONS_COLUMN
      ? t('common.actions')
      : (props.columns[header.value]?.label ?? header.text);
  // A search or a screen's filter narrows the list: an empty answer is then 'no matches'.
  const searching = params.search !== '' || props.filtered === true;
  // The search box stays while there is something to search or a search to change.
  const showSearch = list !== undefined && (total > 0 || searching || loading || failed);
  const showChooser =
    list !== undefined &&
    !failed &&
    knownHeaders.some((header) => priorityOf(header.value) !== 'essential');

  return (
    <PageCard title={props.title} description={props.description} toolbar={props.toolbar}>
      {props.filters}
      {showSearch || showChooser ? (
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          {showSearch ? <SearchBox value={params.search} onSearch={params.setSearch} /> : <Box />}
          {showChooser ? (
            <ColumnChooser
              columns={knownHeaders
                .filter((header) => priorityOf(header.value) !== 'essential')
                .map((header) => ({ key: header.value, label: labelOf(header) }))}
              hidden={fitted}
              chosen={Object.keys(columnChoices.choices).length > 0}
              onChoose={columnChoices.choose}
              onFit={columnChoices.reset}
            />
          ) : null}
        </Flex>
      ) : null}
      {failed ? (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('common.loadFailed')}</Alert.Title>
            <Alert.Description>{describeProblem(error, t).message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" onClick={props.onRetry} loading={loading}>
            {t('common.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal" ref={fit.boxRef}>
          <Table.Root
            ref={fit.tableRef}
            size="sm"
            striped
            aria-busy={busy}
            data-list-state={shownState ?? undefined}
          >
            <Table.Header>
              <Table.Row>
                {props.selection ? (
                  <Table.ColumnHeader width="1">
                    <PageTick rows={rows} rowKey={props.rowKey} selection={props.selection} />
                  </Table.ColumnHeader>
                ) : null}
                {shownHeaders.map((header) => {
                  const sorted = params.sortBy === header.value;
                  const direction = params.sortDesc ? 'descending' : 'ascending';
                  return (
                    <Table.ColumnHeader
                      key={header.value}
                      textAlign={ALIGN[header.align]}
                      data-column={header.value}
                      aria-sort={sorted ? direction : undefined}
                    >
                      {header.sortable && header.value !== ACTIONS_COLUMN ? (
                        <SortButton
                          label={labelOf(header)}
                          state={sorted ? direction : 'none'}
                          justify={JUSTIFY[header.align]}
                          onSort={() => params.toggleSort(header.value)}
                        />
                      ) : (
                        labelOf(header)
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            </Table.Header>
            <Table.Body opacity={busy && list ? 0.6 : 1} transition="opacity 0.15s">
              {list === undefined
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Row key={index} data-testid="skeleton-row">
                      {(shownHeaders.length > 0 ? shownHeaders : [null]).map((header) => (
                        <Table.Cell key={header?.value ?? 'all'}>
                          <Skeleton height="4" />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                : rows.map((row) => (
                    <Table.Row key={props.rowKey(row)}>
                      {props.selection ? (
                        <Table.Cell>
                          <TickBox
                            type="checkbox"
                            cursor="pointer"
                            checked={props.selection.selected.has(props.rowKey(row))}
                            aria-label={props.selection.label(row)}
                            onChange={(event) =>
                              props.selection?.onToggle([row], event.target.checked)
                            }
                          />
                        </Table.Cell>
                      ) : null}
                      {shownHeaders.map((header) => (
                        <Table.Cell
                          key={header.value}
                          textAlign={ALIGN[header.align]}
                          whiteSpace={
                            header.value === ACTIONS_COLUMN || props.columns[header.value]?.nowrap
                              ? 'nowrap'
                              : 'normal'
                          }
                          overflowWrap="break-word"
                        >
                          {header.value === ACTIONS_COLUMN
                            ? props.actions?.(row)
                            : (props.columns[header.value]?.render?.(row) ??
                              props.columns[header.value]?.text(row))}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
              {list !== undefined && rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell
                    colSpan={Math.max(1, shownHeaders.length + (props.selection ? 1 : 0))}
                    textAlign="center"
                    py="8"
                  >
                    <Text color="fg.muted">
                      {searching ? t('common.noMatches') : t('common.noData')}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ) : null}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {list !== undefined && total > 0 && !failed ? (
        <Flex justify="end" align="center" gap="4" wrap="wrap" fontSize="sm">
          <HStack gap="2">
            <Text asChild>
              <label htmlFor={`${id}-size`}>{t('common.rowsPerPage')}</label>
            </Text>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                id={`${id}-size`}
                value={String(size)}
                onChange={(event) => params.setPageSize(Number(event.target.value))}
              >
                {sizes.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <Text aria-live="polite">{t('common.showing', { from, to, total })}</Text>
          <ButtonGroup size="sm" variant="ghost" attached>
            <IconButton
              aria-label={t('common.firstPage')}
              disabled={current <= 1}
              onClick={() => setPage(1)}
            >
              <ChevronFirst />
            </IconButton>
            <IconButton
              aria-label={t('common.previousPage')}
              disabled={current <= 1}
              onClick={() => setPage(current - 1)}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label={t('common.nextPage')}
              disabled={current >= lastPage}
              onClick={() => setPage(current + 1)}
            >
              <ChevronRight />
            </IconButton>
            <IconButton
              aria-label={t('common.lastPage')}
              disabled={current >= lastPage}
              onClick={() => setPage(lastPage)}
            >
              <ChevronLast />
            </IconButton>
          </ButtonGroup>
        </Flex>
      ) : null}
    </PageCard>
  );
}

/** The chooser's item that leaves the columns to the fit (no GraphQL field is named so). */
const FIT_ITEM = ':fit';

/**
 * The column chooser: a menu of the columns that may give way, each checked while shown. Its
 * button says how many are hidden. A choice sticks (useColumnChoices) until 'Fit the columns to
 * the screen' leaves them all to the fit again.
 */
function ColumnChooser({
  columns,
  hidden,
  chosen,
  onChoose,
  onFit,
}: {
  columns: readonly { key: string; label: string }[];
  hidden: ReadonlySet<string>;
  /** The user has chosen some column. */
  chosen: boolean;
  onChoose: (key: string, choice: ColumnChoice) => void;
  onFit: () => void;
}) {
  const { t } = useTranslation();
  const count = columns.filter((column) => hidden.has(column.key)).length;
  return (
    <Menu.Root
      closeOnSelect={false}
      onSelect={(details) => {
        if (details.value === FIT_ITEM) onFit();
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden />
          {count > 0 ? t('common.columnsHidden', { count }) : t('common.columns')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {columns.map((column) => (
              <Menu.CheckboxItem
                key={column.key}
                value={column.key}
                checked={!hidden.has(column.key)}
                onCheckedChange={(checked) => onChoose(column.key, checked ? 'shown' : 'hidden')}
              >
                {column.label}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
            {chosen ? (
              <>
                <Menu.Separator />
                <Menu.Item value={FIT_ITEM}>{t('common.fitColumns')}</Menu.Item>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * A sortable column's heading: a button named by the heading, with an arrow for the order and a
 * description of what a click does ('Sort by …') or how it is sorted now.
 */
function SortButton({
  label,
  state,
  justify,
  onSort,
}: {
  label: string;
  state: 'ascending' | 'descending' | 'none';
  justify: 'flex-start' | 'center' | 'flex-end';
  onSort: () => void;
}) {
  const { t } = useTranslation();
  const description =
    state === 'ascending'
      ? t('common.sortedAscending')
      : state === 'descending'
        ? t('common.sortedDescending')
        : t('common.sortBy', { column: label });
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Button
      variant="plain"
      size="sm"
      height="auto"
      minW="0"
      px="0"
      width="full"
      justifyContent={justify}
      textAlign="start"
      whiteSpace="normal"
      fontWeight="inherit"
      color="inherit"
      title={description}
      onClick={onSort}
    >
      {label}
      <Box as="span" opacity={state === 'none' ? 0.45 : 1} display="inline-flex">
        <Icon aria-hidden size={14} />
      </Box>
    </Button>
  );
}

/**
 * The search box: what is typed is asked for once typing rests (or at once with Enter), from the
 * first page. A search changed elsewhere (Back, a link) shows here.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commitNow = (next: string) => {
    committed.current = next;
    onSearch(next);
  };
  const commit = useEffectEvent(commitNow);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => commit(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <InputGroup startElement={<Search size={16} aria-hidden />} maxW="sm">
      <Input
        type="search"
        aria-label={t('common.search')}
        placeholder={t('common.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== committed.current) commitNow(text.trim());
        }}
      />
    </InputGroup>
  );
}

/** The header's box: ticks or unticks every row of the page; half-ticked when some are. */
function PageTick<Row>({
  rows,
  rowKey,
  selection,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  selection: RowSelection<Row>;
}) {
  const { t } = useTranslation();
  const ticked = rows.filter((row) => selection.selected.has(rowKey(row))).length;
  const all = rows.length > 0 && ticked === rows.length;
  return (
    <TickBox
      type="checkbox"
      cursor="pointer"
      checked={all}
      disabled={rows.length === 0}
      ref={(box: HTMLInputElement | null) => {
        if (box) box.indeterminate = ticked > 0 && !all;
      }}
      aria-label={t('common.selectPage')}
      onChange={() => selection.onToggle(rows, !all)}
    />
  );
}
