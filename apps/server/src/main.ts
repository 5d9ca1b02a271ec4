import { buildApp } from './app';
import { openFromEnv } from './db/open-from-env';
import {
  deleteOldConfirmations,
  deleteStalePendingUsers,
  deleteStaleSignInLocks,
} from './modules/auth/repository';
import { SIGN_IN_LOCK_MEMORY_MS } from './modules/auth/sign-in-lock';
import { SALT_LIFETIME_MS } from './modules/qrcodes/read-writer';
import { deleteOldReadSalts } from './modules/qrcodes/repository';
import { deleteOldVisitors } from './modules/qrcodes/rollup-writes';
import { devMailboxEnabled, devMailboxHint } from './modules/system/dev-mailbox-access';

/** Starts the service: check configuration, migrate, listen, run housekeeping, stop cleanly. */
const opened = await openFromEnv();
if (!opened) process.exit(1);
const { config, db } = opened;
const { app, ctx } = await buildApp({ config, db });

const HOUR = 3_600_000;
async function housekeeping() {
  try {
    await ctx.sessions.deleteExpired();
    await deleteOldConfirmations(db, Date.now() - 7 * 24 * HOUR);
    await deleteStalePendingUsers(db, Date.now() - 7 * 24 * HOUR);
    await deleteStaleSignInLocks(db, Date.now() - SIGN_IN_LOCK_MEMORY_MS);
    // Without its daily key, a visitor hash can no longer be recomputed from an address.
    await deleteOldReadSalts(db, Date.now() - SALT_LIFETIME_MS);
    // A day's visitor hashes only serve that day's unique users.
    await deleteOldVisitors(db.kysely, Date.now() - SALT_LIFETIME_MS);
  } catch (err) {
    app.log.error({ err }, 'housekeeping failed');
  }
}
const timer = setInterval(housekeeping, HOUR);
timer.unref();
void housekeeping();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(timer);
  // Stop accepting, let requests in flight finish, write the buffered reads (onClose), then close the database.
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`QRQR is running at ${config.publicUrl} (database: ${db.dialect})`);
if (devMailboxEnabled(config) && !config.SMTP_URL) app.log.info(devMailboxHint(config));
