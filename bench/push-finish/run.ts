/**
 * How long the message editor's projected finish takes (GET …/message/pushfinish, the function
 * its route calls) for a channel of 100,000 followers, 30 % of them with a push subscription among
 * 100,000 subscriptions in all, on SQLite and PostgreSQL: to every follower, to a two-box send
 * list, and with an A/B test's share; each with the channel's frequency cap off and on (a cap of 3,
 * after 4 sends in the last 24 h, each to a random 60 % of the followers: about half have reached
 * it), the two runs interleaved so that their ratio is measured under the same load.
 * Run: npm run bench:push-finish. BENCH_PG_URL overrides the PostgreSQL address; BENCH_DB=sqlite or
 * postgres runs one database only.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { ChannelRow } from '../../apps/server/src/db/schema';
import { pushFinishNow } from '../../apps/server/src/modules/messaging/push-finish-now';
import type { AppContext } from '../../apps/server/src/platform/core/context';
import { seedSubscriptions } from '../../apps/server/test/messaging/seed';
import { type BenchDialect, openBenchDb } from '../support/bench-db';
import { seedTaggedChannel, seedTwoBoxList } from '../support/seeded-channel';
import { followerTagIndexes, quantile } from '../support/seeded-followers';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 100_000);
const SUBSCRIBED_SHARE = 0.3;
/** Subscriptions of devices following other channels (the subquery reads the whole table). */
const OTHER_SUBSCRIPTIONS = FOLLOWERS - Math.round(FOLLOWERS * SUBSCRIBED_SHARE);
const TAGS = 50;
const RUNS = 15;
const WARMUP = 3;
const ORIGIN = 'https://push.bench.test';
const CAP = 3;
const EARLIER_SENDS = 4;
const EARLIER_SHARE = 0.6;
const HOUR_MS = 3_600_000;

async function seed(db: Db): Promise<{ channel: ChannelRow; sendlistId: number }> {
  const k = db.kysely;
  const { channelId, tagIds } = await seedTaggedChannel(db, TAGS, followerTagIndexes(FOLLOWERS, TAGS));
  // Quiet hours on, so the projection walks them too.
  await k
    .updateTable('channels')
    .set({ quiet_hours: 1, quiet_start: 21 * 60, quiet_end: 8 * 60 })
    .where('id', '=', channelId)
    .execute();
  const followers = await k
    .selectFrom('followers')
    .select(['id', 'device_hash'])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
  const devices = [
    ...followers.filter(() => Math.random() < SUBSCRIBED_SHARE).map((f) => f.device_hash),
    ...Array.from({ length: OTHER_SUBSCRIPTIONS }, () => randomBytes(32).toString('hex')),
  ];
  await seedSubscriptions(
    db,
    ORIGIN,
    devices.map((deviceHash) => ({
      deviceHash,
      sub: { endpoint: `${ORIGIN}/${randomBytes(16).toString('hex')}`, keys: { p256dh: 'p', auth: 'a' } },
    })),
  );
  await seedEarlierSends(
    db,
    channelId,
    followers.map((f) => Number(f.id)),
  );
  const sendlistId = await seedTwoBoxList(db, channelId, [tagIds[0] as number], [tagIds[3] as number]);
  await sql`analyze`.execute(k);
  const channel = await k
    .selectFrom('channels')
    .selectAll()
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
  return { channel, sendlistId };
}

/** The sends the cap counts: EARLIER_SENDS messages of the last 24 h, each to a random share. */
async function seedEarlierSends(db: Db, channelId: number, followerIds: number[]): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < EARLIER_SENDS; i++) {
    const at = now - (20 - 5 * i) * HOUR_MS;
    const message = await db.kysely
      .insertInto('messages')
      .values({
        channel_id: channelId,
        status: 2,
        layout: 1,
        send_at: at,
        sent_at: at,
        push_text: `earlier ${i + 1}`,
        reserved_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = followerIds
      .filter(() => Math.random() < EARLIER_SHARE)
      .map((id) => ({ message_id: Number(message.id), follower_id: id, delivered_at: at, push_state: 1 }));
    for (let j = 0; j < rows.length; j += 2000)
      await db.kysely
        .insertInto('message_deliveries')
        .values(rows.slice(j, j + 2000))
        .execute();
  }
}

async function run(dialect: BenchDialect): Promise<void> {
  const { db, close } = await openBenchDb(dialect, 'finish');
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
    const capped = { ...channel, frequency_cap: CAP };
    for (const c of cases) {
      const off: number[] = [];
      const on: number[] = [];
      let devices = [0, 0];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        // Interleaved, the cap first on odd runs, so that neither gains from the other's cache.
        const order = i % 2 === 0 ? [channel, capped] : [capped, channel];
        for (const ch of order) {
          const t0 = performance.now();
          const answer = await pushFinishNow(ctx, { channel: ch, sendAt: null, now: Date.now(), ...c });
          const ms = performance.now() - t0;
          const isOn = ch === capped;
          if (i >= WARMUP) (isOn ? on : off).push(ms);
          devices = isOn ? [devices[0] ?? 0, answer.devices] : [answer.devices, devices[1] ?? 0];
        }
      }
      off.sort((a, b) => a - b);
      on.sort((a, b) => a - b);
      const line = (label: string, n: number, times: number[]) =>
        `  ${`${c.name}, ${label}`.padEnd(30)} ${String(n).padStart(6)} devices  median ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms`;
      console.log(line('cap off', devices[0] ?? 0, off));
      console.log(
        `${line(`cap ${CAP}`, devices[1] ?? 0, on)}  ${(quantile(on, 0.5) / quantile(off, 0.5)).toFixed(2)}× cap off`,
      );
    }
    await behindALine(db, ctx, channel);
  } finally {
    await close();
  }
}

/**
 * The projection while a send's pushes wait: the newest earlier send's deliveries (about 60,000)
 * left pending, the line the projection reads per channel (push-waiting.ts), against the same
 * call with nothing waiting, measured just before.
 */
async function behindALine(db: Db, ctx: AppContext, channel: ChannelRow): Promise<void> {
  const timed = async () => {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      await pushFinishNow(ctx, {
        channel,
        sendlistId: null,
        sharePercent: null,
        variants: null,
        sendAt: null,
        now: Date.now(),
      });
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    return quantile(
      times.sort((a, b) => a - b),
      0.5,
    );
  };
  const newest = await db.kysely
    .selectFrom('messages')
    .select('id')
    .where('channel_id', '=', Number(channel.id))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const without = await timed();
  const { numUpdatedRows } = await db.kysely
    .updateTable('message_deliveries')
    .set({ push_state: 0, push_due_at: Date.now() })
    .where('message_id', '=', newest.id)
    .executeTakeFirst();
  const behind = await timed();
  console.log(
    `  every follower, behind ${numUpdatedRows} waiting pushes: median ${behind.toFixed(1)} ms, ${(behind / without).toFixed(2)}× with none waiting (${without.toFixed(1)} ms)`,
  );
}

const only = process.env.BENCH_DB;
if (only !== 'postgres') await run('sqlite');
if (only !== 'sqlite') await run('postgres');
