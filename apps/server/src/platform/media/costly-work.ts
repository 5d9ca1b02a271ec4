import type { FastifyReply } from 'fastify';
import { AppError } from '../http/errors';

export interface CostlyWorkOptions {
  /** Jobs that run at once. */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused instead of growing memory. */
  queue: number;
  /** What a refused caller is told to wait (Retry-After), in seconds. */
  retryAfterSeconds: number;
}

/**
 * A gate for expensive work (image rendering today; uploads, exports and fan-out later): at most
 * `concurrency` jobs run, at most `queue` wait, and anything beyond is refused at once with E-503
 * and Retry-After. A waiting job holds no memory of its own, so a burst costs a bounded amount.
 */
export class CostlyWork {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: CostlyWorkOptions) {}

  /** Jobs running and waiting now (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `job` when a slot is free. A job whose `signal` has aborted by its turn (the client hung
   * up while it waited) is not started: its slot passes on and the call rejects with the reason.
   */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire();
    try {
      signal?.throwIfAborted();
      return await job();
    } finally {
      release();
    }
  }

  /**
   * Takes a slot for work that is not one promise (a request from its body to its answer): waits
   * in the queue or throws E-503 like `run`, and returns the slot's release, which only its first
   * call does.
   */
  async acquire(): Promise<() => void> {
    if (this.running < this.options.concurrency) this.running++;
    else if (this.waiting.length < this.options.queue)
      // The finishing job hands its slot over, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new AppError('E-503', { retryAfterSeconds: this.options.retryAfterSeconds });
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

/**
 * Takes a slot of `gate` for the whole of one answer (a body read before its handler runs, a body
 * streamed after it returns): it is given back, and `onRelease` called once, when the response
 * closes, sent or abandoned.
 */
export async function holdUntilAnswered(
  gate: CostlyWork,
  reply: FastifyReply,
  onRelease?: () => void,
): Promise<void> {
  const release = await gate.acquire();
  let held = true;
  const giveBack = () => {
    if (!held) return;
    held = false;
    release();
    onRelease?.();
  };
  reply.raw.once('close', giveBack);
  // The client left while it waited: 'close' has already fired and will not again.
  if (reply.raw.destroyed || reply.request.raw.destroyed) giveBack();
}
