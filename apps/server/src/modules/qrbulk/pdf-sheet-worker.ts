import { parentPort } from 'node:worker_threads';
import type { ThreadMessage, ThreadReply } from '../../lib/worker-thread';
import { pdfSheet, type SheetRequest } from './pdf-sheet';

/**
 * The PDF sheet thread: pdf-lib, fontkit and HarfBuzz live only here, loaded with the first sheet,
 * and build one sheet at a time in the order asked, so a sheet of a thousand codes never holds the
 * thread that answers scans and health checks.
 */
const port = parentPort;
if (!port) throw new Error('pdf-sheet-worker runs only as a worker thread');
let queue: Promise<unknown> = Promise.resolve();

port.on('message', (message: ThreadMessage<SheetRequest>) => {
  queue = queue.then(async () => {
    if ('close' in message) {
      port.postMessage({ closed: true } satisfies ThreadReply);
      return;
    }
    const reply = await answer(message.id, message.request);
    // The file's bytes move to the server's thread rather than being copied.
    const transfer = 'value' in reply ? [(reply.value as Uint8Array).buffer as ArrayBuffer] : [];
    port.postMessage(reply, transfer);
  });
});

async function answer(id: number, request: SheetRequest): Promise<ThreadReply> {
  try {
    const pdf = await pdfSheet(request);
    // A view of a larger buffer would move the whole buffer: hand over exactly the file.
    return {
      id,
      value: pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : pdf.slice(),
    };
  } catch (err) {
    return { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}
