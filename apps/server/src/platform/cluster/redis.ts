import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import { type InvalidationBus, LocalInvalidationBus, RedisInvalidationBus } from './invalidation-bus';
import { type OpenQuota, quotaOpener } from './quota';

/** What several server processes share through Redis, or its in-process stand-in without REDIS_URL. */
export interface SharedState {
  /** The client @fastify/rate-limit counts in; undefined keeps the counters in memory. */
  rateLimitRedis: Redis | undefined;
  /** Key prefix of the rate-limit counters. */
  rateLimitNameSpace: string;
  invalidations: InvalidationBus;
  /** Budgets counted across every server process (in memory without REDIS_URL). */
  quotas: OpenQuota;
  close(): Promise<void>;
}

/** How long start-up waits for Redis before it goes on and lets the client keep reconnecting. */
const CONNECT_WAIT_MS = 3_000;

export async function openSharedState(config: Config, log: FastifyBaseLogger): Promise<SharedState> {
  const rateLimitNameSpace = `${config.REDIS_PREFIX}rate-limit:`;
  if (!config.REDIS_URL) {
    return {
      rateLimitRedis: undefined,
      rateLimitNameSpace,
      invalidations: new LocalInvalidationBus(),
      quotas: quotaOpener(undefined, config.REDIS_PREFIX, log),
      close: async () => {},
    };
  }
  // A subscribed connection can run no other command, so publishing and counting use another one.
  const commands = connect(config.REDIS_URL, 'commands', log, false);
  // The subscriber's SUBSCRIBE may wait for the connection; ioredis subscribes again after a reconnect.
  const subscriber = connect(config.REDIS_URL, 'subscriber', log, true);
  await Promise.all([ready(commands), ready(subscriber)]);
  return {
    rateLimitRedis: commands,
    rateLimitNameSpace,
    invalidations: new RedisInvalidationBus(commands, subscriber, config.REDIS_PREFIX, log),
    quotas: quotaOpener(commands, config.REDIS_PREFIX, log),
    close: async () => {
      await Promise.all([quit(commands), quit(subscriber)]);
    },
  };
}

/**
 * A client that logs errors instead of crashing and keeps reconnecting. Without `queueWhileAway`
 * a command fails at once while Redis is away instead of waiting for it: a request must not hang
 * on its rate-limit count.
 */
function connect(url: string, role: string, log: FastifyBaseLogger, queueWhileAway: boolean): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: queueWhileAway,
    maxRetriesPerRequest: queueWhileAway ? null : 1,
    connectTimeout: CONNECT_WAIT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let reported = false;
  client.on('error', (err) => {
    // Every reconnect attempt fails the same way; one line per outage is enough.
    if (!reported) log.error({ err, role }, 'redis: connection error');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) log.info({ role }, 'redis: connected again');
    reported = false;
  });
  return client;
}

/** Resolves when the client is ready, or after CONNECT_WAIT_MS: start-up goes on without Redis. */
function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, CONNECT_WAIT_MS);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
    client.once('ready', done);
  });
}

/** QUIT lets sent commands finish; without a connection it would wait for one, so stop reconnecting instead. */
async function quit(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
