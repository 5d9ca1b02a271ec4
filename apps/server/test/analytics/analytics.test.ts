import { analyticsDataSchema, analyticsGraphSchema } from '@qrqr/shared/analytics-schemas';
import { analyticsPath, qrAnalyticsPath } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { describe, expect, it } from 'vitest';
import type { Scan } from '../../src/modules/qrcodes/read-recorder';
import { tokyoDay } from '../../src/modules/qrcodes/visitors';
import type { TestClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser, PHONE_UA, textCode, twoMembersPerFile, urlCode } from '../helpers/qrcodes';
import { shareWith } from '../helpers/sharing';

const s = twoMembersPerFile();

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
const DAY = 86_400_000;

/** Scans as the hot path and the reader hand them to the recorder, at chosen times; then the flush. */
async function read(qrId: string, scans: Array<Partial<Scan> & { at: number }>): Promise<void> {
  for (const scan of scans)
    s.t.reads.record({ qrId, source: 2, ip: '133.0.0.1', userAgent: PHONE_UA, ...scan });
  await s.t.reads.flush();
}

const graph = (code: QrCodeDto, query: string, client = s.owner.client) =>
  client.get(`${analyticsPath.graph(code.id)}?${query}`);

describe('GET /analytics/graph/{id}/', () => {
  it('buckets reads by Asia/Tokyo day, fills the empty days and counts each source', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    await read(code.id, [
      // 23:59:59 and 00:00:00 in Tokyo: two days.
      { at: Date.parse('2026-03-31T14:59:59Z') },
      { at: Date.parse('2026-03-31T15:00:00Z') },
      { at: Date.parse('2026-03-31T16:00:00Z'), ip: '8.8.8.8', userAgent: ANDROID_UA },
      { at: Date.parse('2026-03-31T17:00:00Z'), source: 1, deviceHash: 'a'.repeat(64), prefecture: '13' },
      { at: Date.parse('2026-03-31T18:00:00Z'), source: 1, deviceHash: 'a'.repeat(64), prefecture: '99' },
    ]);
    const body = expectAnswer(
      await graph(code, 'range=3&from=2026-03-30&to=2026-04-02'),
      analyticsGraphSchema,
    );
    expect(body).toMatchObject({ from: '2026-03-30', to: '2026-04-02' });
    expect(body.days).toEqual([
      { day: '2026-03-30', official: 0, other: 0, uniques: 0 },
      { day: '2026-03-31', official: 0, other: 1, uniques: 1 },
      // Two people through /r/ and one reader device read twice.
      { day: '2026-04-01', official: 2, other: 2, uniques: 3 },
      { day: '2026-04-02', official: 0, other: 0, uniques: 0 },
    ]);
    expect(body.totals).toEqual({ official: 2, other: 3, uniques: 4 });
    expect(body.countries).toEqual([
      { country: 'JP', reads: 4 },
      { country: 'US', reads: 1 },
    ]);
    // '99' is no prefecture: the read counts, its prefecture does not.
    expect(body.prefectures).toEqual([{ prefecture: '13', reads: 1 }]);
    expect(body.os).toEqual([
      { os: 'ios', reads: 4 },
      { os: 'android', reads: 1 },
    ]);

    const other = expectOk(await graph(code, 'type=1&range=3&from=2026-04-01&to=2026-04-01'));
    expect(other.days).toEqual([{ day: '2026-04-01', official: 0, other: 2, uniques: 2 }]);
    expect(other.prefectures).toEqual([]);
    const official = expectOk(await graph(code, 'type=2&range=3&from=2026-04-01&to=2026-04-01'));
    expect(official.days).toEqual([{ day: '2026-04-01', official: 2, other: 0, uniques: 1 }]);
    expect(official.countries).toEqual([{ country: 'JP', reads: 2 }]);
  });

  it('counts a read whose address says no country but whose reader gave a prefecture as Japan', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const at = Date.parse('2026-05-10T03:00:00Z');
    // 10.0.0.8 is a private address: the country database names no country for it.
    const reader = { at, source: 1 as const, ip: '10.0.0.8', deviceHash: 'b'.repeat(64) };
    await read(code.id, [
      { ...reader, prefecture: '13' },
      { ...reader, prefecture: '13' },
      // No prefecture, or no real one: the country stays unknown.
      { ...reader },
      { ...reader, prefecture: '99' },
      // A country the address names is kept, whatever the prefecture says.
      { ...reader, ip: '8.8.8.8', prefecture: '27' },
    ]);
    const body = expectOk(await graph(code, 'range=3&from=2026-05-10&to=2026-05-10'));
    expect(body.countries).toEqual([
      { country: 'JP', reads: 2 },
      { country: 'ZZ', reads: 2 },
      { country: 'US', reads: 1 },
    ]);
    expect(body.prefectures).toEqual([
      { prefecture: '13', reads: 2 },
      { prefecture: '27', reads: 1 },
    ]);
  });

  it('covers today, the last 7 and 30 days, and all days since the code was made', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const now = Date.now();
    await read(code.id, [{ at: now }, { at: now - 6 * DAY }, { at: now - 29 * DAY }, { at: now - 40 * DAY }]);
    const today = tokyoDay(now);
    const day = (n: number) => tokyoDay(now - n * DAY);

    const t0 = expectOk(await graph(code, 'range=0'));
    expect([t0.from, t0.to, t0.totals]).toEqual([today, today, { official: 0, other: 1, uniques: 1 }]);
    // Without a range: today.
    expect(expectOk(await graph(code, '')).days).toEqual(t0.days);
    const week = expectOk(await graph(code, 'range=1'));
    expect([week.from, week.to, (week.days as unknown[]).length]).toEqual([day(6), today, 7]);
    expect((week.totals as { other: number }).other).toBe(2);
    const month = expectOk(await graph(code, 'range=2'));
    expect([month.from, (month.days as unknown[]).length]).toEqual([day(29), 30]);
    expect((month.totals as { other: number }).other).toBe(3);

    const all = expectOk(await graph(code, 'range=4'));
    expect([all.from, all.to]).toEqual([today, today]);
    await s.t.ctx.db.kysely
      .updateTable('qr_codes')
      .set({ created_at: now - 45 * DAY })
      .where('id', '=', code.id)
      .execute();
    const since = expectOk(await graph(code, 'range=4'));
    expect([since.from, (since.days as unknown[]).length]).toEqual([day(45), 46]);
    expect((since.totals as { other: number }).other).toBe(4);
  });

  it.each([
    ['range=3', 'from', 'validation.range_from_required'],
    ['range=3&from=2026-01-01', 'to', 'validation.range_to_required'],
    ['range=3&from=2026-02-02&to=2026-02-01', 'to', 'validation.range_order'],
    ['range=3&from=2025-01-01&to=2026-01-02', 'to', 'validation.range_too_long'],
    ['range=3&from=2026-02-30&to=2026-03-01', 'from', 'validation.date_invalid'],
    ['range=3&from=2026/01/01&to=2026-03-01', 'from', 'validation.date_invalid'],
    ['range=9', 'range', 'validation.analytics_range'],
    ['range=x', 'range', 'validation.analytics_range'],
    ['type=3', 'type', 'validation.analytics_source'],
  ])('refuses %s (%s: %s)', async (query, field, rule) => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    expectError(await graph(code, query), 'E-400', { field, rule });
  });

  it('takes a custom range of exactly 366 days and a one-day range', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const long = expectOk(await graph(code, 'range=3&from=2024-01-01&to=2024-12-31'));
    expect((long.days as unknown[]).length).toBe(366);
    expectOk(await graph(code, 'range=3&from=2026-05-05&to=2026-05-05'));
  });
});

describe('GET /analytics/data/{id}/', () => {
  it('answers the code as the list presents it, lifetime totals and the first read day', async () => {
    const code = await createCode(s.owner.client, textCode({ analysis_type: 1 }));
    const empty = expectAnswer(await s.owner.client.get(analyticsPath.data(code.id)), analyticsDataSchema);
    expect(empty).toMatchObject({
      qrcode: { id: code.id, is_owner: true },
      totals: { official: 0, other: 0, uniques: 0 },
      first_read_day: null,
    });
    await read(code.id, [
      { at: Date.parse('2026-01-10T03:00:00Z') },
      { at: Date.parse('2026-02-01T03:00:00Z') },
    ]);
    const res = await s.owner.client.get(analyticsPath.data(code.id));
    expect(res.headers['cache-control']).toBe('no-store');
    const body = expectOk(res);
    expect(body.qrcode).toEqual({ ...code, total_read_count: 2 });
    expect(body).toMatchObject({
      totals: { official: 0, other: 2, uniques: 2 },
      first_read_day: '2026-01-10',
    });
  });
});

describe('access', () => {
  const calls = (id: string) => [
    analyticsPath.data(id),
    `${analyticsPath.graph(id)}?range=1`,
    `${analyticsPath.csv(id)}?from=2026-01-01&to=2026-01-31`,
  ];

  it("answers 404 to another member and to a signed-out browser for a member's code", async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const stranger = await guestBrowser(s.t.app);
    for (const url of calls(code.id)) {
      expect((await s.owner.client.get(url)).statusCode).toBe(200);
      expectError(await s.other.client.get(url), 'E-404');
      expectError(await stranger.get(url), 'E-404');
    }
    for (const url of calls('no-such-code')) expectError(await s.owner.client.get(url), 'E-404');
  });

  it('lets a guest see the codes of its own history, and nobody else', async () => {
    const guest = await guestBrowser(s.t.app);
    const code = await createCode(guest, urlCode({ analysis_type: 1 }));
    const otherGuest = await guestBrowser(s.t.app);
    await createCode(otherGuest, urlCode());
    for (const url of calls(code.id)) {
      expect((await guest.get(url)).statusCode).toBe(200);
      expectError(await otherGuest.get(url), 'E-404');
      expectError(await s.owner.client.get(url), 'E-404');
    }
  });
});

describe('GET /analytics/csv/{id}/', () => {
  it('streams one line per day with a BOM and a header in the request language', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    await read(code.id, [
      { at: Date.parse('2026-06-01T01:00:00Z') },
      { at: Date.parse('2026-06-01T02:00:00Z'), ip: '8.8.8.8' },
      { at: Date.parse('2026-06-02T01:00:00Z'), source: 1, deviceHash: 'b'.repeat(64) },
    ]);
    const url = `${analyticsPath.csv(code.id)}?from=2026-05-31&to=2026-06-03`;
    const res = await s.owner.client.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="qr-${code.id}-2026-05-31-2026-06-03.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body).toBe(
      '\uFEFF日付,公式アプリでの読み取り,その他のアプリでの読み取り,ユニークユーザー数\r\n' +
        '2026-05-31,0,0,0\r\n2026-06-01,0,2,2\r\n2026-06-02,1,0,1\r\n2026-06-03,0,0,0\r\n',
    );
    // The member's language, chosen in the app (csv-language.test.ts: the browser's alone is not).
    s.owner.client.cookies.set('lang', 'en');
    const en = await s.owner.client.get(url);
    s.owner.client.cookies.delete('lang');
    expect(en.body.split('\r\n')[0]).toBe(
      '\uFEFFDate,Reads by the official app,Reads by other apps,Unique users',
    );
  });

  it('writes a year in chunks', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const res = await s.owner.client.get(`${analyticsPath.csv(code.id)}?from=2025-01-01&to=2025-12-31`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(366);
    expect(lines.at(-1)).toBe('2025-12-31,0,0,0');
  });

  it.each([
    ['', 'from', 'validation.range_from_required'],
    ['from=2026-01-01', 'to', 'validation.range_to_required'],
    ['from=2026-01-02&to=2026-01-01', 'to', 'validation.range_order'],
    ['from=2024-01-01&to=2025-01-01', 'to', 'validation.range_too_long'],
    ['from=2026-13-01&to=2026-01-01', 'from', 'validation.date_invalid'],
  ])('refuses ?%s with a JSON envelope', async (query, field, rule) => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    expectError(await s.owner.client.get(`${analyticsPath.csv(code.id)}?${query}`), 'E-400', { field, rule });
  });
});

describe('the read-log page /qrcode/analytics/{id}', () => {
  const page = (client: TestClient, id: string) =>
    client.get(qrAnalyticsPath(id), { headers: { accept: 'text/html,application/xhtml+xml' } });

  it('is 200 for whoever may see the code and 404, the same page, for everyone else', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const guest = await guestBrowser(s.t.app);
    const guestCode = await createCode(guest, urlCode({ analysis_type: 1 }));
    const recipient = await signUpAndActivate(s.t.app);
    await shareWith(s.t.app, s.owner.client, code.id, recipient, ['edit_title']);
    const cases: [string, TestClient, string, number][] = [
      ['owner', s.owner.client, code.id, 200],
      ['recipient, even without view', recipient.client, code.id, 200],
      ['guest with the code in its history', guest, guestCode.id, 200],
      ['other member', s.other.client, code.id, 404],
      ['guest asking for a member code', guest, code.id, 404],
      ['member asking for a guest code', s.owner.client, guestCode.id, 404],
      ['unknown id', s.owner.client, 'nosuchcode000000', 404],
    ];
    for (const [who, client, id, status] of cases) {
      const res = await page(client, id);
      expect([who, res.statusCode]).toEqual([who, status]);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
