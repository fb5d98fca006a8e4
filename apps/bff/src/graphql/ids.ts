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

/** An optional id argument: absent, null or empty is no id; anything else must be one. */
export const optionalId = (value: string | null | undefined, field: string) =>
  value === null || value === undefined || value === '' ? undefined : numericId(value, field);

/** GraphQL's null for an omitted input field, as the legacy body's absent field. */
export const present = <Value>(value: Value | null | undefined): Value | undefined =>
  value === null ? undefined : value;

/** A nullable legacy id as a GraphQL ID. */
export const nullableId = (value: number | null) => (value === null ? null : String(value));
