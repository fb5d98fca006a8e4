import { type Kysely, sql } from 'kysely';

/*
 * The gallery: images and their thumbnails are documents (served by GET /files/…) like every
 * other file; this table holds what the list shows about them. Both documents are referenced, so
 * neither can go while the image is listed.
 */
const statements = [
  `create table gallery_images (
    id integer generated always as identity primary key,
    title text not null check (char_length(title) between 1 and 100),
    kind text not null check (kind in ('asset_photo', 'branch_logo', 'company_logo')),
    image_path text not null unique references documents (path),
    thumbnail_path text not null unique references documents (path),
    content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
    size_bytes integer not null check (size_bytes > 0),
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    uploaded_by integer not null references users,
    created_at timestamptz not null default now()
  )`,
  'create index gallery_images_kind on gallery_images (kind, created_at desc)',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
