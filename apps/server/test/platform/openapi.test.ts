import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSecret } from '../../src/platform/cluster/settings';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown; parameters?: unknown[] }>>;
}

describe('OpenAPI at /api/docs', () => {
  it('publishes every auth call with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    expect(doc.openapi).toMatch(/^3\./);
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        `post ${api.signup}`,
        `post ${api.signin}`,
        `post ${api.signout}`,
        `post ${api.activate}`,
        `get ${api.activateCheck}`,
        `post ${api.forgotRequest}`,
        `get ${api.forgotCheck}`,
        `post ${api.forgotVerify}`,
        `get ${api.userInfo}`,
        `post ${api.userInfo}`,
        `post ${api.changeEmailRequest}`,
        `post ${api.changeEmailVerify}`,
        `post ${api.changePassword}`,
        `post ${api.unsubscribe}`,
        `get ${api.health}`,
        `get ${api.session}`,
      ]),
    );
  });

  it('describes request bodies and query parameters from the shared schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const activate = JSON.stringify(doc.paths[api.activate]?.post?.requestBody);
    for (const field of ['user_name', 'company_name', 'user_id', 'password', 'confirmation_code']) {
      expect(activate).toContain(field);
    }
    const check = JSON.stringify(doc.paths[api.activateCheck]?.get?.parameters);
    expect(check).toContain('user_id');
    expect(check).toContain('confirmation_code');
    expect(doc.paths[api.signin]?.post?.tags).toEqual(['auth']);
  });

  it('publishes every channel call, with its body and the channel parameter', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const one = `${api.channels}/{channel}`;
    const calls: Array<[string, string]> = [
      [api.channelServiceRegister, 'post'],
      [api.industries, 'get'],
      [api.channels, 'get'],
      [api.channels, 'post'],
      [one, 'get'],
      [one, 'put'],
      [one, 'delete'],
    ];
    for (const [path, method] of calls)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['channels']);
    const create = JSON.stringify(doc.paths[api.channels]?.post?.requestBody);
    for (const field of ['channel_name', 'channel_user_type', 'industory_id', 'sub_industory_id']) {
      expect(create).toContain(field);
    }
    const update = JSON.stringify(doc.paths[one]?.put?.requestBody);
    for (const field of ['description_short', 'description_route', 'latitude', 'relation_links']) {
      expect(update).toContain(field);
    }
    expect(JSON.stringify(doc.paths[one]?.delete?.parameters)).toContain('"channel"');
    expect(JSON.stringify(doc.paths[api.channelServiceRegister]?.post?.requestBody)).toContain(
      'terms_accepted',
    );
  });

  it('serves the documentation UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('lists no development or internal routes and states nothing secret', async () => {
    const app = await createTestApp({
      NODE_ENV: 'development',
      SMTP_URL: 'smtp://mailer:hunter2-smtp@relay.internal.example:587',
      MAIL_FROM: 'QRQR <no-reply@qr.test>',
    });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
      const text = res.body;
      const doc = res.json() as OpenApi;
      expect(
        Object.keys(doc.paths).filter((p) => !/^\/(api|auth|qrcode|qrwifi|qrchannel|analytics|r)\//.test(p)),
      ).toEqual([]);
      expect(text).not.toContain('/dev/');
      for (const secret of [
        'hunter2',
        'relay.internal',
        app.ctx.config.DATA_DIR,
        app.ctx.config.sqliteFile,
        await getSecret(app.ctx.db),
        'password_hash',
        'stack',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
