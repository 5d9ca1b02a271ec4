import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadRecorder } from '../../src/modules/qrcodes/read-recorder';
import { type ReadSink, RollupWriter } from '../../src/modules/qrcodes/read-writer';
import { ThreadedRollupWriter } from '../../src/modules/qrcodes/read-writer-thread';
import { RedirectCache } from '../../src/modules/qrcodes/redirect-cache';
import { isBot, osClass, tokyoDay } from '../../src/modules/qrcodes/visitors';
import { createTestApp, type TestApp } from '../helpers/app';
import { signUpAndActivate } from '../helpers/factories';
import { createCode, PHONE_UA, urlCode } from '../helpers/qrcodes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const logWith = (error: (o: unknown) => void = () => {}) => ({ error, warn: () => {} }) as never;
const silentLog = logWith();
const scanOf = (qrId: string, at = Date.now()) => ({
  qrId,
  at,
  source: 2 as const,
  ip: '192.0.2.1',
  userAgent: PHONE_UA,
});

describe('ReadRecorder', () => {
  it('keeps the reads when a flush fails and writes them with the next one', async () => {
    const code = await createCode((await signUpAndActivate(t.app)).client, urlCode());
    let broken = true;
    const flaky = {
      ...t.ctx.db,
      kysely: new Proxy(t.ctx.db.kysely, {
        get: (target, prop) => {
          if (broken && prop === 'transaction') throw new Error('database is down');
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    };
    const errors: unknown[] = [];
    const recorder = new ReadRecorder(
      new RollupWriter(flaky),
      logWith((o) => errors.push(o)),
    );
    recorder.record(scanOf(code.id));
    recorder.record(scanOf(code.id));
    expect(await recorder.flush()).toBe(0);
    expect(recorder.pendingCount).toBe(2);
    expect(errors).toHaveLength(1);
    broken = false;
    expect(await recorder.flush()).toBe(2);
    expect(recorder.pendingCount).toBe(0);
  });

  it('writes a big flush in parts of a few codes, and keeps only the parts that failed', async () => {
    const written: string[][] = [];
    let calls = 0;
    const sink: ReadSink = {
      write: async (scans) => {
        calls += 1;
        if (calls === 3) throw new Error('database is down');
        written.push([...new Set(scans.map((s) => s.qrId))]);
        return scans.length;
      },
      close: async () => {},
    };
    const recorder = new ReadRecorder(sink, silentLog, { codesPerWrite: 2 });
    // Five codes, the first read twice, interleaved: each code's reads stay in one part.
    for (const id of ['a', 'b', 'a', 'c', 'd', 'e']) recorder.record(scanOf(id));
    expect(await recorder.flush()).toBe(5);
    expect(written).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(recorder.pendingCount).toBe(1);
    expect(await recorder.flush()).toBe(1);
    expect(written.at(-1)).toEqual(['e']);
  });

  it('waits three times as long as the last flush took before the next, between its two bounds', () => {
    const recorder = new ReadRecorder(new RollupWriter(t.ctx.db), silentLog, {
      intervalMs: 1000,
      maxIntervalMs: 4000,
    });
    expect([10, 400, 1000, 60_000].map((took) => recorder.nextDelay(took))).toEqual([1000, 1200, 3000, 4000]);
  });

  /** Runs a started recorder fed a read every 5 ms for `ms`, its writes taking `writeMs(n)` each. */
  async function pacedWrites(ms: number, writeMs: (n: number) => number) {
    const writes: Array<{ start: number; end: number }> = [];
    const sink: ReadSink = {
      write: async (scans) => {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, writeMs(writes.length)));
        writes.push({ start, end: performance.now() });
        return scans.length;
      },
      close: async () => {},
    };
    const recorder = new ReadRecorder(sink, silentLog, { intervalMs: 10, maxIntervalMs: 1000 });
    const feeding = setInterval(() => recorder.record(scanOf('a')), 5);
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, ms));
    clearInterval(feeding);
    await recorder.stop();
    const gaps = writes.slice(1).map((w, i) => w.start - (writes[i]?.end ?? 0));
    return { writes, gaps };
  }

  it('spaces its flushes by how long writing takes, and stops flushing when stopped', async () => {
    const { writes, gaps } = await pacedWrites(800, () => 60);
    expect(writes.length).toBeGreaterThanOrEqual(3);
    // After the first write (the thread starting), a 60 ms write is followed by at least 180 ms
    // without one (the last gap leads to stop's own write).
    for (const gap of gaps.slice(1, -1)) expect(gap).toBeGreaterThanOrEqual(170);
    const calls = writes.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(writes).toHaveLength(calls);
  });

  it('does not stretch the wait after the first write, which starts the writer thread', async () => {
    const { gaps } = await pacedWrites(500, (n) => (n === 0 ? 300 : 1));
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    expect(gaps[0]).toBeLessThan(150);
  });

  it('drops the oldest reads past its limit rather than grow without bound', () => {
    const recorder = new ReadRecorder(new RollupWriter(t.ctx.db), silentLog, { maxPending: 3 });
    for (let i = 0; i < 5; i++) recorder.record(scanOf(`id${i}`));
    expect(recorder.pendingCount).toBe(3);
  });

  it('uses one random key per Tokyo day and deletes keys after 48 hours', async () => {
    const code = await createCode((await signUpAndActivate(t.app)).client, urlCode());
    const day = 86_400_000;
    const recorder = new ReadRecorder(new RollupWriter(t.ctx.db), silentLog);
    const now = Date.now();
    await t.ctx.db.kysely
      .insertInto('read_salts')
      .values({ day: '2000-01-01', salt: 'old', created_at: now - 3 * day })
      .execute();
    recorder.record(scanOf(code.id, now));
    recorder.record(scanOf(code.id, now - day));
    expect(await recorder.flush()).toBe(2);
    const salts = await t.ctx.db.kysely.selectFrom('read_salts').select('day').orderBy('day').execute();
    expect(salts.map((s) => s.day)).toEqual([tokyoDay(now - day), tokyoDay(now)].sort());
    const visitors = await t.ctx.db.kysely
      .selectFrom('read_visitors')
      .select('visitor')
      .where('qr_id', '=', code.id)
      .execute();
    // The same person on two days is two daily visitors.
    expect(visitors).toHaveLength(2);
    expect(visitors[0]?.visitor).not.toBe(visitors[1]?.visitor);
  });
});

describe('ReadRecorder rollups', () => {
  it('counts a visitor once a day across flushes, and each read', async () => {
    const code = await createCode((await signUpAndActivate(t.app)).client, urlCode());
    const recorder = new ReadRecorder(new RollupWriter(t.ctx.db), silentLog);
    recorder.record(scanOf(code.id));
    expect(await recorder.flush()).toBe(1);
    recorder.record(scanOf(code.id));
    recorder.record({ ...scanOf(code.id), ip: '192.0.2.2' });
    expect(await recorder.flush()).toBe(2);
    const day = await t.ctx.db.kysely
      .selectFrom('read_days')
      .selectAll()
      .where('qr_id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect([day.other, day.uniques_other]).toEqual([3, 2]);
  });

  it('writes a flush of more codes than one statement takes', async () => {
    const code = await createCode((await signUpAndActivate(t.app)).client, urlCode());
    const row = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .selectAll()
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: 900 }, (_, i) => `many${String(i).padStart(12, '0')}`);
    for (let i = 0; i < ids.length; i += 100)
      await t.ctx.db.kysely
        .insertInto('qr_codes')
        .values(ids.slice(i, i + 100).map((id) => ({ ...row, id, short_code: null })))
        .execute();
    const recorder = new ReadRecorder(new RollupWriter(t.ctx.db), silentLog);
    // Two reads of each code, by two people, and one of a code deleted before the flush.
    for (const id of ids) {
      recorder.record(scanOf(id));
      recorder.record({ ...scanOf(id), ip: '192.0.2.9', userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    }
    recorder.record(scanOf('deletedBeforeIt'));
    expect(await recorder.flush()).toBe(1800);
    const k = t.ctx.db.kysely;
    const counts = await k
      .selectFrom('qr_codes')
      .select((eb) => [eb.fn.sum<number>('read_count').as('reads'), eb.fn.countAll<number>().as('codes')])
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect([Number(counts.reads), Number(counts.codes)]).toEqual([1800, 900]);
    const days = await k
      .selectFrom('read_days')
      .select((eb) => [
        eb.fn.sum<number>('other').as('reads'),
        eb.fn.sum<number>('uniques_other').as('uniques'),
      ])
      .where('qr_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect([Number(days.reads), Number(days.uniques)]).toEqual([1800, 1800]);
    const os = await k
      .selectFrom('read_dims')
      .select(['value', (eb) => eb.fn.sum<number>('other').as('reads')])
      .where('qr_id', 'in', ids)
      .where('dim', '=', 'o')
      .groupBy('value')
      .orderBy('value')
      .execute();
    expect(os.map((o) => [o.value, Number(o.reads)])).toEqual([
      ['android', 900],
      ['ios', 900],
    ]);
  });
});

describe('ThreadedRollupWriter', () => {
  // Each test starts writer threads: a few seconds each on a loaded machine.
  const THREADS_TIMEOUT = 90_000;
  const options = () => ({
    DATABASE_URL: t.ctx.config.DATABASE_URL,
    DATABASE_SCHEMA: t.ctx.config.DATABASE_SCHEMA,
    sqliteFile: t.ctx.config.sqliteFile,
  });

  it(
    'writes on its own thread and connection what the in-place writer writes',
    async () => {
      const code = await createCode((await signUpAndActivate(t.app)).client, urlCode());
      const writer = new ThreadedRollupWriter(options());
      const recorder = new ReadRecorder(writer, silentLog, { codesPerWrite: 1 });
      recorder.record(scanOf(code.id));
      recorder.record({ ...scanOf(code.id), ip: '192.0.2.2' });
      recorder.record(scanOf('deletedBeforeIt'));
      expect(await recorder.flush()).toBe(2);
      // A second flush on the same thread: the same visitor is not counted twice on one day.
      recorder.record(scanOf(code.id));
      expect(await recorder.flush()).toBe(1);
      await recorder.stop();
      const day = await t.ctx.db.kysely
        .selectFrom('read_days')
        .selectAll()
        .where('qr_id', '=', code.id)
        .executeTakeFirstOrThrow();
      expect([day.other, day.uniques_other]).toEqual([3, 2]);
      const row = await t.ctx.db.kysely
        .selectFrom('qr_codes')
        .select('read_count')
        .where('id', '=', code.id)
        .executeTakeFirstOrThrow();
      expect(row.read_count).toBe(3);
    },
    THREADS_TIMEOUT,
  );

  it(
    'fails a write it cannot do (the recorder then keeps its reads), and starts again after closing',
    async () => {
      const code = await createCode((await signUpAndActivate(t.app)).client, urlCode());
      const broken = new ThreadedRollupWriter({
        ...options(),
        DATABASE_URL: undefined,
        sqliteFile: '/dev/null/x',
      });
      await expect(broken.write([scanOf(code.id)])).rejects.toThrow(/EEXIST|ENOTDIR/);
      await broken.close();

      const writer = new ThreadedRollupWriter(options());
      expect(await writer.write([scanOf(code.id)])).toBe(1);
      await writer.close();
      expect(await writer.write([{ ...scanOf(code.id), ip: '192.0.2.3' }])).toBe(1);
      await writer.close();
    },
    THREADS_TIMEOUT,
  );
});

describe('RedirectCache', () => {
  const target = (qrId: string) => ({ qrId, tab: 0, content: 'https://example.jp/' });

  it('forgets the least recently used entry past its size', () => {
    const cache = new RedirectCache(2);
    cache.set('a', target('A'));
    cache.set('b', target('B'));
    cache.get('a');
    cache.set('c', target('C'));
    expect([cache.get('a')?.qrId, cache.get('b'), cache.get('c')?.qrId]).toEqual(['A', undefined, 'C']);
  });

  it('expires entries and forgets invalidated ones', () => {
    const cache = new RedirectCache(10, 1000);
    cache.set('a', target('A'), 0);
    cache.set('b', target('B'), 0);
    expect(cache.get('a', 999)?.qrId).toBe('A');
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.invalidate('b');
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('does not keep a target read before an invalidation that came in meanwhile', () => {
    const cache = new RedirectCache();
    const mark = cache.mark();
    // Another process retargets `a` while this one's database read is under way.
    cache.invalidate('a');
    cache.set('a', target('old'), Date.now(), mark);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', target('new'), Date.now(), cache.mark());
    expect(cache.get('a')?.qrId).toBe('new');
  });
});

describe('visitors', () => {
  it.each([
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', true],
    ['facebookexternalhit/1.1', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['python-requests/2.31', true],
    ['Wget/1.21', true],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0', true],
    ['', true],
    [PHONE_UA, false],
    [
      'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
      false,
    ],
    ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Line/14.5.0', false],
  ])('isBot(%j) is %s', (ua, bot) => {
    expect(isBot(ua)).toBe(bot);
  });

  it('classes operating systems', () => {
    expect(osClass(PHONE_UA)).toBe('ios');
    expect(osClass('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(osClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(osClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)')).toBe('mac');
    expect(osClass('something')).toBe('other');
  });

  it('buckets days in Asia/Tokyo', () => {
    expect(tokyoDay(Date.parse('2026-03-31T15:00:00Z'))).toBe('2026-04-01');
    expect(tokyoDay(Date.parse('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
  });
});
