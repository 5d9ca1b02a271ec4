import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * On SQLite every transaction must take the write lock when it begins (db/immediate-transactions.ts):
 * one begun any other way can fail with "database is locked" beside the read writer thread. These
 * checks read the server's source and fail on any way around that one place.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const DRIVER = 'db/immediate-transactions.ts';
const CONNECTION = 'db/client.ts';
// Opens the file read-only (a write, and so a write transaction, fails there at once).
const READ_ONLY_WORKER = 'db/long-read-worker.cjs';
// `npm run backup`/`restore`: the live file only read-only (the online backup), a write connection
// only on its own copy, which no server uses; the rules on beginning a transaction still hold there.
const BACKUP = 'db/backup.ts';

const rules: Array<{ why: string; pattern: RegExp; allowedIn?: string[] }> = [
  {
    why: 'a SQLite connection is opened only by createDb, which gives it the immediate transactions (or read-only)',
    pattern:
      /^import\s+(?!type\b)[^;]*from\s+['"]better-sqlite3['"]|require\(\s*['"]better-sqlite3['"]\s*\)/m,
    allowedIn: [CONNECTION, READ_ONLY_WORKER, BACKUP],
  },
  {
    why: 'Kysely on SQLite goes through ImmediateSqliteDialect',
    pattern: /new\s+SqliteDialect\b/,
  },
  {
    why: 'a transaction begins only through db.kysely.transaction() (or startTransaction())',
    pattern: /['"`]\s*begin\b/i,
    allowedIn: [DRIVER],
  },
  {
    why: "better-sqlite3's own db.transaction(fn) begins a deferred transaction",
    pattern: /\.transaction\(\s*[^)\s]/,
  },
];

/** The rules a file's code (comments left out) breaks. */
function broken(file: string, text: string): string[] {
  const code = text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return rules
    .filter((r) => !r.allowedIn?.includes(file) && r.pattern.test(code))
    .map((r) => `${file}: ${r.why}`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|cjs|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('where a transaction begins', () => {
  it('no server source begins one around the immediate SQLite driver', () => {
    const files = sourceFiles(SRC);
    expect(files.map((f) => path.relative(SRC, f))).toContain(DRIVER);
    const found = files.flatMap((f) =>
      broken(path.relative(SRC, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the long-read worker opens its connection read-only, so it can begin no write', () => {
    const worker = fs.readFileSync(path.join(SRC, READ_ONLY_WORKER), 'utf8');
    expect(worker).toMatch(/new SQLite\([^)]*readonly: true/);
  });

  it('the backup opens the live database read-only', () => {
    const backup = fs.readFileSync(path.join(SRC, BACKUP), 'utf8');
    expect(backup).toMatch(/new SQLite\(sqliteFile, \{ readonly: true/);
  });

  it.each([
    ["import SQLite from 'better-sqlite3';", 'a connection opened elsewhere'],
    ["const Database = require('better-sqlite3');", 'a connection opened with require'],
    ['new Kysely({ dialect: new SqliteDialect({ database }) });', "Kysely's own dialect"],
    ['await sql`begin`.execute(db.kysely);', 'a raw begin'],
    ["sqlite.exec('BEGIN DEFERRED');", 'a begin on the handle'],
    ['sqlite.transaction(() => insert.run(row))();', "better-sqlite3's transaction"],
  ])('catches %s (%s)', (line) => {
    expect(broken('modules/example.ts', `// a comment\n${line}\n`)).toHaveLength(1);
  });

  it('lets type imports, Kysely transactions and comments through', () => {
    const fine = [
      "import type SQLite from 'better-sqlite3';",
      'await ctx.db.kysely.transaction().execute(async (trx) => {});',
      'const trx = await db.kysely.startTransaction().execute();',
      '// `BEGIN IMMEDIATE` is what sqlite.transaction(fn).immediate() would say',
    ];
    expect(broken('modules/example.ts', fine.join('\n'))).toEqual([]);
  });
});
