import { runMixedLoad } from './mixed-load';

/**
 * SQLite writes beside a stream of recorded scans: the real server takes autocannon's /r/ scans for
 * `SECONDS` (60) while a member saves tags, send lists and codes in a loop. Prints the scan rate, the
 * member's writes and failures, the lock errors of the server's log and the reads lost; exits 1 on
 * any 5xx, any `database is locked` or any read lost.
 */
const SECONDS = Number(process.env.SECONDS ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);

const r = await runMixedLoad({ seconds: SECONDS, connections: CONNECTIONS });
console.log(`${SECONDS} s, ${CONNECTIONS} connections scanning; load average after: ${r.loadAverage}`);
console.log(
  `/r/ scans: ${r.scans} (${r.scansPerSecond}/s, p50 ${r.scanP50} ms, p99 ${r.scanP99} ms), other answers: ${r.otherScanAnswers}`,
);
console.log(
  `member writes: ${r.writes}, failed (5xx or no answer): ${r.failedWrites.length}, refused (4xx): ${r.refusedWrites.length}`,
);
console.log(
  `'database is locked' in the log: ${r.lockedLines.length} (read writer thread: ${r.writerLockErrors})`,
);
console.log(`reads lost (302s not stored after the last flush): ${r.readsLost}`);
for (const line of [...r.failedWrites, ...r.refusedWrites, ...r.lockedLines].slice(0, 10)) {
  console.log(`  ${line.slice(0, 300)}`);
}
if (r.failedWrites.length > 0 || r.lockedLines.length > 0 || r.readsLost > 0) process.exitCode = 1;
