import { api, paths } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountActivated, points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { DEFAULT_PASSWORD, signUp, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastLinkTo, lastMailTo, linkIn, linkQuery, mailsTo } from '../helpers/mailbox';

const ACTIVATION_ERROR_JA = 'エラーが発生しました。正しいリンクがクリックされなかったようです。';

let t: TestApp;
const activated: AccountActivated[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.registry.register(points.accountActivated, async (event) => {
    activated.push(event);
    return [];
  });
});
afterAll(() => t?.close());

const checkUrl = (link: { user_id: string; confirmation_code: string }) =>
  `${api.activateCheck}?${linkQuery(link)}`;

function activationBody(link: { user_id: string; confirmation_code: string }, patch = {}) {
  return {
    user_id: link.user_id,
    confirmation_code: link.confirmation_code,
    user_name: '山田花子',
    company_name: '山田商店',
    password: DEFAULT_PASSWORD,
    ...patch,
  };
}

async function expireLinks(userId: string) {
  await t.ctx.db.kysely
    .updateTable('confirmations')
    .set({ expires_at: Date.now() - 1000 })
    .where('user_id', '=', userId)
    .execute();
}

describe('POST /api/auth/qrqrid/signup', () => {
  it.each([
    ['empty', '', 'validation.email_required'],
    ['only spaces', '   ', 'validation.email_required'],
    ['no @', 'abc', 'validation.email_invalid'],
    ['no domain', 'a@', 'validation.email_invalid'],
    ['too long', `${'a'.repeat(250)}@example.test`, 'validation.email_invalid'],
  ])('rejects an e-mail address that is %s', async (_label, email, rule) => {
    const client = await newClient(t.app);
    const res = await client.post(api.signup, { email });
    expectError(res, 'E-400', { field: 'email', rule });
  });

  it('rejects a body without an e-mail address', async () => {
    const client = await newClient(t.app);
    expectError(await client.post(api.signup, {}), 'E-400', {
      field: 'email',
      rule: 'validation.email_required',
    });
  });

  it('answers the validation message in English with a lang=en cookie', async () => {
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const body = expectError(await client.post(api.signup, { email: 'abc' }), 'E-400', {
      field: 'email',
      rule: 'validation.email_invalid',
      locale: 'en',
    });
    expect(body.errors?.[0]?.message).toBe('Your email address is not valid');
  });

  it('mails an activation link to a new address', async () => {
    const email = uniqueEmail('new');
    const client = await newClient(t.app);
    const body = expectOk(await client.post(api.signup, { email }));
    expect(body.status.message).toBe('OK');

    const mails = await mailsTo(t.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('【QRQR】会員登録を完了してください');
    const link = linkIn(mails[0]?.text_body ?? '', paths.activate);
    expect(link.url).toMatch(
      /^http:\/\/qr\.test\/auth\/qrqrid\/activate\?user_id=[\w-]+&confirmation_code=[\w-]{20,}$/,
    );
    const user = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'status', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ id: link.user_id, status: 'pending', password_hash: null });
  });

  it('stores the address trimmed and in lower case', async () => {
    const email = uniqueEmail('case');
    const client = await newClient(t.app);
    expectOk(await client.post(api.signup, { email: `  ${email.toUpperCase()} ` }));
    expect(await mailsTo(t.app, email)).toHaveLength(1);
  });

  it('writes the mail in English when asked', async () => {
    const email = uniqueEmail('en');
    const client = await newClient(t.app);
    expectOk(await client.post(api.signup, { email, language: 'en' }));
    const mail = await lastMailTo(t.app, email);
    expect(mail.subject).toBe('[QRQR] Complete your registration');
    expect(linkIn(mail.text_body, paths.activate).user_id).not.toBe('');
  });

  it('answers the same for an active account and mails "already registered" instead of a link', async () => {
    const member = await signUpAndActivate(t.app);
    const before = await mailsTo(t.app, member.email);
    const client = await newClient(t.app);
    expectOk(await client.post(api.signup, { email: member.email }));

    const after = await mailsTo(t.app, member.email);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.subject).toBe('【QRQR】このメールアドレスは登録済みです');
    expect(after[0]?.text_body).toContain('http://qr.test/auth/qrqrid/signin');
    expect(after[0]?.text_body).toContain('http://qr.test/auth/qrqrid/forgot/password/request');
    expect(after[0]?.text_body).not.toContain(paths.activate);
    // The account is untouched: the old password still signs in.
    const again = await newClient(t.app);
    expectOk(await again.post(api.signin, { email: member.email, password: member.password }));
  });

  it('signing up twice: the newer link works and the older one no longer does', async () => {
    const { email, link: first } = await signUp(t.app);
    const { link: second } = await signUp(t.app, email);
    expect(second.user_id).toBe(first.user_id);
    expect(second.confirmation_code).not.toBe(first.confirmation_code);

    const client = await newClient(t.app);
    expectError(await client.get(checkUrl(first)), 'E-102');
    expectError(await client.post(api.activate, activationBody(first)), 'E-102');
    expectOk(await client.get(checkUrl(second)));
    expectOk(await client.post(api.activate, activationBody(second)));
  });

  it('the migrate variant carries the guest history cookie to the activation hook', async () => {
    const email = uniqueEmail('migrate');
    const client = await newClient(t.app);
    client.cookies.set('qr_history', 'guest-history-key-1');
    expectOk(await client.post(api.signup, { email, migrate: true }));
    const link = await lastLinkTo(t.app, email, paths.activate);
    const stored = await t.ctx.db.kysely
      .selectFrom('users')
      .select('carry_over_key')
      .where('id', '=', link.user_id)
      .executeTakeFirstOrThrow();
    expect(stored.carry_over_key).toBe('guest-history-key-1');

    expectOk(await client.post(api.activate, activationBody(link)));
    expect(activated.filter((e) => e.userId === link.user_id)).toEqual([
      { userId: link.user_id, carryOverKey: 'guest-history-key-1', invitationCode: null },
    ]);
    const after = await t.ctx.db.kysely
      .selectFrom('users')
      .select('carry_over_key')
      .where('id', '=', link.user_id)
      .executeTakeFirstOrThrow();
    expect(after.carry_over_key).toBeNull();
  });

  it.each([
    ['JSON without migrate', { migrate: undefined }, false],
    ['JSON migrate: false', { migrate: false }, false],
    ['form migrate=false', { migrate: 'false' }, true],
    ['form migrate=0', { migrate: '0' }, true],
  ])('does not carry the guest history over (%s)', async (_label, patch, form) => {
    const email = uniqueEmail('nomigrate');
    const client = await newClient(t.app);
    client.cookies.set('qr_history', 'guest-history-key-2');
    expectOk(await client.post(api.signup, { email, ...patch }, { form }));
    const link = await lastLinkTo(t.app, email, paths.activate);
    expectOk(await client.post(api.activate, activationBody(link)));
    expect(activated.filter((e) => e.userId === link.user_id)).toEqual([
      { userId: link.user_id, carryOverKey: null, invitationCode: null },
    ]);
  });

  it('form-encoded migrate=true carries the history over', async () => {
    const email = uniqueEmail('formmigrate');
    const client = await newClient(t.app);
    client.cookies.set('qr_history', 'guest-history-key-3');
    expectOk(await client.post(api.signup, { email, migrate: 'true' }, { form: true }));
    const link = await lastLinkTo(t.app, email, paths.activate);
    expectOk(await client.post(api.activate, activationBody(link)));
    expect(activated.find((e) => e.userId === link.user_id)?.carryOverKey).toBe('guest-history-key-3');
  });
});

describe('GET /api/auth/qrqrid/activate/check', () => {
  it('answers the address of a good link', async () => {
    const { email, link } = await signUp(t.app);
    const client = await newClient(t.app);
    const body = expectOk(await client.get(checkUrl(link)));
    expect(body.email).toBe(email);
  });

  it('rejects a wrong code with the spec text', async () => {
    const { link } = await signUp(t.app);
    const client = await newClient(t.app);
    const body = expectError(
      await client.get(checkUrl({ ...link, confirmation_code: 'wrong-code' })),
      'E-102',
    );
    expect(body.status.message).toBe(ACTIVATION_ERROR_JA);
  });

  it('rejects an unknown user id', async () => {
    const { link } = await signUp(t.app);
    const client = await newClient(t.app);
    expectError(await client.get(checkUrl({ ...link, user_id: 'nobody' })), 'E-102');
  });

  it('rejects another sign-up user id with this code', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const client = await newClient(t.app);
    expectError(
      await client.get(checkUrl({ user_id: b.link.user_id, confirmation_code: a.link.confirmation_code })),
      'E-102',
    );
  });

  it('rejects an expired link', async () => {
    const { link } = await signUp(t.app);
    await expireLinks(link.user_id);
    const client = await newClient(t.app);
    expectError(await client.get(checkUrl(link)), 'E-102');
  });

  it('answers "already active" for a used link, signed in only in the browser that activated', async () => {
    const { client, link } = await signUp(t.app);
    expectOk(await client.post(api.activate, activationBody(link)));
    const own = expectOk(await client.get(checkUrl(link)));
    expect(own).toMatchObject({ state: 'active', signed_in: true });
    expect(own.email).toBeUndefined();

    const other = await newClient(t.app);
    const body = expectOk(await other.get(checkUrl(link)));
    expect(body).toMatchObject({ state: 'active', signed_in: false });
    expect(body.email).toBeUndefined();
    // Submitting the form again still fails: a link works once.
    expectError(await other.post(api.activate, activationBody(link)), 'E-102');
  });

  it("reveals nothing about an active account for a wrong code or another user's used code", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expectOk(await a.client.post(api.activate, activationBody(a.link)));
    expectOk(await b.client.post(api.activate, activationBody(b.link)));
    const client = await newClient(t.app);
    for (const link of [
      { ...a.link, confirmation_code: 'wrong-code' },
      { user_id: a.link.user_id, confirmation_code: b.link.confirmation_code },
    ]) {
      const body = expectError(await client.get(checkUrl(link)), 'E-102');
      expect(body.status.message).toBe(ACTIVATION_ERROR_JA);
    }
  });

  it('a pending link answers its state and address', async () => {
    const { email, link } = await signUp(t.app);
    const client = await newClient(t.app);
    expect(expectOk(await client.get(checkUrl(link)))).toMatchObject({ state: 'pending', email });
  });

  it('rejects a link without its parameters', async () => {
    const client = await newClient(t.app);
    expectError(await client.get(api.activateCheck), 'E-400');
  });

  it('answers in English with Accept-Language: en', async () => {
    const client = await newClient(t.app);
    const res = await client.get(checkUrl({ user_id: 'x', confirmation_code: 'y' }), {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expectError(res, 'E-102', { locale: 'en' });
    expect(res.json().status.message).toBe('An error occurred. It seems the correct link was not clicked.');
  });
});

describe('POST /api/auth/qrqrid/activate', () => {
  it.each([
    ['user_name empty', { user_name: '' }, 'user_name', 'validation.user_name_required'],
    ['user_name spaces only', { user_name: '   ' }, 'user_name', 'validation.user_name_required'],
    ['user_name 256 chars', { user_name: 'あ'.repeat(256) }, 'user_name', 'validation.user_name_too_long'],
    [
      'company_name 256 chars',
      { company_name: 'c'.repeat(256) },
      'company_name',
      'validation.company_name_too_long',
    ],
    ['password empty', { password: '' }, 'password', 'validation.password_required'],
    ['password 5 chars', { password: 'abc12' }, 'password', 'validation.password_rule'],
    ['password 256 chars', { password: 'a'.repeat(256) }, 'password', 'validation.password_too_long'],
    ['password full-width', { password: 'パスワード123' }, 'password', 'validation.password_rule'],
    ['password full-width digits', { password: 'ａｂｃ１２３' }, 'password', 'validation.password_rule'],
    ['password with a space', { password: 'abc 12345' }, 'password', 'validation.password_rule'],
  ])('rejects %s', async (_label, patch, field, rule) => {
    const { client, link } = await signUp(t.app);
    expectError(await client.post(api.activate, activationBody(link, patch)), 'E-400', { field, rule });
    // The link is still good after a rejected form.
    expectOk(await client.get(checkUrl(link)));
  });

  it('accepts the boundaries: 255-char names, no company, 6- and 255-char passwords', async () => {
    for (const patch of [
      { user_name: 'あ'.repeat(255), company_name: 'c'.repeat(255), password: 'a'.repeat(255) },
      { user_name: 'x', company_name: '', password: 'a1!b2?' },
      { user_name: 'y', company_name: undefined, password: 'abcdef' },
    ]) {
      const { client, link } = await signUp(t.app);
      const body = expectOk(await client.post(api.activate, activationBody(link, patch)));
      expect(body.user).toMatchObject({ user_name: patch.user_name, company_name: patch.company_name ?? '' });
    }
  });

  it('activates, signs the browser in and uses the link up', async () => {
    const { client, email, link } = await signUp(t.app);
    const guestSid = client.sid;
    const body = expectOk(await client.post(api.activate, activationBody(link)));
    expect(body.user).toEqual({
      user_id: link.user_id,
      user_name: '山田花子',
      company_name: '山田商店',
      email,
    });
    expect(client.sid).not.toBe(guestSid);
    expect(body.csrf_token).toBe(client.csrfToken);

    const info = expectOk(await client.get(api.userInfo));
    expect(info.user).toEqual(body.user);
    const row = await t.ctx.db.kysely
      .selectFrom('users')
      .select('status')
      .where('id', '=', link.user_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');

    const other = await newClient(t.app);
    expectError(await other.post(api.activate, activationBody(link, { password: 'Another123' })), 'E-102');
    // The password set at activation signs in.
    expectOk(await other.post(api.signin, { email, password: DEFAULT_PASSWORD }));
  });

  it('rejects a wrong code, an expired link and another user id', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expectError(
      await a.client.post(api.activate, activationBody({ ...a.link, confirmation_code: 'nope' })),
      'E-102',
    );
    expectError(
      await b.client.post(api.activate, activationBody({ ...a.link, user_id: b.link.user_id })),
      'E-102',
    );
    await expireLinks(a.link.user_id);
    expectError(await a.client.post(api.activate, activationBody(a.link)), 'E-102');
    // Nothing was activated on the way.
    const rows = await t.ctx.db.kysely
      .selectFrom('users')
      .select('status')
      .where('id', 'in', [a.link.user_id, b.link.user_id])
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('cannot activate an account that is already active', async () => {
    const member = await signUpAndActivate(t.app);
    const { link } = await signUp(t.app); // someone else's good code
    const client = await newClient(t.app);
    expectError(
      await client.post(
        api.activate,
        activationBody({ user_id: member.user.user_id, confirmation_code: link.confirmation_code }),
      ),
      'E-102',
    );
  });
});
