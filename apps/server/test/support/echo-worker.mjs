// A thread for lib/worker-thread.ts's tests: answers each request with itself, and a close with `closed`.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message.close) parentPort.postMessage({ closed: true });
  else setTimeout(() => parentPort.postMessage({ id: message.id, value: message.request }), 20);
});
