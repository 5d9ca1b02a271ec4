import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or shape an answer (account lookups and their mails, whose timing
 * would tell which addresses have accounts). A task starts after the current request has
 * answered, a failure is logged with the task's name, and closing the app waits for every task,
 * so a graceful shutdown loses no mail. In memory: a crash loses the tasks of its last moments.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Tasks started and not yet finished. */
  get pending(): number {
    return this.running.size;
  }

  /** Resolves when every task, also those started meanwhile, has finished. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
