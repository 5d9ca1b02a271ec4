// The long-read thread's entry (long-reads.ts, platform/worker-thread.ts): its own read-only connection to the SQLite file,
// one statement at a time in the order asked. Plain JavaScript: it only runs SQL the main thread
// has compiled, so it needs no TypeScript loader and starts at once.
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');

const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const kept = new Map();

parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.postMessage({ closed: true });
    return;
  }
  const { id, request } = message;
  try {
    let statement = kept.get(request.sql);
    if (!statement) {
      statement = db.prepare(request.sql);
      if (kept.size >= 100) kept.delete(kept.keys().next().value);
      kept.set(request.sql, statement);
    }
    parentPort.postMessage({ id, value: statement.all(...request.parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
