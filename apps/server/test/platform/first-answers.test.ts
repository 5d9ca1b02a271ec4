import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { channelPath } from '@qrqr/shared/channel-paths';
import { api, paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillAddresses, jsonInScript } from '../../src/platform/page/first-answers';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient, type TestClient } from '../helpers/client';
import { signUpAndActivate } from '../helpers/factories';
import { createCode, urlCode } from '../helpers/qrcodes';

/**
 * A member's page carries the answers of its screen's first calls: the build names
 * them (app/screen-first-calls.ts), the server runs them with the member's session and writes them
 * into the page, so the screen's data does not wait for the scripts. A stand-in build here;
 * e2e/first-answers.test.ts checks the real one in Chromium.
 */

const noFiles = { js: [], css: [], texts: { ja: [], en: [] } };
const preloads: ScreenPreloadsFile = {
  texts: { ja: [], en: [] },
  screens: [
    { path: paths.qrList, member: true, firstCalls: [`${api.qrListData}?page=1`], ...noFiles },
    {
      path: paths.qrAnalytics,
      // Guests see their own codes' logs too; only a signed-in member's page carries answers.
      member: false,
      firstCalls: [`${api.analyticsData}{id}/`],
      ...noFiles,
    },
    {
      path: paths.channelTagList,
      member: true,
      firstCalls: [api.channels, channelPath.tags('{channel_id}')],
      ...noFiles,
    },
  ],
};

let web: string;
let t: TestApp;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-web-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="ja"><head><!--app-head--></head><body><div id="app"></div></body></html>',
  );
  fs.writeFileSync(path.join(web, SCREEN_PRELOADS_FILE), JSON.stringify(preloads));
  t = await createTestApp({ WEB_DIST: web });
});

afterAll(async () => {
  await t?.close();
  if (web) fs.rmSync(web, { recursive: true, force: true });
});

const page = async (client: TestClient, url: string) =>
  (await client.get(url, { headers: { accept: 'text/html' } })).body;

/** The answers written into the page, by address; undefined when the page carries none. */
function answersIn(html: string): Record<string, unknown> | undefined {
  const text = html.match(/<script id="first-answers" type="application\/json">(.*?)<\/script>/s)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}

describe("a member's first answers in the page", () => {
  it("writes the list's first page as the API answers it, escaped for the script element", async () => {
    const member = await signUpAndActivate(t.app);
    // A title that would close the script element or end a line in older JavaScript, if unescaped.
    const title = 'a</script><script>alert(1)</script>\u2028<!--';
    await createCode(member.client, urlCode({ title }));
    const html = await page(member.client, paths.qrList);
    const answers = answersIn(html);
    const expected = (await member.client.get(`${api.qrListData}?page=1`)).json();
    expect(answers?.[`${api.qrListData}?page=1`]).toEqual(expected);
    expect(JSON.stringify(answers)).toContain(title);
    // One script element end only for the page parameters and one for the answers.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('\u2028');
  });

  it("fills the path's id and answers only the member's own code", async () => {
    const owner = await signUpAndActivate(t.app);
    const other = await signUpAndActivate(t.app);
    const code = await createCode(owner.client, urlCode({ title: '店頭ポスター' }));
    const address = `${api.analyticsData}${code.id}/`;
    expect(answersIn(await page(owner.client, qrAnalyticsPath(code.id)))?.[address]).toEqual(
      (await owner.client.get(address)).json(),
    );
    // Someone else's code: the call answers 404 to them, so their page carries nothing.
    expect(answersIn(await page(other.client, qrAnalyticsPath(code.id)))).toBeUndefined();
  });

  it("fills the page's channel_id, only with the member's own channel and plain values", async () => {
    const owner = await registeredMember(t.app);
    const channel = await createChannel(owner.client);
    const tagsAddress = channelPath.tags(channel.channel_id);
    const own = answersIn(
      await page(owner.client, `${paths.channelTagList}?channel_id=${channel.channel_id}`),
    );
    expect(Object.keys(own ?? {}).sort()).toEqual([api.channels, tagsAddress].sort());
    expect(own?.[tagsAddress]).toEqual((await owner.client.get(tagsAddress)).json());

    const stranger = await registeredMember(t.app);
    const theirs = answersIn(
      await page(stranger.client, `${paths.channelTagList}?channel_id=${channel.channel_id}`),
    );
    expect(Object.keys(theirs ?? {})).toEqual([api.channels]);
    // A value that is no plain id is never put into an address.
    const odd = answersIn(await page(owner.client, `${paths.channelTagList}?channel_id=..%2Fchannel`));
    expect(Object.keys(odd ?? {})).toEqual([api.channels]);
  });

  it('gives a guest nothing', async () => {
    const guest = await newClient(t.app);
    const code = await createCode(guest, urlCode());
    expect(answersIn(await page(guest, qrAnalyticsPath(code.id)))).toBeUndefined();
  });
});

describe('first-answer addresses and escaping', () => {
  it('fills names from the values and leaves out an address with a missing or unsafe value', () => {
    expect(fillAddresses(['/api/x/{a}/y?page=1', '/api/z/{b}', '//evil/{a}'], { a: 'Ab_1-2' })).toEqual([
      '/api/x/Ab_1-2/y?page=1',
    ]);
    expect(fillAddresses(['/api/x/{a}'], { a: '1/../2' })).toEqual([]);
  });

  it('escapes what could end the script element or a line', () => {
    const text = jsonInScript({ s: '</script><!--\u2028\u2029&>' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ s: '</script><!--\u2028\u2029&>' });
  });
});
