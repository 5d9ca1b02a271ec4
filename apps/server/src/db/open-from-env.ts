import { type Config, ConfigError, loadConfig } from '../config';
import { createDb, type Db } from './client';
import { migrateToLatest, NewerDatabaseError } from './migrate';

/**
 * What every command starts with: the configuration from the environment and the database it
 * names, migrated to the latest version. A bad configuration, or a database a newer version
 * upgraded, is printed and gives null, so the command can exit with 1 instead of a stack trace.
 */
export async function openFromEnv(): Promise<{ config: Config; db: Db } | null> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
  const db = createDb(config);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    if (!(error instanceof NewerDatabaseError)) throw error;
    console.error(error.message);
    return null;
  }
  return { config, db };
}
