import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { newsAnswer } from '@qrqr/shared/news-schemas';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNews } from '../../src/modules/news/news';
import { parseNewsArgs } from '../../src/modules/news/news-args';
import { createTestApp, type TestApp, testDb } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;

describe('GET /api/news', () => {
  it('answers the newest published items in the request language, English falling back to Japanese', async () => {
    const client = await newClient(t.app);
    expect(expectOk(await client.get(api.news)).news).toEqual([]);

    const now = Date.now();
    await addNews(t.ctx, { titleJa: '古い', bodyJa: '古い本文', publishedAt: now - 2 * DAY });
    await addNews(t.ctx, {
      titleJa: '新機能',
      bodyJa: '本文',
      titleEn: 'New feature',
      bodyEn: 'Body',
      publishedAt: now - DAY,
    });
    await addNews(t.ctx, {
      titleJa: '英語題のみ',
      bodyJa: '日本語本文',
      titleEn: 'Title only',
      publishedAt: now,
    });
    await addNews(t.ctx, { titleJa: '予約', bodyJa: '明日', publishedAt: now + DAY });

    const ja = expectAnswer(await client.get(api.news), newsAnswer).news;
    expect(ja.map((n) => n.title)).toEqual(['英語題のみ', '新機能', '古い']);
    expect(ja[1]).toEqual({ id: expect.any(Number), title: '新機能', body: '本文', published_at: now - DAY });

    client.cookies.set('lang', 'en');
    const en = expectOk(await client.get(`${api.news}?limit=2`)).news as Array<Record<string, unknown>>;
    expect(en.map((n) => [n.title, n.body])).toEqual([
      ['Title only', '日本語本文'],
      ['New feature', 'Body'],
    ]);
  });

  it.each(['0', '51', 'many'])('refuses limit=%s', async (limit) => {
    const client = await newClient(t.app);
    expectError(await client.get(`${api.news}?limit=${limit}`), 'E-400');
  });
});

describe('npm run news:add', () => {
  it('reads the titles, texts and date', () => {
    expect(
      parseNewsArgs([
        '--title-ja',
        ' お知らせ ',
        '--body-ja',
        '本文',
        '--title-en',
        'News',
        '--date',
        '2026-04-01',
      ]),
    ).toEqual({
      titleJa: 'お知らせ',
      bodyJa: '本文',
      titleEn: 'News',
      bodyEn: undefined,
      publishedAt: Date.parse('2026-04-01T00:00:00+09:00'),
    });
  });

  it.each([
    [['--body-ja', 'x'], /Missing --title-ja/],
    [['--title-ja', 'x'], /Missing --body-ja/],
    [['--title-ja', 'x', '--body-ja', 'y', '--date', '2026-02-30'], /--date must be a day/],
    [['--title-ja', 'x', '--body-ja', 'y', '--colour', 'red'], /Unknown option/],
  ])('explains what is wrong with %j', (args, message) => {
    expect(() => parseNewsArgs(args)).toThrow(message);
  });

  // The command is database-agnostic (same client as the server); this end-to-end run uses its own
  // SQLite data directory, so the PostgreSQL project has nothing more to prove with it.
  it.skipIf(testDb === 'postgres')('adds an item to the configured database and prints it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-news-'));
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/modules/news/add-news-cli.ts', ...args],
        {
          cwd: serverDir,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
        },
      );
    try {
      const { stdout } = await run(['--title-ja', '公開しました', '--body-ja', 'QRQRを公開しました。']);
      expect(stdout).toContain('Added news #1');
      expect(stdout).toContain('公開しました');
      await expect(run(['--title-ja', 'x'])).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Missing --body-ja'),
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
