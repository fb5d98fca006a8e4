/**
 * Which of a list's columns give way when the table would not fit its box (issue 15, item 5).
 *
 * Each column says how much it matters (`priority`); the list measures what each column needs
 * (ServerList: the narrowest it can be with its texts wrapped at spaces, and its width with every
 * text on one line) and asks here which columns to leave out for the width it has. Columns give
 * way from the least important, the rightmost first among equals; essential ones (the status, the
 * row's actions, what names the row) never do. Afterwards a column that gave way comes back if it
 * fits in the room the others left. The user's own choice (the list's column chooser) wins over
 * both: a column they show stays, one they hide stays hidden.
 */

export type ColumnPriority = 'essential' | 'high' | 'normal' | 'low';

/** The user's choice for a column; undefined leaves it to the fit. */
export type ColumnChoice = 'shown' | 'hidden';

export interface FitColumn {
  key: string;
  priority: ColumnPriority;
  /** The narrowest the column can be (its longest word, or its whole text when it never wraps), px. */
  min: number;
  /** Its width with every text on one line, px. */
  max: number;
  choice?: ColumnChoice | undefined;
}

/**
 * The width a column is counted with: its one-line width up to COMFORTABLE_WIDTH (so a long text
 * may wrap to a few lines rather than push other columns out), never below its narrowest.
 */
export const COMFORTABLE_WIDTH = 176;

const GIVES_WAY_FIRST: Record<Exclude<ColumnPriority, 'essential'>, number> = {
  low: 0,
  normal: 1,
  high: 2,
};

export function countedWidth(column: Pick<FitColumn, 'min' | 'max'>): number {
  return Math.max(column.min, Math.min(column.max, COMFORTABLE_WIDTH));
}

/**
 * The keys of the columns not to show in `available` px: those the user hid, and those that gave
 * way. An unknown width (0 or less: not laid out) hides only what the user hid.
 */
export function hiddenColumns(columns: readonly FitColumn[], available: number): Set<string> {
  const hidden = new Set<string>();
  const automatic: { column: FitColumn; index: number }[] = [];
  let total = 0;
  columns.forEach((column, index) => {
    if (column.priority !== 'essential' && column.choice === 'hidden') {
      hidden.add(column.key);
      return;
    }
    total += countedWidth(column);
    if (column.priority !== 'essential' && column.choice === undefined) {
      automatic.push({ column, index });
    }
  });
  if (available <= 0 || total <= available) return hidden;

  const order = automatic.toSorted(
    (a, b) =>
      GIVES_WAY_FIRST[a.column.priority as keyof typeof GIVES_WAY_FIRST] -
        GIVES_WAY_FIRST[b.column.priority as keyof typeof GIVES_WAY_FIRST] || b.index - a.index,
  );
  const gaveWay: FitColumn[] = [];
  for (const { column } of order) {
    if (total <= available) break;
    gaveWay.push(column);
    total -= countedWidth(column);
  }
  // The most important of those that gave way come back while they fit.
  for (const column of gaveWay.toReversed()) {
    if (total + countedWidth(column) <= available) total += countedWidth(column);
    else hidden.add(column.key);
  }
  return hidden;
}
