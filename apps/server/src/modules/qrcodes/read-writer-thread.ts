import type { DbOptions } from '../../db/client';
import { WorkerThread } from '../../lib/worker-thread';
import type { Scan } from './read-recorder';
import type { ReadSink } from './read-writer';

/**
 * The read sink of the server: a worker thread with its own database connection hashes, looks up
 * countries and writes the rollups, so a flush of thousands of codes never blocks the thread that
 * answers /r/ (bench/redirect measures it). Started at the first write; if it dies, the writes it
 * held fail (the recorder keeps their reads) and the next write starts a new one. Like the flush
 * interval, it never keeps the process alive by itself: `stop` waits for it.
 */
export class ThreadedRollupWriter implements ReadSink {
  private readonly thread: WorkerThread<Scan[], number>;

  constructor(db: DbOptions) {
    this.thread = new WorkerThread(new URL('./read-writer-worker.cjs', import.meta.url), {
      name: 'read writer',
      workerData: db,
    });
  }

  write(scans: Scan[]): Promise<number> {
    return scans.length === 0 ? Promise.resolve(0) : this.thread.request(scans);
  }

  /** Starts the thread now, so the first write does not wait for it to load. */
  prepare(): void {
    this.thread.prepare();
  }

  /** Lets the thread finish what it was given, close its connection and end. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
