/**
 * Runs `end` (synchronous: kill a process, delete a folder) when this test process ends, whichever
 * way: Vitest ends its workers with SIGTERM, which skips the 'exit' handlers unless someone handles
 * the signal; when nobody else does, the signal is raised again once `end` ran, as unhandled.
 */
export function onProcessEnd(end: () => void): void {
  let ended = false;
  const once = () => {
    if (ended) return;
    ended = true;
    end();
  };
  process.once('exit', once);
  process.once('SIGTERM', () => {
    once();
    if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
  });
}
