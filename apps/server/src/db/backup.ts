import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';
import { runningServers } from './server-pids';

/**
 * Backup and restore of the SQLite database (`npm run backup`, `npm run restore`). A backup is
 * SQLite's online backup of the live file through a connection of its own (a copy of a WAL
 * database's files could catch a commit half-checkpointed); on PostgreSQL the operator uses
 * pg_dump and pg_restore, whose command lines `postgresCommands` writes.
 */

/** The tables whose rows an operator checks after a backup or a restore. */
export const MAIN_TABLES = [
  'users',
  'qr_codes',
  'read_days',
  'channels',
  'followers',
  'messages',
  'message_deliveries',
  'coupons',
  'wifi_pages',
  'jobs',
] as const;

export interface BackupCheck {
  integrity: string;
  counts: Record<string, number>;
  /** Scans counted, all codes and days (the reads are kept as daily sums, read_days). */
  reads: number;
}

/** `PRAGMA integrity_check` and the main tables' row counts of a SQLite file. */
export function checkBackupFile(file: string): BackupCheck {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const integrity = rows.map((r) => r.integrity_check).join('; ');
    const present = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>
      ).map((r) => r.name),
    );
    const counts: Record<string, number> = {};
    for (const table of MAIN_TABLES) {
      if (!present.has(table)) continue;
      counts[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    }
    const reads = present.has('read_days')
      ? (db.prepare('select coalesce(sum(official + other), 0) as n from read_days').get() as { n: number }).n
      : 0;
    return { integrity, counts, reads };
  } finally {
    db.close();
  }
}

export function describeCheck(check: BackupCheck): string {
  const counts = Object.entries(check.counts)
    .map(([table, n]) => `  ${table}: ${n}`)
    .join('\n');
  return `integrity_check: ${check.integrity}\nreads counted: ${check.reads}\nrows:\n${counts}`;
}

export class BackupError extends Error {}

/**
 * Copies the live database to `target` in one step of the online backup (one read transaction in
 * WAL mode: a consistent moment, and the server's writers never wait), into a temporary file that
 * is checked, made self-contained (journal_mode DELETE) and renamed.
 */
export async function backupSqlite(sqliteFile: string, target: string): Promise<BackupCheck> {
  if (!fs.existsSync(sqliteFile)) throw new BackupError(`No database at ${sqliteFile}`);
  const dest = path.resolve(target);
  if (dest === path.resolve(sqliteFile))
    throw new BackupError('The backup cannot replace the database itself');
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const temp = `${dest}.part-${process.pid}`;
  fs.rmSync(temp, { force: true });
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // The first step only starts the backup; the next copies every page at once.
    await source.backup(temp, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    const copy = new SQLite(temp);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const check = checkBackupFile(temp);
    if (check.integrity !== 'ok')
      throw new BackupError(`The copy failed integrity_check: ${check.integrity}`);
    fs.renameSync(temp, dest);
    return check;
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

export interface RestoreResult {
  check: BackupCheck;
  /** Where the database that was there went, if there was one. */
  keptAside?: string;
}

/**
 * Puts the backup `source` in place of the database, once no server uses the data directory: the
 * backup is checked first, the old file (with its -wal and -shm) is renamed aside, and the new one
 * arrives by a rename of a copy written beside it.
 */
export function restoreSqlite(
  config: Pick<Config, 'DATA_DIR' | 'sqliteFile'>,
  source: string,
): RestoreResult {
  const servers = runningServers(config.DATA_DIR);
  if (servers.length > 0)
    throw new BackupError(
      `A server (pid ${servers.join(', ')}) is using ${config.DATA_DIR}: stop it before restoring`,
    );
  if (!fs.existsSync(source)) throw new BackupError(`No backup at ${source}`);
  const check = checkBackupFile(source);
  if (check.integrity !== 'ok')
    throw new BackupError(`The backup failed integrity_check: ${check.integrity}`);
  const db = config.sqliteFile;
  fs.mkdirSync(path.dirname(db), { recursive: true });
  const temp = `${db}.restoring-${process.pid}`;
  fs.copyFileSync(source, temp);
  let keptAside: string | undefined;
  if (fs.existsSync(db)) {
    keptAside = `${db}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(db, keptAside);
  }
  // The old WAL belongs to the old file: it goes with it (SQLite finds it by the name), never
  // left to be replayed into the restored one.
  for (const suffix of ['-wal', '-shm']) {
    if (!fs.existsSync(db + suffix)) continue;
    if (keptAside) fs.renameSync(db + suffix, keptAside + suffix);
    else fs.rmSync(db + suffix, { force: true });
  }
  fs.renameSync(temp, db);
  return { check, keptAside };
}

/** The pg_dump or pg_restore command line for the configured database, as configured. */
export function postgresCommand(
  kind: 'backup' | 'restore',
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_SCHEMA'>,
  file: string,
): string {
  const quote = (v: string) => (/^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);
  const url = `'${(config.DATABASE_URL ?? '').replace(/'/g, `'\\''`)}'`;
  const schema = config.DATABASE_SCHEMA ? ` --schema=${config.DATABASE_SCHEMA}` : '';
  return kind === 'backup'
    ? `pg_dump --format=custom${schema} --file=${quote(file)} ${url}`
    : `pg_restore --clean --if-exists --dbname=${url} ${quote(file)}`;
}
