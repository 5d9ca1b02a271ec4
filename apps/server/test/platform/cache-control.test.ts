import { api, paths } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient, type TestClient } from '../helpers/client';
import { type Member, signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { createCode, urlCode } from '../helpers/qrcodes';

/** Private answers are not cacheable: every JSON answer and every page is `no-store`. */

let t: TestApp;
let member: Member;
let codeId: string;
beforeAll(async () => {
  t = await createTestApp();
  // A test-only route that declares itself public-cacheable, registered before the app is ready.
  t.app.get('/api/test/public', { config: { cacheControl: 'public, max-age=300' } }, async () => ({ ok: 1 }));
  // A test-only file answer that asks the browser to keep it privately for a while.
  t.app.get('/api/test/private-file', async (_req, reply) =>
    reply.header('cache-control', 'private, max-age=600').type('image/png').send(Buffer.from('png')),
  );
  member = await signUpAndActivate(t.app);
  codeId = (await createCode(member.client, urlCode())).id;
});
afterAll(() => t?.close());

type Call = (c: { member: TestClient; guest: TestClient }) => ReturnType<TestClient['get']>;

describe('Cache-Control: no-store on every answer that may depend on the session', () => {
  it.each<[string, Call, number]>([
    ['GET /api/session (guest)', ({ guest }) => guest.get(api.session), 200],
    ['GET /api/session (member)', ({ member }) => member.get(api.session), 200],
    ['GET userinfo', ({ member }) => member.get(api.userInfo, { xhr: true }), 200],
    ['GET userinfo signed out (E-401)', ({ guest }) => guest.get(api.userInfo, { xhr: true }), 401],
    ['GET list data', ({ member }) => member.get(api.qrListData, { xhr: true }), 200],
    ['GET news', ({ guest }) => guest.get(api.news), 200],
    ['GET health', ({ guest }) => guest.get(api.health), 200],
    ['POST create', ({ guest }) => guest.post(api.qrCreate, urlCode()), 200],
    ['POST title update', ({ member }) => member.post(api.qrTitleUpdate, { id: codeId, title: 'x' }), 200],
    ['POST sign-up', ({ guest }) => guest.post(api.signup, { email: uniqueEmail() }), 200],
    [
      'POST sign-in refused',
      ({ guest }) => guest.post(api.signin, { email: 'x@example.test', password: 'nope' }),
      401,
    ],
    ['POST without CSRF (E-403)', ({ guest }) => guest.post(api.qrCreate, urlCode(), { csrf: 'omit' }), 403],
    ['GET unknown JSON path (E-404)', ({ guest }) => guest.get('/api/nothing-here'), 404],
    ['GET the top page (HTML with the CSRF token)', ({ member }) => member.get(paths.home), 200],
    [
      'GET the list page',
      ({ member }) => member.get(paths.qrList, { headers: { accept: 'text/html' } }),
      200,
    ],
    [
      'GET an unknown page (HTML 404)',
      ({ guest }) => guest.get('/nope', { headers: { accept: 'text/html' } }),
      404,
    ],
  ])('%s', async (_label, call, status) => {
    const guest = await newClient(t.app);
    const res = await call({ member: member.client, guest });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a route that declares itself public-cacheable keeps its own header', async () => {
    const res = await (await newClient(t.app)).get('/api/test/public');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('a file answer with a private cache policy becomes private, no-store', async () => {
    const res = await (await newClient(t.app)).get('/api/test/private-file');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a download keeps its private, no-store answer', async () => {
    const res = await member.client.get(`${api.qrDownload}?qr_data_id=${codeId}&type=4`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
