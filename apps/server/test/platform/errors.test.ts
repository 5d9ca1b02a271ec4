import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/http/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError } from '../helpers/expect';
import { uniqueEmail } from '../helpers/factories';

/** The error envelope for what goes wrong outside the services: bodies, parsing, surprises. */

let t: TestApp;
const SECRET = 'connection to db-secret-host failed: password=hunter2';

beforeAll(async () => {
  t = await createTestApp();
  // Test-only routes, registered before the app is ready.
  t.app.get('/api/test/explode', async () => {
    throw new Error(SECRET);
  });
  t.app.get('/api/test/explode-async', async () => {
    await Promise.resolve();
    throw Object.assign(new TypeError(SECRET), { statusCode: undefined });
  });
  t.app.get('/api/test/conflict', async () => {
    throw new AppError('E-409');
  });
});
afterAll(() => t?.close());

describe('error envelope', () => {
  it.each(['/api/test/explode', '/api/test/explode-async'])(
    '%s: an unexpected error answers 500 E-500 and leaks nothing',
    async (url) => {
      const client = await newClient(t.app);
      const res = await client.get(url);
      const body = expectError(res, 'E-500');
      expect(body.status.message).toBe('システムエラーが発生しました。しばらくしてから再度お試しください。');
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('db-secret-host');
      expect(res.body).not.toMatch(/stack|TypeError|at .*\.ts/);
      expect(Object.keys(body).sort()).toEqual(['status']);
    },
  );

  it('answers 500 in English with Accept-Language: en', async () => {
    const client = await newClient(t.app);
    const res = await client.get('/api/test/explode', { headers: { 'accept-language': 'en' } });
    expect(expectError(res, 'E-500', { locale: 'en' }).status.message).toBe(
      'A system error has occurred. Please try again after a while.',
    );
  });

  it('an AppError answers its own code and status', async () => {
    const client = await newClient(t.app);
    expectError(await client.get('/api/test/conflict'), 'E-409');
  });

  it('a body over 1 MiB answers 413 E-413', async () => {
    const client = await newClient(t.app);
    const res = await client.post(api.signup, {
      email: uniqueEmail(),
      padding: 'x'.repeat(1024 * 1024 + 10),
    });
    expectError(res, 'E-413');
  });

  it('a body just under 1 MiB is read (and validated)', async () => {
    const client = await newClient(t.app);
    const res = await client.post(api.signup, { email: 'abc', padding: 'x'.repeat(1000 * 1000) });
    expectError(res, 'E-400', { field: 'email', rule: 'validation.email_invalid' });
  });

  it.each([
    ['malformed JSON', '{"email": '],
    ['not an object', '"just a string"'],
    ['an empty JSON body', ''],
  ])('%s answers 400 E-400', async (_label, rawJson) => {
    const client = await newClient(t.app);
    expectError(await client.post(api.signup, undefined, { rawJson }), 'E-400');
  });

  it('an unsupported content type answers 415 E-415', async () => {
    const client = await newClient(t.app);
    const res = await client.post(api.signup, undefined, {
      headers: { 'content-type': 'application/xml' },
      rawJson: `<email>${uniqueEmail()}</email>`,
    });
    expectError(res, 'E-415');
  });

  it('a wrong type for a field names the field', async () => {
    const client = await newClient(t.app);
    const res = await client.post(api.signup, { email: 12345 });
    const body = expectError(res, 'E-400');
    expect(body.errors?.map((e) => e.field)).toEqual(['email']);
  });
});
