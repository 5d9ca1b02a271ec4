import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { newClient, type TestClient } from './client';
import { type Member, signUpAndActivate } from './factories';

type Body = Record<string, string | number | boolean | undefined>;

export const urlCode = (patch: Body = {}): Body => ({
  tab: 0,
  analysis_type: 0,
  title: '',
  url: 'https://example.jp/menu',
  ...patch,
});
export const textCode = (patch: Body = {}): Body => ({
  tab: 1,
  analysis_type: 0,
  text: '本日のおすすめ',
  ...patch,
});
export const wifiCode = (patch: Body = {}): Body => ({
  tab: 2,
  analysis_type: 0,
  name: '店内Wi-Fi',
  ssid: 'cafe-guest',
  password: 'coffee1234',
  encryption: 'WPA',
  ...patch,
});

/** Creates a code from this browser and returns it (fails the test on anything but success). */
export async function createCode(client: TestClient, body: Body): Promise<QrCodeDto> {
  const res = await client.post(api.qrCreate, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().qrcode as QrCodeDto;
}

/** The app of one test file, with two members: `owner` makes the codes, `other` must not reach them. */
async function appWithTwoMembers(): Promise<{ t: TestApp; owner: Member; other: Member }> {
  const t = await createTestApp();
  try {
    return { t, owner: await signUpAndActivate(t.app), other: await signUpAndActivate(t.app) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * The app and two members for one test file, made before its first test and closed after its
 * last: `const s = twoMembersPerFile();` then `s.owner`, `s.other`, `s.t` inside the tests.
 */
export function twoMembersPerFile(): { t: TestApp; owner: Member; other: Member } {
  const state = {} as { t: TestApp; owner: Member; other: Member };
  beforeAll(async () => {
    Object.assign(state, await appWithTwoMembers());
  });
  afterAll(() => state.t?.close());
  return state;
}

/** A fresh guest browser (a sid, no history cookie yet). */
export function guestBrowser(app: FastifyInstance, remoteAddress?: string): Promise<TestClient> {
  return newClient(app, remoteAddress);
}

/** The path of a redirect code's /r/ URL. */
export function redirectPath(code: QrCodeDto): string {
  if (!code.redirect_url) throw new Error(`${code.id} is not a redirect code`);
  return new URL(code.redirect_url).pathname;
}

export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
