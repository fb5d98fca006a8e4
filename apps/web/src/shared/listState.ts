/**
 * The address a list's rows answer, as ServerList writes it in its table's `data-list-state`: the
 * hash route's path and its query string, the parameters in name order (their order changes no
 * list), e.g. `/brand/lists?page=2&q=pump`. It names everything the rows were asked with (page,
 * size, search, sort, the screen's filters, the route's own list), so whoever watches the table (a
 * browser test) can compare it with the address the browser is at: while they differ, the rows on
 * screen are not yet the answer to the address. No imports: the browser tests use it too.
 */
export function listStateOf(path: string, query: string): string {
  const params = [...new URLSearchParams(query)].sort(([a, aValue], [b, bValue]) =>
    a === b ? compare(aValue, bValue) : compare(a, b),
  );
  const text = new URLSearchParams(params).toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The list state a hash address asks for (`#/brand/lists?q=pump`, as `location.hash` gives it),
 * read as the hash router reads it: a path (`/` when none), its query, a fragment after that left
 * out.
 */
export function listStateOfHash(hash: string): string {
  let route = hash.startsWith('#') ? hash.slice(1) : hash;
  const fragment = route.indexOf('#');
  if (fragment >= 0) route = route.slice(0, fragment);
  const query = route.indexOf('?');
  let path = query < 0 ? route : route.slice(0, query);
  if (path === '') path = '/';
  else if (!path.startsWith('/')) path = `/${path}`;
  return listStateOf(path, query < 0 ? '' : route.slice(query));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
