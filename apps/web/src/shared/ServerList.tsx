import { SKELETON_ROWS } from '@branch-assets/domain';
import {
  ButtonGroup,
  Flex,
  HStack,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Skeleton,
  Table,
  Text,
} from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from './PageCard.tsx';

export interface ListHeader {
  text: string;
  /** The row field the column shows, as the server names it. */
  value: string;
  align: 'START' | 'CENTER' | 'END';
}

/** How one of the server's columns is shown; columns the screen does not know show nothing. */
export interface ListColumn<Row> {
  /** The translated heading; the server's text is used when absent. */
  label?: string;
  /** The cell's text, also what the search box matches. */
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
}

export interface ServerListProps<Row> {
  title: string;
  description: string;
  headers: readonly ListHeader[];
  rows: readonly Row[] | undefined;
  loading: boolean;
  itemsPerPage: number;
  itemsPerPageOptions: readonly number[];
  rowKey: (row: Row) => string;
  columns: Readonly<Record<string, ListColumn<Row>>>;
  /** The row's icon actions, for the server's `Actions` column. */
  actions?: (row: Row) => ReactNode;
  /** Buttons beside the title (create, refresh, download). */
  toolbar?: ReactNode;
  /** Above the table, e.g. the branch select. */
  filters?: ReactNode;
}

const ACTIONS_COLUMN = 'Actions';
const ALIGN = { START: 'start', CENTER: 'center', END: 'end' } as const;

/**
 * The one list of the app: title, description, headers and page size come from the server, as in
 * the legacy app. The search box (shown when there are rows) filters on every column's text.
 */
export function ServerList<Row>(props: ServerListProps<Row>) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [pageSize, setPageSize] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const size = pageSize ?? props.itemsPerPage;

  const visibleHeaders = props.headers.filter((header) =>
    header.value === ACTIONS_COLUMN ? props.actions !== undefined : props.columns[header.value],
  );
  const filtered = useMemo(() => {
    const rows = props.rows ?? [];
    if (!query) return rows;
    return rows.filter((row) =>
      Object.values(props.columns).some((column) => column.text(row).toLowerCase().includes(query)),
    );
  }, [props.rows, props.columns, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / size));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * size, current * size + size);
  const hasRows = (props.rows?.length ?? 0) > 0;
  const showSkeleton = props.loading && props.rows === undefined;
  const sizes = [...new Set([props.itemsPerPage, ...props.itemsPerPageOptions])]
    .filter((value) => value > 0)
    .sort((a, b) => a - b);

  return (
    <PageCard title={props.title} description={props.description} toolbar={props.toolbar}>
      {props.filters}
      {hasRows ? (
        <InputGroup startElement={<Search size={16} aria-hidden />} maxW="sm">
          <Input
            id={searchId}
            type="search"
            aria-label={t('common.search')}
            placeholder={t('common.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
        </InputGroup>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped aria-busy={props.loading}>
          <Table.Header>
            <Table.Row>
              {visibleHeaders.map((header) => (
                <Table.ColumnHeader
                  key={header.value}
                  textAlign={ALIGN[header.align]}
                  whiteSpace="nowrap"
                >
                  {header.value === ACTIONS_COLUMN
                    ? t('common.actions')
                    : (props.columns[header.value]?.label ?? header.text)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {showSkeleton
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Row key={index} data-testid="skeleton-row">
                    {visibleHeaders.map((header) => (
                      <Table.Cell key={header.value}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : shown.map((row) => (
                  <Table.Row key={props.rowKey(row)}>
                    {visibleHeaders.map((header) => (
                      <Table.Cell key={header.value} textAlign={ALIGN[header.align]}>
                        {header.value === ACTIONS_COLUMN
                          ? props.actions?.(row)
                          : (props.columns[header.value]?.render?.(row) ??
                            props.columns[header.value]?.text(row))}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
            {!showSkeleton && shown.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={Math.max(1, visibleHeaders.length)} textAlign="center" py="8">
                  <Text color="fg.muted">
                    {hasRows ? t('common.noMatches') : t('common.noData')}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {filtered.length > 0 ? (
        <Flex justify="end" align="center" gap="4" wrap="wrap" fontSize="sm">
          <HStack gap="2">
            <Text asChild>
              <label htmlFor={`${searchId}-size`}>{t('common.rowsPerPage')}</label>
            </Text>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                id={`${searchId}-size`}
                value={String(size)}
                onChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(0);
                }}
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
          <Text aria-live="polite">
            {t('common.showing', {
              from: current * size + 1,
              to: Math.min(filtered.length, (current + 1) * size),
              total: filtered.length,
            })}
          </Text>
          <ButtonGroup size="sm" variant="ghost" attached>
            <IconButton
              aria-label={t('common.previousPage')}
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label={t('common.nextPage')}
              disabled={current >= pages - 1}
              onClick={() => setPage(current + 1)}
            >
              <ChevronRight />
            </IconButton>
          </ButtonGroup>
        </Flex>
      ) : null}
    </PageCard>
  );
}
