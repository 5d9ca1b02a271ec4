import { api, paths } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { type Member, signInClient, signUp, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastLinkTo, lastMailTo, linkQuery, type MailLink, mailsTo } from '../helpers/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const checkUrl = api.forgotCheck;
const NEW_PASSWORD = 'Brand-new-42';

async function requestReset(member: Member, language?: string): Promise<MailLink> {
  const client = await newClient(t.app);
  expectOk(await client.post(api.forgotRequest, { email: member.email, language }));
  return lastLinkTo(t.app, member.email, paths.forgotReset);
}

function verifyBody(link: Pick<MailLink, 'user_id' | 'confirmation_code'>, new_password = NEW_PASSWORD) {
  return { user_id: link.user_id, confirmation_code: link.confirmation_code, new_password, language: 'ja' };
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const client = await newClient(t.app);
  const res = await client.post(api.signin, { email, password });
  if (res.statusCode === 200) return true;
  expectError(res, 'E-101');
  return false;
}

describe('POST /api/auth/qrqrid/forgot/password/request', () => {
  it.each([
    ['empty', '', 'validation.email_required'],
    ['invalid', 'a@', 'validation.email_invalid'],
  ])('rejects an e-mail address that is %s', async (_label, email, rule) => {
    const client = await newClient(t.app);
    expectError(await client.post(api.forgotRequest, { email }), 'E-400', { field: 'email', rule });
  });

  it('answers S-200 for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const client = await newClient(t.app);
    expectOk(await client.post(api.forgotRequest, { email }));
    expect(await mailsTo(t.app, email)).toEqual([]);
  });

  it('answers S-200 for a pending sign-up and sends no reset link', async () => {
    const { email } = await signUp(t.app);
    const before = await mailsTo(t.app, email);
    const client = await newClient(t.app);
    expectOk(await client.post(api.forgotRequest, { email }));
    expect(await mailsTo(t.app, email)).toHaveLength(before.length);
  });

  it('mails a reset link to a known address', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestReset(member);
    const mail = await lastMailTo(t.app, member.email);
    expect(mail.subject).toBe('【QRQR】パスワードの再設定');
    expect(link.url.startsWith('http://qr.test/auth/qrqrid/forgot/password/reset?')).toBe(true);
    expect(link.user_id).toBe(member.user.user_id);
    expect(link.confirmation_code.length).toBeGreaterThanOrEqual(20);
  });

  it('writes the mail in English when asked', async () => {
    const member = await signUpAndActivate(t.app);
    await requestReset(member, 'en');
    expect((await lastMailTo(t.app, member.email)).subject).toBe('[QRQR] Reset your password');
  });
});

describe('GET /api/auth/qrqrid/forgot/password/check', () => {
  it('accepts a good link', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestReset(member);
    const client = await newClient(t.app);
    expectOk(await client.get(`${checkUrl}?${linkQuery(link)}`));
  });

  it('rejects a wrong code, another user id, and an activation link', async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    const link = await requestReset(a);
    const pending = await signUp(t.app);
    const client = await newClient(t.app);
    for (const bad of [
      { ...link, confirmation_code: 'wrong' },
      { ...link, user_id: b.user.user_id },
      pending.link,
    ]) {
      expectError(await client.get(`${checkUrl}?${linkQuery(bad)}`), 'E-103');
    }
  });

  it('answers the spec text in English with lang=en', async () => {
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const res = await client.get(`${checkUrl}?${linkQuery({ user_id: 'a', confirmation_code: 'b' })}`);
    const body = expectError(res, 'E-103', { locale: 'en' });
    expect(body.status.message).toBe('Error. The correct link was not clicked.');
  });
});

describe('POST /api/auth/qrqrid/forgot/password/verify', () => {
  it.each([
    ['short', 'abc12', 'validation.password_rule'],
    ['empty', '', 'validation.password_required'],
    ['too long', 'a'.repeat(256), 'validation.password_too_long'],
    ['full-width', 'パスワード123', 'validation.password_rule'],
    ['with a space', 'abc 12345', 'validation.password_rule'],
  ])('rejects a new password that is %s and keeps the link', async (_label, password, rule) => {
    const member = await signUpAndActivate(t.app);
    const link = await requestReset(member);
    const client = await newClient(t.app);
    expectError(await client.post(api.forgotVerify, verifyBody(link, password)), 'E-400', {
      field: 'new_password',
      rule,
    });
    expectOk(await client.get(`${checkUrl}?${linkQuery(link)}`));
    expect(await canSignIn(member.email, member.password)).toBe(true);
  });

  it('sets the new password, uses the link up and signs every browser out', async () => {
    const member = await signUpAndActivate(t.app);
    const second = await signInClient(t.app, member.email, member.password);
    const link = await requestReset(member);

    const client = await newClient(t.app);
    expectOk(await client.post(api.forgotVerify, verifyBody(link)));

    expect(await canSignIn(member.email, member.password)).toBe(false);
    expect(await canSignIn(member.email, NEW_PASSWORD)).toBe(true);
    expectError(await member.client.get(api.userInfo), 'E-401');
    expectError(await second.get(api.userInfo), 'E-401');
    // Resetting does not sign the resetting browser in.
    expectError(await client.get(api.userInfo), 'E-401');

    // Used: neither check nor verify accepts it again.
    expectError(await client.get(`${checkUrl}?${linkQuery(link)}`), 'E-103');
    expectError(await client.post(api.forgotVerify, verifyBody(link, 'Third-pass-9')), 'E-103');
    expect(await canSignIn(member.email, NEW_PASSWORD)).toBe(true);
  });

  it('lifts a sign-in lock left by guessers', async () => {
    const member = await signUpAndActivate(t.app);
    const guesser = await newClient(t.app, '198.51.100.200');
    for (let i = 0; i < 4; i++) await guesser.post(api.signin, { email: member.email, password: 'guess-1' });
    expectError(await guesser.post(api.signin, { email: member.email, password: 'guess-1' }), 'E-109');
    const link = await requestReset(member);
    expectOk(await (await newClient(t.app)).post(api.forgotVerify, verifyBody(link)));
    expect(await canSignIn(member.email, NEW_PASSWORD)).toBe(true);
  });

  it('two verifies of one link at the same time: exactly one wins', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestReset(member);
    const [x, y] = await Promise.all([
      (await newClient(t.app)).post(api.forgotVerify, verifyBody(link, 'Racer-one-1')),
      (await newClient(t.app)).post(api.forgotVerify, verifyBody(link, 'Racer-two-2')),
    ]);
    const codes = [x.json().status.code, y.json().status.code].sort();
    expect(codes).toEqual(['E-103', 'S-200']);
    const winner = x.statusCode === 200 ? 'Racer-one-1' : 'Racer-two-2';
    const loser = x.statusCode === 200 ? 'Racer-two-2' : 'Racer-one-1';
    expect(await canSignIn(member.email, winner)).toBe(true);
    expect(await canSignIn(member.email, loser)).toBe(false);
  });

  it('rejects an expired link', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestReset(member);
    await t.ctx.db.kysely
      .updateTable('confirmations')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', member.user.user_id)
      .where('purpose', '=', 'password_reset')
      .execute();
    const client = await newClient(t.app);
    expectError(await client.get(`${checkUrl}?${linkQuery(link)}`), 'E-103');
    expectError(await client.post(api.forgotVerify, verifyBody(link)), 'E-103');
    expect(await canSignIn(member.email, member.password)).toBe(true);
  });

  it('a newer request replaces the older link', async () => {
    const member = await signUpAndActivate(t.app);
    const first = await requestReset(member);
    const second = await requestReset(member);
    const client = await newClient(t.app);
    expectError(await client.post(api.forgotVerify, verifyBody(first)), 'E-103');
    expectOk(await client.post(api.forgotVerify, verifyBody(second)));
  });

  it("cannot set another user's password with one's own link", async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    const linkA = await requestReset(a);
    const client = await newClient(t.app);
    expectError(
      await client.post(api.forgotVerify, verifyBody({ ...linkA, user_id: b.user.user_id })),
      'E-103',
    );
    expect(await canSignIn(b.email, b.password)).toBe(true);
    expect(await canSignIn(b.email, NEW_PASSWORD)).toBe(false);
  });

  it('rejects a wrong code with the English text under lang=en', async () => {
    const member = await signUpAndActivate(t.app);
    const link = await requestReset(member);
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const body = expectError(
      await client.post(
        api.forgotVerify,
        verifyBody({ ...link, confirmation_code: `${link.confirmation_code}x` }),
      ),
      'E-103',
      { locale: 'en' },
    );
    expect(body.status.message).toBe('Error. The correct link was not clicked.');
  });
});
