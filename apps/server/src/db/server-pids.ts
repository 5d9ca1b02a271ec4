import fs from 'node:fs';
import path from 'node:path';

/**
 * Each server process on a SQLite data directory leaves `server-<pid>.pid` there while it runs, so
 * an operator command that must not run beside a server (`npm run restore`) can tell. A file whose
 * process is gone (a crash, a SIGKILL) counts for nothing and is removed by the next look.
 */
const PID_FILE = /^server-(\d+)\.pid$/;

/** Writes this process's file; the returned function removes it (also called on exit). */
export function markServerRunning(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `server-${process.pid}.pid`);
  fs.writeFileSync(file, `${process.pid}\n`);
  const remove = () => fs.rmSync(file, { force: true });
  process.once('exit', remove);
  return remove;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The ids of the live server processes using `dataDir`. */
export function runningServers(dataDir: string): number[] {
  if (!fs.existsSync(dataDir)) return [];
  const pids: number[] = [];
  for (const name of fs.readdirSync(dataDir)) {
    const match = PID_FILE.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && alive(pid)) pids.push(pid);
    else if (pid !== process.pid) fs.rmSync(path.join(dataDir, name), { force: true });
  }
  return pids;
}
