/**
 * Web Push fan-out: 10,000 subscriptions on the fake push service (its own process,
 * 50 ms per answer, TLS with a certificate made for the run). Ours: the server's own push sweep
 * (pushDueDeliveries: claim, encrypt, cached VAPID header, PUSH_CONCURRENCY_PER_ORIGIN in flight
 * over keep-alive, each outcome written to SQLite). Baseline, the same run: web-push's
 * `sendNotification` with `vapidDetails` (an ES256 signature per recipient), 100 in flight on a
 * keep-alive agent, no database. Prints the time until every push was attempted and CPU per
 * recipient for both, and the ratios. Run: npm run bench:push (RECIPIENTS, LATENCY_MS change it).
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import webpush from 'web-push';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { pushDueDeliveries } from '../../apps/server/src/modules/messaging/push-deliveries';
import { pushService } from '../../apps/server/src/modules/push/lookup';
import type { AppContext } from '../../apps/server/src/platform/core/context';
import { Registry } from '../../apps/server/src/platform/core/registry';
import { Jobs } from '../../apps/server/src/platform/jobs/jobs';
import { Metrics } from '../../apps/server/src/platform/metrics/metrics';
import { seedChannelWithFollowers, seedSubscriptions } from '../../apps/server/test/messaging/seed';
import type { TestSubscription } from '../../apps/server/test/support/fake-push-service';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 10_000);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 50);
const TARGET_SECONDS = 20;
const TARGET_CPU_MS = 0.5;
const here = path.dirname(fileURLToPath(import.meta.url));

function ask<T>(child: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(msg);
  });
}

async function waitForCount(child: ChildProcess, n: number) {
  for (;;) {
    const c = await ask<{ received: number; errors: string[]; maxInFlight: number }>(child, { cmd: 'count' });
    if (c.received >= n) return c;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

async function main() {
  const child = fork(path.join(here, 'fake-service.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const { origin, caFile } = await ask<{ origin: string; caFile: string }>(child, {
    cmd: 'start',
    latencyMs: LATENCY_MS,
  });
  const { subs } = await ask<{ subs: TestSubscription[] }>(child, { cmd: 'subscriptions', n: RECIPIENTS });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-push-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUSH_SERVICE_ORIGINS: origin,
    PUSH_CA_FILE: caFile,
    VAPID_SUBJECT: 'mailto:bench@qr.test',
  });
  const db = createDb(config);
  await migrateToLatest(db);
  const { channelId } = await seedChannelWithFollowers(db, RECIPIENTS);
  const followers = await db.kysely
    .selectFrom('followers')
    .select(['id', 'device_hash'])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
  const now = Date.now();
  await seedSubscriptions(
    db,
    origin,
    followers.map((f, i) => ({ deviceHash: f.device_hash, sub: subs[i] as TestSubscription })),
  );
  const message = await db.kysely
    .insertInto('messages')
    .values({
      channel_id: channelId,
      status: 2,
      layout: 1,
      send_at: now,
      push_text: '本日のおすすめ：春限定のブレンドをお出しします',
      sent_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into message_deliveries (message_id, follower_id, delivered_at)
            select ${Number(message.id)}, id, ${now} from followers where channel_id = ${channelId}`.execute(
    db.kysely,
  );
  const ctx = {
    db,
    config,
    registry: new Registry(),
    log: { warn() {}, error() {}, info() {} },
    metrics: new Metrics({ db, jobs: new Jobs(db, { error() {} } as never), gates: {} }),
  } as unknown as AppContext;
  console.log(
    `${RECIPIENTS} subscriptions on the fake push service (${LATENCY_MS} ms per answer), ` +
      `PUSH_CONCURRENCY_PER_ORIGIN=${config.PUSH_CONCURRENCY_PER_ORIGIN}; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );

  // Ours.
  const keys = await pushService(ctx).vapidKeys();
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  await pushDueDeliveries(ctx);
  const oursSeconds = (performance.now() - t0) / 1000;
  const oursCpu = cpuMs(cpu0) / RECIPIENTS;
  const ours = await waitForCount(child, RECIPIENTS);
  const states = await db.kysely
    .selectFrom('message_deliveries')
    .select(['push_state', (eb) => eb.fn.countAll().as('n')])
    .groupBy('push_state')
    .execute();
  await pushService(ctx).close();

  // Baseline: web-push signing each send.
  await ask(child, { cmd: 'reset' });
  const agent = new https.Agent({ keepAlive: true, maxSockets: 100, ca: fs.readFileSync(caFile) });
  const payload = JSON.stringify({
    title: 'delivery',
    body: '本日のおすすめ：春限定のブレンドをお出しします',
    message_id: Number(message.id),
    welcome_message_id: null,
    url: `http://localhost/c/x?via=push#message/x/message-${message.id}`,
    tag: `message-${message.id}`,
  });
  let next = 0;
  let failures = 0;
  cpu0 = process.cpuUsage();
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < subs.length) {
        const sub = subs[next++] as TestSubscription;
        await webpush
          .sendNotification(sub, payload, {
            vapidDetails: {
              subject: 'mailto:bench@qr.test',
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: 86_400,
            urgency: 'normal',
            topic: `m${message.id}`,
            agent,
          })
          .catch(() => failures++);
      }
    }),
  );
  const baseSeconds = (performance.now() - t0) / 1000;
  const baseCpu = cpuMs(cpu0) / RECIPIENTS;
  const base = await waitForCount(child, RECIPIENTS);
  agent.destroy();

  const f = (v: number, d = 2) => v.toFixed(d);
  console.log('\n                       all attempted   CPU / recipient   in flight (max)');
  console.log(
    `ours (push sweep)      ${f(oursSeconds)} s${' '.repeat(9)}${f(oursCpu, 3)} ms${' '.repeat(9)}${ours.maxInFlight}`,
  );
  console.log(
    `web-push per-send sign ${f(baseSeconds)} s${' '.repeat(9)}${f(baseCpu, 3)} ms${' '.repeat(9)}${base.maxInFlight}`,
  );
  console.log(`ratio baseline / ours  time ${f(baseSeconds / oursSeconds)}x, CPU ${f(baseCpu / oursCpu)}x`);
  console.log(
    `push states after ours: ${states.map((s) => `${s.push_state}=${s.n}`).join(' ')}; baseline failures ${failures}`,
  );
  if (ours.errors.length || base.errors.length) console.log('fake service errors:', ours.errors, base.errors);
  console.log(
    `targets: all attempted ≤ ${TARGET_SECONDS} s ${oursSeconds <= TARGET_SECONDS ? 'met' : 'MISSED'}; ` +
      `CPU ≤ ${TARGET_CPU_MS} ms/recipient ${oursCpu <= TARGET_CPU_MS ? 'met' : 'MISSED'}`,
  );
  await db.close();
  child.send({ cmd: 'stop' });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
