import { api, paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import {
  type ShareMessageDto,
  shareInvitationSchema,
  shareMessageSchema,
} from '@qrqr/shared/sharing-schemas';
import { describe, expect, it } from 'vitest';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { DEFAULT_PASSWORD, signInClient, signUp, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastMailTo, linkIn } from '../helpers/mailbox';
import { createCode, twoMembersPerFile, urlCode } from '../helpers/qrcodes';
import { invitationCodeFor, invite, shareWith } from '../helpers/sharing';

/** The invitation mail, sign-in with its code (accept or mismatch), the sign-up path and release. */

const s = twoMembersPerFile();

async function sharedTab(client: Awaited<ReturnType<typeof newClient>>): Promise<QrCodeDto[]> {
  return expectOk(await client.get(`${api.qrListData}?type=share`, { xhr: true })).qrcodes as QrCodeDto[];
}

describe('the invitation mail', () => {
  it('goes to a member in their language with a one-time sign-in link carrying the code', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: '春のメニュー' }));
    await invite(s.owner.client, code.id, [s.other.email], ['view', 'edit_title']);
    const mail = await lastMailTo(s.t.app, s.other.email);
    expect(mail.subject).toBe('【QRQR】テスト太郎さんからQRコードのアクセスログが共有されました');
    expect(mail.text_body).toContain('「春のメニュー」のアクセスログ');
    expect(mail.text_body).toContain('できること: アクセスログの閲覧、タイトルの編集');
    expect(mail.text_body).toContain('このメールアドレスでログイン');
    expect(mail.text_body).toMatch(new RegExp(`http://qr\\.test${paths.signin}\\?code=[A-Za-z0-9_-]{20,}`));
    // Only a hash of the code is stored.
    const rows = await s.t.ctx.db.kysely.selectFrom('share_invitations').select('code_hash').execute();
    const raw = await invitationCodeFor(s.t.app, s.other.email);
    expect(rows.map((r) => r.code_hash)).not.toContain(raw);
  });

  it("is in English for an English member, and in the inviter's language for an address without an account", async () => {
    const english = await signUpAndActivate(s.t.app);
    await s.t.ctx.db.kysely
      .updateTable('users')
      .set({ locale: 'en' })
      .where('id', '=', english.user.user_id)
      .execute();
    const code = await createCode(s.owner.client, urlCode({ title: 'Menu' }));
    await invite(s.owner.client, code.id, [english.email], ['view']);
    const en = await lastMailTo(s.t.app, english.email);
    expect(en.subject).toBe('[QRQR] テスト太郎 shared the read log of a QR code with you');
    expect(en.text_body).toContain('You may: view the read log.');
    expect(en.text_body).toContain('log in with this e-mail address');

    const stranger = uniqueEmail('stranger');
    const res = await s.owner.client.post(
      api.shareInput,
      { id: code.id, emails: [stranger], permissions: ['view'] },
      { headers: { 'accept-language': 'en' } },
    );
    expectOk(res);
    const mail = await lastMailTo(s.t.app, stranger);
    expect(mail.text_body).toContain('You do not have a QRQR account yet');
    expect(mail.text_body).toContain('register with this e-mail address');
  });
});

describe('sign-in with the invitation code', () => {
  it('describes the invitation for the sign-in page', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: '店頭POP' }));
    const invitee = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [invitee.email], ['view']);
    const raw = await invitationCodeFor(s.t.app, invitee.email);
    const guest = await newClient(s.t.app);
    const body = expectAnswer(
      await guest.get(`${api.shareInvitation}?code=${encodeURIComponent(raw)}`, { xhr: true }),
      shareInvitationSchema,
    );
    expect(body).toMatchObject({
      qr_id: code.id,
      email: invitee.email,
      inviter_name: 'テスト太郎',
      title: '店頭POP',
      has_account: true,
      viewer: 'guest',
    });
    expectError(await guest.get(`${api.shareInvitation}?code=wrong`, { xhr: true }), 'E-302');
  });

  it('tells a signed-in browser whether it is the invited account, and never shows another account the address', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: '店頭POP' }));
    const invitee = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [invitee.email], ['view']);
    const raw = await invitationCodeFor(s.t.app, invitee.email);
    const url = `${api.shareInvitation}?code=${encodeURIComponent(raw)}`;
    const mine = await invitee.client.get(url, { xhr: true });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(expectOk(mine)).toMatchObject({ email: invitee.email, viewer: 'invitee', has_account: true });
    // Another account (a forwarded mail) learns only that it is not the invited one: the page shows
    // the mismatch message at once, without the invited address or whether it has an account.
    const other = expectOk(await s.other.client.get(url, { xhr: true }));
    expect(other).toMatchObject({ viewer: 'other', email: '', has_account: false, title: '店頭POP' });
    expect(JSON.stringify(other)).not.toContain(invitee.email);
    // Nothing was accepted by looking.
    expectError(await s.other.client.post(api.shareAccept, { code: raw }), 'E-106');
    expectOk(await invitee.client.post(api.shareAccept, { code: raw }));
  });

  it('accepts the invitation: the code is in the shared tab with its permissions, and the code works once', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const invitee = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [invitee.email], ['view', 'delete_code']);
    const raw = await invitationCodeFor(s.t.app, invitee.email);
    const browser = await newClient(s.t.app);
    expectOk(await browser.post(api.signin, { email: invitee.email, password: DEFAULT_PASSWORD, code: raw }));
    expect(await sharedTab(browser)).toEqual([
      expect.objectContaining({
        id: code.id,
        is_owner: false,
        owner_name: 'テスト太郎',
        permissions: ['view', 'delete_code'],
      }),
    ]);
    // Used: a second sign-in with it is refused, and does not sign in.
    const again = await newClient(s.t.app);
    expectError(
      await again.post(api.signin, { email: invitee.email, password: DEFAULT_PASSWORD, code: raw }),
      'E-302',
    );
  });

  it('refuses with the mismatch message when another account signs in with the code, and keeps the invitation', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const invitee = await signUpAndActivate(s.t.app);
    const wrong = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [invitee.email], ['view']);
    const raw = await invitationCodeFor(s.t.app, invitee.email);
    const browser = await newClient(s.t.app);
    const res = await browser.post(
      api.signin,
      { email: wrong.email, password: DEFAULT_PASSWORD, code: raw },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    const body = expectError(res, 'E-106', { locale: 'en' });
    expect(body.status.message).toBe(
      'The invited account and the logged-in account differ. Log in with another account or contact the person who invited you.',
    );
    // Not signed in as the wrong account, and the invitee can still accept.
    expectError(await browser.get(`${api.shareMessage}${code.id}`, { xhr: true }), 'E-401');
    expectOk(await browser.post(api.signin, { email: invitee.email, password: DEFAULT_PASSWORD, code: raw }));
    expect((await sharedTab(browser)).map((r) => r.id)).toEqual([code.id]);
  });

  it('accepts for a member already signed in, or answers the mismatch for another signed-in account', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const invitee = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [invitee.email], ['view']);
    const raw = await invitationCodeFor(s.t.app, invitee.email);
    expectError(await s.other.client.post(api.shareAccept, { code: raw }), 'E-106');
    expectError(await s.other.client.post(api.shareAccept, { code: raw }, { csrf: 'omit' }), 'E-403');
    expectError(await (await newClient(s.t.app)).post(api.shareAccept, { code: raw }), 'E-401');
    expect(expectOk(await invitee.client.post(api.shareAccept, { code: raw })).qr_id).toBe(code.id);
    expect(qrAnalyticsPath(code.id)).toBe(`/qrcode/analytics/${code.id}`);
  });

  it('refuses an expired invitation', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const invitee = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [invitee.email], ['view']);
    const raw = await invitationCodeFor(s.t.app, invitee.email);
    await s.t.ctx.db.kysely
      .updateTable('share_invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('qr_id', '=', code.id)
      .execute();
    expectError(await invitee.client.post(api.shareAccept, { code: raw }), 'E-302');
  });
});

describe('an invitee without an account', () => {
  it('signs up with the invited address; activation accepts the invitation and names its read log', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: '新規の方へ' }));
    const email = uniqueEmail('newcomer');
    await invite(s.owner.client, code.id, [email], ['view']);
    const raw = await invitationCodeFor(s.t.app, email);
    const guest = await newClient(s.t.app);
    expect(
      expectOk(await guest.get(`${api.shareInvitation}?code=${encodeURIComponent(raw)}`, { xhr: true }))
        .has_account,
    ).toBe(false);

    const { link } = await signUp(s.t.app, email);
    // The activation link opened in another browser: the server, not a cookie, knows where to land.
    const elsewhere = await newClient(s.t.app);
    const activated = expectOk(
      await elsewhere.post(api.activate, {
        user_id: link.user_id,
        confirmation_code: link.confirmation_code,
        user_name: '新人',
        password: DEFAULT_PASSWORD,
      }),
    );
    expect(activated.next).toBe(qrAnalyticsPath(code.id));
    expect((await sharedTab(elsewhere)).map((r) => r.id)).toEqual([code.id]);
    // The link then works as "already yours": accepting again is a used code.
    expectError(await elsewhere.post(api.shareAccept, { code: raw }), 'E-302');
  });

  it('lands on the newest of several invitations; an activation without one names no screen', async () => {
    const older = await createCode(s.owner.client, urlCode({ title: '古い招待' }));
    const newer = await createCode(s.owner.client, urlCode({ title: '新しい招待' }));
    const email = uniqueEmail('twice');
    await invite(s.owner.client, older.id, [email], ['view']);
    await invite(s.owner.client, newer.id, [email], ['view', 'edit_title']);
    const { client, link } = await signUp(s.t.app, email);
    const body = { confirmation_code: link.confirmation_code, user_name: '二件', password: DEFAULT_PASSWORD };
    const activated = expectOk(await client.post(api.activate, { user_id: link.user_id, ...body }));
    expect(activated.next).toBe(qrAnalyticsPath(newer.id));
    expect((await sharedTab(client)).map((r) => r.id).sort()).toEqual([older.id, newer.id].sort());

    const plain = await signUp(s.t.app, uniqueEmail('plain'));
    const answer = expectOk(
      await plain.client.post(api.activate, {
        user_id: plain.link.user_id,
        confirmation_code: plain.link.confirmation_code,
        user_name: '招待なし',
        password: DEFAULT_PASSWORD,
      }),
    );
    expect(answer).not.toHaveProperty('next');
  });
});

describe('an invitee with several open invitations', () => {
  // Two invitations to one address without an account: A, then B (two mails).
  async function invitedTwice(label: string) {
    const older = await createCode(s.owner.client, urlCode({ title: `${label} A` }));
    const newer = await createCode(s.owner.client, urlCode({ title: `${label} B` }));
    const email = uniqueEmail(label);
    await invite(s.owner.client, older.id, [email], ['view']);
    const olderCode = await invitationCodeFor(s.t.app, email);
    await invite(s.owner.client, newer.id, [email], ['view', 'edit_title']);
    const newerCode = await invitationCodeFor(s.t.app, email);
    return { older, newer, email, olderCode, newerCode };
  }

  /** Signs up as the sign-up page does after an invitation link, and activates from the mail. */
  async function signUpFromLink(email: string, code: string | undefined) {
    const browser = await newClient(s.t.app);
    expectOk(await browser.post(api.signup, { email, ...(code === undefined ? {} : { code }) }));
    const mail = await lastMailTo(s.t.app, email);
    const url = new URL(linkIn(mail.text_body, paths.activate).url);
    // Another browser, as from a phone's mail app: everything it knows is in the link.
    const elsewhere = await newClient(s.t.app);
    const activated = expectOk(
      await elsewhere.post(api.activate, {
        user_id: url.searchParams.get('user_id'),
        confirmation_code: url.searchParams.get('confirmation_code'),
        ...(url.searchParams.has('invitation_code')
          ? { invitation_code: url.searchParams.get('invitation_code') }
          : {}),
        user_name: '二件',
        password: DEFAULT_PASSWORD,
      }),
    );
    return { url, next: activated.next, client: elsewhere };
  }

  it.each([
    ['older', 'olderCode', 'older'],
    ['newer', 'newerCode', 'newer'],
  ] as const)(
    'lands on the invitation whose link was used (%s), accepting both',
    async (label, codeKey, landKey) => {
      const invited = await invitedTwice(`link-${label}`);
      const { url, next, client } = await signUpFromLink(invited.email, invited[codeKey]);
      expect(url.searchParams.get('invitation_code')).toBe(invited[codeKey]);
      expect(next).toBe(qrAnalyticsPath(invited[landKey].id));
      expect((await sharedTab(client)).map((r) => r.id).sort()).toEqual(
        [invited.older.id, invited.newer.id].sort(),
      );
    },
  );

  it("ignores a code that is no open invitation to this address: another's, a withdrawn one, a made-up one", async () => {
    const someoneElse = uniqueEmail('elsewhere');
    const theirs = await createCode(s.owner.client, urlCode({ title: '他の人の招待' }));
    await invite(s.owner.client, theirs.id, [someoneElse], ['view']);
    const theirCode = await invitationCodeFor(s.t.app, someoneElse);

    const invited = await invitedTwice('foreign');
    const foreign = await signUpFromLink(invited.email, theirCode);
    expect(foreign.next).toBe(qrAnalyticsPath(invited.newer.id));
    // The other address's invitation is untouched: still open, not shared with this account.
    expect((await sharedTab(foreign.client)).map((r) => r.id)).not.toContain(theirs.id);
    const guest = await newClient(s.t.app);
    expectOk(await guest.get(`${api.shareInvitation}?code=${encodeURIComponent(theirCode)}`, { xhr: true }));

    const withdrawn = await invitedTwice('withdrawn');
    await s.t.ctx.db.kysely.deleteFrom('share_invitations').where('qr_id', '=', withdrawn.older.id).execute();
    expect((await signUpFromLink(withdrawn.email, withdrawn.olderCode)).next).toBe(
      qrAnalyticsPath(withdrawn.newer.id),
    );

    const madeUp = await invitedTwice('madeup');
    const wrong = await signUpFromLink(madeUp.email, 'not-an-invitation');
    expect(wrong.next).toBe(qrAnalyticsPath(madeUp.newer.id));

    // Not of the shape of a code: it never reaches the activation link.
    const odd = await invitedTwice('odd');
    const strange = await signUpFromLink(odd.email, 'a b&c=<d>');
    expect(strange.url.searchParams.has('invitation_code')).toBe(false);
    expect(strange.next).toBe(qrAnalyticsPath(odd.newer.id));
  });
});

describe('who has access, and releasing it', () => {
  it('shows the owner everyone (accepted and invited); a view-only recipient only themselves', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: '一覧' }));
    const viewer = await signUpAndActivate(s.t.app, { user_name: '閲覧者' });
    await shareWith(s.t.app, s.owner.client, code.id, viewer, ['view']);
    const pending = uniqueEmail('pending');
    await invite(s.owner.client, code.id, [pending], ['view', 'edit_title']);

    const own = expectAnswer(
      await s.owner.client.get(`${api.shareMessage}${code.id}`, { xhr: true }),
      shareMessageSchema,
    );
    expect(own).toMatchObject({ qr_id: code.id, title: '一覧', is_owner: true, owner_name: 'テスト太郎' });
    expect(own.permissions).toEqual(['view', 'edit_title', 'delete_code', 'manage_users']);
    expect(own.shares).toEqual([
      expect.objectContaining({
        uid: viewer.user.user_id,
        email: viewer.email,
        user_name: '閲覧者',
        state: 'accepted',
        permissions: ['view'],
      }),
      expect.objectContaining({ email: pending, state: 'invited', permissions: ['view', 'edit_title'] }),
    ]);

    const theirs = expectOk(
      await viewer.client.get(`${api.shareMessage}${code.id}`, { xhr: true }),
    ) as unknown as ShareMessageDto;
    expect(theirs).toMatchObject({ is_owner: false, permissions: ['view'] });
    expect(theirs.shares.map((e) => e.uid)).toEqual([viewer.user.user_id]);
  });

  it('lets the owner revoke a share and withdraw an invitation', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const viewer = await signUpAndActivate(s.t.app);
    await shareWith(s.t.app, s.owner.client, code.id, viewer, ['view']);
    const pending = await signUpAndActivate(s.t.app);
    await invite(s.owner.client, code.id, [pending.email], ['view']);
    const raw = await invitationCodeFor(s.t.app, pending.email);

    const release = (uid: string, options: { csrf?: 'omit' } = {}) =>
      s.owner.client.get(`${api.shareDelete}?qrid=${code.id}&uid=${encodeURIComponent(uid)}`, {
        xhr: options.csrf === undefined,
      });
    expectError(await release(viewer.user.user_id, { csrf: 'omit' }), 'E-403');
    expectOk(await release(viewer.user.user_id));
    expectError(await viewer.client.get(`${api.shareMessage}${code.id}`, { xhr: true }), 'E-404');
    expect(await sharedTab(viewer.client)).toEqual([]);

    const listed = expectOk(
      await s.owner.client.get(`${api.shareMessage}${code.id}`, { xhr: true }),
    ) as unknown as ShareMessageDto;
    const invitation = listed.shares.find((e) => e.state === 'invited');
    expectOk(await release(invitation?.uid ?? ''));
    expectError(await pending.client.post(api.shareAccept, { code: raw }), 'E-302');
    expectError(await release('invitation:999999'), 'E-404');
    expectError(await release(s.other.user.user_id), 'E-404');
  });

  it('lets a recipient leave, and a share disappears with its code', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const viewer = await signUpAndActivate(s.t.app);
    await shareWith(s.t.app, s.owner.client, code.id, viewer, ['view']);
    expectOk(
      await viewer.client.get(`${api.shareDelete}?qrid=${code.id}&uid=${viewer.user.user_id}`, { xhr: true }),
    );
    expect(await sharedTab(viewer.client)).toEqual([]);

    const second = await createCode(s.owner.client, urlCode());
    await shareWith(s.t.app, s.owner.client, second.id, viewer, ['view']);
    expectOk(await s.owner.client.get(`${api.qrDelete}?id=${second.id}`, { xhr: true }));
    const rows = await s.t.ctx.db.kysely
      .selectFrom('qr_shares')
      .select('qr_id')
      .where('qr_id', '=', second.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("another member's sign-in is unaffected by a stray code field of an unknown invitation", async () => {
    expectError(
      await (await newClient(s.t.app)).post(api.signin, {
        email: s.other.email,
        password: DEFAULT_PASSWORD,
        code: 'nope',
      }),
      'E-302',
    );
    await signInClient(s.t.app, s.other.email, DEFAULT_PASSWORD);
  });
});
