import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/platform/core/crypto';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUp, signUpAndActivate, uniqueEmail } from '../helpers/factories';

let t: TestApp;
const codes: Array<{ userId: string; code: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.registry.register(points.signInCode, async (event) => {
    codes.push(event);
  });
});
afterAll(() => t?.close());

const SIGNIN_FAILED_JA = 'メールアドレスまたはパスワードが正しくありません';

async function sessionRows(userId: string) {
  return t.ctx.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
}

describe('POST /api/auth/qrqrid/signin', () => {
  it.each([
    ['e-mail empty', { email: '' }, 'email', 'validation.email_required'],
    ['e-mail invalid', { email: 'abc' }, 'email', 'validation.email_invalid'],
    ['password empty', { password: '' }, 'password', 'validation.password_required'],
    ['password missing', { password: undefined }, 'password', 'validation.password_required'],
    ['password 256 chars', { password: 'a'.repeat(256) }, 'password', 'validation.password_too_long'],
  ])('rejects %s', async (_label, patch, field, rule) => {
    const client = await newClient(t.app);
    const res = await client.post(api.signin, { email: uniqueEmail(), password: 'whatever1', ...patch });
    expectError(res, 'E-400', { field, rule });
  });

  it('signs in, answers the user and rotates the session cookie', async () => {
    const member = await signUpAndActivate(t.app, { user_name: '佐藤', company_name: '佐藤商事' });
    const client = await newClient(t.app);
    const guestSid = client.sid;
    const guestToken = client.csrfToken;
    const body = expectOk(await client.post(api.signin, { email: member.email, password: member.password }));
    expect(body.user).toEqual({
      user_id: member.user.user_id,
      user_name: '佐藤',
      company_name: '佐藤商事',
      email: member.email,
    });
    expect(client.sid).toBeDefined();
    expect(client.sid).not.toBe(guestSid);
    expect(client.csrfToken).not.toBe(guestToken);
    expect(body.csrf_token).toBe(client.csrfToken);

    expect((expectOk(await client.get(api.userInfo)).user as { email: string }).email).toBe(member.email);
    // The guest's CSRF token belongs to the old sid and is refused now.
    expectError(
      await client.post(api.userInfo, { user_name: 'x', company_name: '' }, { csrf: guestToken }),
      'E-403',
    );
    // The session row is stored by hash, never the raw cookie value.
    const rows = await sessionRows(member.user.user_id);
    expect(rows.map((r) => r.id)).toContain(sha256(client.sid ?? ''));
    expect(rows.map((r) => r.id)).not.toContain(client.sid);
  });

  it('the session cookie is HttpOnly and SameSite=Lax; the CSRF cookie is readable', async () => {
    const member = await signUpAndActivate(t.app);
    const client = await newClient(t.app);
    const res = await client.post(api.signin, { email: member.email, password: member.password });
    const sid = res.cookies.find((c) => c.name === 'sid');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.secure).toBeFalsy();
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it('accepts the address in another case and with spaces', async () => {
    const member = await signUpAndActivate(t.app);
    const client = await newClient(t.app);
    expectOk(
      await client.post(api.signin, { email: ` ${member.email.toUpperCase()} `, password: member.password }),
    );
  });

  it('rejects a wrong password, an unknown address and a pending account with the same answer', async () => {
    const member = await signUpAndActivate(t.app);
    const { email: pendingEmail } = await signUp(t.app);
    const attempts = [
      { email: member.email, password: `${member.password}x` },
      { email: uniqueEmail('unknown'), password: member.password },
      { email: pendingEmail, password: member.password },
    ];
    for (const attempt of attempts) {
      const client = await newClient(t.app);
      const sid = client.sid;
      const body = expectError(await client.post(api.signin, attempt), 'E-101');
      expect(body.status.message).toBe(SIGNIN_FAILED_JA);
      expect(body.errors).toBeUndefined();
      expect(client.sid).toBe(sid);
      expectError(await client.get(api.userInfo), 'E-401');
    }
  });

  // The sharing module's hook answers every code: an invitation is accepted, another account's
  // invitation gets E-106 (both in test/sharing/invitation-flow.test.ts), anything else E-302.
  it('refuses a sign-in code that is no invitation (E-302) and does not sign in', async () => {
    const member = await signUpAndActivate(t.app);
    const client = await newClient(t.app);
    const sid = client.sid;
    expectError(
      await client.post(api.signin, { email: member.email, password: member.password, code: 'invite-42' }),
      'E-302',
    );
    expect(client.sid).toBe(sid);
    expectError(await client.get(api.userInfo), 'E-401');
  });

  it('does not call the hook for a wrong password', async () => {
    const member = await signUpAndActivate(t.app);
    const client = await newClient(t.app);
    await client.post(api.signin, { email: member.email, password: 'wrong-pass', code: 'invite-43' });
    expect(codes.filter((c) => c.code === 'invite-43')).toEqual([]);
  });

  it('signing in again in a signed-in browser replaces its session', async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    const firstSid = a.client.sid;
    expectOk(await a.client.post(api.signin, { email: b.email, password: b.password }));
    expect(a.client.sid).not.toBe(firstSid);
    expect((expectOk(await a.client.get(api.userInfo)).user as { email: string }).email).toBe(b.email);
    expect(await sessionRows(a.user.user_id)).toEqual([]);
  });
});

describe('POST /auth/qrqrid/signout', () => {
  it('signs the browser out: userinfo answers E-401 and the session row is gone', async () => {
    const member = await signUpAndActivate(t.app);
    const { client } = member;
    const memberSid = client.sid;
    expect(await sessionRows(member.user.user_id)).toHaveLength(1);

    const body = expectOk(await client.post(api.signout));
    expect(client.sid).not.toBe(memberSid);
    expect(body.csrf_token).toBe(client.csrfToken);
    expectError(await client.get(api.userInfo), 'E-401');
    expect(await sessionRows(member.user.user_id)).toEqual([]);

    // The old cookie is worthless now, even if someone kept it.
    const stolen = await newClient(t.app);
    stolen.cookies.set('sid', memberSid ?? '');
    expectError(await stolen.get(api.userInfo), 'E-401');
    // The new guest token works for the next form.
    expectOk(await client.post(api.signin, { email: member.email, password: member.password }));
  });

  it('is not under /api', async () => {
    const member = await signUpAndActivate(t.app);
    expectError(await member.client.post(`/api${api.signout}`), 'E-404');
    expectOk(await member.client.get(api.userInfo));
  });

  it('signing out one browser leaves the other signed in', async () => {
    const member = await signUpAndActivate(t.app);
    const other = await newClient(t.app);
    expectOk(await other.post(api.signin, { email: member.email, password: member.password }));
    expectOk(await member.client.post(api.signout));
    expectOk(await other.get(api.userInfo));
  });

  it('a guest may sign out too', async () => {
    const client = await newClient(t.app);
    expectOk(await client.post(api.signout));
  });
});
