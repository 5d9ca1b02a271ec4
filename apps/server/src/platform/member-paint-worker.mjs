// The thread that renders members' screens (member-paint.ts): it loads the web build's renderer
// (apps/web/src/prerender.tsx renderMember) once and renders one screen at a time, as the renderer
// needs (its answers and its watch for <Navigate> are the process's own while it renders).
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { renderMember } = await import(pathToFileURL(workerData.file).href);
let queue = Promise.resolve();

parentPort.on('message', (job) => {
  queue = queue.then(async () => {
    try {
      const painted = await renderMember(job.address, job.locale, job.params, job.layout, job.answers);
      parentPort.postMessage({ id: job.id, painted });
    } catch (err) {
      parentPort.postMessage({ id: job.id, failed: String(err?.stack ?? err) });
    }
  });
});
