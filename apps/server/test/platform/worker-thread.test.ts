import { describe, expect, it } from 'vitest';
import { ThreadClosedError, WorkerThread } from '../../src/lib/worker-thread';

const echo = new URL('../support/echo-worker.mjs', import.meta.url);

describe('a worker thread', () => {
  it('answers requests, and a terminated one fails what it held with ThreadClosedError', async () => {
    const thread = new WorkerThread<string, string>(echo, { name: 'echo' });
    await expect(thread.request('one')).resolves.toBe('one');
    const held = expect(thread.request('held')).rejects.toBeInstanceOf(ThreadClosedError);
    await thread.terminate();
    await held;
    expect(thread.pending).toBe(0);
  });

  // The old thread's exit used to fail every request waiting, its replacement's too.
  it.each(['terminate', 'close'] as const)(
    'ended (%s) while a replacement starts, leaves the replacement’s requests alone',
    async (end) => {
      const thread = new WorkerThread<string, string>(echo, { name: 'echo' });
      await expect(thread.request('first')).resolves.toBe('first');
      const ending = end === 'terminate' ? thread.terminate() : thread.close();
      const next = thread.request('to the replacement');
      await ending;
      await expect(next).resolves.toBe('to the replacement');
      await thread.terminate();
    },
  );
});
