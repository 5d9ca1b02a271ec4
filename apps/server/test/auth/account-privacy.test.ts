import { api } from '@qrqr/shared/paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/modules/auth/repository';
import type { Mail, Mailer } from '../../src/platform/jobs/mailer';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient, type TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastMailTo, mailsTo } from '../helpers/mailbox';

/**
 * The account forms do not reveal which addresses have accounts: sign-up, the password-reset
 * request and the e-mail change request answer alike for a known and an unknown address, and
 * before any lookup or mail (the same work on both branches: validate, queue one job).
 */

/** A mailer that holds every mail until `open()`: a request that waited for its mail would hang. */
class HeldMailer implements Mailer {
  readonly sent: Mail[] = [];
  private release!: () => void;
  private gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  async send(mail: Mail): Promise<void> {
    await this.gate;
    this.sent.push(mail);
  }

  open(): void {
    this.release();
  }

  to(address: string): Mail[] {
    return this.sent.filter((m) => m.to === address);
  }
}

/** The answer, or a failure if it waits for the held mail. */
async function answeredBeforeMail(request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the answer waited for the mail')), 3000);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('with the mail held back, every branch answers at once with one queued task', () => {
  let held: TestApp;
  let mailer: HeldMailer;
  let member: { email: string; client: TestClient };
  beforeAll(async () => {
    // Activation would need its mail, which this app holds back: the member is written directly.
    mailer = new HeldMailer();
    held = await createTestApp({}, { mailer });
    const email = uniqueEmail('held');
    await insertUser(held.ctx.db, {
      id: 'held-member-0001',
      email,
      status: 'active',
      locale: 'en',
      carry_over_key: null,
      user_name: 'Held',
      company_name: '',
      password_hash: null,
      channel_service_registered: 0,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    member = { email, client: await newClient(held.app) };
  });
  afterAll(async () => {
    mailer?.open();
    await held?.close();
  });

  it.each([
    ['sign-up', api.signup],
    ['password-reset request', api.forgotRequest],
  ])('%s: a registered and an unknown address answer alike before any mail', async (_label, url) => {
    const client = await newClient(held.app);
    const before = await held.ctx.jobs.unfinished();
    const known = await answeredBeforeMail(client.post(url, { email: member.email }));
    expect(await held.ctx.jobs.unfinished()).toBe(before + 1);
    const unknown = await answeredBeforeMail(client.post(url, { email: uniqueEmail('nobody') }));
    expect(await held.ctx.jobs.unfinished()).toBe(before + 2);
    expectOk(known);
    expectOk(unknown);
    expect(known.body).toBe(unknown.body);
    expect(mailer.to(member.email)).toHaveLength(0);
  });

  it('closing the app sends what is queued (graceful shutdown loses no mail)', async () => {
    const own = new HeldMailer();
    const app = await createTestApp({}, { mailer: own });
    const email = uniqueEmail('closing');
    expectOk(await answeredBeforeMail((await newClient(app.app)).post(api.signup, { email })));
    expect(own.to(email)).toHaveLength(0);
    const closing = app.close();
    own.open();
    await closing;
    expect(own.to(email)).toHaveLength(1);
    expect(own.to(email)[0]?.subject).toBe('【QRQR】会員登録を完了してください');
  });

  it('a failing mail is logged, not answered', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('relay down');
      },
    };
    const app = await createTestApp({}, { mailer: failing });
    try {
      const client = await newClient(app.app);
      expectOk(await client.post(api.forgotRequest, { email: uniqueEmail() }));
      expectOk(await client.post(api.signup, { email: uniqueEmail() }));
      await app.ctx.jobs.drain();
      expect(await app.ctx.jobs.unfinished('running')).toBe(0);
      // The sign-up's mail waits for its retry; the unknown address's reset sends nothing.
      expect(await app.ctx.jobs.unfinished('pending')).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('e-mail change request to an address that has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers as for any address and tells the owner of the taken address instead', async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    const free = uniqueEmail('free');
    const taken = await a.client.post(api.changeEmailRequest, { new_email: b.email });
    const open = await a.client.post(api.changeEmailRequest, { new_email: free });
    expectOk(taken);
    expect(taken.body).toBe(open.body);
    const notice = await lastMailTo(t.app, b.email);
    expect(notice.subject).toBe('【QRQR】メールアドレス変更のお申し込みがありました');
    expect(notice.text_body).toContain('http://qr.test/auth/qrqrid/signin');
    expect(notice.text_body).not.toMatch(/confirmation_code|change\/email\/verify/);
    expect(notice.text_body).not.toContain(a.email);
    // The free address got its link; nothing changed for either account.
    expect((await lastMailTo(t.app, free)).text_body).toContain('/auth/qrqrid/change/email/verify?');
    const mailsToB = await mailsTo(t.app, b.email);
    expect(mailsToB.filter((m) => m.text_body.includes('change/email/verify'))).toHaveLength(0);
  });

  it("the notice is in the owner's language", async () => {
    const a = await signUpAndActivate(t.app);
    const b = await signUpAndActivate(t.app);
    await t.ctx.db.kysely.updateTable('users').set({ locale: 'en' }).where('email', '=', b.email).execute();
    expectOk(await a.client.post(api.changeEmailRequest, { new_email: b.email }));
    expect((await lastMailTo(t.app, b.email)).subject).toBe(
      '[QRQR] Someone tried to use your e-mail address',
    );
  });

  it('still refuses the own address with E-108 (that reveals nothing)', async () => {
    const a = await signUpAndActivate(t.app);
    expectError(await a.client.post(api.changeEmailRequest, { new_email: a.email }), 'E-108', {
      field: 'new_email',
      rule: 'errors.same_email',
    });
  });
});
