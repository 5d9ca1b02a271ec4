import { api } from '@qrqr/shared/paths';
import { SHARE_LIMITS } from '@qrqr/shared/sharing-constants';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/expect';
import { uniqueEmail } from '../helpers/factories';
import { createCode, guestBrowser, twoMembersPerFile, urlCode } from '../helpers/qrcodes';
import { invite, shareWith } from '../helpers/sharing';

/** POST /qrcode/share/input: every sharing rule with its message, and nothing stored on a refusal. */

const s = twoMembersPerFile();

const invitationCount = async (qrId: string) =>
  (await s.t.ctx.db.kysely.selectFrom('share_invitations').select('id').where('qr_id', '=', qrId).execute())
    .length;

describe('POST /qrcode/share/input rules', () => {
  it('invites addresses with a permission set', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const body = expectOk(
      await s.owner.client.post(api.shareInput, {
        id: code.id,
        emails: [uniqueEmail('a'), uniqueEmail('b')],
        permissions: ['view', 'edit_title'],
      }),
    );
    expect(body.invited).toBe(2);
    expect(await invitationCount(code.id)).toBe(2);
  });

  it('takes the lists of a form body as one comma-separated value or repeated fields', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const one = expectOk(
      await s.owner.client.post(
        api.shareInput,
        { id: code.id, emails: uniqueEmail('form'), permissions: 'view, edit_title' },
        { form: true, csrfField: true },
      ),
    );
    expect(one.invited).toBe(1);
    const fields = new URLSearchParams([
      ['id', code.id],
      ['emails', uniqueEmail('c')],
      ['emails', uniqueEmail('d')],
      ['permissions', 'view'],
      ['permissions', 'delete_code'],
    ]);
    const raw = { contentType: 'application/x-www-form-urlencoded', payload: Buffer.from(fields.toString()) };
    expect(expectOk(await s.owner.client.post(api.shareInput, undefined, { raw })).invited).toBe(2);
    expect(await invitationCount(code.id)).toBe(3);
    expectError(
      await s.owner.client.post(
        api.shareInput,
        { id: code.id, emails: uniqueEmail('e'), permissions: 'view,admin' },
        { form: true, csrfField: true },
      ),
      'E-400',
      { field: 'permissions.1', rule: 'validation.share_permission_required' },
    );
  });

  it.each([
    ['no permission', { permissions: [] }, 'permissions', 'validation.share_permission_required'],
    [
      'permissions left out',
      { permissions: undefined },
      'permissions',
      'validation.share_permission_required',
    ],
    [
      'an unknown permission',
      { permissions: ['admin'] },
      'permissions.0',
      'validation.share_permission_required',
    ],
    ['no address', { emails: [] }, 'emails', 'validation.share_emails_required'],
    [
      'a malformed address',
      { emails: ['ok@example.test', 'not-an-address'] },
      'emails.1',
      'validation.email_invalid',
    ],
    [
      `${SHARE_LIMITS.maxAddresses + 1} addresses`,
      { emails: Array.from({ length: SHARE_LIMITS.maxAddresses + 1 }, (_, i) => `p${i}@example.test`) },
      'emails',
      'validation.share_too_many',
    ],
    [
      'the same address twice (case and spaces ignored)',
      { emails: ['dup@example.test', ' DUP@example.test '] },
      'emails.1',
      'validation.share_duplicate',
    ],
  ])('refuses %s', async (_label, patch, field, rule) => {
    const code = await createCode(s.owner.client, urlCode());
    const body = { id: code.id, emails: [uniqueEmail()], permissions: ['view'], ...patch };
    expectError(await s.owner.client.post(api.shareInput, body), 'E-400', { field, rule });
    expect(await invitationCount(code.id)).toBe(0);
  });

  it('accepts exactly 30 addresses', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const emails = Array.from(
      { length: SHARE_LIMITS.maxAddresses },
      (_, i) => `max${i}-${code.id}@example.test`,
    );
    expectOk(await s.owner.client.post(api.shareInput, { id: code.id, emails, permissions: ['view'] }));
    expect(await invitationCount(code.id)).toBe(30);
  });

  it('refuses sharing with yourself, and stores none of the other addresses', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const res = await s.owner.client.post(api.shareInput, {
      id: code.id,
      emails: [uniqueEmail(), s.owner.email.toUpperCase()],
      permissions: ['view'],
    });
    expectError(res, 'E-400', { field: 'emails.1', rule: 'validation.share_self' });
    expect(await invitationCount(code.id)).toBe(0);
  });

  it('says "is already shared" for an accepted share and for an open invitation', async () => {
    const code = await createCode(s.owner.client, urlCode());
    await shareWith(s.t.app, s.owner.client, code.id, s.other, ['view']);
    const pending = uniqueEmail('pending');
    await invite(s.owner.client, code.id, [pending], ['view']);
    const res = await s.owner.client.post(api.shareInput, {
      id: code.id,
      emails: [uniqueEmail(), s.other.email, pending],
      permissions: ['view'],
    });
    const body = expectError(res, 'E-400', { field: 'emails.1', rule: 'validation.share_already' });
    expect(body.errors).toContainEqual(
      expect.objectContaining({ field: 'emails.2', rule: 'validation.share_already' }),
    );
  });

  it('lets an expired invitation be sent again', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const email = uniqueEmail();
    await invite(s.owner.client, code.id, [email], ['view']);
    await s.t.ctx.db.kysely
      .updateTable('share_invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('qr_id', '=', code.id)
      .execute();
    await invite(s.owner.client, code.id, [email], ['view']);
    expect(await invitationCount(code.id)).toBe(1);
  });

  it('lets a recipient with add/delete users invite, but only with permissions they hold, and not the owner', async () => {
    const code = await createCode(s.owner.client, urlCode());
    await shareWith(s.t.app, s.owner.client, code.id, s.other, ['view', 'manage_users']);
    expectOk(
      await s.other.client.post(api.shareInput, {
        id: code.id,
        emails: [uniqueEmail()],
        permissions: ['view'],
      }),
    );
    expectError(
      await s.other.client.post(api.shareInput, {
        id: code.id,
        emails: [uniqueEmail()],
        permissions: ['delete_code'],
      }),
      'E-400',
      { field: 'permissions', rule: 'validation.share_permission_beyond' },
    );
    expectError(
      await s.other.client.post(api.shareInput, {
        id: code.id,
        emails: [s.owner.email],
        permissions: ['view'],
      }),
      'E-400',
      { field: 'emails.0', rule: 'validation.share_already' },
    );
  });

  it('answers in English for an English browser', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const en = { headers: { 'accept-language': 'en' } };
    const noPermission = await s.owner.client.post(
      api.shareInput,
      { id: code.id, emails: [uniqueEmail()], permissions: [] },
      en,
    );
    expect(expectError(noPermission, 'E-400', { locale: 'en' }).errors?.[0]?.message).toBe(
      'Please check permissions',
    );
    const self = await s.owner.client.post(
      api.shareInput,
      { id: code.id, emails: [s.owner.email], permissions: ['view'] },
      en,
    );
    expect(expectError(self, 'E-400', { locale: 'en' }).errors?.[0]?.message).toBe(
      'You can not share it to yourself',
    );
  });

  it('needs a signed-in member, the CSRF token, and a code the caller may manage', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const body = { id: code.id, emails: [uniqueEmail()], permissions: ['view'] };
    expectError(await (await guestBrowser(s.t.app)).post(api.shareInput, body), 'E-401');
    expectError(await s.owner.client.post(api.shareInput, body, { csrf: 'omit' }), 'E-403');
    expectError(await s.other.client.post(api.shareInput, body), 'E-404');
    expectError(await s.owner.client.post(api.shareInput, { ...body, id: 'no-such-code' }), 'E-404');
    expect(await invitationCount(code.id)).toBe(0);
  });
});
