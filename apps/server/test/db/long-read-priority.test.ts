import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLong } from '../../src/db/long-reads';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * The long-read threads (SQLite only: PostgreSQL reads on its pool) run below the main thread, so
 * a visitor's request is never left waiting for the CPU behind an export or a grouped count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Each thread of this process and its nice value (field 19 of /proc/self/task/<tid>/stat). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // The command name may hold spaces: fields are counted after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      nices.set(Number(tid), Number(fields[16]));
    } catch {
      // A thread that ended while listed.
    }
  }
  return nices;
}

describe.skipIf(process.env.TEST_DB === 'postgres' || !fs.existsSync('/proc/self/task'))(
  'the long-read threads',
  () => {
    it('run ten nice levels below the main thread, which keeps its own', async () => {
      const mainNice = threadNices().get(process.pid);
      const before = new Set(threadNices().keys());
      const rows = await readLong(
        t.ctx.db,
        sql<{ n: number }>`select 1 as n`.compile(t.ctx.db.kysely),
        'exports',
      );
      expect(rows).toEqual([{ n: 1 }]);
      const started = [...threadNices()].filter(([tid]) => !before.has(tid));
      expect(started.length).toBeGreaterThan(0);
      const lowered = started.filter(([, nice]) => nice === Math.min(19, (mainNice ?? 0) + 10));
      expect(lowered.length, 'one new thread lowered by 10').toBeGreaterThan(0);
      expect(threadNices().get(process.pid)).toBe(mainNice);
    });
  },
);
