/**
 * The fan-out of a message: 100,000 followers with random tags and a two-box
 * send list. Part 1, in process on SQLite and PostgreSQL: the time to claim a due message, resolve
 * its list and write every delivery (deliverDue, the server's own code), beside a bare
 * `INSERT … SELECT` of the same rows under a primary key measured in the same run; and the
 * follower's inbox call with 1,000 messages (p99). Part 2, the real server on SQLite: /r/ scans and
 * API writes while it sends a message to all 100,000 followers (the send holds the one write lock).
 * With the frequency cap on (issue 32): the same send with a cap of 10 that no follower has reached
 * (every follower's history probed, none left out) and with a cap of 7 that part of them reached,
 * against the uncapped sends of the same run, and the query plan of the probe.
 * With an A/B test (ab-test.ts): its test send and its winner's send, each against a plain send made
 * just before it on the same stored history.
 * Run: npm run bench:fanout. FOLLOWERS changes the size; BENCH_DB=sqlite|postgres runs one database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { channelPath } from '@qrqr/shared/channel-paths';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { deliverDue } from '../../apps/server/src/modules/messaging/deliver';
import { capRuleOf, reachedCap } from '../../apps/server/src/modules/messaging/frequency-cap';
import { channelInbox } from '../../apps/server/src/modules/messaging/inbox-page';
import type { AppContext } from '../../apps/server/src/platform/core/context';
import { Registry } from '../../apps/server/src/platform/core/registry';
import { Jobs } from '../../apps/server/src/platform/jobs/jobs';
import { Metrics } from '../../apps/server/src/platform/metrics/metrics';
import { seedSubscriptions } from '../../apps/server/test/messaging/seed';
import { startServer } from '../../e2e/support/server';
import { seedChannel } from '../operator-load/seed';
import { type BenchDialect, openBenchDb } from '../support/bench-db';
import { seedTaggedChannel, seedTwoBoxList } from '../support/seeded-channel';
import { followerTagIndexes, quantile } from '../support/seeded-followers';
import { abTestSends } from './ab-test';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 100_000);
/** The share of followers whose device has a push subscription (their deliveries are the claim's). */
const SUBSCRIBED = Number(process.env.SUBSCRIBED ?? 0);
const TAGS = 50;
const INBOX_MESSAGES = 1000;
const only = process.env.BENCH_DB;
const TARGETS = { sqlite: 500, postgres: 1500 } as const;
const TARGET_INBOX_P99 = 20;

const median = (xs: number[]) => quantile(xs, 0.5);
const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(
  `machine: ${os.cpus().length} CPUs, load average ${loadavg()}; ${FOLLOWERS} followers, ${TAGS} tags`,
);

for (const dialect of ['sqlite', 'postgres'] as const) {
  if (only && only !== dialect) continue;
  await inProcess(dialect);
}
if (!only || only === 'sqlite') await underLoad();

async function inProcess(dialect: BenchDialect): Promise<void> {
  const { db, close } = await openBenchDb(dialect, 'fanout');
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const world = await seed(db);
    console.log(`\n[${dialect}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const ctx = {
      db,
      config: { DELIVERY_HOLD_MS: 0 },
      registry: new Registry(),
      log: { warn() {}, error: (details: unknown, what: string) => console.error(what, details) },
      metrics: new Metrics({ db, jobs: new Jobs(db, { error() {} } as never), gates: {} }),
    } as unknown as AppContext;

    // The baseline: the same 100,000 rows into a table with only its primary key.
    await sql`create table bench_baseline (message_id bigint not null, follower_id bigint not null, primary key (message_id, follower_id))`.execute(
      db.kysely,
    );
    const baselines: number[] = [];
    for (let run = 1; run <= 3; run++) {
      const t0 = performance.now();
      await sql`insert into bench_baseline (message_id, follower_id) select ${sql.lit(run)}, id from followers where channel_id = ${world.channelId}`.execute(
        db.kysely,
      );
      baselines.push(performance.now() - t0);
    }
    const sends = async (sendlistId: number | null, runs: number) => {
      const times: number[] = [];
      let rows = 0;
      let capped = 0;
      for (let i = 0; i < runs; i++) {
        const [id] = await reserve(db, world.channelId, sendlistId, 1);
        const t0 = performance.now();
        const sent = await deliverDue(ctx);
        times.push(performance.now() - t0);
        if (sent !== 1) throw new Error(`expected one message sent, got ${sent}`);
        const row = await db.kysely
          .selectFrom('messages')
          .select(['delivered_count', 'capped_count'])
          .where('id', '=', id as number)
          .executeTakeFirstOrThrow();
        rows = Number(row.delivered_count);
        capped = Number(row.capped_count);
      }
      return { times, rows, capped };
    };
    const setCap = (cap: number) =>
      db.kysely
        .updateTable('channels')
        .set({ frequency_cap: cap })
        .where('id', '=', world.channelId)
        .execute();
    const all = await sends(null, 3);
    const listed = await sends(world.sendlistId, 3);
    // The cap: 10, which no follower has reached (at most 9 deliveries each by its last run), then 7,
    // which the list's followers have reached (9) and the others not (6), so it leaves part out;
    // then 8 and 9, the same shape again (the list's followers still at 9, the others one short).
    await setCap(10);
    const capNone = await sends(null, 3);
    const capSome = { times: [] as number[], rows: 0, capped: 0 };
    for (const cap of [7, 8, 9]) {
      await setCap(cap);
      const one = await sends(null, 1);
      capSome.times.push(...one.times);
      capSome.rows = one.rows;
      capSome.capped = one.capped;
    }
    await setCap(0);
    const best = (xs: number[]) => Math.min(...xs);
    console.log(
      `[${dialect}] medians: bare ${ms(median(baselines))}, all ${ms(median(all.times))}, list ${ms(median(listed.times))}, cap none ${ms(median(capNone.times))}, cap part ${ms(median(capSome.times))} ms`,
    );
    console.log(
      `[${dialect}] bare INSERT … SELECT of ${FOLLOWERS} rows with a primary key: ${baselines.map(ms).join(', ')} ms`,
    );
    console.log(
      `[${dialect}] claim + resolve + write, all followers (${all.rows} deliveries): ${all.times.map(ms).join(', ')} ms`,
    );
    console.log(
      `[${dialect}] claim + resolve + write, two-box list (${listed.rows} deliveries): ${listed.times.map(ms).join(', ')} ms`,
    );
    console.log(
      `[${dialect}] with a cap of 10 that no one reached (${capNone.rows} deliveries, ${capNone.capped} capped): ${capNone.times.map(ms).join(', ')} ms, ${(best(capNone.times) / best(all.times)).toFixed(2)}× the uncapped send`,
    );
    console.log(
      `[${dialect}] with a cap of 7, 8, 9 that part reached (${capSome.rows} deliveries, ${capSome.capped} capped): ${capSome.times.map(ms).join(', ')} ms, ${(best(capSome.times) / best(all.times)).toFixed(2)}× the uncapped send`,
    );
    await printProbePlan(db, world.channelId);
    await abTestSends(db, ctx, {
      channelId: world.channelId,
      plainSend: async () => (await sends(null, 1)).times[0] as number,
      targetMs: TARGETS[dialect],
      followers: FOLLOWERS,
    });
    const worst = Math.max(best(all.times), best(listed.times), best(capNone.times), best(capSome.times));
    console.log(
      `[${dialect}] target ${TARGETS[dialect]} ms for 100,000: ${worst < TARGETS[dialect] ? 'met' : 'NOT met'} (best all-followers run ${ms(best(all.times))} ms, ${(best(all.times) / best(baselines)).toFixed(1)}× the baseline)`,
    );

    // The inbox of one follower with 1,000 messages.
    const inboxFollower = world.followerIds[0] as number;
    await reserve(db, world.channelId, null, 0);
    const messageIds = await reserve(db, world.channelId, null, INBOX_MESSAGES, true);
    const now = Date.now();
    for (let i = 0; i < messageIds.length; i += 500) {
      await db.kysely
        .insertInto('message_deliveries')
        .values(
          messageIds.slice(i, i + 500).map((message_id, j) => ({
            message_id,
            follower_id: inboxFollower,
            delivered_at: now - (INBOX_MESSAGES - i - j) * 1000,
          })),
        )
        .execute();
    }
    const samples: number[] = [];
    for (let i = 0; i < 220; i++) {
      const t0 = performance.now();
      const answer = await channelInbox(ctx, {
        code: world.channelCode,
        deviceHash: world.device,
        page: 1 + (i % 3),
      });
      if (i >= 20) samples.push(performance.now() - t0);
      if (answer.items.length !== 20) throw new Error(`inbox page had ${answer.items.length} items`);
    }
    const p99 = quantile(samples, 0.99);
    console.log(
      `[${dialect}] inbox of a follower with ${INBOX_MESSAGES}+ messages, pages 1-3: p50 ${ms(quantile(samples, 0.5))} ms, p99 ${ms(p99)} ms (target < ${TARGET_INBOX_P99} ms: ${p99 < TARGET_INBOX_P99 ? 'met' : 'NOT met'}); load ${loadavg()}`,
    );
  } finally {
    await close();
  }
}

/** The plan of the cap's probe (frequency-cap.ts reachedCap) over the channel's followers. */
async function printProbePlan(db: Db, channelId: number) {
  // The server's own probe (frequency-cap.ts), with the rule a cap of 10 reads now.
  const rule = await capRuleOf(db, { channelId, cap: 10, at: Date.now() });
  if (!rule) {
    console.log(`[${db.dialect}] the cap's probe: none (fewer than 10 messages in the window)`);
    return;
  }
  const probe = sql`select count(*) from followers as f where f.channel_id = ${sql.lit(channelId)} and ${reachedCap(sql.ref('f.id'), rule)}`;
  const explain = db.dialect === 'postgres' ? sql`explain ${probe}` : sql`explain query plan ${probe}`;
  const rows = (await explain.execute(db.kysely)).rows as Array<Record<string, unknown>>;
  const lines = rows.map((r) => String(r['QUERY PLAN'] ?? r.detail ?? JSON.stringify(r)));
  console.log(
    `[${db.dialect}] the cap's probe (${rule.messageIds.length} messages in the window):\n  ${lines.join('\n  ')}`,
  );
}

/** 100,000 followers with the bench's random tags, and a two-box send list. */
async function seed(db: Db) {
  const { channelId, channelCode, tagIds, followerIds } = await seedTaggedChannel(
    db,
    TAGS,
    followerTagIndexes(FOLLOWERS, TAGS),
  );
  const t = (i: number) => tagIds[i] as number;
  const sendlistId = await seedTwoBoxList(db, channelId, [t(0)], [t(3), t(7)]);
  if (SUBSCRIBED > 0) await subscribeShare(db, channelId, SUBSCRIBED);
  // The first follower's device: the inbox call reads as that phone.
  const { device_hash: device } = await db.kysely
    .selectFrom('followers')
    .select('device_hash')
    .where('id', '=', followerIds[0] as number)
    .executeTakeFirstOrThrow();
  await sql`analyze`.execute(db.kysely);
  return { channelId, channelCode, sendlistId, followerIds, device };
}

/** A push subscription for every `share`-th device of the channel's followers, spread evenly. */
async function subscribeShare(db: Db, channelId: number, share: number) {
  const followers = await db.kysely
    .selectFrom('followers')
    .select('device_hash')
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
  const origin = 'https://push.bench.invalid';
  const picked = followers.filter((_, i) => Math.floor((i + 1) * share) > Math.floor(i * share));
  await seedSubscriptions(
    db,
    origin,
    picked.map((f, i) => ({
      deviceHash: f.device_hash,
      sub: { endpoint: `${origin}/${i}`, keys: { p256dh: 'p', auth: 'a' } },
    })),
  );
  console.log(`${picked.length} of ${followers.length} followers subscribed`);
}

/** `count` messages reserved for now (or, with `sent`, already sent, for the inbox). */
async function reserve(db: Db, channelId: number, sendlistId: number | null, count: number, sent = false) {
  if (count === 0) return [];
  const now = Date.now();
  const rows = await db.kysely
    .insertInto('messages')
    .values(
      Array.from({ length: count }, (_, i) => ({
        channel_id: channelId,
        status: sent ? 2 : 1,
        layout: 1,
        send_at: now - 1000,
        sendlist_id: sendlistId,
        push_text: `bench ${i}`,
        detail_text: 'x'.repeat(200),
        delivered_count: sent ? 1 : null,
        sent_at: sent ? now : null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The real server on SQLite: /r/ scans and API writes while a 100,000-follower send holds the write lock. */
async function underLoad(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-fanout-srv-'));
  const server = await startServer(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      QR_CREATE_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
    },
    { webBuild: false },
  );
  try {
    const file = path.join(dataDir, 'qrqr.sqlite');
    const seeded = seedChannel(file, { followers: FOLLOWERS, tags: TAGS, lists: 1, coupons: 0 });
    const scanPath = await createRedirectCode(server.url);
    const cookie = `sid=${seeded.sid}`;
    const csrf = await csrfToken(server.url, cookie);
    const direct = new SQLite(file);
    direct.pragma('busy_timeout = 5000');
    const scans: number[] = [];
    const writes: number[] = [];
    const failures: string[] = [];
    const quiet = async (until: number) => {
      while (Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };
    const run = async (seconds: number, during: () => Promise<void>) => {
      const until = Date.now() + seconds * 1000;
      const scan = async () => {
        while (Date.now() < until) {
          const t0 = performance.now();
          const res = await fetch(`${server.url}${scanPath}`, { redirect: 'manual' });
          await res.arrayBuffer();
          if (res.status !== 302) failures.push(`/r/ ${res.status}`);
          scans.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      let n = 0;
      const write = async () => {
        while (Date.now() < until) {
          const t0 = performance.now();
          const res = await fetch(`${server.url}${channelPath.tags(seeded.channelId)}`, {
            method: 'POST',
            headers: {
              cookie,
              'content-type': 'application/json',
              'x-requested-with': 'XMLHttpRequest',
              'x-xsrf-token': csrf,
            },
            body: JSON.stringify({ tag_name: `w${Date.now()}-${n++}` }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`tag save ${res.status}`);
          writes.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await Promise.all([scan(), write(), during()]);
    };
    const now = Date.now();
    const sendAt = now + 2000;
    const message = Number(
      direct
        .prepare(
          `insert into messages (channel_id, status, layout, send_at, push_text, reserved_at, created_at, updated_at)
           values (?, 1, 1, ?, 'bench', ?, ?, ?)`,
        )
        .run(seeded.channelId, sendAt, now, now, now).lastInsertRowid,
    );
    await run(6, async () => quiet(Date.now() + 6000));
    const row = direct
      .prepare('select status, delivered_count, sent_at from messages where id = ?')
      .get(message) as {
      status: number;
      delivered_count: number;
      sent_at: number;
    };
    console.log(
      `\n[sqlite, real server] message due at ${new Date(sendAt).toISOString()} sent ${row.sent_at - sendAt} ms after its send time to ${row.delivered_count} followers (status ${row.status})`,
    );
    console.log(
      `[sqlite, real server] during the send window: /r/ ${scans.length} scans p50 ${ms(quantile(scans, 0.5))} ms, p99 ${ms(quantile(scans, 0.99))} ms, max ${ms(Math.max(...scans))} ms; ` +
        `tag saves ${writes.length} p50 ${ms(quantile(writes, 0.5))} ms, p99 ${ms(quantile(writes, 0.99))} ms, max ${ms(Math.max(...writes))} ms; failures ${failures.length}${failures.length ? ` (${failures.slice(0, 3).join(', ')})` : ''}; load ${loadavg()}`,
    );
    direct.close();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A guest creates one redirect code through the API, as a browser would; returns its /r/ path. */
async function createRedirectCode(base: string): Promise<string> {
  const session = await fetch(`${base}/api/session`);
  const cookies = session.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const res = await fetch(`${base}/qrcode/create/`, {
    method: 'POST',
    headers: {
      cookie: cookies.join('; '),
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': token,
    },
    body: JSON.stringify({ tab: 0, analysis_type: 1, title: 'bench', url: 'https://example.jp/menu' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`create failed: ${JSON.stringify(body)}`);
  return new URL(body.qrcode.redirect_url).pathname;
}

/** The CSRF token of the session, as the page hands it to the web app. */
async function csrfToken(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, { headers: { cookie } });
  const body = (await res.json()) as Record<string, unknown>;
  const found = JSON.stringify(body).match(/"csrfToken":"([^"]+)"/)?.[1];
  if (!found) throw new Error(`no CSRF token in /api/session: ${JSON.stringify(body).slice(0, 200)}`);
  return found;
}
