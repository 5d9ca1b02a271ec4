import { api } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError } from '../helpers/expect';
import { uniqueEmail } from '../helpers/factories';

/**
 * Behind a proxy, a client may write its own X-Forwarded-For; the proxy appends the address it
 * saw. TRUST_PROXY names the proxy (a hop count or its addresses), so the limit counts that
 * appended address and a forged one gains nothing.
 */

const PROXY = '10.9.0.1';

describe.each([
  ['a hop count', '1'],
  ["the proxy's address", PROXY],
  ["the proxy's range", '10.9.0.0/16'],
])('TRUST_PROXY as %s', (_name, trust) => {
  it('limits a client that forges a new X-Forwarded-For on every request', async () => {
    const t = await createTestApp({ TRUST_PROXY: trust, SIGNIN_RATE_LIMIT: '3' });
    try {
      const viaProxy = await newClient(t.app, PROXY);
      const signIn = (forged: string, client: string) =>
        viaProxy.post(
          api.signin,
          { email: uniqueEmail('guess'), password: 'guess-123' },
          { headers: { 'x-forwarded-for': `${forged}, ${client}` } },
        );
      for (let i = 1; i <= 3; i++) expectError(await signIn(`198.51.100.${i}`, '203.0.113.7'), 'E-101');
      const res = await signIn('198.51.100.99', '203.0.113.7');
      expectError(res, 'E-429');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another client behind the same proxy has its own count.
      expectError(await signIn('198.51.100.1', '203.0.113.8'), 'E-101');
    } finally {
      await t.close();
    }
  });
});
