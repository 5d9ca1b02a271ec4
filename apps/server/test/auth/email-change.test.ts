import { api, paths } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { type Member, signUp, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastLinkTo, lastMailTo, type MailLink, mailsTo } from '../helpers/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const LINK_ERROR_JA = 'リンクが正しくありません。もう一度確認メールを送信してからお試しください。';

async function requestChange(
  member: Member,
  newEmail = uniqueEmail('new'),
): Promise<MailLink & { newEmail: string }> {
  expectOk(await member.client.post(api.changeEmailRequest, { new_email: newEmail }));
  return { ...(await lastLinkTo(t.app, newEmail, paths.changeEmailVerify)), newEmail };
}

const verifyBody = (link: Pick<MailLink, 'user_id' | 'confirmation_code'>) => ({
  user_id: link.user_id,
  confirmation_code: link.confirmation_code,
});

async function signInStatus(email: string, password: string): Promise<string> {
  const client = await newClient(t.app);
  return (await client.post(api.signin, { email, password })).json().status.code;
}

async function storedEmail(userId: string): Promise<string> {
  const row = await t.ctx.db.kysely
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.email;
}

describe('POST /api/auth/qrqrid/change/email/request', () => {
  it('needs a signed-in browser', async () => {
    const client = await newClient(t.app);
    expectError(await client.post(api.changeEmailRequest, { new_email: uniqueEmail() }), 'E-401');
  });

  it.each([
    ['empty', '', 'validation.email_required'],
    ['invalid', 'abc', 'validation.email_invalid'],
    ['without domain', 'a@', 'validation.email_invalid'],
  ])('rejects a new address that is %s', async (_label, new_email, rule) => {
    const member = await signUpAndActivate(t.app);
    expectError(await member.client.post(api.changeEmailRequest, { new_email }), 'E-400', {
      field: 'new_email',
      rule,
    });
  });

  it('rejects the current address with E-108', async () => {
    const member = await signUpAndActivate(t.app);
    expectError(
      await member.client.post(api.changeEmailRequest, { new_email: member.email.toUpperCase() }),
      'E-108',
      { field: 'new_email', rule: 'errors.same_email' },
    );
  });

  it("answers another user's address as any other, and mails its owner a notice, never a link", async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    const before = await mailsTo(t.app, b.email);
    expectOk(await a.client.post(api.changeEmailRequest, { new_email: b.email }));
    const after = await mailsTo(t.app, b.email);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.text_body).not.toContain('change/email/verify');
    expect(await storedEmail(a.user.user_id)).toBe(a.email);
  });

  it('mails a verification link to the new address and changes nothing yet', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestChange(member);
    const mail = await lastMailTo(t.app, link.newEmail);
    expect(mail.subject).toBe('【QRQR】新しいメールアドレスの確認');
    expect(link.url.startsWith('http://qr.test/auth/qrqrid/change/email/verify?')).toBe(true);
    expect(link.user_id).toBe(member.user.user_id);
    expect(await storedEmail(member.user.user_id)).toBe(member.email);
    expect(await signInStatus(member.email, member.password)).toBe('S-200');
  });
});

describe('POST /api/auth/qrqrid/change/email/verify', () => {
  it('changes the login address and tells the old one', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestChange(member);
    const body = expectOk(await member.client.post(api.changeEmailVerify, verifyBody(link)));
    expect(body.email).toBe(link.newEmail);

    expect(await storedEmail(member.user.user_id)).toBe(link.newEmail);
    expect((expectOk(await member.client.get(api.userInfo)).user as { email: string }).email).toBe(
      link.newEmail,
    );
    expect(await signInStatus(link.newEmail, member.password)).toBe('S-200');
    expect(await signInStatus(member.email, member.password)).toBe('E-101');

    const notice = await lastMailTo(t.app, member.email);
    expect(notice.subject).toBe('【QRQR】メールアドレスが変更されました');
    expect(notice.text_body).toContain(link.newEmail);
  });

  it('a used link cannot be used again', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestChange(member);
    expectOk(await member.client.post(api.changeEmailVerify, verifyBody(link)));
    const body = expectError(await member.client.post(api.changeEmailVerify, verifyBody(link)), 'E-104');
    expect(body.status.message).toBe(LINK_ERROR_JA);
  });

  it('rejects a wrong code and an expired link', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestChange(member);
    expectError(
      await member.client.post(api.changeEmailVerify, { ...verifyBody(link), confirmation_code: 'bad-code' }),
      'E-104',
    );
    await t.ctx.db.kysely
      .updateTable('confirmations')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', member.user.user_id)
      .where('purpose', '=', 'email_change')
      .execute();
    expectError(await member.client.post(api.changeEmailVerify, verifyBody(link)), 'E-104');
    expect(await storedEmail(member.user.user_id)).toBe(member.email);
  });

  it('a newer request replaces the older link', async () => {
    const member = await signUpAndActivate(t.app);
    const first = await requestChange(member);
    const second = await requestChange(member);
    expectError(await member.client.post(api.changeEmailVerify, verifyBody(first)), 'E-104');
    expectOk(await member.client.post(api.changeEmailVerify, verifyBody(second)));
    expect(await storedEmail(member.user.user_id)).toBe(second.newEmail);
  });

  it("user B cannot verify A's code with B's user id", async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    const link = await requestChange(a);
    expectError(
      await b.client.post(api.changeEmailVerify, {
        user_id: b.user.user_id,
        confirmation_code: link.confirmation_code,
      }),
      'E-104',
    );
    expect(await storedEmail(a.user.user_id)).toBe(a.email);
    expect(await storedEmail(b.user.user_id)).toBe(b.email);
  });

  it('rejects an activation or reset code used as an e-mail change code', async () => {
    const pending = await signUp(t.app);
    const client = await newClient(t.app);
    expectError(await client.post(api.changeEmailVerify, verifyBody(pending.link)), 'E-104');
  });

  it('fails with E-107 when someone took the address meanwhile', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestChange(member);
    await signUpAndActivate(t.app, { email: link.newEmail });
    expectError(await member.client.post(api.changeEmailVerify, verifyBody(link)), 'E-107');
    expect(await storedEmail(member.user.user_id)).toBe(member.email);
  });

  it('takes an address that only has an unfinished sign-up, which gives way', async () => {
    const member = await signUpAndActivate(t.app);
    const pending = await signUp(t.app);
    const link = await requestChange(member, pending.email);
    expectOk(await member.client.post(api.changeEmailVerify, verifyBody(link)));
    expect(await storedEmail(member.user.user_id)).toBe(pending.email);
    const fresh = await newClient(t.app);
    expectError(
      await fresh.post(api.activate, {
        ...verifyBody(pending.link),
        user_name: 'Late',
        password: 'Secret123',
      }),
      'E-102',
    );
  });

  it('answers the link error in English with lang=en', async () => {
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const body = expectError(
      await client.post(api.changeEmailVerify, { user_id: 'nobody', confirmation_code: 'nothing' }),
      'E-104',
      { locale: 'en' },
    );
    expect(body.status.message).toBe(
      'The link is incorrect. Please send a new confirmation e-mail and try again.',
    );
  });

  it.each([
    ['user_id', { user_id: '' }],
    ['confirmation_code', { confirmation_code: '' }],
  ])('rejects an empty %s', async (field, patch) => {
    const client = await newClient(t.app);
    const res = await client.post(api.changeEmailVerify, { user_id: 'u', confirmation_code: 'c', ...patch });
    const body = expectError(res, 'E-400');
    expect(body.errors?.map((e) => e.field)).toEqual([field]);
  });
});
