import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { type Member, signInClient, signUpAndActivate } from '../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function rowsOf(userId: string) {
  const k = t.ctx.db.kysely;
  const [users, sessions, confirmations] = await Promise.all([
    k.selectFrom('users').select('id').where('id', '=', userId).execute(),
    k.selectFrom('sessions').select('id').where('user_id', '=', userId).execute(),
    k.selectFrom('confirmations').select('id').where('user_id', '=', userId).execute(),
  ]);
  return { users: users.length, sessions: sessions.length, confirmations: confirmations.length };
}

async function withOpenLinks(member: Member) {
  // A pending e-mail change and a pending reset, so there is something to delete.
  expectOk(await member.client.post(api.changeEmailRequest, { new_email: `x-${member.email}` }));
  expectOk(await (await newClient(t.app)).post(api.forgotRequest, { email: member.email }));
  // The links are issued with their mails, after the answers.
  await t.ctx.jobs.drain();
}

describe('POST /api/auth/qrqrid/unsubscribe', () => {
  it('signed out: E-401', async () => {
    const client = await newClient(t.app);
    expectError(await client.post(api.unsubscribe, { password: 'whatever1' }), 'E-401');
  });

  it.each([
    ['empty', '', 'validation.password_required'],
    ['256 chars', 'a'.repeat(256), 'validation.password_too_long'],
  ])('rejects a password that is %s', async (_label, password, rule) => {
    const member = await signUpAndActivate(t.app);
    expectError(await member.client.post(api.unsubscribe, { password }), 'E-400', {
      field: 'password',
      rule,
    });
  });

  it('rejects a wrong password with E-105 and deletes nothing', async () => {
    const member = await signUpAndActivate(t.app);
    expectError(await member.client.post(api.unsubscribe, { password: `${member.password}!` }), 'E-105', {
      field: 'password',
      rule: 'errors.wrong_password',
    });
    expect((await rowsOf(member.user.user_id)).users).toBe(1);
    expectOk(await member.client.get(api.userInfo));
  });

  it('deletes the user, the sessions and the links; the browser is a guest again', async () => {
    const member = await signUpAndActivate(t.app);
    const other = await signInClient(t.app, member.email, member.password);
    await withOpenLinks(member);
    const before = await rowsOf(member.user.user_id);
    expect(before).toEqual({ users: 1, sessions: 2, confirmations: 3 });
    const sid = member.client.sid;

    const body = expectOk(await member.client.post(api.unsubscribe, { password: member.password }));
    expect(await rowsOf(member.user.user_id)).toEqual({ users: 0, sessions: 0, confirmations: 0 });

    expect(member.client.sid).not.toBe(sid);
    expect(body.csrf_token).toBe(member.client.csrfToken);
    expectError(await member.client.get(api.userInfo), 'E-401');
    expectError(await other.get(api.userInfo), 'E-401');
    const session = expectOk(await member.client.get(api.session));
    expect(session.params).toMatchObject({ isGuest: true, userName: '' });

    const again = await newClient(t.app);
    expectError(await again.post(api.signin, { email: member.email, password: member.password }), 'E-101');
  });

  it('leaves other users alone', async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    expectOk(await b.client.post(api.unsubscribe, { password: b.password }));
    expect((await rowsOf(a.user.user_id)).users).toBe(1);
    expectOk(await a.client.get(api.userInfo));
  });

  it('the address can sign up again afterwards', async () => {
    const member = await signUpAndActivate(t.app);
    expectOk(await member.client.post(api.unsubscribe, { password: member.password }));
    const fresh = await signUpAndActivate(t.app, { email: member.email });
    expect(fresh.user.user_id).not.toBe(member.user.user_id);
  });
});
