import { api, paths } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { type Member, signUp, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastLinkTo, linkQuery } from '../helpers/mailbox';

/** User B holding A's links or cookies gets nothing of A's. */

let t: TestApp;
let a: Member;
let b: Member;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpAndActivate(t.app, { user_name: 'Aさん', company_name: 'A社' });
  b = await signUpAndActivate(t.app, { user_name: 'Bさん', company_name: 'B社' });
});
afterAll(() => t?.close());

async function userOf(client: Member['client']) {
  return expectOk(await client.get(api.userInfo)).user as {
    user_id: string;
    email: string;
    user_name: string;
  };
}

describe('two members side by side', () => {
  it("each session reads its own user and never the other's", async () => {
    expect(await userOf(a.client)).toMatchObject({
      user_id: a.user.user_id,
      email: a.email,
      user_name: 'Aさん',
    });
    expect(await userOf(b.client)).toMatchObject({
      user_id: b.user.user_id,
      email: b.email,
      user_name: 'Bさん',
    });
  });

  it("B's cookies with A's CSRF token cannot change A's (or B's) data", async () => {
    const res = await b.client.post(
      api.userInfo,
      { user_name: 'hacked', company_name: '' },
      { csrf: a.client.csrfToken },
    );
    expectError(res, 'E-403');
    expect((await userOf(a.client)).user_name).toBe('Aさん');
    expect((await userOf(b.client)).user_name).toBe('Bさん');
  });

  it("B cannot use A's activation code with B's user id", async () => {
    const pendingA = await signUp(t.app);
    const pendingB = await signUp(t.app);
    const mixed = { user_id: pendingB.link.user_id, confirmation_code: pendingA.link.confirmation_code };
    expectError(await pendingB.client.get(`${api.activateCheck}?${linkQuery(mixed)}`), 'E-102');
    expectError(
      await pendingB.client.post(api.activate, {
        ...mixed,
        user_name: 'B',
        company_name: '',
        password: 'Secret999',
      }),
      'E-102',
    );
    // A's link still works for A.
    expectOk(await pendingA.client.get(`${api.activateCheck}?${linkQuery(pendingA.link)}`));
  });

  it("B cannot use A's reset code with B's user id", async () => {
    const guest = await newClient(t.app);
    expectOk(await guest.post(api.forgotRequest, { email: a.email }));
    const linkA = await lastLinkTo(t.app, a.email, paths.forgotReset);
    const mixed = { user_id: b.user.user_id, confirmation_code: linkA.confirmation_code };
    expectError(await b.client.get(`${api.forgotCheck}?${linkQuery(mixed)}`), 'E-103');
    expectError(await b.client.post(api.forgotVerify, { ...mixed, new_password: 'Takeover-1' }), 'E-103');
    const signin = await newClient(t.app);
    expectError(await signin.post(api.signin, { email: b.email, password: 'Takeover-1' }), 'E-101');
  });

  it("B cannot verify A's e-mail change code", async () => {
    const target = uniqueEmail('a-new');
    expectOk(await a.client.post(api.changeEmailRequest, { new_email: target }));
    const linkA = await lastLinkTo(t.app, target, paths.changeEmailVerify);
    expectError(
      await b.client.post(api.changeEmailVerify, {
        user_id: b.user.user_id,
        confirmation_code: linkA.confirmation_code,
      }),
      'E-104',
    );
    expect((await userOf(b.client)).email).toBe(b.email);
    expect((await userOf(a.client)).email).toBe(a.email);
  });

  it("B's password does not unsubscribe or re-password A", async () => {
    expectError(await a.client.post(api.unsubscribe, { password: `${b.password}-b` }), 'E-105');
    expectOk(await a.client.get(api.userInfo));
  });
});
