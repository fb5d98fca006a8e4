import { type Expression, sql } from 'kysely';
import type { Database } from './schema.ts';

/** The tables whose rows have a name. */
type TableWithName = {
  [Table in keyof Database]: Database[Table] extends { id: unknown; name: string } ? Table : never;
}[keyof Database];

/**
 * The name of the record an id refers to, for a row that shows it beside the id (a branch's
 * company name): `(select name from <table> where id = <id>)`, one lookup by primary key a row. The
 * id is a reference the query checks (`ref('b.companyId')`); null when the id is.
 */
export function nameById(table: TableWithName, id: Expression<number | null>) {
  return sql<string>`(select name from ${sql.table(table)} where id = ${id})`;
}

/**
 * The staff name of the user a column refers to (`'t.requested_by'`): who took a workflow's step,
 * as its page shows it; null when the column is.
 */
export function userNameOf(column: string) {
  return sql<
    string | null
  >`(select s.name from users u join staff s on s.id = u.staff_id where u.id = ${sql.ref(column)})`;
}
