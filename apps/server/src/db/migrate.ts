import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './client';
import * as m0001 from './migrations/0001-accounts';

/** Migrations are listed here in order; a new file is one more line. */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which one: without this, a
  // second schema in the same database (another install, a test run) makes it skip creating them.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
