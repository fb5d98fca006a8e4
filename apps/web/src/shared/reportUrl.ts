/**
 * The address of a report's file as the gateway builds it (GET /reports/<report>.xlsx|.pdf, real
 * numbers and dates, docs/reports.md) with the screen's filters: a list of ids joined by commas,
 * an empty or absent filter left out. A plain link with `download` then saves it, the cookie going
 * with it as with every download of the app.
 */
export function reportFileUrl(
  report: string,
  format: 'xlsx' | 'pdf',
  filters: Readonly<Record<string, string | number | readonly string[] | null | undefined>>,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const text = Array.isArray(value) ? value.join(',') : value == null ? '' : String(value);
    if (text !== '') query.set(name, text);
  }
  const search = query.toString();
  return `/reports/${report}.${format}${search ? `?${search}` : ''}`;
}
