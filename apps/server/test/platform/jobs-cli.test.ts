import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client';
import { testDb } from '../helpers/app';

/**
 * `npm run jobs` lists what an operator must see: pending, running and failed jobs with their
 * attempts and last error, not the done ones. Database-agnostic like the other operator commands
 * (news.test.ts): this run uses its own SQLite data directory.
 */
describe.skipIf(testDb === 'postgres')('npm run jobs', () => {
  // Four runs of the command, each compiling it through tsx: seconds each on a busy machine.
  it('lists pending and failed jobs, and explains a bad command line', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-jobs-'));
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/platform/jobs/jobs-cli.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      });
    try {
      // The first run migrates the new data directory.
      expect((await run([])).stdout).toContain('No pending or failed jobs (sqlite).');
      const db = createDb({
        DATABASE_URL: undefined,
        DATABASE_SCHEMA: undefined,
        sqliteFile: path.join(dataDir, 'qrqr.sqlite'),
      });
      const job = { payload: '{}', max_attempts: 8, created_at: Date.now(), run_after: Date.UTC(2026, 0, 2) };
      await db.kysely
        .insertInto('jobs')
        .values([
          { ...job, kind: 'mail', key: 'waiting', state: 'pending', attempts: 2, last_error: 'relay\ndown' },
          { ...job, kind: 'auth.sign-up', key: 'gave-up', state: 'failed', attempts: 8, last_error: 'boom' },
          { ...job, kind: 'mail', key: 'sent', state: 'done', attempts: 1 },
        ])
        .execute();
      await db.close();
      const { stdout } = await run([]);
      expect(stdout).toContain('2 job(s) pending, running or failed (sqlite)');
      expect(stdout).toContain(
        'failed auth.sign-up key=gave-up attempts=8/8 run_after=2026-01-02T00:00:00.000Z',
      );
      expect(stdout).toContain('pending mail key=waiting attempts=2/8');
      expect(stdout).toContain('last error: relay down');
      expect(stdout).not.toContain('key=sent');
      expect((await run(['--limit', '1'])).stdout).toContain('1 job(s)');
      await expect(run(['--limit', 'x'])).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Usage: npm run jobs'),
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
