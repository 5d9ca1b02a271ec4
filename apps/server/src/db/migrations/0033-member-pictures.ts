import { type Kysely, sql } from 'kysely';
import { dialectOf, dialectSql } from '../dialect';

/**
 * Pictures a member owns without a channel (a QR code's logo uploaded by someone with no channel):
 * `images.user_id`, and `channel_id` no longer required; every picture has one owner or the other,
 * and goes with it by cascade. Every row stays, with its id, so the pictures that coupons, messages
 * and Wi-Fi pages point at stay theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table images alter column channel_id drop not null`.execute(db);
    await sql`alter table images add column user_id varchar(32) references users (id) on delete cascade`.execute(
      db,
    );
    await sql`alter table images add constraint images_one_owner
      check ((channel_id is null) <> (user_id is null))`.execute(db);
  } else {
    await rebuildOnSqlite(db, true);
    await channelIndexes(db);
  }
  await db.schema.createIndex('images_user').on('images').columns(['user_id', 'purpose']).execute();
}

/**
 * SQLite cannot drop a NOT NULL (nor add one): the table is built again, keeping every row and id.
 * Dropping the old table sets the other tables' references to it to null (their ON DELETE, which
 * no pragma stops inside the migration's transaction), so each reference is noted first and put
 * back once the new table holds the same ids under the old name.
 */
async function rebuildOnSqlite(db: Kysely<unknown>, owners: boolean): Promise<void> {
  const { rows: children } = await sql<{ tbl: string; col: string }>`
    select m.name as tbl, f."from" as col from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table' and f."table" = 'images'`.execute(db);
  await sql`create temp table image_refs (tbl text, col text, row_id integer, image_id integer)`.execute(db);
  for (const { tbl, col } of children)
    await sql`insert into image_refs select ${tbl}, ${col}, rowid, ${sql.ref(col)} from ${sql.table(tbl)}
      where ${sql.ref(col)} is not null`.execute(db);
  const { rows: sequence } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'images'`.execute(db);

  await createImages(db, owners, 'images_rebuilt');
  const columns = sql.raw(
    'id, channel_id, purpose, name, content_type, width, height, byte_size, data, created_at',
  );
  await sql`insert into images_rebuilt (${columns}) select ${columns} from images`.execute(db);
  await sql`drop table images`.execute(db);
  await sql`alter table images_rebuilt rename to images`.execute(db);
  // Ids of deleted pictures are not given again.
  if (sequence[0])
    await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = 'images'`.execute(db);

  for (const { tbl, col } of children)
    await sql`update ${sql.table(tbl)} set ${sql.ref(col)} = (
        select image_id from image_refs r where r.tbl = ${tbl} and r.col = ${col} and r.row_id = ${sql.table(tbl)}.rowid)
      where rowid in (select row_id from image_refs where tbl = ${tbl} and col = ${col})`.execute(db);
  await sql`drop table image_refs`.execute(db);
}

/** The indexes of migration 0008, gone with the old table when SQLite builds it again. */
async function channelIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('images_name').on('images').column('name').execute();
  await db.schema.createIndex('images_channel').on('images').columns(['channel_id', 'purpose']).execute();
}

async function createImages(db: Kysely<unknown>, owners: boolean, name: string): Promise<void> {
  const t = dialectSql(dialectOf(db));
  let table = db.schema
    .createTable(name)
    .addColumn('id', t.serial, t.serialKey)
    .addColumn('channel_id', t.bigint, (c) =>
      (owners ? c : c.notNull()).references('channels.id').onDelete('cascade'),
    );
  if (owners)
    table = table.addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'));
  table = table
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(48)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('data', t.bytes, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull());
  if (owners)
    table = table.addCheckConstraint('images_one_owner', sql`(channel_id is null) <> (user_id is null)`);
  await table.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A member's own pictures have no channel to go back to.
  await sql`delete from images where channel_id is null`.execute(db);
  await db.schema.dropIndex('images_user').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`alter table images drop constraint images_one_owner`.execute(db);
    await sql`alter table images drop column user_id`.execute(db);
    await sql`alter table images alter column channel_id set not null`.execute(db);
  } else {
    await rebuildOnSqlite(db, false);
    await channelIndexes(db);
  }
}
