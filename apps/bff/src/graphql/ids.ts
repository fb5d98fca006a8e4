import { AppError } from '../errors/codes.ts';

/** GraphQL IDs arrive as text; the legacy contract wants positive whole numbers. */
export function numericId(value: string | number, field: string): number {
  const text = String(value);
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw new AppError('BAD_USER_INPUT', `${field} must be a positive whole number.`);
  }
  return Number(text);
}

/** Legacy document links are relative (`files/…`); the browser fetches them from this gateway. */
export function gatewayUrl(path: string | null): string | null {
  if (!path) return null;
  return path.startsWith('files/') ? `/${path}` : path;
}
