// A visitor scanning a /r/ code and a monitor polling /api/health, in a thread of their own: the
// bench's operator clients share one event loop, and reading their answers (a CSV of a year) would
// otherwise delay the visitor's own timing, which is not what the server made it wait.
import { parentPort, workerData } from 'node:worker_threads';

const { base, scanPath, seconds, userAgent } = workerData;
const until = Date.now() + seconds * 1000;
const scan = [];
const health = [];

async function poll(samples, url, init, every) {
  while (Date.now() < until) {
    const start = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    samples.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

await Promise.all([
  poll(scan, `${base}${scanPath}`, { redirect: 'manual', headers: { 'user-agent': userAgent } }, 20),
  poll(health, `${base}/api/health`, {}, 50),
]);
parentPort.postMessage({ scan, health });
