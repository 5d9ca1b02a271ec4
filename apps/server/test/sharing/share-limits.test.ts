import { api } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { DEFAULT_PASSWORD, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { mailsTo } from '../helpers/mailbox';
import { createCode, urlCode } from '../helpers/qrcodes';

/**
 * The share calls' own limits: SHARE_RATE_LIMIT calls a minute per address (not AUTH_RATE_LIMIT),
 * and SHARE_INVITES_PER_HOUR invitation mails per member, whatever address they call from.
 */

const emails = (n: number, tag: string) => Array.from({ length: n }, () => uniqueEmail(tag));

describe('share calls a minute per address', () => {
  it('counts share/input and the invitation look-up under SHARE_RATE_LIMIT, not AUTH_RATE_LIMIT', async () => {
    // AUTH_RATE_LIMIT=1: the one sign-up and activation fit; share calls would not if they used it.
    const t = await createTestApp({ AUTH_RATE_LIMIT: '1', SHARE_RATE_LIMIT: '2' });
    try {
      const owner = await signUpAndActivate(t.app);
      const code = await createCode(owner.client, urlCode());
      const send = () =>
        owner.client.post(api.shareInput, { id: code.id, emails: [uniqueEmail()], permissions: ['view'] });
      const first = await send();
      expectOk(first);
      expect(first.headers['x-ratelimit-limit']).toBe('2');
      expectOk(await send());
      const refused = expectError(await send(), 'E-429');
      expect(refused.status.message).toBe('リクエストが多すぎます。しばらくしてから再度お試しください。');

      const guest = await newClient(t.app, '10.0.0.7');
      const lookUp = () => guest.get(`${api.shareInvitation}?code=not-a-code`, { xhr: true });
      expectError(await lookUp(), 'E-302');
      expectError(await lookUp(), 'E-302');
      expectError(await lookUp(), 'E-429');
    } finally {
      await t.close();
    }
  });
});

describe('invitation mails an hour per member', () => {
  it('refuses a request whose addresses do not fit, whole, with Retry-After, from any address', async () => {
    const t = await createTestApp({ SHARE_INVITES_PER_HOUR: '5', SHARE_RATE_LIMIT: '100' });
    try {
      const owner = await signUpAndActivate(t.app);
      const code = await createCode(owner.client, urlCode());
      const send = (client: typeof owner.client, to: string[]) =>
        client.post(api.shareInput, { id: code.id, emails: to, permissions: ['view'] });
      const count = async () =>
        (await t.ctx.db.kysely.selectFrom('share_invitations').select('id').execute()).length;

      expect(expectOk(await send(owner.client, emails(3, 'first'))).invited).toBe(3);
      // Three more do not fit in the two left: nothing stored, nothing mailed.
      const over = emails(3, 'over');
      const res = await send(owner.client, over);
      expectError(res, 'E-429');
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(3000);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(await count()).toBe(3);
      for (const address of over) expect(await mailsTo(t.app, address)).toEqual([]);

      // Two still fit; then the member is refused from another address too, in English with lang=en.
      expectOk(await send(owner.client, emails(2, 'fits')));
      const elsewhere = await newClient(t.app, '10.0.0.8');
      elsewhere.cookies.set('lang', 'en');
      expectOk(await elsewhere.post(api.signin, { email: owner.email, password: DEFAULT_PASSWORD }));
      const body = expectError(await send(elsewhere, [uniqueEmail('late')]), 'E-429', { locale: 'en' });
      expect(body.status.message).toBe('Too many requests. Please try again after a while.');
      expect(await count()).toBe(5);

      // Another member has a budget of their own.
      const colleague = await signUpAndActivate(t.app);
      const theirs = await createCode(colleague.client, urlCode());
      expectOk(
        await colleague.client.post(api.shareInput, {
          id: theirs.id,
          emails: emails(5, 'theirs'),
          permissions: ['view'],
        }),
      );
    } finally {
      await t.close();
    }
  });
});
