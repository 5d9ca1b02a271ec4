/** At most `max` tasks at once; the rest wait in arrival order (requests in flight per push service). */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** A finished task hands its slot to the first waiting one, if any. */
  private readonly done = () => {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  };

  constructor(private readonly max: number) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    // Plain promises rather than an async function: one push is one task, thousands a second.
    if (this.active < this.max) {
      this.active++;
      return this.start(task);
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.start(task));
  }

  private start<T>(task: () => Promise<T>): Promise<T> {
    let running: Promise<T>;
    try {
      running = task();
    } catch (err) {
      running = Promise.reject(err);
    }
    running.then(this.done, this.done);
    return running;
  }
}
