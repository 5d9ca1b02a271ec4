import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { BackupError, backupSqlite, describeCheck, postgresCommand, restoreSqlite } from './backup';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (the first argument says which):
 * a bad command line exits 2, a refusal or a failure 1; on PostgreSQL both print the pg_dump or
 * pg_restore command line for the configured database and exit 3, doing nothing else.
 */
const [kind, fileArg, ...rest] = process.argv.slice(2);
// npm runs a workspace's script in the workspace's folder; the file is named from where npm was run.
const file = fileArg && path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);

function loadOrReport(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

async function main(): Promise<number> {
  if ((kind !== 'backup' && kind !== 'restore') || !file || rest.length > 0) {
    console.error(`Usage: npm run ${kind === 'restore' ? 'restore' : 'backup'} -- <file>`);
    return 2;
  }
  const config = loadOrReport();
  if (!config) return 1;
  if (config.DATABASE_URL) {
    const tool = kind === 'backup' ? 'pg_dump' : 'pg_restore';
    console.error(
      `The database is PostgreSQL (DATABASE_URL): ${kind === 'backup' ? 'back it up' : 'restore it'} with ${tool}:`,
    );
    console.log(postgresCommand(kind, config, file));
    return 3;
  }
  try {
    if (kind === 'backup') {
      const started = Date.now();
      const check = await backupSqlite(config.sqliteFile, file);
      console.log(`Backed up ${config.sqliteFile} to ${file} in ${Date.now() - started} ms`);
      console.log(describeCheck(check));
    } else {
      const { check, keptAside } = restoreSqlite(config, file);
      console.log(`Restored ${file} to ${config.sqliteFile}`);
      console.log(
        keptAside ? `The previous database is kept at ${keptAside}` : 'There was no database before.',
      );
      console.log(describeCheck(check));
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main();
