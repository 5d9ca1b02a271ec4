import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Budgets that count things rather than requests (invitation mails a member sends in an hour): a
 * fixed window per key, started by the first use. With REDIS_URL every server process counts in
 * the same Redis key; without it the counts live in this process.
 */
export interface Quota {
  /**
   * Takes `amount` uses for `key` when they fit in what is left of `max`; otherwise takes nothing
   * and says how long until the window starts again.
   */
  take(key: string, amount: number): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export interface QuotaLimits {
  max: number;
  windowMs: number;
}

/** Opens a named quota; the name keeps its keys apart from every other quota's. */
export type OpenQuota = (name: string, limits: QuotaLimits) => Quota;

export function quotaOpener(redis: Redis | undefined, prefix: string, log: FastifyBaseLogger): OpenQuota {
  if (redis) return (name, limits) => new RedisQuota(redis, `${prefix}quota:${name}:`, limits, log);
  // In memory, one name is one set of counters however often it is opened (as one Redis key would be).
  const local = new Map<string, LocalQuota>();
  return (name, limits) => {
    let quota = local.get(name);
    if (!quota) {
      quota = new LocalQuota(limits);
      local.set(name, quota);
    }
    return quota;
  };
}

/** Entries past this many are swept of expired windows, so idle keys do not pile up. */
const SWEEP_AT = 10_000;

class LocalQuota implements Quota {
  private readonly windows = new Map<string, { used: number; resetAt: number }>();

  constructor(private readonly limits: QuotaLimits) {}

  async take(key: string, amount: number) {
    const now = Date.now();
    if (this.windows.size > SWEEP_AT) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + this.limits.windowMs };
      this.windows.set(key, window);
    }
    if (window.used + amount > this.limits.max) {
      return { ok: false as const, retryAfterSeconds: (window.resetAt - now) / 1000 };
    }
    window.used += amount;
    return { ok: true as const };
  }
}

// Adds the amount, starts the window on the first use (or when the expiry got lost), and gives the
// amount back when it does not fit: one round trip, atomic between processes.
const TAKE = `
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
if used > tonumber(ARGV[3]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return {0, ttl}
end
return {1, ttl}
`;

class RedisQuota implements Quota {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly limits: QuotaLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  async take(key: string, amount: number) {
    try {
      const [ok, ttl] = (await this.redis.eval(
        TAKE,
        1,
        this.keyPrefix + key,
        String(amount),
        String(this.limits.windowMs),
        String(this.limits.max),
      )) as [number, number];
      return ok === 1 ? { ok: true as const } : { ok: false as const, retryAfterSeconds: ttl / 1000 };
    } catch (err) {
      // Like the rate limits: while Redis is away the budget is not applied rather than every call failing.
      this.log.warn({ err }, 'quota: redis unavailable, not counted');
      return { ok: true as const };
    }
  }
}
