import { buildApp } from './app';
import { openFromEnv } from './db/open-from-env';
import { devMailboxEnabled, devMailboxHint } from './modules/system/lookup';

/** Starts the service: check configuration, migrate, listen, run the background jobs, stop cleanly. */
const opened = await openFromEnv();
if (!opened) process.exit(1);
const { config, db } = opened;
const { app, ctx, reads } = await buildApp({ config, db });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting, let requests in flight finish, run the jobs due now and write the buffered
  // reads (onClose), then close the database.
  await app.close();
  await db.close();
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
