import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate, uniqueEmail } from '../helpers/factories';

/** AUTH_RATE_LIMIT=3 and SIGNIN_RATE_LIMIT=3: three calls a minute per address to each limited auth route. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '3', SIGNIN_RATE_LIMIT: '3' });
});
afterAll(() => t?.close());

describe('auth rate limit', () => {
  it('the 4th sign-in within a minute from one address answers 429 E-429', async () => {
    // The member is made from another address, so making it spends none of this address's quota.
    const member = await signUpAndActivate(t.app);
    const client = await newClient(t.app, '10.0.0.1');
    for (let i = 0; i < 3; i++) {
      const res = await client.post(api.signin, { email: member.email, password: 'wrong-password' });
      expectError(res, 'E-101');
      expect(res.headers['x-ratelimit-limit']).toBe('3');
    }
    const res = await client.post(api.signin, { email: member.email, password: member.password });
    const body = expectError(res, 'E-429');
    expect(body.status.message).toBe('リクエストが多すぎます。しばらくしてから再度お試しください。');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Not signed in by the refused call.
    expectError(await client.get(api.userInfo), 'E-401');

    // Another address is not affected.
    const elsewhere = await newClient(t.app, '10.0.0.2');
    expectOk(await elsewhere.post(api.signin, { email: member.email, password: member.password }));
  });

  it('sign-up is limited too, and answers in English with lang=en', async () => {
    const client = await newClient(t.app, '10.0.0.3');
    client.cookies.set('lang', 'en');
    for (let i = 0; i < 3; i++) expectOk(await client.post(api.signup, { email: uniqueEmail('rl') }));
    const body = expectError(await client.post(api.signup, { email: uniqueEmail('rl') }), 'E-429', {
      locale: 'en',
    });
    expect(body.status.message).toBe('Too many requests. Please try again after a while.');
  });

  it('password reset requests are limited', async () => {
    const client = await newClient(t.app, '10.0.0.4');
    for (let i = 0; i < 3; i++) expectOk(await client.post(api.forgotRequest, { email: uniqueEmail('rl') }));
    expectError(await client.post(api.forgotRequest, { email: uniqueEmail('rl') }), 'E-429');
  });

  it('reading pages and user info is not limited', async () => {
    const client = await newClient(t.app, '10.0.0.5');
    for (let i = 0; i < 6; i++) expectError(await client.get(api.userInfo), 'E-401');
    expectOk(await client.get(api.session));
  });
});
