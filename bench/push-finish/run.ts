/**
 * How long the message editor's projected finish takes (GET …/message/pushfinish, the function
 * its route calls) for a channel of 100,000 followers, 30 % of them with a push subscription among
 * 100,000 subscriptions in all, on SQLite and PostgreSQL: to every follower, to a two-box send
 * list, and with an A/B test's share. Run: npm run bench:push-finish. BENCH_PG_URL overrides the
 * PostgreSQL address; BENCH_DB=sqlite or postgres runs one database only.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOX_FILTERS } from '@qrqr/shared/tag-filter';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { ChannelRow } from '../../apps/server/src/db/schema';
import { pushFinishNow } from '../../apps/server/src/modules/messaging/push-finish-now';
import type { AppContext } from '../../apps/server/src/platform/core/context';
import { followerTagIndexes, quantile } from '../support/seeded-followers';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 100_000);
const SUBSCRIBED_SHARE = 0.3;
/** Subscriptions of devices following other channels (the subquery reads the whole table). */
const OTHER_SUBSCRIPTIONS = FOLLOWERS - Math.round(FOLLOWERS * SUBSCRIBED_SHARE);
const TAGS = 50;
const RUNS = 15;
const WARMUP = 3;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function openDb(dialect: 'sqlite' | 'postgres') {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-finish-'));
    const db = createDb({ sqliteFile: path.join(dir, 'bench.sqlite') });
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_finish_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = createDb({ DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, sqliteFile: '' });
  return {
    db,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

async function seed(db: Db): Promise<{ channel: ChannelRow; sendlistId: number }> {
  const k = db.kysely;
  const now = Date.now();
  const userId = randomBytes(8).toString('hex');
  await k
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@bench.test`,
      status: 'active',
      user_name: 'bench',
      company_name: '',
      password_hash: null,
      locale: 'ja',
      carry_over_key: null,
      channel_service_registered: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const { id: channelId } = await k
    .insertInto('channels')
    .values({
      user_id: userId,
      channel_code: randomBytes(12).toString('base64url'),
      channel_name: 'bench',
      channel_user_type: 2,
      industory_id: null,
      sub_industory_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Quiet hours on, so the projection walks them too.
  await k
    .updateTable('channels')
    .set({ quiet_hours: 1, quiet_start: 21 * 60, quiet_end: 8 * 60 })
    .where('id', '=', channelId)
    .execute();
  const tagIds = (
    await k
      .insertInto('tags')
      .values(
        Array.from({ length: TAGS }, (_, i) => ({
          channel_id: channelId,
          tag_name: `t${i}`,
          created_at: now,
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => Number(r.id));
  const tagsOf = followerTagIndexes(FOLLOWERS, TAGS);
  const subscriptions: Array<{ device: string }> = [];
  const ids: number[] = [];
  for (let i = 0; i < FOLLOWERS; i += 5000) {
    const rows = Array.from({ length: Math.min(5000, FOLLOWERS - i) }, () => randomBytes(32).toString('hex'));
    const inserted = await k
      .insertInto('followers')
      .values(rows.map((device_hash) => ({ channel_id: Number(channelId), device_hash, followed_at: now })))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => Number(r.id)));
    for (const device of rows) if (Math.random() < SUBSCRIBED_SHARE) subscriptions.push({ device });
  }
  for (let i = 0; i < OTHER_SUBSCRIPTIONS; i++)
    subscriptions.push({ device: randomBytes(32).toString('hex') });
  for (let i = 0; i < subscriptions.length; i += 2000)
    await k
      .insertInto('push_subscriptions')
      .values(
        subscriptions.slice(i, i + 2000).map(({ device }) => ({
          endpoint: `https://push.bench.test/${randomBytes(16).toString('hex')}`,
          origin: 'https://push.bench.test',
          device_hash: device,
          user_id: null,
          p256dh: 'p',
          auth: 'a',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  const links = tagsOf.flatMap((tags, i) =>
    tags.map((t) => ({
      follower_id: ids[i] as number,
      tag_id: tagIds[t] as number,
      channel_id: Number(channelId),
    })),
  );
  for (let i = 0; i < links.length; i += 5000)
    await k
      .insertInto('follower_tags')
      .values(links.slice(i, i + 5000))
      .execute();
  const { id: sendlistId } = await k
    .insertInto('sendlists')
    .values({
      channel_id: Number(channelId),
      sendlist_name: 'two boxes',
      box_filter_1: BOX_FILTERS.atLeast,
      box_filter_2: BOX_FILTERS.exclude,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('sendlist_tags')
    .values([
      { sendlist_id: Number(sendlistId), box: 1, tag_id: tagIds[0] as number, channel_id: Number(channelId) },
      { sendlist_id: Number(sendlistId), box: 2, tag_id: tagIds[3] as number, channel_id: Number(channelId) },
    ])
    .execute();
  await sql`analyze`.execute(k);
  const channel = await k
    .selectFrom('channels')
    .selectAll()
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
  return { channel, sendlistId: Number(sendlistId) };
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const { db, drop } = await openDb(dialect);
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const { channel, sendlistId } = await seed(db);
    console.log(`\n[${dialect}] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The route's context as far as the projection uses it: the count gate runs at once here.
    const ctx = { db, counts: { run: <T>(work: () => Promise<T>) => work() } } as unknown as AppContext;
    const cases = [
      { name: 'every follower', sendlistId: null, sharePercent: null, variants: null },
      { name: 'two-box send list', sendlistId, sharePercent: null, variants: null },
      { name: 'A/B test, 20 % in 2', sendlistId: null, sharePercent: 20, variants: 2 },
    ];
    for (const c of cases) {
      const times: number[] = [];
      let devices = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const answer = await pushFinishNow(ctx, { channel, sendAt: null, now: Date.now(), ...c });
        if (i >= WARMUP) times.push(performance.now() - t0);
        devices = answer.devices;
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${c.name.padEnd(22)} ${String(devices).padStart(6)} devices  median ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms`,
      );
    }
  } finally {
    await db.close();
    await drop();
  }
}

const only = process.env.BENCH_DB;
if (only !== 'postgres') await run('sqlite');
if (only !== 'sqlite') await run('postgres');
