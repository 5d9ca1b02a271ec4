import { buildApp } from './app';
import { openFromEnv } from './db/open-from-env';
import { markServerRunning } from './db/server-pids';
import { devMailboxEnabled, devMailboxHint } from './modules/system/lookup';

/** Starts the service: check configuration, migrate, listen, run the background jobs, stop cleanly. */
const opened = await openFromEnv();
if (!opened) process.exit(1);
const { config, db } = opened;
// `npm run restore` refuses while this file names a live process (db/server-pids.ts).
const unmarkRunning = db.dialect === 'sqlite' ? markServerRunning(config.DATA_DIR) : () => {};
const { app, ctx, reads } = await buildApp({ config, db });

/**
 * A stop ends within 10 s (a process manager's patience before SIGKILL): requests in flight have
 * REQUESTS_GRACE_MS to finish, after which their connections are cut so that the buffered reads are
 * written; then the background work claimed finishes (platform/jobs/jobs.ts stop). Whatever still
 * runs at STOP_LIMIT_MS ends with the process, as in a crash: its transaction rolls back and the
 * work stays claimable (due messages, pushes and jobs are crash-safe by design).
 */
const REQUESTS_GRACE_MS = 4_000;
const STOP_LIMIT_MS = 9_500;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ signal }, 'not stopped in time: exiting, the unfinished work stays claimable');
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  setTimeout(() => app.server.closeAllConnections(), REQUESTS_GRACE_MS).unref();
  // Stop accepting, let requests in flight finish, write the buffered reads, let the background
  // work in flight finish and run the jobs due now (the onClose hooks), then close the database.
  await app.close();
  await db.close();
  unmarkRunning();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
reads.prepare();
// Mails, follow events and each module's hourly housekeeping (platform/jobs/jobs.ts).
ctx.jobs.start(config.JOBS_START_DELAY_MS);
app.log.info(`QRQR is running at ${config.publicUrl} (database: ${db.dialect})`);
if (devMailboxEnabled(config) && !config.SMTP_URL) app.log.info(devMailboxHint(config));
