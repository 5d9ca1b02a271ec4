import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Everything the server reads from the environment, validated once at start. */

/**
 * The repository: the nearest folder above this file whose package.json lists the workspaces. Found
 * by walking up, as this file runs from src/ under tsx and bundled into builds/<hash>/main.js.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      if (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).workspaces) return dir;
    } catch {
      // no package.json here, or not one to read
    }
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** An address or a CIDR range (10.0.0.0/8, fd00::/8), as Fastify's trustProxy takes them. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'write the number of proxies in front of the server (e.g. 1), or their addresses ' +
  '(e.g. 10.0.0.5 or 10.0.0.0/8,fd00::/8), or false';

/**
 * Which proxies may say who the client is (X-Forwarded-For): `false`, a hop count, or addresses.
 * `true` is refused: it would believe an address any client writes itself, and so give every
 * request a fresh rate limit.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const v = raw.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no') return false;
  if (/^\d+$/.test(v) && Number(v) <= 100) return Number(v);
  if (v === 'true' || v === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message: `"true" would trust any X-Forwarded-For a client sends; ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `${bad.join(', ')} is not an address; ${TRUST_PROXY_HELP}` });
    return z.NEVER;
  }
  return entries;
});

const url = (message: string) =>
  z
    .string()
    .refine((v) => /^https?:\/\/[^\s/]+/.test(v), { message })
    .transform((v) => v.replace(/\/+$/, ''));

/** A link that may be left unset; an empty value counts as unset. */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url('must be an http(s) URL such as https://qr.example.jp').optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .refine((v) => v.startsWith('postgres://') || v.startsWith('postgresql://'), {
      message: 'must start with postgres:// (leave it unset for the embedded SQLite database)',
    })
    .optional(),
  /** PostgreSQL schema to use instead of `public` (tests give each run its own). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'must be a plain lower-case identifier' })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('QRQR <no-reply@localhost>'),
  /**
   * Redis shared by several server processes on one database: rate-limit counters and cache
   * invalidation. Unset, a single process keeps both in memory.
   */
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\/[^\s]+$/.test(v), {
      message: 'must start with redis:// or rediss:// (leave it unset for a single server process)',
    })
    .optional(),
  /** Start of every Redis key and channel name, so installs (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, { message: 'must be up to 64 letters, digits or _ : . -' })
    .default('qrqr:'),
  /**
   * A bearer token that lets a client off this machine read /metrics and /api/health?deep=1
   * (`Authorization: Bearer <token>`). Unset, only clients on this machine may.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,512}$/, { message: 'must be 16 to 512 characters without spaces' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Requests a minute per address to sign-up, password reset and similar calls. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
  /**
   * Sign-ins a minute per address: looser than AUTH_RATE_LIMIT, because many people may share one
   * address (an office) and guessing one account is stopped by the per-account lock instead.
   */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(30),
  /**
   * Calls a minute per address to the share calls that send mail or take an invitation code
   * (/qrcode/share/input, the invitation look-up and acceptance).
   */
  SHARE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  /** Invitation mails (one per address) a member may send in an hour, whatever the address. */
  SHARE_INVITES_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(100),
  /** Days a guest's code history cookie lives after the guest's last new code. */
  GUEST_HISTORY_DAYS: z.coerce.number().int().min(1).max(365).default(1),
  /** New QR codes a minute per address. */
  QR_CREATE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
  /**
   * The built web app; `current` is a symlink that a later build swaps. Resolved once here, so
   * this process keeps serving the build it started with (its index.html names those chunks).
   */
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps/web/builds/current'))
    .transform((dir) => (fs.existsSync(dir) ? fs.realpathSync(dir) : dir)),
  /**
   * Calls a minute per address to each data-changing route that has no limit of its own (saving a
   * title, a redirect URL, a Wi-Fi profile, a tag…): platform/http/write-rate-limit.ts.
   */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(120),
  /** Image downloads a minute per address. */
  QR_DOWNLOAD_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(30),
  /** Scans our reader resolves a minute per address (POST /api/reader/resolve). */
  READER_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
  /** Channel-page calls (read, follow, unfollow) a minute per address, each call counted apart. */
  CHANNEL_PAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
  /**
   * New follows of one channel a day per address (decisions.md): fresh device cookies must not
   * let one machine add a follower a second; a shop's guest Wi-Fi still fits a day's new guests.
   */
  FOLLOWS_PER_CHANNEL_PER_DAY: z.coerce.number().int().min(1).max(100000).default(20),
  /**
   * How long a member's page waits for its screen rendered on the server before it goes without
   * (the browser renders it then). Tests that check the painted screen raise it, so a busy test
   * machine does not decide what they see.
   */
  MEMBER_PAINT_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(2_500),
  /** Images rendered at once; more wait in the queue (RENDER_QUEUE), beyond that 503. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  RENDER_QUEUE: z.coerce.number().int().min(0).max(10000).default(16),
  /**
   * Requests with a picture in their body (channel icon and background, coupon saves) whose body
   * is read at once; more wait in UPLOAD_QUEUE, beyond that 503 (platform/http/upload-gate.ts).
   */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  UPLOAD_QUEUE: z.coerce.number().int().min(0).max(10000).default(16),
  /**
   * Uploads of one member read at once (below UPLOAD_CONCURRENCY, so one account cannot take every
   * slot); the member's further uploads wait apart, up to UPLOAD_QUEUE.
   */
  UPLOADS_PER_MEMBER: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Seconds a request has to send its headers and whole body: a slower one is dropped with its
   * connection, so stalled uploads give their slot back.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Read-log CSV exports a minute per address (GET /analytics/csv/{id}/). */
  ANALYTICS_CSV_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  /** CSV exports streamed at once; more wait in EXPORT_QUEUE, beyond that 503. */
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  EXPORT_QUEUE: z.coerce.number().int().min(0).max(10000).default(8),
  /**
   * Send-list audience counts a minute per address (the editor's live reach and the send-list
   * list); enough for the editor to count on every edit.
   */
  SENDLIST_COUNT_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(120),
  /**
   * Followers pages a minute per address (the operator's followers screen; a tag search passes
   * through the count gate as well).
   */
  FOLLOWER_LIST_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(120),
  /** Audience counts run at once; more wait in COUNT_QUEUE, beyond that 503. */
  COUNT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  COUNT_QUEUE: z.coerce.number().int().min(0).max(10000).default(32),
  /** Background jobs (mails, follow events, housekeeping) one server process runs at once. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * A test aid: milliseconds the job runner waits after start before it claims anything, so a test
   * can kill the server between an answer and its mail (test/platform/job-kill.test.ts). 0 otherwise.
   */
  JOBS_START_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /**
   * A test aid: milliseconds a message's delivery (or an A/B test's decision) holds its transaction
   * open after writing and before committing, so a test can kill the server in the middle of a send
   * (test/messaging/delivery-kill.test.ts, ab-test-kill.test.ts). 0 otherwise.
   */
  DELIVERY_HOLD_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /**
   * Web Push VAPID keys (base64url, as `web-push generate-vapid-keys` prints them). Unset, a pair is
   * made on first start and kept in the database; set both to use your own.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, { message: 'must be the base64url P-256 public key (65 bytes)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, { message: 'must be the base64url P-256 private key (32 bytes)' })
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^https:\/\/[^\s/]+/.test(v), {
      message: 'must be a mailto: or https: address',
    })
    .optional(),
  /**
   * Push services besides the known ones (FCM, Mozilla, Apple, Windows): comma-separated origins
   * (https://push.example.org), for self-hosted services and tests.
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const list = raw
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = list.filter((e) => {
        try {
          const u = new URL(e);
          return u.protocol !== 'https:' || u.origin !== e.replace(/\/+$/, '');
        } catch {
          return true;
        }
      });
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `${bad.join(', ')} is not an https origin` });
        return z.NEVER;
      }
      return list.map((e) => new URL(e).origin);
    }),
  /** Push requests in flight to one push service at once (its keep-alive connections). */
  PUSH_CONCURRENCY_PER_ORIGIN: z.coerce.number().int().min(1).max(1000).default(100),
  /** Milliseconds a push request may take, connection included. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Tries of one push answered 429 or 5xx (or timed out) before its state becomes failed. */
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** A PEM file of extra certificate authorities push services are trusted with (a private push service, tests). */
  PUSH_CA_FILE: z.string().min(1).optional(),
  /** Subscribe and unsubscribe calls a minute per address. */
  PUSH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  /** Test sends a minute per address (the message editor's test button). */
  PUSH_TEST_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(6),
  REGISTER_URL: z.string().default('/auth/qrqrid/signup'),
  QR_CHANNEL_REGISTER_URL: z.string().default('/qrchannel/register/'),
  DATAPORTAL_URL: z.string().default('/dataportalinfo?source=welcomepage'),
  /** The channel sidebar's "what is analytics" link (an external page; the service pages by default). */
  ANALYTICS_ABOUT_URL: z.string().default('/service/about#about-services'),
  // Terms, news and about are built-in pages; the other footer links appear only when configured,
  // so no link leads to a page that is not what it says (an empty value also means unset).
  FOOTER_COMPANY_URL: optionalUrl,
  FOOTER_TERMS_URL: z.string().default('/service/terms/'),
  FOOTER_PRIVACY_URL: z.string().default('/service/privacy/'),
  FOOTER_NEWS_URL: z.string().default('/service/news/'),
  FOOTER_FAQ_URL: optionalUrl,
  FOOTER_ABOUT_URL: z.string().default('/service/about/'),
  FOOTER_INQUIRY_URL: optionalUrl,
  FOOTER_BLOG_URL: optionalUrl,
});

/** Every variable the server reads (docs/configuration.md documents each). */
export const ENVIRONMENT_VARIABLES = Object.keys(envSchema.shape);

export type Env = z.infer<typeof envSchema>;
export type Config = Env & {
  publicUrl: string;
  production: boolean;
  /** Where the SQLite file lives when DATABASE_URL is not set. */
  sqliteFile: string;
  secureCookies: boolean;
  /** TRUST_PROXY names a proxy: client addresses come from X-Forwarded-For. */
  behindProxy: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as most shells and .env files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? '');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (a key pair), or neither (made on first start)',
    ]);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    ...e,
    publicUrl,
    production: e.NODE_ENV === 'production',
    sqliteFile: path.join(e.DATA_DIR, 'qrqr.sqlite'),
    secureCookies: publicUrl.startsWith('https://'),
    behindProxy: e.TRUST_PROXY !== false,
  };
}
