import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
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
  return reader.all(compiled.sql, compiled.parameters) as Promise<R[]>;
}

type Reply =
  | { kind: 'rows'; id: number; rows: unknown[] }
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'closed' };

/**
 * Each lane is a thread of its own, reading one statement at a time: a follower search or one
 * list's count (tens of ms) never queues behind a grouped pass over a page of send lists (hundreds),
 * nor behind the rows of an export.
 */
export type Lane = 'counts' | 'grouped-counts' | 'searches' | 'exports';

/** One thread per database file and lane, started at its first read and ended with the process. */
const threads = new Map<string, LongReadThread>();

function threadOf(file: string, lane: Lane): LongReadThread {
  const key = `${lane}:${file}`;
  let thread = threads.get(key);
  if (!thread) {
    thread = new LongReadThread(file);
    threads.set(key, thread);
  }
  return thread;
}

class LongReadThread {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>();

  constructor(private readonly file: string) {}

  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.started();
    const id = this.nextId++;
    // Referenced while a read is in flight, so a script awaiting one does not end first.
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ kind: 'read', id, sql, parameters });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./long-read-worker.cjs', import.meta.url), {
      workerData: { file: this.file },
    });
    worker.on('message', (reply: Reply) => {
      if (reply.kind === 'closed') return;
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.kind === 'rows') waiter?.resolve(reply.rows);
      else waiter?.reject(new Error(reply.message));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`long-read thread ended (exit code ${code})`)));
    // Idle, it never keeps the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
