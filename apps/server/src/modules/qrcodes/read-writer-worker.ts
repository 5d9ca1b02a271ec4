import { parentPort, workerData } from 'node:worker_threads';
import { createDb, type DbOptions } from '../../db/client';
import type { Scan } from './read-recorder';
import { RollupWriter } from './read-writer';
import type { WriterReply, WriterRequest } from './read-writer-thread';

/** The read-writer thread: its own database connection, one write at a time, in the order asked. */
const port = parentPort;
if (!port) throw new Error('read-writer-worker runs only as a worker thread');
const db = createDb(workerData as DbOptions, 1);
const writer = new RollupWriter(db);
let queue: Promise<unknown> = Promise.resolve();

port.on('message', (request: WriterRequest) => {
  queue = queue.then(async () => {
    if (request.kind === 'close') {
      await db.close();
      port.postMessage({ kind: 'closed' } satisfies WriterReply);
      return;
    }
    port.postMessage(await answer(request.id, request.scans));
  });
});

async function answer(id: number, scans: Scan[]): Promise<WriterReply> {
  try {
    return { kind: 'written', id, written: await writer.write(scans) };
  } catch (err) {
    return { kind: 'failed', id, message: err instanceof Error ? err.message : String(err) };
  }
}
