import type { PageParams } from '@qrqr/shared/page-params';
import { api, paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testDb } from '../helpers/app';
import { newClient, type TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function pageParamsIn(html: string): PageParams {
  const match = html.match(/<script id="page-params" type="application\/json">(.*?)<\/script>/s);
  if (!match?.[1]) throw new Error(`no page params in ${html}`);
  return JSON.parse(match[1]) as PageParams;
}

function csrfMetaIn(html: string): string | undefined {
  return html.match(/<meta name="csrf-token" content="([^"]*)">/)?.[1];
}

const htmlGet = (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  client.get(url, { headers: { accept: 'text/html,application/xhtml+xml', ...headers } });

describe('GET /api/health', () => {
  it('answers S-200 with the database state and dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: api.health });
    const body = expectOk(res);
    expect(body).toMatchObject({ database: 'ok', dialect: testDb });
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers 503 E-503 when the database does not answer', async () => {
    const down = vi.spyOn(t.ctx.db.kysely, 'getExecutor').mockImplementation(() => {
      throw new Error('connection refused');
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: api.health });
      expect(res.statusCode).toBe(503);
      expect(res.json().status.code).toBe('E-503');
      expect(res.body).not.toContain('connection refused');
    } finally {
      down.mockRestore();
    }
    expectOk(await t.app.inject({ method: 'GET', url: api.health }));
  });
});

describe('GET /api/session', () => {
  it('gives a guest a sid, a CSRF cookie and guest page parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: api.session });
    const body = expectOk(res);
    const sid = res.cookies.find((c) => c.name === 'sid');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(sid?.value).toMatch(/^[\w-]{20,64}$/);
    expect(sid?.httpOnly).toBe(true);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(body.params).toEqual({
      userName: '',
      isGuest: true,
      isUserRegisteredChannelService: false,
      isAccountMenuVisible: false,
      QR_CHANNEL_REGISTER_URL: '/qrchannel/register/',
      'DATAPORTAL.URL': '/dataportalinfo?source=welcomepage',
      'ANALYTICS_ABOUT.URL': '/service/about#about-services',
      REGISTER_URL: '/auth/qrqrid/signup',
      csrfToken: xsrf?.value,
      locale: 'ja',
      devMailbox: true,
      // Only the built-in pages by default: no link pretends to lead where it does not.
      footerLinks: {
        terms: '/service/terms/',
        privacy: '/service/privacy/',
        news: '/service/news/',
        about: '/service/about/',
      },
    });
  });

  it('keeps the sid of a returning browser', async () => {
    const client = await newClient(t.app);
    const sid = client.sid;
    const res = await client.get(api.session);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(client.sid).toBe(sid);
    expect(expectOk(res).params).toMatchObject({ csrfToken: client.csrfToken });
  });

  it('replaces a malformed sid cookie', async () => {
    const client = await newClient(t.app);
    client.cookies.set('sid', 'short');
    await client.get(api.session);
    expect(client.sid).not.toBe('short');
    expect(client.sid).toMatch(/^[\w-]{20,64}$/);
  });

  it('describes a signed-in member', async () => {
    const member = await signUpAndActivate(t.app, { user_name: '高橋さくら' });
    const body = expectOk(await member.client.get(api.session));
    expect(body.params).toMatchObject({
      userName: '高橋さくら',
      isGuest: false,
      isAccountMenuVisible: true,
      isUserRegisteredChannelService: false,
      csrfToken: member.client.csrfToken,
    });
  });

  it('reports the locale from the lang cookie or Accept-Language', async () => {
    const client = await newClient(t.app);
    const viaHeader = await client.get(api.session, { headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(expectOk(viaHeader).params).toMatchObject({ locale: 'en' });
    client.cookies.set('lang', 'en');
    expect(expectOk(await client.get(api.session)).params).toMatchObject({ locale: 'en' });
    client.cookies.set('lang', 'ja');
    const cookieWins = await client.get(api.session, { headers: { 'accept-language': 'en' } });
    expect(expectOk(cookieWins).params).toMatchObject({ locale: 'ja' });
  });
});

describe('HTML pages', () => {
  it.each([paths.home, paths.signin, paths.activate, paths.userInfo, `${paths.qrList}/`])(
    'serves %s with the CSRF meta tag and page parameters',
    async (url) => {
      const client = await newClient(t.app);
      const res = await htmlGet(client, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<meta name="csrf-token"');
      expect(res.body).toContain('id="page-params"');
      expect(res.body).toContain('id="app"');
      expect(csrfMetaIn(res.body)).toBe(client.csrfToken);
      expect(pageParamsIn(res.body)).toMatchObject({ isGuest: true, csrfToken: client.csrfToken });
    },
  );

  it('gives a first-time visitor a sid whose token matches the meta tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.signin, headers: { accept: 'text/html' } });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(xsrf).toBeDefined();
    expect(csrfMetaIn(res.body)).toBe(xsrf);
  });

  it("renders a member's page parameters and escapes them", async () => {
    const name = '</script><script>alert(1)</script>';
    const member = await signUpAndActivate(t.app, { user_name: name });
    const res = await htmlGet(member.client, paths.qrList);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(pageParamsIn(res.body)).toMatchObject({ userName: name, isGuest: false });
  });

  it('sets the html lang for English visitors', async () => {
    const client = await newClient(t.app);
    client.cookies.set('lang', 'en');
    const res = await htmlGet(client, paths.home);
    expect(res.body).toMatch(/<html lang="en"/);
    expect(pageParamsIn(res.body).locale).toBe('en');
  });

  // Every screen route of the product, as published (with and without the trailing slash where both are).
  const SPEC_SCREENS = [
    '/qrchannel/message',
    '/qrchannel/message/list',
    '/qrchannel/message/create',
    '/qrchannel/channel/create',
    '/qrchannel/channel/update',
    '/qrchannel/tag/list',
    '/qrchannel/sendlist/list',
    '/qrchannel/sendlist/create',
    '/qrchannel/news',
    '/qrchannel/coupon/list',
    '/qrchannel/coupon/create',
    '/qrchannel/welcomemessage',
    '/qrchannel/welcomemessage/list',
    '/qrchannel/welcomemessage/create',
    '/qrwifi/welcomepage/',
    '/qrwifi/welcomepage',
    '/qrwifi/welcomepage/list',
    '/qrwifi/welcomepage/create',
    '/qrchannel/register',
    '/qrchannel/register/',
    '/qrchannel/register/?source=channel',
    '/qrchannel/service/register',
    '/qrchannel/channel/navigate/users',
    '/auth/qrqrid/signin',
    '/auth/qrqrid/userinfo',
    '/auth/qrqrid/change/email/request',
    '/auth/qrqrid/change/password',
    '/qrcode/list',
    '/service/news',
    '/service/news/',
    '/service/terms',
    '/service/terms/',
    '/service/about/',
    '/service/about',
  ];

  it.each(SPEC_SCREENS)('answers the screen route %s with the app page and status 200', async (url) => {
    const res = await htmlGet(await newClient(t.app), url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="page-params"');
  });

  it('answers an unknown screen with the app page and status 404', async () => {
    const client = await newClient(t.app);
    const res = await htmlGet(client, '/no/such/screen');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('id="page-params"');
  });

  it('serves a screen with a parameter (the read log of one code) as the app page, 404 unless the record is visible', async () => {
    const client = await newClient(t.app);
    // The page comes back either way (it shows its not-found panel); the status says whether the
    // code is there for this browser (test/analytics/analytics.test.ts checks who sees what).
    for (const url of [qrAnalyticsPath('AbCdEfGh12345678'), `${qrAnalyticsPath('x')}/`]) {
      const res = await htmlGet(client, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('page-params');
    }
    for (const url of ['/qrcode/analytics', '/qrcode/analytics/a/b'])
      expect((await htmlGet(client, url)).statusCode, url).toBe(404);
  });

  it('sends security headers', async () => {
    const client = await newClient(t.app);
    const res = await htmlGet(client, paths.home);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('screens for clients that do not say they want HTML', () => {
  it.each([undefined, '*/*'])('serves the top page to Accept %s', async (accept) => {
    const res = await t.app.inject({ method: 'GET', url: paths.home, headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers JSON to a client that asks for JSON only, and to unknown paths', async () => {
    const json = await t.app.inject({
      method: 'GET',
      url: paths.home,
      headers: { accept: 'application/json' },
    });
    expectError(json, 'E-404');
    expectError(
      await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: '*/*' } }),
      'E-404',
    );
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET JSON', 'GET', '/api/nothing/here', 'application/json'],
    ['GET that accepts HTML', 'GET', '/api/nothing/here', 'text/html'],
  ] as const)('%s answers 404 E-404 JSON', async (_label, method, url, accept) => {
    const res = await t.app.inject({ method, url, headers: { accept } });
    expect(res.headers['content-type']).toContain('application/json');
    expectError(res, 'E-404');
  });

  it.each(['/api/nothing/here', paths.signin])('answers a POST to %s with 404 E-404 JSON', async (url) => {
    const client = await newClient(t.app);
    const res = await client.post(url, { a: 1 }, { headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).toContain('application/json');
    expectError(res, 'E-404');
  });

  it('checks CSRF before routing a state-changing call', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/nothing/here' });
    expectError(res, 'E-403');
  });
});

describe('deployment settings', () => {
  it('behind an https PUBLIC_URL the cookies are Secure and HSTS is sent', async () => {
    const tls = await createTestApp({ PUBLIC_URL: 'https://qr.example.jp' });
    try {
      const res = await tls.app.inject({ method: 'GET', url: api.session });
      for (const name of ['sid', 'XSRF-TOKEN']) {
        expect(res.cookies.find((c) => c.name === name)?.secure).toBe(true);
      }
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await tls.close();
    }
  });

  it('in production the dev mailbox does not exist', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expectError(await prod.app.inject({ method: 'GET', url: '/dev/mailbox.json' }), 'E-404');
      const session = expectOk(await prod.app.inject({ method: 'GET', url: api.session }));
      expect(session.params).toMatchObject({ devMailbox: false });
    } finally {
      await prod.close();
    }
  });

  it('outside production the dev mailbox lists the outbox as HTML too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Dev mailbox');
  });
});

describe('footer links in the page parameters', () => {
  it('lead to the built-in privacy policy, a page of its own, unless the operator names theirs', async () => {
    const app = await createTestApp({ FOOTER_PRIVACY_URL: 'https://shop.example/privacy' });
    try {
      const client = await newClient(app.app);
      const params = expectOk(await client.get(api.session)).params as PageParams;
      expect(params.footerLinks.privacy).toBe('https://shop.example/privacy');
      const page = await app.app.inject({
        method: 'GET',
        url: '/service/privacy/',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('carry the configured links and leave out empty ones', async () => {
    const app = await createTestApp({
      FOOTER_COMPANY_URL: 'https://shop.example/company',
      FOOTER_INQUIRY_URL: 'mailto:info@shop.example',
      FOOTER_BLOG_URL: '',
    });
    try {
      const client = await newClient(app.app);
      const params = expectOk(await client.get(api.session)).params as PageParams;
      expect(params.footerLinks).toEqual({
        company: 'https://shop.example/company',
        terms: '/service/terms/',
        privacy: '/service/privacy/',
        news: '/service/news/',
        about: '/service/about/',
        inquiry: 'mailto:info@shop.example',
      });
    } finally {
      await app.close();
    }
  });
});
