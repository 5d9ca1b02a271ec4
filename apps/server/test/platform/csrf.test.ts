import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient, type RequestOptions, type TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate, uniqueEmail } from '../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A state-changing call, from a guest or a member browser as it needs, with a body that would succeed. */
interface Call {
  name: string;
  url: string;
  member: boolean;
  body: () => Promise<Record<string, string>> | Record<string, string>;
}

const calls: Call[] = [
  {
    name: 'sign-in',
    url: api.signin,
    member: false,
    body: async () => {
      const m = await signUpAndActivate(t.app);
      return { email: m.email, password: m.password };
    },
  },
  { name: 'sign-up', url: api.signup, member: false, body: () => ({ email: uniqueEmail('csrf') }) },
  {
    name: 'userinfo update',
    url: api.userInfo,
    member: true,
    body: () => ({ user_name: '変更後', company_name: '' }),
  },
  { name: 'sign-out', url: api.signout, member: true, body: () => ({}) },
];

function flipFirst(token: string): string {
  return (token.startsWith('A') ? 'B' : 'A') + token.slice(1);
}

async function browserFor(call: Call): Promise<TestClient> {
  return call.member ? (await signUpAndActivate(t.app)).client : newClient(t.app);
}

describe.each(calls)('CSRF on $name', (call) => {
  const refused: Array<[string, (c: TestClient) => Promise<RequestOptions>]> = [
    ['without X-Requested-With', async () => ({ noXrw: true })],
    ['without a token', async () => ({ csrf: 'omit' })],
    ['with a wrong token', async (c) => ({ csrf: flipFirst(c.csrfToken ?? '') })],
    ["with another browser's token", async () => ({ csrf: (await newClient(t.app)).csrfToken })],
    [
      'with the form field but no X-Requested-With',
      async () => ({ form: true, csrfField: true, noXrw: true }),
    ],
  ];

  it.each(refused)('refuses a request %s with 403 E-403', async (_label, options) => {
    const client = await browserFor(call);
    const res = await client.post(call.url, await call.body(), await options(client));
    const body = expectError(res, 'E-403');
    expect(body.status.message).toBe(
      '画面の有効期限が切れました。ページを再読み込みしてもう一度お試しください。',
    );
    if (call.member) expectOk(await client.get(api.userInfo));
  });

  it('refuses a browser without a sid cookie', async () => {
    const client = await browserFor(call);
    const token = client.csrfToken;
    client.cookies.delete('sid');
    expectError(await client.post(call.url, await call.body(), { csrf: token }), 'E-403');
  });

  it('accepts the JSON body with both headers', async () => {
    const client = await browserFor(call);
    expectOk(await client.post(call.url, await call.body()));
  });

  it('accepts a form-encoded body with the _csrf field and X-Requested-With', async () => {
    const client = await browserFor(call);
    expectOk(await client.post(call.url, await call.body(), { form: true, csrfField: true }));
  });

  it('accepts a form-encoded body with the X-CSRF-Token header', async () => {
    const client = await browserFor(call);
    const token = client.csrfToken ?? '';
    expectOk(
      await client.post(call.url, await call.body(), {
        form: true,
        csrf: 'omit',
        headers: { 'x-csrf-token': token },
      }),
    );
  });
});

describe('CSRF details', () => {
  it('answers E-403 in English with lang=en', async () => {
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const res = await client.post(api.signup, { email: uniqueEmail() }, { csrf: 'omit' });
    expect(expectError(res, 'E-403', { locale: 'en' }).status.message).toBe(
      'This page has expired. Reload the page and try again.',
    );
  });

  it('a form-encoded sign-in really signs in', async () => {
    const m = await signUpAndActivate(t.app, { user_name: 'フォーム' });
    const client = await newClient(t.app);
    const body = expectOk(
      await client.post(
        api.signin,
        { email: m.email, password: m.password },
        { form: true, csrfField: true },
      ),
    );
    expect(body.user).toMatchObject({ user_name: 'フォーム' });
    expectOk(await client.get(api.userInfo));
  });

  it('GET calls need no token', async () => {
    const m = await signUpAndActivate(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: api.userInfo,
      headers: { cookie: `sid=${m.client.sid}` },
    });
    expectOk(res);
  });

  it('the token after sign-in is the new one; the guest token is refused', async () => {
    const m = await signUpAndActivate(t.app);
    const client = await newClient(t.app);
    const guestToken = client.csrfToken;
    expectOk(await client.post(api.signin, { email: m.email, password: m.password }));
    expectError(await client.post(api.signout, undefined, { csrf: guestToken }), 'E-403');
    expectOk(await client.post(api.signout));
  });
});
