import { channelPath } from '@qrqr/shared/channel-paths';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import { analyticsPath, api, paths, wifiPath } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { DEFAULT_PASSWORD, uniqueEmail } from '../helpers/factories';
import { lastLinkTo } from '../helpers/mailbox';
import { createCode, urlCode } from '../helpers/qrcodes';

/**
 * The CSV exports (the read log's, the channel's, the Wi-Fi pages') head their columns in the
 * member's language: the one chosen in the app (the `lang` cookie), else the account's, whatever
 * language the downloading browser asks for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A member who signed up in `locale`, registered for the channel service, with a code and a channel. */
async function member(locale: Locale) {
  const client = await newClient(t.app);
  client.cookies.set('lang', locale);
  const email = uniqueEmail(`csv-${locale}`);
  expect((await client.post(api.signup, { email })).statusCode).toBe(200);
  const link = await lastLinkTo(t.app, email, paths.activate);
  const activated = await client.post(api.activate, {
    user_id: link.user_id,
    confirmation_code: link.confirmation_code,
    user_name: 'CSV',
    company_name: '',
    password: DEFAULT_PASSWORD,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  expect((await client.post(api.channelServiceRegister, { terms_accepted: true })).statusCode).toBe(200);
  // From here on, the browser has made no choice of its own.
  client.cookies.delete('lang');
  const code = await createCode(client, urlCode({ analysis_type: 1 }));
  const channel = await createChannel(client);
  return { client, codeId: code.id, channelId: channel.channel_id };
}

const now = Math.floor(Date.now() / 1000);

/** The first line of each CSV, as `client` downloads it with `headers`. */
async function headers(m: Awaited<ReturnType<typeof member>>, browser: Record<string, string>) {
  const first = async (url: string) => {
    const res = await m.client.get(url, { headers: browser });
    expect(res.statusCode, res.body).toBe(200);
    return res.body.split('\r\n')[0]?.replace('\uFEFF', '') ?? '';
  };
  return {
    readLog: await first(`${analyticsPath.csv(m.codeId)}?from=2026-06-01&to=2026-06-02`),
    channel: await first(channelPath.analyticsCsv(m.channelId, now, now)),
    wifi: await first(wifiPath.csv(now, now)),
  };
}

const expected = (locale: Locale) => ({
  readLog: expect.stringMatching(
    new RegExp(`^${translate('analytics.csv_day', locale)},${translate('analytics.csv_official', locale)},`),
  ),
  channel: expect.stringMatching(
    new RegExp(
      `^${translate('analytics.csv_day', locale)},${translate('analytics.ch_csv_followers', locale)},`,
    ),
  ),
  wifi: expect.stringMatching(
    new RegExp(`^${translate('analytics.csv_day', locale)},${translate('analytics.wifi_csv_page', locale)},`),
  ),
});

describe('the language of the CSV headers', () => {
  it('is the account’s for a Japanese account in a browser that asks for English', async () => {
    const ja = await member('ja');
    expect(await headers(ja, { 'accept-language': 'en-US,en;q=0.9' })).toEqual(expected('ja'));
  });

  it('is the account’s for an English account in a browser that asks for Japanese', async () => {
    const en = await member('en');
    expect(await headers(en, { 'accept-language': 'ja-JP,ja;q=0.9' })).toEqual(expected('en'));
  });

  it('is the one the member chose in the app (the lang cookie) over the account’s', async () => {
    const ja = await member('ja');
    ja.client.cookies.set('lang', 'en');
    expect(await headers(ja, { 'accept-language': 'ja-JP' })).toEqual(expected('en'));
  });
});
