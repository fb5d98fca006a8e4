import { type Kysely, sql } from 'kysely';

/*
 * The pages each user starred in the navbar search, by menu link (a leaf link of their menu).
 * A user stars a page once; the list keeps the order they were starred in (created_at, then id).
 * The limit per user (STARRED_PAGES_LIMIT) and the menu check are enforced by the calls.
 */
const statements = [
  `create table starred_pages (
    id integer generated always as identity primary key,
    user_id integer not null references users on delete cascade,
    menu_link text not null check (menu_link <> ''),
    created_at timestamptz not null default now(),
    unique (user_id, menu_link)
  )`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
