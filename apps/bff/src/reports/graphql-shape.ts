/*
 * A report's records, as legacy-api answers them (PascalCase, ids as numbers), in the shape the
 * schema gives them (camelCase, ids as text). The reports are trees of plain figures whose SDL
 * follows the contract field by field, so one transformation serves them all, and the typed
 * resolvers check at compile time that the SDL and the contract still agree.
 */

type IdText<Value> = Value extends number ? string : Value extends null ? null : Value;

export type GraphQLShape<T> = T extends readonly (infer Item)[]
  ? GraphQLShape<Item>[]
  : T extends object
    ? {
        [Key in keyof T as Uncapitalize<Key & string>]: Key extends `${string}Id`
          ? IdText<T[Key]>
          : GraphQLShape<T[Key]>;
      }
    : T;

function uncapitalize(key: string): string {
  return key.charAt(0).toLowerCase() + key.slice(1);
}

export function graphQLShape<T>(value: T): GraphQLShape<T> {
  return reshape(value) as GraphQLShape<T>;
}

function reshape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reshape);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      uncapitalize(key),
      key.endsWith('Id') && typeof field === 'number' ? String(field) : reshape(field),
    ]),
  );
}
