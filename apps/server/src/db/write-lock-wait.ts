/** SQLite's answer when another connection kept the write lock past busy_timeout. */
export function isWriteLockTimeout(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Between two attempts the thread is free for other work (SQLite's own wait blocks it). */
const PAUSE_MS = 250;
/** A lock kept this long is no longer normal operation: the claim fails and is logged. */
const PATIENCE_MS = 10 * 60_000;

/**
 * Runs a claim of background work until it gets SQLite's write lock. A request's write waits for
 * the lock up to busy_timeout (5 s) and then fails; a claim waits on: another connection may keep
 * the lock longer in normal operation (a bulk write straight into the file, the read writer behind
 * it), and the work is simply claimed once the lock is free rather than logged as a failure.
 * PostgreSQL never answers so (row locks wait).
 */
export async function waitingForWriteLock<T>(claim: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await claim();
    } catch (err) {
      if (!isWriteLockTimeout(err) || Date.now() - started > PATIENCE_MS) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}
