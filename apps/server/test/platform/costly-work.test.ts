import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/http/errors';
import { CostlyWork } from '../../src/platform/media/costly-work';

/** A job the test finishes by hand. */
function pending() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('CostlyWork', () => {
  it('runs `concurrency` jobs, queues `queue` more, and refuses the next with E-503 and Retry-After', async () => {
    const gate = new CostlyWork({ concurrency: 2, queue: 1, retryAfterSeconds: 7 });
    const jobs = [pending(), pending(), pending()];
    const started: number[] = [];
    const runs = jobs.map((job, i) =>
      gate.run(async () => {
        started.push(i);
        await job.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('E-503');
    expect((refused as AppError).options.retryAfterSeconds).toBe(7);

    // A finished job hands its slot to the waiting one.
    jobs[0]?.finish();
    expect(await runs[0]).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    jobs[1]?.finish();
    jobs[2]?.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiting job whose client hung up, and passes its slot on', async () => {
    const gate = new CostlyWork({ concurrency: 1, queue: 2, retryAfterSeconds: 1 });
    const first = pending();
    const hungUp = new AbortController();
    const started: string[] = [];
    const running = gate.run(async () => {
      started.push('first');
      await first.done;
    });
    const dropped = gate.run(async () => {
      started.push('dropped');
    }, hungUp.signal);
    const next = gate.run(async () => {
      started.push('next');
    });
    hungUp.abort(new Error('aborted'));
    first.finish();
    await running;
    await expect(dropped).rejects.toThrow('aborted');
    await next;
    expect(started).toEqual(['first', 'next']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a job fails', async () => {
    const gate = new CostlyWork({ concurrency: 1, queue: 0, retryAfterSeconds: 1 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('acquire hands out a slot whose release counts once, however often it is called', async () => {
    const gate = new CostlyWork({ concurrency: 1, queue: 1, retryAfterSeconds: 2 });
    const release = await gate.acquire();
    const waiting = gate.acquire();
    await expect(gate.acquire()).rejects.toMatchObject({ code: 'E-503' });
    release();
    release();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    (await waiting)();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
