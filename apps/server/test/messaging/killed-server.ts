import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startServer } from '../../../../e2e/support/server';
import { createDb, type Db } from '../../src/db/client';
import { newSchemaName, testDb, withSchemaLock } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';

/**
 * The real built server, started, killed (SIGKILL) and restarted on one database of its own (a
 * temporary SQLite file, or a fresh PostgreSQL schema), for the crash tests of sends. The test
 * holds its own connection only between the servers' runs (`db()`), as a killed server's held
 * transaction must be the only writer.
 */
export const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
export const onPostgres = testDb === 'postgres';

export type KilledServers = ReturnType<typeof killedServers>;

export function killedServers(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `qrqr-${prefix}-`));
  const schema = newSchemaName(`t_${prefix.replaceAll('-', '')}`);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(onPostgres ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
  const servers: ServerProcess[] = [];
  const pending: Array<Promise<unknown>> = [];
  let db: Db | undefined;

  /**
   * `migrates`: the start may migrate, so on PostgreSQL it takes the schema lock the other test
   * files' migrations take. A sender to be killed starts on a migrated schema without it: its start
   * may wait out its 60 s health wait, and the lock held that long stalled other files' clean-up.
   * On a migrated schema the start runs no migrator (db/migrate.ts `upToDate`), so it waits for
   * neither lock.
   */
  async function start(
    extra: Record<string, string> = {},
    onOutput?: (text: string) => void,
    migrates = true,
  ): Promise<ServerProcess> {
    const run = () =>
      startServer({ ...env, ...extra }, { webBuild: false, onOutput: onOutput ?? (() => {}) });
    const server = onPostgres && migrates ? await withSchemaLock(databaseUrl, run) : await run();
    servers.push(server);
    return server;
  }

  const open = () =>
    createDb({
      DATABASE_URL: env.DATABASE_URL,
      DATABASE_SCHEMA: env.DATABASE_SCHEMA,
      sqliteFile: path.join(dataDir, 'qrqr.sqlite'),
    });

  /** The test's connection, opened when first asked for after a server's run. */
  const current = () => {
    db ??= open();
    return db;
  };

  const release = async () => {
    await db?.close();
    db = undefined;
  };

  return {
    env,
    start,
    db: current,
    release,

    /**
     * A migrated database (the first start only migrates: its runner never starts), `seed` written
     * meanwhile; that server is then killed, not stopped: a graceful stop runs what is due.
     */
    async migrated<T>(seed: (db: Db) => Promise<T>): Promise<T> {
      if (onPostgres) await withSchemaLock(databaseUrl, (c) => c.query(`create schema ${schema}`));
      const migrator = await start({ JOBS_START_DELAY_MS: '600000' });
      const seeded = await seed(current());
      process.kill(migrator.pid, 'SIGKILL');
      await migrator.stop();
      await release();
      return seeded;
    },

    /**
     * Starts a sender whose every step keeps its transaction open `holdMs` after writing, and
     * kills it (SIGKILL) while `step` of a message `which` accepts is held. On SQLite the held
     * transaction keeps the process's one connection, so its health check (and startServer) waits
     * for the commit: the sender is killed by the pid its log line names.
     */
    async killWhileHeld(
      step: 'claim' | 'rest' | 'decide',
      holdMs: number,
      which: (messageId: number) => boolean = () => true,
    ): Promise<void> {
      await release();
      let heldPid = 0;
      let partial = '';
      const sending = start(
        { DELIVERY_HOLD_MS: String(holdMs) },
        (text) => {
          // Output comes in chunks: a line may be split between two.
          const lines = (partial + text).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) {
            if (!line.includes('held before commit')) continue;
            const entry = JSON.parse(line) as { step: string; pid: number; message: number };
            if (entry.step === step && which(Number(entry.message))) heldPid = Number(entry.pid);
          }
        },
        false,
      ).catch(() => undefined);
      const deadline = Date.now() + 60_000;
      while (!heldPid && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heldPid).toBeGreaterThan(0);
      process.kill(heldPid, 'SIGKILL');
      // Not awaited: startServer's health wait does not notice a death by signal and runs out after 60 s.
      pending.push(sending);
    },

    /** Kills a running server (SIGKILL), wherever it is. */
    async kill(server: ServerProcess): Promise<void> {
      process.kill(server.pid, 'SIGKILL');
      await server.stop();
    },

    /** Stops every server still running. */
    async stopAll(): Promise<void> {
      for (const server of servers) await server.stop();
    },

    async cleanup(): Promise<void> {
      await release();
      for (const server of servers) await server.stop();
      if (onPostgres)
        await withSchemaLock(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it holds or 30 s pass. */
export async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}
