// The thread that renders members' screens (member-paint.ts, lib/worker-thread.ts): it loads the
// web build's renderer (apps/web/src/prerender.tsx renderMember) once and renders one screen at a
// time, as the renderer needs (its answers and its watch for <Navigate> are the process's own while it renders).
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { renderMember } = await import(pathToFileURL(workerData.file).href);
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    const { id, request } = message;
    try {
      const { address, locale, params, layout, answers } = request;
      parentPort.postMessage({ id, value: await renderMember(address, locale, params, layout, answers) });
    } catch (err) {
      parentPort.postMessage({ id, error: String(err?.stack ?? err) });
    }
  });
});
