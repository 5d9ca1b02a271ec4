import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '@qrqr/shared/paths';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { paintOnPhone } from './support/phone-paint';
import { type RunningServer, startServer } from './support/server';

/**
 * A screen's scripts start in one round: the page the server sends names every chunk
 * the screen needs (screen-preloads.json of the real build), so the browser requests them all at
 * once instead of finding them one import after another. Checked on a slow network (150 ms a
 * request), where a file found late shows as a second round.
 */

const build = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/builds/current');
const SLOW = { cpuSlowdown: 1, latencyMs: 150, downBytesPerSecond: 1_000_000, upBytesPerSecond: 500_000 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const named = (html: string) =>
  [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);

describe('screen preloads of the real build', () => {
  it('names only files the build has, for every screen', () => {
    const preloads = JSON.parse(
      fs.readFileSync(path.join(build, SCREEN_PRELOADS_FILE), 'utf8'),
    ) as ScreenPreloadsFile;
    expect(preloads.screens.length).toBeGreaterThan(30);
    const files = [
      ...Object.values(preloads.texts).flat(),
      ...preloads.screens.flatMap((s) => [...s.js, ...s.css, ...Object.values(s.texts).flat()]),
    ];
    for (const file of new Set(files)) expect(fs.existsSync(path.join(build, file)), file).toBe(true);
  });

  it("the top page's HTML names its screen chunk, and an unknown path names only the entry's", async () => {
    const page = (p: string) =>
      fetch(`${server.url}${p}`, { headers: { accept: 'text/html' } }).then((r) => r.text());
    const top = named(await page(paths.home));
    const unknown = named(await page('/no/such/screen'));
    expect(top.some((f) => /\/top-page-[\w-]+\.js$/.test(f))).toBe(true);
    expect(top.some((f) => /\/locale-ja-[\w-]+\.js$/.test(f))).toBe(true);
    expect(unknown.filter((f) => !top.includes(f))).toEqual([]);
    expect(unknown.some((f) => /top-page/.test(f))).toBe(false);
    const served = await Promise.all(top.map((f) => fetch(`${server.url}${f}`).then((r) => r.status)));
    expect(served.every((s) => s === 200)).toBe(true);
  });

  for (const [screen, ready] of [
    [paths.home, '[data-testid="create-panel"]'],
    [paths.signin, 'input[name="password"]'],
    [paths.serviceAbout, '[data-testid="data-credits"], main h1'],
  ] as const) {
    it(`${screen} requests every script it needs in one round`, async () => {
      const html = await fetch(`${server.url}${screen}`, { headers: { accept: 'text/html' } }).then((r) =>
        r.text(),
      );
      const paint = await paintOnPhone(browser, `${server.url}${screen}`, ready, undefined, SLOW);
      const list = paint.scripts.map((s) => `${s.sent.toFixed(0)}-${s.done.toFixed(0)} ${s.url}`).join('\n');
      // Every script it loaded was named in the page, so none waited for another to run.
      expect(
        paint.scripts.map((s) => s.url).filter((u) => !named(html).includes(u)),
        list,
      ).toEqual([]);
      expect(paint.rounds, list).toBe(1);
    });
  }
});
