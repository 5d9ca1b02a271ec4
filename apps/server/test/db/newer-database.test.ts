import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, NewerDatabaseError } from '../../src/db/migrate';
import { type BareDatabase, bareDatabase } from '../helpers/bare-database';

/**
 * Rolling back is restoring the backup taken before the upgrade: a version older than its database
 * refuses to start on it, and says so in words an operator can act on.
 */
let bare: BareDatabase;
beforeAll(async () => {
  bare = await bareDatabase();
  await migrateToLatest(bare.db);
});
afterAll(() => bare?.close());

describe('a database a newer version upgraded', () => {
  it('is refused with the migration it lacks and what to do, and left as it was', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-version', '2030-01-01T00:00:00.000Z')`.execute(
      bare.db.kysely,
    );
    const refusal = await migrateToLatest(bare.db).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NewerDatabaseError);
    expect((refusal as NewerDatabaseError).migration).toBe('9999-from-a-newer-version');
    expect((refusal as Error).message).toMatch(
      /newer version of QRQR .*restore the backup taken before that upgrade/,
    );
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(
      bare.db.kysely,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(20);
  });
});
