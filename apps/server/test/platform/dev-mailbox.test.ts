import { api, paths } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { uniqueEmail } from '../helpers/factories';
import { mailsTo } from '../helpers/mailbox';

/**
 * The development mailbox shows password-reset links, so it answers only a browser on the
 * server's machine (TCP peer on loopback), never behind a proxy, never in production.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development' });
});
afterAll(() => t?.close());

const get = (app: TestApp['app'], url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress, headers });

describe('/dev/mailbox', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'answers the loopback peer %s',
    async (peer) => {
      expect((await get(t.app, '/dev/mailbox.json', peer)).statusCode).toBe(200);
      expect((await get(t.app, '/dev/mailbox', peer)).statusCode).toBe(200);
    },
  );

  it.each(['203.0.113.5', '192.168.1.20', '10.0.0.1', '::ffff:192.0.2.1', '2001:db8::1', '128.0.0.1'])(
    'is an unknown path for the peer %s, whatever the headers say',
    async (peer) => {
      const spoof = { 'x-forwarded-for': '127.0.0.1', host: 'localhost' };
      expectError(await get(t.app, '/dev/mailbox.json', peer, spoof), 'E-404');
      const page = await get(t.app, '/dev/mailbox', peer, { ...spoof, accept: 'text/html' });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Dev mailbox');
    },
  );

  it('a stranger who asks for a reset learns nothing from the mailbox', async () => {
    const stranger = await newClient(t.app, '198.51.100.7');
    const email = uniqueEmail();
    expectOk(await stranger.post(api.signup, { email }));
    expectError(await stranger.get('/dev/mailbox.json'), 'E-404');
    // The mail was kept: the machine's own browser still reads it.
    await expect.poll(async () => (await mailsTo(t.app, email)).length).toBe(1);
  });

  it('tells the web app whether the mailbox answers this browser', async () => {
    const local = expectOk(await (await newClient(t.app, '127.0.0.1')).get(api.session));
    expect(local.params).toMatchObject({ devMailbox: true });
    const remote = expectOk(await (await newClient(t.app, '203.0.113.5')).get(api.session));
    expect(remote.params).toMatchObject({ devMailbox: false });
    const page = await get(t.app, paths.signupSent, '203.0.113.5', { accept: 'text/html' });
    expect(page.body).toContain('"devMailbox":false');
  });

  it.each([
    ['behind a proxy (TRUST_PROXY)', { TRUST_PROXY: '1' }],
    ['behind named proxies (TRUST_PROXY)', { TRUST_PROXY: '10.0.0.5' }],
    ['in production', { NODE_ENV: 'production' }],
  ])('does not exist %s, even for loopback', async (_label, env) => {
    const other = await createTestApp(env);
    try {
      expectError(await get(other.app, '/dev/mailbox.json', '127.0.0.1'), 'E-404');
      const session = expectOk(await get(other.app, api.session, '127.0.0.1'));
      expect(session.params).toMatchObject({ devMailbox: false });
    } finally {
      await other.close();
    }
  });
});
