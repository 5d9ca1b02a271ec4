import type { AddressInfo } from 'node:net';
import { api, paths } from '@qrqr/shared/paths';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectOk } from '../helpers/expect';
import { DEFAULT_PASSWORD, uniqueEmail } from '../helpers/factories';
import { linkIn, mailsTo } from '../helpers/mailbox';

/** With SMTP_URL the mail really leaves through SMTP: a sink in this process receives it. */

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
}

let t: TestApp;
let server: SMTPServer;
const received: Received[] = [];
const waiting: Array<() => void> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'QRQR <no-reply@qr.test>' });
  // The job runner as main.ts starts it: a sign-up wakes it, so its mail leaves without a poll.
  t.ctx.jobs.start();
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function mailFor(address: string): Promise<Received> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = received.find((r) => r.envelopeTo.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no SMTP mail for ${address}`);
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

describe('mail through SMTP', () => {
  it('sends the activation mail to the relay; its link activates the account', async () => {
    const email = uniqueEmail('smtp');
    const client = await newClient(t.app);
    expectOk(await client.post(api.signup, { email }));

    const { envelopeFrom, mail } = await mailFor(email);
    expect(envelopeFrom).toBe('no-reply@qr.test');
    expect(mail.from?.text).toContain('no-reply@qr.test');
    expect(mail.subject).toBe('【QRQR】会員登録を完了してください');
    expect(mail.text).toContain('QRQRにご登録いただきありがとうございます');

    const link = linkIn(mail.text ?? '', paths.activate);
    expect(link.url.startsWith('http://qr.test/auth/qrqrid/activate?')).toBe(true);
    const body = expectOk(
      await client.post(api.activate, {
        user_id: link.user_id,
        confirmation_code: link.confirmation_code,
        user_name: 'SMTP太郎',
        company_name: '',
        password: DEFAULT_PASSWORD,
      }),
    );
    expect(body.user).toMatchObject({ email, user_name: 'SMTP太郎' });
    expectOk(await client.get(api.userInfo));
  });

  it('keeps nothing in the outbox when SMTP is configured', async () => {
    const email = uniqueEmail('smtp-outbox');
    const client = await newClient(t.app);
    expectOk(await client.post(api.signup, { email }));
    await mailFor(email);
    expect(await mailsTo(t.app, email)).toEqual([]);
  });
});
