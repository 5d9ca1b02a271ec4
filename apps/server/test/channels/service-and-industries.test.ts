import type { PageParams } from '@qrqr/shared/page-params';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient, type TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const registeredFlag = async (client: TestClient) =>
  (expectOk(await client.get(api.session)).params as PageParams).isUserRegisteredChannelService;

describe('POST /api/qrchannel/service/register', () => {
  it('registers the member, which the page parameters then say', async () => {
    const member = await signUpAndActivate(t.app);
    expect(await registeredFlag(member.client)).toBe(false);
    const body = expectOk(await member.client.post(api.channelServiceRegister, { terms_accepted: true }));
    expect(body.isUserRegisteredChannelService).toBe(true);
    expect(await registeredFlag(member.client)).toBe(true);
  });

  it('refuses a guest (401)', async () => {
    const guest = await newClient(t.app);
    expectError(await guest.post(api.channelServiceRegister, { terms_accepted: true }), 'E-401');
  });

  it('refuses a request without the CSRF token', async () => {
    const member = await signUpAndActivate(t.app);
    expectError(
      await member.client.post(api.channelServiceRegister, { terms_accepted: true }, { csrf: 'omit' }),
      'E-403',
    );
  });

  it.each([
    ['no terms field', {}],
    ['terms refused', { terms_accepted: false }],
  ])('refuses %s with the terms message', async (_label, body) => {
    const member = await signUpAndActivate(t.app);
    expectError(await member.client.post(api.channelServiceRegister, body), 'E-400', {
      field: 'terms_accepted',
      rule: 'validation.terms_required',
    });
    expectError(
      await member.client.post(api.channelServiceRegister, body, { headers: { 'accept-language': 'en' } }),
      'E-400',
      { field: 'terms_accepted', rule: 'validation.terms_required', locale: 'en' },
    );
  });
});

describe('GET /api/qrchannel/industory', () => {
  it('lists the industries with their sub-industries in Japanese', async () => {
    const guest = await newClient(t.app);
    const body = expectOk(await guest.get(api.industries));
    const industries = body.industories as Array<{ id: number; name: string; sub_industories: unknown[] }>;
    expect(industries.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        '飲食店',
        '小売',
        '美容・健康',
        '宿泊',
        '教育',
        '医療・福祉',
        '不動産',
        'その他',
      ]),
    );
    expect(industries[0]).toMatchObject({ id: 1, name: '飲食店' });
    expect(industries[0]?.sub_industories).toEqual(
      expect.arrayContaining([
        { id: 101, name: '和食' },
        { id: 104, name: 'カフェ・喫茶' },
        { id: 106, name: 'ラーメン' },
      ]),
    );
    expect(industries.every((i) => i.sub_industories.length > 0)).toBe(true);
  });

  it('names them in English for an English request', async () => {
    const guest = await newClient(t.app);
    const body = expectOk(await guest.get(api.industries, { headers: { 'accept-language': 'en-US' } }));
    const first = (body.industories as Array<{ name: string; sub_industories: Array<{ name: string }> }>)[0];
    expect(first?.name).toBe('Restaurants');
    expect(first?.sub_industories.map((s) => s.name)).toContain('Ramen');
  });
});
