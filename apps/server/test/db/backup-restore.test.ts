import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { TestClient } from '../helpers/client';
import { followersOf, readerChannelUrl } from '../helpers/followers';
import { httpApp } from '../helpers/http-app';
import { createCode, PHONE_UA, redirectPath, urlCode } from '../helpers/qrcodes';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { saveDraft } from '../messaging/helpers';

/**
 * `npm run backup` copies the live database while a server takes scans and writes; `npm run
 * restore` puts it in a fresh data directory, where a new server finds everything the backup held.
 * The backup's moment is what the backup file holds: the restored database must hold exactly those
 * rows, and every row written before the backup started is among them.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMITS = {
  AUTH_RATE_LIMIT: '1000',
  SIGNIN_RATE_LIMIT: '1000',
  QR_CREATE_RATE_LIMIT: '100000',
  WRITE_RATE_LIMIT: '100000',
  CHANNEL_PAGE_RATE_LIMIT: '100000',
  FOLLOWS_PER_CHANNEL_PER_DAY: '100000',
};
const TABLES = ['qr_codes', 'channels', 'followers', 'messages', 'users', 'sessions'] as const;

function cli(args: string[], env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', ...env },
  });
}

interface Snapshot {
  ids: Record<(typeof TABLES)[number], number[]>;
  /** Scans counted per code and day (the reads are kept as daily sums). */
  readDays: Array<{ qr_id: string; day: string; official: number; other: number }>;
  reads: number;
}

/** The row ids of the tables the test follows and the reads, from a SQLite file (live or not). */
function snapshot(file: string): Snapshot {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const ids = Object.fromEntries(
      TABLES.map((t) => [
        t,
        (db.prepare(`select rowid as id from ${t} order by rowid`).all() as Array<{ id: number }>).map(
          (r) => r.id,
        ),
      ]),
    ) as Snapshot['ids'];
    const readDays = db
      .prepare('select qr_id, day, official, other from read_days order by qr_id, day')
      .all() as Snapshot['readDays'];
    return { ids, readDays, reads: readDays.reduce((n, r) => n + r.official + r.other, 0) };
  } finally {
    db.close();
  }
}

/** A new phone follows the channel (its fetch carries the page's origin, the server's own). */
async function newFollower(url: string, channelCode: string) {
  const res = await new TestClient(httpApp(url)).post(
    `${readerChannelUrl(channelCode)}/follow`,
    {},
    { headers: { origin: url } },
  );
  expect(res.statusCode, res.body).toBe(200);
}

const tmpDirs: string[] = [];
const servers: ServerProcess[] = [];
const tmpDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qrqr-${label}-`));
  tmpDirs.push(dir);
  return dir;
};

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testDb === 'postgres')('npm run backup and npm run restore', () => {
  it('a backup taken during scans and writes restores, on a new server, everything it held', {
    timeout: 180_000,
  }, async () => {
    const dirA = tmpDir('backup-live');
    const a = await startServerProcess({ DATA_DIR: dirA, ...LIMITS });
    servers.push(a);
    const appA = httpApp(a.url);
    const owner = await registeredMember(appA);
    const channel = await createChannel(owner.client);
    for (let i = 0; i < 3; i += 1) await newFollower(a.url, channel.channel_code);
    const message = await saveDraft(owner.client, channel.channel_id);
    const codes: QrCodeDto[] = [];
    for (let i = 0; i < 3; i += 1)
      codes.push(
        await createCode(owner.client, urlCode({ analysis_type: 1, url: `https://example.jp/${i}` })),
      );
    const scan = (code: QrCodeDto) =>
      fetch(new URL(redirectPath(code), a.url), { redirect: 'manual', headers: { 'user-agent': PHONE_UA } });
    for (const code of codes) for (let i = 0; i < 4; i += 1) expect((await scan(code)).status).toBe(302);
    // The reads reach the database by the read writer's next flush.
    const liveFile = path.join(dirA, 'qrqr.sqlite');
    for (let i = 0; snapshot(liveFile).reads < 12; i += 1) {
      if (i > 200) throw new Error('the scans were not written within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = snapshot(liveFile);

    // Scans, new codes and new followers keep coming while the backup runs.
    let loading = true;
    let writes = 0;
    const load = async (worker: number) => {
      for (let i = 0; loading; i += 1) {
        const code = codes[(worker + i) % codes.length] as QrCodeDto;
        if (i % 3 === 0)
          await createCode(
            owner.client,
            urlCode({ analysis_type: 1, url: `https://example.jp/w${worker}-${i}` }),
          );
        else if (i % 3 === 1) await newFollower(a.url, channel.channel_code);
        else expect((await scan(code)).status).toBe(302);
        writes += 1;
      }
    };
    const loaders = [0, 1, 2, 3].map(load);
    // The backup starts once the load's own scans reach the database.
    for (let i = 0; snapshot(liveFile).reads === before.reads; i += 1) {
      if (i > 200) throw new Error('the scans under load were not written within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const writesBefore = writes;
    const backupFile = path.join(tmpDir('backup-file'), 'nested', 'qrqr-backup.sqlite');
    const backup = await cli(['backup', backupFile], { DATA_DIR: dirA });
    const writesDuring = writes - writesBefore;
    await new Promise((r) => setTimeout(r, 300));
    loading = false;
    await Promise.all(loaders);
    expect(writesBefore).toBeGreaterThan(0);
    expect(writesDuring).toBeGreaterThan(0);
    expect(writes).toBeGreaterThan(writesBefore + writesDuring);
    expect(backup.stdout).toContain(`to ${backupFile}`);
    expect(backup.stdout).toContain('integrity_check: ok');
    const held = snapshot(backupFile);
    expect(backup.stdout).toContain(`qr_codes: ${held.ids.qr_codes.length}\n`);
    expect(backup.stdout).toContain(`reads counted: ${held.reads}\n`);
    expect(held.reads).toBeGreaterThan(before.reads);
    for (const day of before.readDays) {
      const kept = held.readDays.find((r) => r.qr_id === day.qr_id && r.day === day.day);
      expect(kept?.other ?? 0).toBeGreaterThanOrEqual(day.other);
    }
    expect(backup.stdout).toContain(`followers: ${held.ids.followers.length}\n`);
    for (const table of TABLES) expect(held.ids[table]).toEqual(expect.arrayContaining(before.ids[table]));
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual(['qrqr-backup.sqlite']);

    // No restore over a directory a server uses.
    await expect(cli(['restore', backupFile], { DATA_DIR: dirA })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`A server (pid ${a.pid}) is using ${dirA}`),
    });
    await a.stop();
    // The server went on counting after the backup's moment; the restore brings back that moment.
    expect(snapshot(liveFile).reads).toBeGreaterThan(held.reads);

    const dirB = tmpDir('backup-restored');
    const restore = await cli(['restore', backupFile], { DATA_DIR: dirB });
    expect(restore.stdout).toContain('There was no database before.');
    expect(restore.stdout).toContain('integrity_check: ok');
    const b = await startServerProcess({ DATA_DIR: dirB, ...LIMITS });
    servers.push(b);
    expect(snapshot(path.join(dirB, 'qrqr.sqlite'))).toEqual(held);

    // The owner's session came back too: the restored server knows the browser.
    const ownerOnB = new TestClient(httpApp(b.url));
    for (const [name, value] of owner.client.cookies) ownerOnB.cookies.set(name, value);
    const followers = await followersOf(ownerOnB, channel.channel_id);
    expect(followers.register_count).toBe(
      (
        new SQLite(backupFile, { readonly: true }).prepare('select count(*) as n from followers').get() as {
          n: number;
        }
      ).n,
    );
    for (const code of codes) {
      const res = await fetch(new URL(redirectPath(code), b.url), { redirect: 'manual' });
      expect(res.headers.get('location')).toBe(code.url);
    }
    expect(held.ids.messages).toContain(message.message_id);
  });

  it('restoring over a stopped server keeps the old database aside, with its WAL', {
    timeout: 60_000,
  }, async () => {
    const dir = tmpDir('backup-aside');
    const backupFile = path.join(tmpDir('backup-aside-file'), 'b.sqlite');
    await expect(cli(['backup', backupFile], { DATA_DIR: tmpDir('backup-missing') })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No database at'),
    });
    const live = new SQLite(path.join(dir, 'qrqr.sqlite'));
    live.pragma('journal_mode = WAL');
    live.exec(
      "create table qr_codes (id integer primary key, note text); insert into qr_codes (note) values ('old')",
    );
    await live.backup(backupFile);
    live.exec("insert into qr_codes (note) values ('after the backup')");
    // A stale server file (its process is gone) does not block the restore.
    fs.writeFileSync(path.join(dir, 'server-999999999.pid'), '999999999\n');
    const { stdout } = await cli(['restore', backupFile], { DATA_DIR: dir });
    live.close();
    const aside = /kept at (\S+)/.exec(stdout)?.[1] ?? '';
    expect(aside).toMatch(/qrqr\.sqlite\.before-restore-/);
    expect(stdout).toContain('qr_codes: 1\n');
    const old = new SQLite(aside, { readonly: true });
    expect(old.prepare('select count(*) as n from qr_codes').get()).toEqual({ n: 2 });
    old.close();
    const restored = new SQLite(path.join(dir, 'qrqr.sqlite'), { readonly: true });
    expect(restored.prepare('select note from qr_codes').all()).toEqual([{ note: 'old' }]);
    restored.close();
    expect(fs.existsSync(path.join(dir, 'server-999999999.pid'))).toBe(false);
  });

  it('on PostgreSQL, says which pg_dump and pg_restore command lines to run, and does nothing', async () => {
    const env = { DATABASE_URL: 'postgres://qrqr:s3cret@db.example:5432/qrqr', DATABASE_SCHEMA: 'shop' };
    await expect(cli(['backup', '/backups/qrqr.dump'], env)).rejects.toMatchObject({
      code: 3,
      stdout:
        "pg_dump --format=custom --schema=shop --file=/backups/qrqr.dump 'postgres://qrqr:s3cret@db.example:5432/qrqr'\n",
      stderr: expect.stringContaining('back it up with pg_dump'),
    });
    await expect(cli(['restore', '/backups/qrqr.dump'], env)).rejects.toMatchObject({
      code: 3,
      stdout:
        "pg_restore --clean --if-exists --dbname='postgres://qrqr:s3cret@db.example:5432/qrqr' /backups/qrqr.dump\n",
    });
    await expect(cli(['backup'], {})).rejects.toMatchObject({ code: 2 });
  });
});
