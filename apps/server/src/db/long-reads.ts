import type { CompiledQuery } from 'kysely';
import { WorkerThread } from '../lib/worker-thread';
import type { Db } from './client';

/**
 * Reads that may take long (a send list's audience over 100,000 followers, a tag search of the
 * followers page): on SQLite they run in a thread of their own with a read-only connection to the
 * same file, so the thread answering every other request (/r/ scans, health) never waits for them
 * (bench:operator-load). better-sqlite3 runs a query on the calling thread, so without this one
 * long count stops the whole server. WAL lets that connection read beside the writer and see every
 * committed change. PostgreSQL queries never block the process: they run on the pool as they are.
 */
export function readLong<R>(db: Db, compiled: CompiledQuery<R>, lane: Lane = 'counts'): Promise<R[]> {
  const reader = db.sqlite && !db.sqlite.memory ? threadOf(db.sqlite.name, lane) : undefined;
  if (!reader) return db.kysely.executeQuery(compiled).then((r) => r.rows);
  return reader.request({ sql: compiled.sql, parameters: compiled.parameters }) as Promise<R[]>;
}

/**
 * Each lane is a thread of its own, reading one statement at a time: a follower search or one
 * list's count (tens of ms) never queues behind a grouped pass over a page of send lists (hundreds),
 * nor behind the rows of an export.
 */
export type Lane = 'counts' | 'grouped-counts' | 'searches' | 'exports';

/** One thread per database file and lane, started at its first read and ended with the process. */
const threads = new Map<string, WorkerThread<Read, unknown[]>>();

type Read = { sql: string; parameters: readonly unknown[] };

function threadOf(file: string, lane: Lane): WorkerThread<Read, unknown[]> {
  const key = `${lane}:${file}`;
  let thread = threads.get(key);
  if (!thread) {
    thread = new WorkerThread(new URL('./long-read-worker.cjs', import.meta.url), {
      name: 'long-read',
      workerData: { file },
      busyKeepsAlive: true,
    });
    threads.set(key, thread);
  }
  return thread;
}
