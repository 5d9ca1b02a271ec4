import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, paths } from '@qrqr/shared/paths';
import { MEMBER_PAINT, SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberPaint } from '../../src/platform/page/member-paint';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { signUpAndActivate } from '../helpers/factories';

/**
 * A signed-in member's first visit to a list marked `memberPaint` gets the screen's HTML rendered,
 * in a thread of its own, with the answers of its first calls, and the answers it used (without
 * it the phone's largest paint waited for every script). A stand-in build here whose renderer says
 * what it was given, or fails as a real screen could; e2e/member-paint.test.ts checks the real one.
 */

const empty = { ja: [], en: [] };
const screen = { member: true, js: [], css: [], texts: empty };
const preloads: ScreenPreloadsFile = {
  texts: { ja: [], en: [] },
  screens: [
    {
      ...screen,
      path: paths.qrList,
      memberPaint: true,
      firstCalls: [`${api.qrListData}?page=1`],
      js: ['/assets/qr-list-1.js'],
      css: ['/assets/qr-list-1.css'],
    },
    // The same call, not painted (a form, say).
    { ...screen, path: paths.userInfo, firstCalls: [`${api.qrListData}?page=1`] },
    // Painted, but with no call to answer.
    { ...screen, path: paths.serviceNews, memberPaint: true },
  ],
};

// The member's name tells it how to fail: late, broken, or sending the member elsewhere.
const RENDERER = `export async function render() { return ''; }
export async function renderMember(pathname, locale, params, layout, answers) {
  if (params.userName === 'slow') await new Promise((r) => setTimeout(r, 4000));
  if (params.userName === 'broken') throw new Error('broken screen');
  if (params.userName === 'away') return undefined;
  const calls = Object.keys(answers);
  return {
    html: '<p data-path="' + pathname + '" data-locale="' + locale + '" data-mobile="' + layout.mobile +
      '" data-member="' + params.userName + '" data-calls="' + calls.join(' ') + '">' +
      calls.map((c) => answers[c].total_count).join() + '</p>',
    state: [[['a', 1], { said: '</script><b>' }, 1]],
  };
}
`;

let web: string;
let t: TestApp;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="ja"><head><!--app-head--></head><body><div id="app"></div></body></html>',
  );
  fs.writeFileSync(path.join(web, SCREEN_PRELOADS_FILE), JSON.stringify(preloads));
  fs.mkdirSync(path.join(web, 'ssr'));
  fs.writeFileSync(path.join(web, 'ssr', 'prerender.js'), RENDERER);
  t = await createTestApp({ WEB_DIST: web });
});

afterAll(async () => {
  await t?.close();
  if (web) fs.rmSync(web, { recursive: true, force: true });
});

const open = async (client: Awaited<ReturnType<typeof newClient>>, url: string) => {
  const res = await client.get(url, { headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const guestParams = { locale: 'ja', isGuest: false } as unknown as Parameters<MemberPaint['html']>[2];
const appOf = (html: string) => /<div id="app"[^>]*>(.*?)<\/div>/.exec(html)?.[0] ?? '';
const stateOf = (html: string) =>
  new RegExp(`<script id="${MEMBER_PAINT.stateId}" type="application/json">(.*?)</script>`).exec(html)?.[1];

describe("a member's list painted by the server", () => {
  it('renders the screen with the answers of its calls, inert until the app takes it over', async () => {
    const { client } = await signUpAndActivate(t.app, { user_name: '花子' });
    const html = await open(client, paths.qrList);
    expect(appOf(html)).toContain(`data-member="花子" data-calls="${api.qrListData}?page=1">0</p>`);
    expect(appOf(html)).toMatch(/^<div id="app" data-layout="wide" inert aria-disabled="true">/);
    // The answers as the render used them, escaped so no value can close the script.
    const state = stateOf(html);
    expect(state).toBeDefined();
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state as string)).toEqual([[['a', 1], { said: '</script><b>' }, 1]]);
    // Painted, the page needs its styles first: its scripts come at low priority.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/qr-list-1.css">');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/qr-list-1.js" fetchpriority="low">',
    );
    const guest = await newClient(t.app);
    expect(await open(guest, paths.qrList)).not.toContain('fetchpriority');
  });

  it('paints nothing for a guest, a screen not marked, or one without answers', async () => {
    const guest = await newClient(t.app);
    for (const html of [await open(guest, paths.qrList)]) {
      expect(appOf(html)).toBe('<div id="app"></div>');
      expect(stateOf(html)).toBeUndefined();
    }
    const { client } = await signUpAndActivate(t.app);
    expect(appOf(await open(client, paths.userInfo))).toBe('<div id="app"></div>');
    expect(appOf(await open(client, paths.serviceNews))).toBe('<div id="app"></div>');
  });

  it('a render that fails, goes elsewhere or is late leaves the page to the browser', async () => {
    for (const name of ['broken', 'away']) {
      const { client } = await signUpAndActivate(t.app, { user_name: name });
      const html = await open(client, paths.qrList);
      expect(appOf(html)).toBe('<div id="app"></div>');
      expect(stateOf(html)).toBeUndefined();
      // The answers still come with the page.
      expect(html).toContain('<script id="first-answers"');
    }
    const { client } = await signUpAndActivate(t.app, { user_name: 'slow' });
    const started = Date.now();
    expect(appOf(await open(client, paths.qrList))).toBe('<div id="app"></div>');
    expect(Date.now() - started).toBeLessThan(3_500);
  });

  it('a server that stops under a render reports no failure', async () => {
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args) } as unknown as ConstructorParameters<
      typeof MemberPaint
    >[1];
    const paint = new MemberPaint(web, log, 10_000);
    const params = { ...guestParams, userName: 'slow' };
    const under = paint.html(paths.qrList, 'ja', params, { mobile: true }, {});
    await new Promise((r) => setTimeout(r, 300));
    await paint.close();
    expect(await under).toBeUndefined();
    expect(errors).toEqual([]);
    // A fault is still reported.
    const broken = new MemberPaint(web, log, 10_000);
    const failed = await broken.html(
      paths.qrList,
      'ja',
      { ...params, userName: 'broken' },
      { mobile: true },
      {},
    );
    await broken.close();
    expect(failed).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('a busy renderer sends pages without, at once, and recovers', async () => {
    // The renderer itself, not through HTTP: three requests are surely in the thread before the
    // fourth is asked (three sign-ins over HTTP could still be on their way on a busy machine).
    const paint = new MemberPaint(web, undefined, 10_000);
    const as = (userName: string) =>
      paint.html(
        paths.qrList,
        'ja',
        { ...guestParams, userName },
        { mobile: true },
        { '/x': { total_count: 1 } },
      );
    // One under way and two waiting: the next ones go without, without waiting.
    const slow = [1, 2, 3].map(() => as('slow'));
    const started = Date.now();
    expect(await as('次郎')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    await Promise.all(slow);
    // Once the slow renders are through (4 s each, one at a time), pages are painted again.
    let painted: Awaited<ReturnType<typeof as>>;
    for (let tries = 0; tries < 60 && !painted?.html.includes('data-member'); tries++) {
      await new Promise((r) => setTimeout(r, 250));
      painted = await as('次郎');
    }
    await paint.close();
    expect(painted?.html).toContain('data-member="次郎"');
  }, 30_000);
});
