import { userInfoAnswer } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { signInClient, signUpAndActivate } from '../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/auth/qrqrid/userinfo', () => {
  it('signed out: E-401 with the Japanese message', async () => {
    const client = await newClient(t.app);
    const body = expectError(await client.get(api.userInfo), 'E-401');
    expect(body.status.message).toBe('ログインしてください');
  });

  it('signed out in English: E-401 with the English message', async () => {
    const client = await newClient(t.app);
    const res = await client.get(api.userInfo, { headers: { 'accept-language': 'en' } });
    expect(expectError(res, 'E-401', { locale: 'en' }).status.message).toBe('Please log in');
  });

  it("answers the signed-in user's data", async () => {
    const member = await signUpAndActivate(t.app, { user_name: '鈴木一郎', company_name: '鈴木商店' });
    const body = expectAnswer(await member.client.get(api.userInfo), userInfoAnswer);
    expect(body.user).toEqual({
      user_id: member.user.user_id,
      user_name: '鈴木一郎',
      company_name: '鈴木商店',
      email: member.email,
    });
  });

  it("another user's session sees only their own data", async () => {
    const a = await signUpAndActivate(t.app, { user_name: 'A' });
    const b = await signUpAndActivate(t.app, { user_name: 'B' });
    const bodyB = expectOk(await b.client.get(api.userInfo));
    expect(bodyB.user).toMatchObject({ user_id: b.user.user_id, user_name: 'B', email: b.email });
    expect(JSON.stringify(bodyB)).not.toContain(a.email);
    // A made-up or guest sid reads nothing.
    const forged = await newClient(t.app);
    forged.cookies.set('sid', 'A'.repeat(43));
    expectError(await forged.get(api.userInfo), 'E-401');
  });
});

describe('POST /api/auth/qrqrid/userinfo', () => {
  it('signed out: E-401', async () => {
    const client = await newClient(t.app);
    expectError(await client.post(api.userInfo, { user_name: 'x', company_name: '' }), 'E-401');
  });

  it.each([
    ['user_name empty', { user_name: '' }, 'user_name', 'validation.user_name_required'],
    ['user_name spaces', { user_name: '  ' }, 'user_name', 'validation.user_name_required'],
    ['user_name missing', { user_name: undefined }, 'user_name', 'validation.user_name_required'],
    ['user_name 256 chars', { user_name: 'a'.repeat(256) }, 'user_name', 'validation.user_name_too_long'],
    [
      'company_name 256 chars',
      { company_name: '会'.repeat(256) },
      'company_name',
      'validation.company_name_too_long',
    ],
  ])('rejects %s and keeps the old values', async (_label, patch, field, rule) => {
    const member = await signUpAndActivate(t.app, { user_name: 'before', company_name: 'before-co' });
    const res = await member.client.post(api.userInfo, {
      user_name: 'after',
      company_name: 'after-co',
      ...patch,
    });
    expectError(res, 'E-400', { field, rule });
    expect(expectOk(await member.client.get(api.userInfo)).user).toMatchObject({
      user_name: 'before',
      company_name: 'before-co',
    });
  });

  it('names every failing field', async () => {
    const member = await signUpAndActivate(t.app);
    const body = expectError(
      await member.client.post(api.userInfo, { user_name: '', company_name: 'x'.repeat(256) }),
      'E-400',
    );
    expect(body.errors?.map((e) => [e.field, e.rule]).sort()).toEqual([
      ['company_name', 'validation.company_name_too_long'],
      ['user_name', 'validation.user_name_required'],
    ]);
  });

  it('saves the new values, trimmed, at the 255-character boundary', async () => {
    const member = await signUpAndActivate(t.app);
    const name = `名${'a'.repeat(254)}`;
    const body = expectOk(
      await member.client.post(api.userInfo, { user_name: ` ${name} `, company_name: 'c'.repeat(255) }),
    );
    expect(body.user).toEqual({
      user_id: member.user.user_id,
      user_name: name,
      company_name: 'c'.repeat(255),
      email: member.email,
    });
    // Persisted: another browser of the same user reads it back.
    const other = await signInClient(t.app, member.email, member.password);
    expect(expectOk(await other.get(api.userInfo)).user).toEqual(body.user);
  });

  it('clears the company name when it is empty or left out', async () => {
    const member = await signUpAndActivate(t.app, { company_name: 'old-co' });
    expectOk(await member.client.post(api.userInfo, { user_name: 'n', company_name: '' }));
    expect(
      (expectOk(await member.client.get(api.userInfo)).user as { company_name: string }).company_name,
    ).toBe('');
    expectOk(await member.client.post(api.userInfo, { user_name: 'n', company_name: 'again' }));
    expectOk(await member.client.post(api.userInfo, { user_name: 'n' }));
    expect(
      (expectOk(await member.client.get(api.userInfo)).user as { company_name: string }).company_name,
    ).toBe('');
  });

  it("changes only the caller's account", async () => {
    const a = await signUpAndActivate(t.app, { user_name: 'A-name' });
    const b = await signUpAndActivate(t.app, { user_name: 'B-name' });
    expectOk(await b.client.post(api.userInfo, { user_name: 'B-renamed', company_name: '' }));
    expect(expectOk(await a.client.get(api.userInfo)).user).toMatchObject({ user_name: 'A-name' });
    expect(expectOk(await b.client.get(api.userInfo)).user).toMatchObject({ user_name: 'B-renamed' });
  });

  it('ignores fields it does not own (e-mail, user id)', async () => {
    const member = await signUpAndActivate(t.app);
    const body = expectOk(
      await member.client.post(api.userInfo, {
        user_name: 'n',
        company_name: '',
        email: 'hijack@example.test',
        user_id: 'someone-else',
      }),
    );
    expect(body.user).toMatchObject({ user_id: member.user.user_id, email: member.email });
  });
});
