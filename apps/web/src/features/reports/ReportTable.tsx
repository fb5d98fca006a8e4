import { Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/money.ts';

/*
 * One table of a report: a section with its heading, the columns, the rows, subtotal rows where
 * the report has them, and the total row the server computed (the screen never adds the rows up
 * itself for a total). Amounts are Decimal text from the gateway, shown in rupees with Indian
 * grouping (₹1,23,45,678.50) and right-aligned with the counts.
 */

export type ColumnKind = 'text' | 'amount' | 'count' | 'rate';

export type ReportColumn = {
  key: string;
  header: string;
  kind?: ColumnKind;
  /** A header over several columns (the movement's "Opening: number, cost"). */
  group?: string;
};

/** A cell's value: text or a Decimal amount or a count, formatted by its column's kind. */
export type CellValue = string | number | null | undefined | { node: ReactNode };

export type ReportRow = {
  key: string;
  cells: Readonly<Record<string, CellValue>>;
  /** A subtotal row: set apart, in bold. */
  subtotal?: boolean;
};

const COUNT = new Intl.NumberFormat('en-IN');

/** A value as its column shows it: ₹ amounts and counts with Indian grouping, rates in per cent. */
export function formatCell(value: CellValue, kind: ColumnKind = 'text'): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return value.node;
  if (kind === 'amount') return formatMoney(String(value));
  if (kind === 'count') return COUNT.format(Number(value));
  if (kind === 'rate') return `${Number(value)}%`;
  return value;
}

const numeric = (kind: ColumnKind | undefined) => kind !== undefined && kind !== 'text';

/** The columns' header rows: one, or two when columns are grouped under a common header. */
function HeaderRows({ columns }: { columns: readonly ReportColumn[] }) {
  const grouped = columns.some((column) => column.group);
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  if (!grouped)
    return (
      <Table.Row>
        {columns.map((column) => (
          <Table.ColumnHeader key={column.key} scope="col" {...(numeric(column.kind) ? end : {})}>
            {column.header}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    );
  // The first row: a grouped run under its group's header, a lone column spanning both rows.
  const runs: { group: string | undefined; columns: ReportColumn[] }[] = [];
  for (const column of columns) {
    const last = runs.at(-1);
    if (column.group && last?.group === column.group) last.columns.push(column);
    else runs.push({ group: column.group, columns: [column] });
  }
  return (
    <>
      <Table.Row>
        {runs.map((run) =>
          run.group ? (
            <Table.ColumnHeader
              key={run.group}
              scope="colgroup"
              colSpan={run.columns.length}
              textAlign="center"
            >
              {run.group}
            </Table.ColumnHeader>
          ) : (
            run.columns.map((column) => (
              <Table.ColumnHeader
                key={column.key}
                scope="col"
                rowSpan={2}
                {...(numeric(column.kind) ? end : {})}
              >
                {column.header}
              </Table.ColumnHeader>
            ))
          ),
        )}
      </Table.Row>
      <Table.Row>
        {columns
          .filter((column) => column.group)
          .map((column) => (
            <Table.ColumnHeader key={column.key} scope="col" {...end}>
              {column.header}
            </Table.ColumnHeader>
          ))}
      </Table.Row>
    </>
  );
}

function Cells({
  columns,
  cells,
  first,
  summary = false,
}: {
  columns: readonly ReportColumn[];
  cells: Readonly<Record<string, CellValue>>;
  /** The first cell names the row (a row header), or the label that stands in for it. */
  first?: ReactNode;
  /** A subtotal or total row: a column without a figure is left blank rather than '—'. */
  summary?: boolean;
}) {
  return columns.map((column, index) => {
    const value = cells[column.key];
    // A total row leaves the columns it has no figure for blank.
    const content =
      index === 0 && first !== undefined
        ? first
        : summary && (value === undefined || value === null)
          ? ''
          : formatCell(value, column.kind);
    const props = numeric(column.kind)
      ? ({ textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const)
      : {};
    return index === 0 ? (
      <Table.Cell key={column.key} as="th" scope="row" fontWeight="inherit" {...props}>
        {content}
      </Table.Cell>
    ) : (
      <Table.Cell key={column.key} {...props}>
        {content}
      </Table.Cell>
    );
  });
}

export function ReportTable({
  title,
  caption,
  columns,
  rows,
  total,
  totalLabel,
  empty,
  state,
  busy = false,
}: {
  title: string;
  /** Said under the title and read with the table (its caption). */
  caption?: string;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  /** The server's totals by column key; the first column shows the label. */
  total?: Readonly<Record<string, CellValue>>;
  totalLabel?: string;
  /** What an empty table says instead ("Nothing in this period."). */
  empty: string;
  /** The address the rows answer (data-list-state, as the app's lists write it). */
  state?: string | null;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `${useId()}-heading`;
  return (
    <Stack as="section" gap="2" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          aria-labelledby={headingId}
          role="region"
        >
          <Table.Root
            size="sm"
            aria-busy={busy}
            data-list-state={state ?? undefined}
            opacity={busy ? 0.6 : 1}
          >
            <Table.Caption
              captionSide="top"
              textAlign="start"
              srOnly={!caption}
              color="fg.muted"
              mt="0"
              mb="2"
            >
              {caption ?? title}
            </Table.Caption>
            <Table.Header>
              <HeaderRows columns={columns} />
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row
                  key={row.key}
                  fontWeight={row.subtotal ? '600' : undefined}
                  bg={row.subtotal ? 'bg.muted' : undefined}
                >
                  <Cells columns={columns} cells={row.cells} summary={row.subtotal} />
                </Table.Row>
              ))}
            </Table.Body>
            {total ? (
              <Table.Footer>
                <Table.Row fontWeight="700">
                  <Cells
                    columns={columns}
                    cells={total}
                    first={totalLabel ?? t('reports.total')}
                    summary
                  />
                </Table.Row>
              </Table.Footer>
            ) : null}
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** The report's skeleton before its first answer: a heading and a few grey rows per section. */
export function ReportSkeleton({ label, sections = 2 }: { label: string; sections?: number }) {
  return (
    <Stack gap="6" role="status" aria-label={label}>
      {Array.from({ length: sections }, (_, section) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <Stack key={section} gap="2">
          <Skeleton height="6" width="60" />
          {Array.from({ length: 4 }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton key={row} height="4" />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
