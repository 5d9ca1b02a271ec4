// The thread of member-paint.ts: renders members' screens with the build's ssr/prerender.js, one at a
// time, so a render's CPU never holds the server's main thread.
import { parentPort, workerData } from 'node:worker_threads';

const renderer = import(workerData.url).then(async (module) => {
  await module.warm();
  return module;
});

parentPort.on('message', async ({ id, url, locale, params, layout, answers }) => {
  try {
    const { renderMember } = await renderer;
    const painted = await renderMember(url, locale, params, layout, answers);
    if (!painted.html) parentPort.postMessage({ id, error: null });
    else parentPort.postMessage({ id, html: painted.html, state: painted.state });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.stack ?? err) });
  }
});
