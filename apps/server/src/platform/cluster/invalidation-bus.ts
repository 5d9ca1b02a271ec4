import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Tells every server process that something it may keep in memory changed: a topic (e.g.
 * `redirect`) and a key (the short code). Caches subscribe and drop the key; the service that
 * changed the data publishes after writing it. Publishing never waits and never fails the caller.
 */
export interface InvalidationBus {
  /** Runs this process's listeners at once, then tells the other processes. */
  publish(topic: string, key: string): void;
  subscribe(topic: string, listener: (key: string) => void): void;
}

/** One process: listeners run in the publishing call. */
export class LocalInvalidationBus implements InvalidationBus {
  private readonly listeners = new Map<string, Array<(key: string) => void>>();

  publish(topic: string, key: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(key);
  }

  subscribe(topic: string, listener: (key: string) => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }
}

/**
 * Several processes on one Redis: each message on the channel `<prefix>invalidate` carries
 * `topic key`. The publisher's own listeners run at once (its next request must not see the old
 * value, even if Redis is down); its own echo from Redis drops the key once more, which is harmless.
 * `subscriber` is a connection of its own: a subscribed Redis connection can run nothing else.
 */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly local = new LocalInvalidationBus();
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    subscriber: Redis,
    prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `${prefix}invalidate`;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const space = message.indexOf(' ');
      if (space > 0) this.local.publish(message.slice(0, space), message.slice(space + 1));
    });
    subscriber.subscribe(this.channel).catch((err: unknown) => {
      log.error({ err }, 'redis: subscribing to cache invalidations failed');
    });
  }

  publish(topic: string, key: string): void {
    this.local.publish(topic, key);
    this.publisher.publish(this.channel, `${topic} ${key}`).catch((err: unknown) => {
      this.log.error({ err, topic, key }, 'redis: publishing a cache invalidation failed');
    });
  }

  subscribe(topic: string, listener: (key: string) => void): void {
    this.local.subscribe(topic, listener);
  }
}
