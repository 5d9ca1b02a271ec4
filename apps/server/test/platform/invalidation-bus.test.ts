import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalInvalidationBus, RedisInvalidationBus } from '../../src/platform/cluster/invalidation-bus';
import { redisTestsRun, testRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

describe('LocalInvalidationBus', () => {
  it('runs the listeners of the published topic at once, and only those', () => {
    const bus = new LocalInvalidationBus();
    const redirects: string[] = [];
    const pages: string[] = [];
    bus.subscribe('redirect', (key) => redirects.push(key));
    bus.subscribe('redirect', (key) => redirects.push(`again ${key}`));
    bus.subscribe('page', (key) => pages.push(key));
    bus.publish('redirect', 'Ab12');
    expect(redirects).toEqual(['Ab12', 'again Ab12']);
    expect(pages).toEqual([]);
  });
});

// Two "processes": each has its own pair of connections, as platform/cluster/redis.ts opens them.
describe.runIf(redisTestsRun)(
  'RedisInvalidationBus (needs Redis; runs when TEST_DATABASE_URL is set)',
  () => {
    const clients: Redis[] = [];
    const log = { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const prefix = uniqueRedisPrefix('bus');
    const process = async () => {
      const publisher = new Redis(testRedisUrl);
      const subscriber = new Redis(testRedisUrl);
      clients.push(publisher, subscriber);
      const bus = new RedisInvalidationBus(publisher, subscriber, prefix, log);
      // SUBSCRIBE has been answered once a later command on that connection is.
      await subscriber.ping();
      return bus;
    };
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.quit()));
    });

    it('drops the key in the publishing process at once and in the other one through Redis', async () => {
      const a = await process();
      const b = await process();
      const seenByA = vi.fn();
      const seenByB = vi.fn();
      const pageSeenByB = vi.fn();
      a.subscribe('redirect', seenByA);
      b.subscribe('redirect', seenByB);
      b.subscribe('page', pageSeenByB);

      a.publish('redirect', 'Ab 12');
      expect(seenByA).toHaveBeenCalledWith('Ab 12');
      await vi.waitFor(() => expect(seenByB).toHaveBeenCalledWith('Ab 12'), { timeout: 1000 });
      expect(pageSeenByB).not.toHaveBeenCalled();
    });

    it('does not hear another install on the same Redis (another prefix)', async () => {
      const mine = await process();
      const heard = vi.fn();
      mine.subscribe('redirect', heard);
      const otherPublisher = new Redis(testRedisUrl);
      const otherSubscriber = new Redis(testRedisUrl);
      clients.push(otherPublisher, otherSubscriber);
      const other = new RedisInvalidationBus(
        otherPublisher,
        otherSubscriber,
        uniqueRedisPrefix('other'),
        log,
      );
      other.publish('redirect', 'Zz99');
      mine.publish('redirect', 'Mine1');
      // Its own publication twice (at once, then its echo from Redis), the other install's never.
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 1000 });
      expect(heard).not.toHaveBeenCalledWith('Zz99');
      expect(log.error).not.toHaveBeenCalled();
    });
  },
);
