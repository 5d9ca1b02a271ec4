import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { deleteOldConfirmations, deleteStalePendingUsers } from './modules/auth/repository';

/** Starts the service: check configuration, migrate, listen, run housekeeping, stop cleanly. */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const db = createDb(config);
await migrateToLatest(db);
const { app, ctx } = await buildApp({ config, db });

const HOUR = 3_600_000;
async function housekeeping() {
  try {
    await ctx.sessions.deleteExpired();
    await deleteOldConfirmations(db, Date.now() - 7 * 24 * HOUR);
    await deleteStalePendingUsers(db, Date.now() - 7 * 24 * HOUR);
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
  // Stop accepting, let requests in flight finish, then close the database.
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`QRQR is running at ${config.publicUrl} (database: ${db.dialect})`);
