import { sql } from 'kysely';
import type { Db } from './database.ts';
import { nounsOf } from './nouns.ts';

/*
 * What refers to a record, read from the database's own foreign keys rather than listed by hand on
 * the referenced side: a table that starts pointing at branches, vendors or asset types is counted
 * when one of them is deleted, with nothing to edit there. Only keys that block a delete count
 * (no action, restrict); rows that go with the record (on delete cascade) or let go of it (set
 * null) are not uses.
 */

export interface ForeignKey {
  /** The referencing table and its columns, in the key's order. */
  table: string;
  columns: string[];
  /** The referenced table and the columns the key names there. */
  referenced: string;
  referencedColumns: string[];
  /** Whether deleting the referenced row is refused while this key names it. */
  blocks: boolean;
}

let catalogue: Promise<ForeignKey[]> | null = null;

/**
 * Every foreign key of the schema, read once per process: every database this code opens has been
 * migrated to the same schema. Tests that add a table call `forgetForeignKeys`.
 */
export function foreignKeys(db: Db): Promise<ForeignKey[]> {
  catalogue ??= sql<{
    table: string;
    columns: string[];
    referenced: string;
    referencedColumns: string[];
    onDelete: string;
  }>`select t.relname as "table", r.relname as "referenced", c.confdeltype as "onDelete",
      array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as "columns",
      array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n) as "referencedColumns"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where c.contype = 'f' and ns.nspname = current_schema()
    order by c.oid`
    .execute(db)
    .then((result) =>
      result.rows.map((row) => ({
        table: row.table,
        columns: row.columns,
        referenced: row.referenced,
        referencedColumns: row.referencedColumns,
        blocks: row.onDelete === 'a' || row.onDelete === 'r',
      })),
    )
    .catch((error: unknown) => {
      catalogue = null;
      throw error;
    });
  return catalogue;
}

export function forgetForeignKeys(): void {
  catalogue = null;
}

/**
 * The rows that use a record (by its `id`) and would stop its delete, as phrases for a refusal
 * ("6 staff members", "30 purchase orders"), in the order of the nouns (src/db/nouns.ts). A row
 * that names the record in two columns (an order billed to and shipped to one branch) counts once.
 */
export async function usesOf(trx: Db, table: string, id: number): Promise<string[]> {
  const keys = (await foreignKeys(trx)).filter(
    (key) =>
      key.blocks &&
      key.referenced === table &&
      key.columns.length === 1 &&
      key.referencedColumns[0] === 'id',
  );
  // One count per noun: a table's columns share its noun unless one has its own.
  const groups = new Map<string, { table: string; columns: string[]; order: number }>();
  for (const key of keys) {
    const column = key.columns[0] ?? '';
    const nouns = nounsOf(key.table, column);
    const group = groups.get(nouns.many) ?? { table: key.table, columns: [], order: nouns.order };
    group.columns.push(column);
    groups.set(nouns.many, group);
  }
  const counted = await Promise.all(
    [...groups].map(async ([many, group]) => {
      const result = await sql<{ count: string }>`select count(*) as count
        from ${sql.table(group.table)}
        where ${sql.join(
          group.columns.map((column) => sql`${sql.ref(column)} = ${id}`),
          sql` or `,
        )}`.execute(trx);
      const count = Number(result.rows[0]?.count ?? 0);
      const { one } = nounsOf(group.table, group.columns[0] ?? '');
      return { count, order: group.order, phrase: `${count} ${count === 1 ? one : many}` };
    }),
  );
  return counted
    .filter((use) => use.count > 0)
    .sort((a, b) => a.order - b.order)
    .map((use) => use.phrase);
}
