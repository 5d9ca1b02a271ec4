import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate, uniqueEmail } from '../helpers/factories';

/**
 * Per-account lock: five failed sign-ins of one address, from any client addresses, lock that
 * address's sign-ins (429 E-109 with Retry-After) for a minute, then twice as long each time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let nextAddress = 1;
/** A browser at an address no other test uses, like an attacker hopping between machines. */
const freshBrowser = () => newClient(t.app, `198.51.100.${nextAddress++}`);

async function failFiveTimes(email: string) {
  for (let i = 0; i < 4; i++)
    expectError(await (await freshBrowser()).post(api.signin, { email, password: 'wrong-1' }), 'E-101');
  // The fifth failure locks and says so.
  return (await freshBrowser()).post(api.signin, { email, password: 'wrong-1' });
}

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('sign-in lock per account', () => {
  it('after five failures from five addresses, even the right password from a sixth answers 429', async () => {
    const member = await signUpAndActivate(t.app);
    const fifth = await failFiveTimes(member.email);
    expectError(fifth, 'E-109');
    expect(retryAfter(fifth)).toBe(60);

    const owner = await freshBrowser();
    const res = await owner.post(api.signin, { email: member.email, password: member.password });
    expectError(res, 'E-109');
    expect(retryAfter(res)).toBeGreaterThan(50);
    expect(retryAfter(res)).toBeLessThanOrEqual(60);
    expectError(await owner.get(api.userInfo), 'E-401');
    // Written with capitals and spaces, it is the same account.
    const upper = await freshBrowser();
    expectError(
      await upper.post(api.signin, { email: ` ${member.email.toUpperCase()}`, password: 'x' }),
      'E-109',
    );
  });

  it('tells English readers to wait', async () => {
    const email = uniqueEmail('en-lock');
    await failFiveTimes(email);
    const client = await freshBrowser();
    client.cookies.set('lang', 'en');
    const body = expectError(await client.post(api.signin, { email, password: 'wrong-1' }), 'E-109', {
      locale: 'en',
    });
    expect(body.status.message).toBe(
      'Log-in with this email address is paused after several failed attempts. Please wait a while and try again.',
    );
  });

  it('locks an address without an account in the same way, so the answer reveals nothing', async () => {
    const stranger = uniqueEmail('nobody');
    const fifth = await failFiveTimes(stranger);
    expectError(fifth, 'E-109');
    expect(retryAfter(fifth)).toBe(60);
  });

  it('doubles each later lock', async () => {
    const member = await signUpAndActivate(t.app);
    await failFiveTimes(member.email);
    await endLocks();
    const second = await failFiveTimes(member.email);
    expectError(second, 'E-109');
    expect(retryAfter(second)).toBe(120);
    await endLocks();
    expect(retryAfter(await failFiveTimes(member.email))).toBe(240);
  });

  it('forgets the failures on a success', async () => {
    const member = await signUpAndActivate(t.app);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expectError(
          await (await freshBrowser()).post(api.signin, { email: member.email, password: 'wrong-1' }),
          'E-101',
        );
      expectOk(
        await (await freshBrowser()).post(api.signin, { email: member.email, password: member.password }),
      );
    }
  });
});

/** Lets every lock run out, as the passing of time would. */
async function endLocks() {
  await t.ctx.db.kysely
    .updateTable('sign_in_locks')
    .set({ locked_until: Date.now() - 1 })
    .execute();
}

describe('sign-ins from one shared address', () => {
  it("are not locked out by other people's typos (SIGNIN_RATE_LIMIT is looser than AUTH_RATE_LIMIT)", async () => {
    const office = await createTestApp({ AUTH_RATE_LIMIT: '10', SIGNIN_RATE_LIMIT: '30' });
    try {
      const member = await signUpAndActivate(office.app);
      const desk = await newClient(office.app, '192.0.2.10');
      // Twelve colleagues mistype their own passwords from the office's one address.
      for (let i = 0; i < 12; i++)
        expectError(
          await desk.post(api.signin, { email: uniqueEmail('colleague'), password: 'typo' }),
          'E-101',
        );
      expectOk(await desk.post(api.signin, { email: member.email, password: member.password }));
    } finally {
      await office.close();
    }
  });
});
