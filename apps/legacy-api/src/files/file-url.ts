/** Documents are served under `files/`; the path in a record is relative to the API's base address. */
export function fileUrl(path: string | null): string | null {
  return path ? `files/${path}` : null;
}
