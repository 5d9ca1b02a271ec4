import { Worker } from 'node:worker_threads';
import type { DbOptions } from '../../db/client';
import type { Scan } from './read-recorder';
import type { ReadSink } from './read-writer';

export type WriterRequest = { kind: 'write'; id: number; scans: Scan[] } | { kind: 'close' };
export type WriterReply =
  | { kind: 'written'; id: number; written: number }
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'closed' };

/**
 * The read sink of the server: a worker thread with its own database connection hashes, looks up
 * countries and writes the rollups, so a flush of thousands of codes never blocks the thread that
 * answers /r/ (bench/redirect measures it). Started at the first write; if it dies, the writes it
 * held fail (the recorder keeps their reads) and the next write starts a new one.
 */
export class ThreadedRollupWriter implements ReadSink {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(n: number): void; reject(e: Error): void }>();

  constructor(private readonly db: DbOptions) {}

  write(scans: Scan[]): Promise<number> {
    if (scans.length === 0) return Promise.resolve(0);
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ kind: 'write', id, scans } satisfies WriterRequest);
    });
  }

  /** Starts the thread now, so the first write does not wait for it to load. */
  prepare(): void {
    this.started();
  }

  /** Lets the thread finish what it was given, close its connection and end. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.on('message', (reply: WriterReply) => {
        if (reply.kind === 'closed') void worker.terminate();
      });
      worker.postMessage({ kind: 'close' } satisfies WriterRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./read-writer-worker.cjs', import.meta.url), { workerData: this.db });
    worker.on('message', (reply: WriterReply) => {
      if (reply.kind === 'closed') return;
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.kind === 'written') waiter?.resolve(reply.written);
      else waiter?.reject(new Error(reply.message));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`read writer thread ended (exit code ${code})`)));
    // Like the flush interval, it never keeps the process alive by itself: `stop` waits for it.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
