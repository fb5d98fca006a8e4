import { type ListPagingRequest, pageRows } from '@branch-assets/legacy-contract';
import type { ListAnswer } from '../graphql/paging.ts';

/** Rows asked of the legacy server per call while exporting: its largest page. */
export const EXPORT_PAGE_SIZE = 1000;

/** How many rows an export holds at most at one moment (a page being written, the next arriving). */
export interface RowsInFlight {
  now: number;
  most: number;
}

/** Which page to ask for next: after a row (keyset), or by number. */
export type NextPage = { after: number } | { page: number };

/**
 * Every row of a list matching `paging`'s search, sort and filters, read a page at a time: each
 * page after the row that ended the one before (After, an index range on the server rather than an
 * ever longer offset), the next page asked for while the current one is written, so at most two
 * pages are held. A server that answers an After page with a count has ignored After: the rest is
 * then asked by page number. A legacy server that does not page answers every row at once (no
 * TotalCount); its rows are then searched, sorted and filtered here, as the list did.
 */
export async function* exportRows<Row>(
  first: ListAnswer<Row>,
  paging: ListPagingRequest,
  fetchPage: (next: NextPage) => Promise<ListAnswer<Row>>,
  inFlight: RowsInFlight = { now: 0, most: 0 },
): AsyncGenerator<Row> {
  const hold = (rows: readonly Row[]) => {
    inFlight.now += rows.length;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
  };
  if (first.TotalCount === undefined) {
    const all = pageRows(first.TableData, paging, {
      headers: first.TableHeader,
      defaultPageSize: Math.max(1, first.TableData.length),
    });
    hold(first.TableData);
    for (const row of all.rows) yield row;
    inFlight.now -= first.TableData.length;
    return;
  }
  const total = first.TotalCount;
  const size = paging.ItemsPerPage ?? first.TableOptions.ItemsPerPage;
  const keyOf = (row: Row) => (row as Record<string, unknown>)[first.TableOptions.ItemKey];
  let byNumber = false;
  let page: ListAnswer<Row> | undefined = first;
  let number = paging.Page ?? 1;
  let read = 0;
  hold(first.TableData);
  while (page) {
    if (page !== first && page.TotalCount !== undefined && !byNumber) {
      // After was not understood: this is the first page again. Go on by number instead.
      byNumber = true;
      inFlight.now -= page.TableData.length;
      // `number` is the page this answer should have been.
      page = await fetchPage({ page: number });
      hold(page.TableData);
      continue;
    }
    read += page.TableData.length;
    const last: Row | undefined = page.TableData.at(-1);
    const key: unknown = last === undefined ? undefined : keyOf(last);
    const more: boolean = page.TableData.length === size && read < total;
    const next: Promise<ListAnswer<Row>> | undefined = !more
      ? undefined
      : !byNumber && typeof key === 'number'
        ? fetchPage({ after: key })
        : fetchPage({ page: number + 1 });
    // An unhandled rejection while this page is written would end the process; it is awaited below.
    next?.catch(() => undefined);
    for (const row of page.TableData) yield row;
    inFlight.now -= page.TableData.length;
    page = next ? await next : undefined;
    if (page) hold(page.TableData);
    number += 1;
  }
}
