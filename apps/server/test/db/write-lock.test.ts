import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { migrateToLatest } from '../../src/db/migrate';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { ReadRecorder } from '../../src/modules/qrcodes/read-recorder';
import { ThreadedRollupWriter } from '../../src/modules/qrcodes/read-writer-thread';
import type { AppContext } from '../../src/platform/core/context';
import { Registry } from '../../src/platform/core/registry';
import { Jobs } from '../../src/platform/jobs/jobs';
import { Metrics } from '../../src/platform/metrics/metrics';
import { createTestApp, type TestApp, testDb } from '../helpers/app';
import { signUpAndActivate } from '../helpers/factories';
import { createCode, PHONE_UA, urlCode } from '../helpers/qrcodes';
import { seedChannelWithFollowers, seedReservedMessages } from '../messaging/seed';

/**
 * Another connection to the same SQLite file (another thread, as the read writer is) takes the write
 * lock and keeps it for `ms`, having written `insert` if given. Resolves once it holds the lock;
 * `released` once it has committed.
 */
async function holdWriteLock(
  file: string,
  ms: number,
  insert?: string,
): Promise<{ released: Promise<void> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const db = new (require('better-sqlite3'))(workerData.file);
    db.exec('begin immediate');
    if (workerData.insert) db.exec(workerData.insert);
    parentPort.postMessage('holding');
    setTimeout(() => { db.exec('commit'); db.close(); parentPort.postMessage('committed'); }, workerData.ms);`,
    { eval: true, workerData: { file, ms, insert } },
  );
  const said = (what: string) =>
    new Promise<void>((resolve, reject) => {
      worker.on('message', (m) => m === what && resolve());
      worker.once('error', reject);
    });
  const holding = said('holding');
  const released = said('committed');
  await holding;
  return { released };
}

/** Long enough that the transaction under test starts while the lock is still held, even on a busy machine. */
const HOLD_MS = 1000;

// SQLite only: its one writer at a time is what these tests are about. PostgreSQL writes side by
// side and keeps what a transaction relies on with row locks (dialect.ts `rowLocks`).
describe.skipIf(testDb !== 'sqlite')('SQLite write lock', () => {
  describe('our connection', () => {
    let dir: string;
    let file: string;
    let db: Db;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-lock-'));
      file = path.join(dir, 'lock.sqlite');
      db = createDb({ sqliteFile: file });
      await sql`create table counter (n integer not null)`.execute(db.kysely);
    });
    afterEach(() => sql`delete from counter`.execute(db.kysely));
    afterAll(async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('waits for the lock when a transaction reads, then writes, while another connection writes', async () => {
      const other = await holdWriteLock(file, HOLD_MS, 'insert into counter (n) values (1)');
      // Read, then write: as a deferred transaction it held a read snapshot when it asked for the
      // write lock, which SQLite answers at once with "database is locked" (busy_timeout cannot help).
      const wrote = await db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ c: number }>`select count(*) as c from counter`.execute(trx);
        const next = Number(rows[0]?.c) + 1;
        await sql`insert into counter (n) values (${next})`.execute(trx);
        return next;
      });
      await other.released;
      // It began after the other commit (it waited), so it read that row: nothing written in
      // between is lost.
      expect(wrote).toBe(2);
      const { rows } = await sql<{ n: number }>`select n from counter order by n`.execute(db.kysely);
      expect(rows.map((r) => r.n)).toEqual([1, 2]);
    });

    it('waits for the lock with a single write outside a transaction', async () => {
      const other = await holdWriteLock(file, HOLD_MS);
      await sql`insert into counter (n) values (7)`.execute(db.kysely);
      await other.released;
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(db.kysely);
      expect(rows.map((r) => r.n)).toEqual([7]);
    });

    it('waits up to busy_timeout', () => {
      expect(db.sqlite?.pragma('busy_timeout', { simple: true })).toBe(5000);
    });
  });

  describe('the job runner', () => {
    let dir: string;
    let file: string;
    let db: Db;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-lock-jobs-'));
      file = path.join(dir, 'jobs.sqlite');
      db = createDb({ sqliteFile: file });
      await migrateToLatest(db);
    });
    afterAll(async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('claims a due job once another connection lets the lock go, past busy_timeout, and logs no error', async () => {
      const logged: unknown[] = [];
      const log = { error: (...a: unknown[]) => logged.push(a), warn: (...a: unknown[]) => logged.push(a) };
      const jobs = new Jobs<{ 'lock.work': { n: string } }>(db, log as never);
      const ran: string[] = [];
      jobs.register('lock.work', async ({ n }) => {
        ran.push(n);
      });
      await jobs.enqueue({ kind: 'lock.work', payload: { n: 'one' } });
      // A write longer than busy_timeout (a 100,000-row send or import on another connection).
      const other = await holdWriteLock(file, 6000);
      const t0 = Date.now();
      await jobs.drain();
      await other.released;
      expect(Date.now() - t0).toBeGreaterThan(5000);
      expect(ran).toEqual(['one']);
      expect(logged).toEqual([]);
      expect(await jobs.unfinished()).toBe(0);
    }, 60_000);

    it('sends a due message once another connection lets the lock go, past busy_timeout, and logs no error', async () => {
      const logged: unknown[] = [];
      const log = { error: (...a: unknown[]) => logged.push(a), warn: (...a: unknown[]) => logged.push(a) };
      const ctx = {
        db,
        config: { DELIVERY_HOLD_MS: 0 },
        registry: new Registry(),
        log,
        metrics: new Metrics({ db, jobs: new Jobs(db, log as never), gates: {} }),
      } as unknown as AppContext;
      const { channelId } = await seedChannelWithFollowers(db, 3);
      const [id] = (await seedReservedMessages(db, channelId, 1, Date.now() - 1000)) as [number];
      const other = await holdWriteLock(file, 6000);
      expect(await deliverDue(ctx)).toBe(1);
      await other.released;
      expect(logged).toEqual([]);
      const row = await db.kysely
        .selectFrom('messages')
        .select('delivered_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.delivered_count)).toBe(3);
    }, 60_000);
  });

  describe('the read writer thread', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('waits for the lock and stores every read when the main connection is writing', async () => {
      const code = await createCode((await signUpAndActivate(t.app)).client, urlCode({ analysis_type: 1 }));
      const errors: unknown[] = [];
      const log = { error: (o: unknown) => errors.push(o), warn: () => {} } as never;
      const { sqliteFile, DATABASE_URL, DATABASE_SCHEMA } = t.ctx.config;
      const recorder = new ReadRecorder(
        new ThreadedRollupWriter({ sqliteFile, DATABASE_URL, DATABASE_SCHEMA }),
        log,
      );
      const scan = (ip: string) => ({
        qrId: code.id,
        at: Date.now(),
        source: 2 as const,
        ip,
        userAgent: PHONE_UA,
      });
      // A first flush starts the thread and makes the day's key, so the next one is only the
      // rollup transaction: it reads which codes still live, then writes.
      recorder.record(scan('192.0.2.1'));
      expect(await recorder.flush()).toBe(1);

      const other = await holdWriteLock(sqliteFile, HOLD_MS);
      recorder.record(scan('192.0.2.2'));
      recorder.record(scan('192.0.2.3'));
      expect(await recorder.flush()).toBe(2);
      await other.released;
      await recorder.stop();
      expect(errors).toEqual([]);
      const row = await t.ctx.db.kysely
        .selectFrom('qr_codes')
        .select('read_count')
        .where('id', '=', code.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.read_count)).toBe(3);
    }, 90_000);
  });
});
