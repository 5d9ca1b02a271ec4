import { parentPort, workerData } from 'node:worker_threads';
import { createDb, type DbOptions } from '../../db/client';
import type { ThreadMessage, ThreadReply } from '../../lib/worker-thread';
import type { Scan } from './read-recorder';
import { RollupWriter } from './read-writer';

/** The read-writer thread: its own database connection, one write at a time, in the order asked. */
const port = parentPort;
if (!port) throw new Error('read-writer-worker runs only as a worker thread');
const db = createDb(workerData as DbOptions, 1);
const writer = new RollupWriter(db);
let queue: Promise<unknown> = Promise.resolve();

port.on('message', (message: ThreadMessage<Scan[]>) => {
  queue = queue.then(async () => {
    if ('close' in message) {
      await db.close();
      port.postMessage({ closed: true } satisfies ThreadReply);
      return;
    }
    port.postMessage(await answer(message.id, message.request));
  });
});

async function answer(id: number, scans: Scan[]): Promise<ThreadReply> {
  try {
    return { id, value: await writer.write(scans) };
  } catch (err) {
    return { id, error: err instanceof Error ? err.message : String(err) };
  }
}
