import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signInClient, signUpAndActivate } from '../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'Changed-pass-1';

async function signInCode(email: string, password: string): Promise<string> {
  const client = await newClient(t.app);
  return (await client.post(api.signin, { email, password })).json().status.code;
}

describe('POST /api/auth/qrqrid/change/password', () => {
  it('signed out: E-401', async () => {
    const client = await newClient(t.app);
    expectError(
      await client.post(api.changePassword, { current_password: 'whatever1', new_password: NEW_PASSWORD }),
      'E-401',
    );
  });

  it.each([
    ['current empty', { current_password: '' }, 'current_password', 'validation.password_required'],
    ['new empty', { new_password: '' }, 'new_password', 'validation.password_required'],
    ['new 5 chars', { new_password: 'abc12' }, 'new_password', 'validation.password_rule'],
    ['new 256 chars', { new_password: 'a'.repeat(256) }, 'new_password', 'validation.password_too_long'],
    ['new full-width', { new_password: 'パスワード123' }, 'new_password', 'validation.password_rule'],
    ['new with a space', { new_password: 'abc 12345' }, 'new_password', 'validation.password_rule'],
  ])('rejects %s', async (_label, patch, field, rule) => {
    const member = await signUpAndActivate(t.app);
    const res = await member.client.post(api.changePassword, {
      current_password: member.password,
      new_password: NEW_PASSWORD,
      ...patch,
    });
    expectError(res, 'E-400', { field, rule });
    expect(await signInCode(member.email, member.password)).toBe('S-200');
  });

  it('rejects a wrong current password with E-105 on current_password', async () => {
    const member = await signUpAndActivate(t.app);
    const body = expectError(
      await member.client.post(api.changePassword, {
        current_password: `${member.password}-wrong`,
        new_password: NEW_PASSWORD,
      }),
      'E-105',
      { field: 'current_password', rule: 'errors.wrong_password' },
    );
    expect(body.status.message).toBe('現在のパスワードが正しくありません');
    expect(await signInCode(member.email, member.password)).toBe('S-200');
    expect(await signInCode(member.email, NEW_PASSWORD)).toBe('E-101');
  });

  it('changes the password; this browser stays in, the other browsers are signed out', async () => {
    const member = await signUpAndActivate(t.app);
    const other = await signInClient(t.app, member.email, member.password);
    const sidBefore = member.client.sid;

    expectOk(
      await member.client.post(api.changePassword, {
        current_password: member.password,
        new_password: NEW_PASSWORD,
      }),
    );

    expectOk(await member.client.get(api.userInfo));
    expect(member.client.sid).toBe(sidBefore);
    expectError(await other.get(api.userInfo), 'E-401');
    expect(await signInCode(member.email, NEW_PASSWORD)).toBe('S-200');
    expect(await signInCode(member.email, member.password)).toBe('E-101');
  });

  it("changes only the caller's password", async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app, { password: a.password });
    expectOk(
      await b.client.post(api.changePassword, { current_password: b.password, new_password: NEW_PASSWORD }),
    );
    expect(await signInCode(a.email, a.password)).toBe('S-200');
    expectOk(await a.client.get(api.userInfo));
  });
});
