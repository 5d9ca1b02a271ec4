import { api, paths } from '@qrqr/shared/paths';
import type { QrListData } from '@qrqr/shared/qrcode-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestClient } from '../helpers/client';
import { expectOk } from '../helpers/expect';
import { DEFAULT_PASSWORD, uniqueEmail } from '../helpers/factories';
import { lastLinkTo } from '../helpers/mailbox';
import { createCode, guestBrowser, textCode, urlCode } from '../helpers/qrcodes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Signs up from this browser (optionally carrying its codes over) and activates from it. */
async function signUpFrom(browser: TestClient, migrate: boolean): Promise<void> {
  const email = uniqueEmail('carry');
  expectOk(await browser.post(api.signup, { email, migrate }));
  const link = await lastLinkTo(t.app, email, paths.activate);
  expectOk(
    await browser.post(api.activate, {
      user_id: link.user_id,
      confirmation_code: link.confirmation_code,
      user_name: '引継ぎ',
      company_name: '',
      password: DEFAULT_PASSWORD,
    }),
  );
}

const listOf = async (client: TestClient) =>
  expectOk(await client.get(api.qrListData)) as unknown as QrListData;

describe('carrying a guest history into a new account', () => {
  it('moves the codes of the history cookie to the member at activation', async () => {
    const browser = await guestBrowser(t.app);
    const a = await createCode(browser, urlCode({ title: 'a', analysis_type: 1 }));
    const b = await createCode(browser, textCode({ title: 'b' }));
    const stranger = await createCode(await guestBrowser(t.app), urlCode({ title: 'stranger' }));

    await signUpFrom(browser, true);

    const list = await listOf(browser);
    expect(list.qrcodes.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.history_days).toBeUndefined();
    // The codes keep their payload: a printed redirect code keeps working.
    expect(list.qrcodes.find((c) => c.id === a.id)?.payload).toBe(a.payload);
    const row = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select(['user_id', 'guest_key_hash'])
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    // The member now renames them like any of their own.
    expectOk(await browser.post(api.qrTitleUpdate, { id: a.id, title: 'renamed' }));
  });

  it('leaves the guest codes where they are without migrate', async () => {
    const browser = await guestBrowser(t.app);
    const code = await createCode(browser, urlCode());
    await signUpFrom(browser, false);
    expect((await listOf(browser)).total_count).toBe(0);
    const row = await t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select('user_id')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it('activates normally when the browser had no history', async () => {
    const browser = await guestBrowser(t.app);
    await signUpFrom(browser, true);
    expect((await listOf(browser)).total_count).toBe(0);
  });
});
