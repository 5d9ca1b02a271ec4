import type { Kysely, Transaction } from 'kysely';
import type { Db } from './client';
import type { Database } from './schema';

/** What a repository function runs its SQL on: the pool, or the caller's transaction. */
export type Queryable = Kysely<Database> | Transaction<Database>;

/** The caller's transaction when it passes one (every repository function takes an optional one), else the pool. */
export const q = (db: Db, trx?: Transaction<Database>): Queryable => trx ?? db.kysely;
