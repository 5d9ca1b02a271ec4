import { type ResourceLimits, Worker } from 'node:worker_threads';

/** What a thread's entry answers: a request's value or its failure, and the end of a close. */
export type ThreadReply = { id: number; value: unknown } | { id: number; error: string } | { closed: true };
/** What a thread's entry receives: a request, or the call to let go of its resources and answer `closed`. */
export type ThreadMessage<Req> = { id: number; request: Req } | { close: true };

/** How a request fails when its thread was ended on purpose (the server stopping), not by a fault. */
export class ThreadClosedError extends Error {}

/**
 * A worker thread answering requests in the order asked (the long reads, the read writer, the
 * members' screens, the PDF sheet): started at the first request, started again after it dies (the requests it
 * held fail), and, idle, never keeping the process alive. `busyKeepsAlive`: a script awaiting an
 * answer does not end before it.
 */
export class WorkerThread<Req, Res> {
  private worker: Worker | undefined;
  private nextId = 0;
  /** Each request with the thread it went to: a thread that ends fails only its own. */
  private readonly waiting = new Map<
    number,
    { worker: Worker; resolve(value: Res): void; reject(e: Error): void }
  >();

  constructor(
    private readonly entry: URL,
    private readonly options: {
      name: string;
      workerData?: unknown;
      resourceLimits?: ResourceLimits;
      busyKeepsAlive?: boolean;
    },
  ) {}

  /** Requests sent and not yet answered (also those whose caller stopped waiting). */
  get pending(): number {
    return this.waiting.size;
  }

  request(request: Req): Promise<Res> {
    const worker = this.started();
    const id = this.nextId++;
    if (this.options.busyKeepsAlive && this.heldBy(worker) === 0) worker.ref();
    return new Promise<Res>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.postMessage({ id, request } satisfies ThreadMessage<Req>);
    });
  }

  /** Starts the thread now, so the first request does not wait for it to load. */
  prepare(): void {
    this.started();
  }

  /** Lets the thread finish what it was given and let go of its resources, then ends it. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.on('message', (reply: ThreadReply) => {
        if ('closed' in reply) void worker.terminate();
      });
      worker.postMessage({ close: true } satisfies ThreadMessage<Req>);
    });
  }

  /** Ends the thread at once: what it held fails with ThreadClosedError. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    this.failHeldBy(worker, new ThreadClosedError(`${this.options.name} thread closed`));
    await worker.terminate();
  }

  private heldBy(worker: Worker): number {
    let count = 0;
    for (const w of this.waiting.values()) if (w.worker === worker) count += 1;
    return count;
  }

  private failHeldBy(worker: Worker, error: Error): void {
    for (const [id, w] of this.waiting) {
      if (w.worker !== worker) continue;
      this.waiting.delete(id);
      w.reject(error);
    }
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const { name, workerData, resourceLimits } = this.options;
    const worker = new Worker(this.entry, { workerData, resourceLimits });
    worker.on('message', (reply: ThreadReply) => {
      if ('closed' in reply) return;
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.heldBy(worker) === 0) worker.unref();
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.value as Res);
    });
    // A replacement may already be answering new requests: only this thread's fail.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failHeldBy(worker, err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${name} thread ended (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
