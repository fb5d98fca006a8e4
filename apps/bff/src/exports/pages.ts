import { type ListPagingRequest, pageRows } from '@branch-assets/legacy-contract';
import type { ListAnswer } from '../graphql/paging.ts';

/** How many rows an export holds at most at one moment (a page being written, the next arriving). */
export interface RowsInFlight {
  now: number;
  most: number;
}

/** Which page to ask for next: after a row (keyset), or by number. */
export type NextPage = { after: number } | { page: number };

/**
 * The rest of the list after a row, streamed in one answer (the list call with Stream), or null
 * when the server does not stream.
 */
export type StreamAfter<Row> = (after: number) => Promise<AsyncIterable<readonly Row[]> | null>;

/**
 * Rows per page of a streamed rest: small enough that the legacy server answers other callers
 * between two pages (it reads each with its own queries; on PGlite, one query at a time, a page of
 * 2,000 orders takes about 25 ms), large enough that a page's own queries cost little: each page
 * pays three queries' fixed cost (about 3.5 ms on PGlite), so legacy-api streamed a branch's
 * 100,038 orders in 1.60 s with pages of 1,000 and 1.45 s with 2,000 (5,000: 1.33 s, with pauses
 * for other callers twice as long again).
 */
export const STREAM_PAGE_ROWS = 2000;

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
 * With `streamAfter`, everything after the first page is asked for in one streamed answer (no call
 * per page; the server reads on while the gateway writes, held back only by the connection), each
 * page converted as it is read. A server that does not stream gets the pages asked for one by one.
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
  streamAfter?: StreamAfter<Row>,
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

  const firstKey = keyOf(first.TableData.at(-1));
  if (
    streamAfter &&
    first.TableData.length === size &&
    first.TableData.length < total &&
    typeof firstKey === 'number'
  ) {
    const rest = streamAfter(firstKey);
    // Awaited below; the first page is written meanwhile.
    rest.catch(() => undefined);
    hold(first.TableData.length);
    read += first.TableData.length;
    newest = { rows: first.TableData.length, key: firstKey };
    yield convert(first.TableData);
    inFlight.now -= first.TableData.length;
    const pages = await rest;
    if (pages) {
      for await (const rows of pages) {
        hold(rows.length);
        const converted = convert(rows);
        yield converted;
        inFlight.now -= rows.length;
      }
      return;
    }
    // Not streamed: the rest page by page, after the first.
    asking = askNext();
  } else {
    arrive(first);
  }
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
