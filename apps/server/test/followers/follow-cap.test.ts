import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import { follow, unfollow, visitor } from '../helpers/followers';
import { redisTestsRun, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

/**
 * New follows of one channel from one address are capped a day (FOLLOWS_PER_CHANNEL_PER_DAY): a
 * fresh device cookie per follow no longer makes a follower a second from one machine. A device
 * that already follows may follow again without using the budget.
 */

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function setUp(env: Record<string, string> = {}) {
  const t = await createTestApp({
    FOLLOWS_PER_CHANNEL_PER_DAY: '3',
    CHANNEL_PAGE_RATE_LIMIT: '1000',
    ...env,
  });
  apps.push(t);
  const owner = await registeredMember(t.app);
  const channel = await createChannel(owner.client);
  const other = await createChannel(owner.client, { channel_name: '別の店' });
  return { t, channel, other };
}

const count = async (t: TestApp, channel: ChannelDto) =>
  Number(
    (
      await t.ctx.db.kysely
        .selectFrom('followers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('channel_id', '=', channel.channel_id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each([
  ['in memory', {}, true],
  ['in Redis', { REDIS_URL: testRedisUrl, REDIS_PREFIX: uniqueRedisPrefix('follow-cap') }, redisTestsRun],
])('follows a channel per address per day (%s)', (_label, env, runs) => {
  it.runIf(runs)(
    'refuses the follow past the cap with E-720 and Retry-After, per channel and address',
    async () => {
      const { t, channel, other } = await setUp(env);
      const address = '203.0.113.7';
      const first = visitor(t.app, address);
      expectOk(await follow(first, channel.channel_code));
      for (let i = 0; i < 2; i++) expectOk(await follow(visitor(t.app, address), channel.channel_code));

      // Following again from a device that follows is no new follower and uses no budget.
      expectOk(await follow(first, channel.channel_code));

      const fresh = visitor(t.app, address);
      const res = await follow(fresh, channel.channel_code);
      expectError(res, 'E-720');
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(86_000);
      expect(wait).toBeLessThanOrEqual(86_400);
      // Refused before the device cookie is issued or a follower stored.
      expect(res.cookies.map((c) => c.name)).not.toContain('qr_device');
      expect(await count(t, channel)).toBe(3);

      fresh.cookies.set('lang', 'en');
      const en = expectError(await follow(fresh, channel.channel_code), 'E-720', { locale: 'en' });
      expect(en.status.message).toBe('Daily follow limit reached. Please try again later.');

      // The follower already in still follows again; another channel and another address have their own.
      expectOk(await follow(first, channel.channel_code));
      expectOk(await follow(visitor(t.app, address), other.channel_code));
      expectOk(await follow(visitor(t.app, '198.51.100.9'), channel.channel_code));
      expect(await count(t, channel)).toBe(4);
    },
  );

  it.runIf(runs)('an unfollow and follow again of one device counts as a new follow', async () => {
    const { t, channel } = await setUp(env);
    const phone = visitor(t.app, '203.0.113.8');
    for (let i = 0; i < 3; i++) {
      expectOk(await follow(phone, channel.channel_code));
      expectOk(await unfollow(phone, channel.channel_code));
    }
    expectError(await follow(phone, channel.channel_code), 'E-720');
  });
});
