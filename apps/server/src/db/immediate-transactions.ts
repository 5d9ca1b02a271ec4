import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely over better-sqlite3, where every transaction takes the write lock when it begins
 * (`BEGIN IMMEDIATE`), waiting for it up to busy_timeout. Kysely begins with a plain (deferred)
 * `BEGIN`: such a transaction reads first and asks for the lock at its first write, and when
 * another connection (the read writer thread) holds it, SQLite refuses at once with "database is
 * locked", since waiting while holding a read snapshot could deadlock. Taken up front, the lock is
 * simply waited for, and a transaction's reads are current until it commits. A single write
 * outside a transaction needs nothing: SQLite takes its lock before the statement reads. The one
 * place where a transaction begins on SQLite: test/db/transaction-starts.test.ts fails on any other.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * SQLite's DDL is transactional, though Kysely's adapter says otherwise: saying so makes the
 * migrator run a batch in one (immediate) transaction, as on PostgreSQL, so a migration failing
 * half-way leaves the schema as it was instead of half changed and unrecorded
 * (test/db/failed-migration.test.ts).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
