import { type ListPagingRequest, pageRows } from '@branch-assets/legacy-contract';
import type { ListAnswer } from '../graphql/paging.ts';

/** How many rows an export holds at most at one moment (a page being written, the next arriving). */
export interface RowsInFlight {
  now: number;
  most: number;
}

/** Which page to ask for next: after a row (keyset), or by number. */
export type NextPage = { after: number } | { page: number };

/** A page read and converted, waiting to be written. */
interface Read<Converted> {
  converted: Converted;
  rows: number;
}

/**
 * Every row of a list matching `paging`'s search, sort and filters, a page at a time: each page
 * after the row that ended the one before (After, an index range on the server rather than an ever
 * longer offset). The next page is asked for as soon as a page arrives, before it is converted
 * (`convert`: the workbook's bytes for its rows), so the server works while the gateway converts
 * and writes; and a page is converted as it arrives, so its objects die young instead of waiting
 * while the page before is written. At most three pages are held, as bytes: one being written, one
 * waiting, one just arrived (a page is not asked for while one already waits).
 *
 * A server that answers an After page with a count has ignored After: the rest is then asked by
 * page number. A legacy server that does not page answers every row at once (no TotalCount); its
 * rows are then searched, sorted and filtered here, as the list did.
 */
export async function* exportPages<Row, Converted>(
  first: ListAnswer<Row>,
  paging: ListPagingRequest,
  fetchPage: (next: NextPage) => Promise<ListAnswer<Row>>,
  convert: (rows: readonly Row[]) => Converted,
  inFlight: RowsInFlight = { now: 0, most: 0 },
): AsyncGenerator<Converted> {
  const hold = (rows: number) => {
    inFlight.now += rows;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
  };
  if (first.TotalCount === undefined) {
    const all = pageRows(first.TableData, paging, {
      headers: first.TableHeader,
      defaultPageSize: Math.max(1, first.TableData.length),
    });
    hold(first.TableData.length);
    yield convert(all.rows);
    inFlight.now -= first.TableData.length;
    return;
  }
  const total = first.TotalCount;
  const size = paging.ItemsPerPage ?? first.TableOptions.ItemsPerPage;
  const keyOf = (row: Row | undefined) =>
    row === undefined ? undefined : (row as Record<string, unknown>)[first.TableOptions.ItemKey];
  let byNumber = false;
  let number = paging.Page ?? 1;
  let read = 0;
  /** The newest page that arrived: where the next one starts. */
  let newest = { rows: 0, key: undefined as unknown };
  const ready: Read<Converted>[] = [];
  /** The page being asked for, until it has arrived and been converted. */
  let asking: Promise<void> | undefined;

  const arrive = (answer: ListAnswer<Row>) => {
    const rows = answer.TableData;
    hold(rows.length);
    read += rows.length;
    newest = { rows: rows.length, key: keyOf(rows.at(-1)) };
    const waiting = ready.length > 0;
    asking = waiting ? undefined : askNext();
    ready.push({ converted: convert(rows), rows: rows.length });
  };
  const askNext = (): Promise<void> | undefined => {
    if (newest.rows < size || read >= total) return undefined;
    number += 1;
    const after = !byNumber && typeof newest.key === 'number' ? newest.key : undefined;
    const asked = (async () => {
      let answer = await fetchPage(after === undefined ? { page: number } : { after });
      if (after !== undefined && answer.TotalCount !== undefined) {
        // After was not understood: that was the first page again. Go on by number instead.
        byNumber = true;
        answer = await fetchPage({ page: number });
      }
      arrive(answer);
    })();
    // An unhandled rejection while a page is written would end the process; it is awaited below.
    asked.catch(() => undefined);
    return asked;
  };

  arrive(first);
  for (;;) {
    const page = ready.shift();
    if (page) {
      asking ??= askNext();
      yield page.converted;
      inFlight.now -= page.rows;
    } else if (asking) {
      await asking;
    } else {
      return;
    }
  }
}
