/**
 * Pushes within a large audience: MESSAGES (20) messages due at once to FOLLOWERS (50,000)
 * followers of whom SUBSCRIBED (300) have a push subscription, on PostgreSQL with two real server
 * processes (their own delivery and push sweeps) and the fake push service (its own process, 50 ms
 * per answer). It prints the delay from the messages' due time to the last push of the last
 * message. Baseline, the same run: the same messages and subscriptions on a channel whose only
 * followers are the subscribed ones (what the pushes cost without the rest of the audience).
 * Target: the large audience pushed within 5 s of due. A database of its own is created on
 * BENCH_PG_URL's server and dropped afterwards.
 * Run: npm run bench:push:audience (FOLLOWERS, SUBSCRIBED, MESSAGES, LATENCY_MS change it).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import pg from 'pg';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import {
  seedChannelWithFollowers,
  seedReservedMessages,
  seedSubscriptions,
} from '../../apps/server/test/messaging/seed';
import type { TestSubscription } from '../../apps/server/test/support/fake-push-service';
import { type RunningServer, startServer } from '../../e2e/support/server';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 50_000);
const SUBSCRIBED = Number(process.env.SUBSCRIBED ?? 300);
const MESSAGES = Number(process.env.MESSAGES ?? 20);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 50);
const PROCESSES = 2;
const TARGET_SECONDS = 5;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = path.dirname(fileURLToPath(import.meta.url));

type Arrivals = {
  messages: Array<{ id: number; count: number; first: number; last: number; twice: number }>;
  errors: string[];
};

function ask<T>(child: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(msg);
  });
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A channel of `followers` followers, `subscribed` of them (spread evenly) with a subscription. */
async function seedAudience(
  db: Db,
  fake: ChildProcess,
  origin: string,
  followers: number,
  subscribed: number,
) {
  const { channelId } = await seedChannelWithFollowers(db, followers);
  const rows = await db.kysely
    .selectFrom('followers')
    .select('device_hash')
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
  const { subs } = await ask<{ subs: TestSubscription[] }>(fake, { cmd: 'subscriptions', n: subscribed });
  const step = followers / subscribed;
  await seedSubscriptions(
    db,
    origin,
    subs.map((sub, i) => ({
      deviceHash: (rows[Math.floor(i * step)] as { device_hash: string }).device_hash,
      sub,
    })),
  );
  return channelId;
}

/** CPU seconds a process has used (utime + stime from /proc; 0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes on this machine (the bench runs beside its database). */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU seconds of the server processes, the fake push service and PostgreSQL. */
function cpuOf(servers: readonly RunningServer[], fake: ChildProcess) {
  const sum = (pids: number[]) => pids.reduce((a, p) => a + cpuSeconds(p), 0);
  return {
    servers: sum(servers.map((s) => s.pid)),
    fake: sum([fake.pid as number]),
    db: sum(postgresPids()),
  };
}

/** Reserves MESSAGES messages due at the next second but one and waits for every push of them. */
async function run(
  db: Db,
  fake: ChildProcess,
  servers: readonly RunningServer[],
  channelId: number,
  subscribed: number,
) {
  await ask(fake, { cmd: 'reset' });
  const cpu0 = cpuOf(servers, fake);
  const due = (Math.ceil(Date.now() / 1000) + 2) * 1000;
  const ids = await seedReservedMessages(db, channelId, MESSAGES, due);
  const expected = MESSAGES * subscribed;
  const deadline = due + 300_000;
  let arrivals: Arrivals;
  // When every message's deliveries were committed (its status is sent), polled with the pushes.
  let allSent = Number.NaN;
  for (;;) {
    if (Number.isNaN(allSent)) {
      const sentNow = await db.kysely
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .where('status', '=', MESSAGE_STATUSES.sent)
        .executeTakeFirstOrThrow();
      if (Number(sentNow.n) === ids.length) allSent = Date.now();
    }
    arrivals = await ask<Arrivals>(fake, { cmd: 'arrivals' });
    const got = arrivals.messages.reduce((a, m) => a + m.count, 0);
    if (got >= expected || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const cpu1 = cpuOf(servers, fake);
  const cpu = {
    servers: cpu1.servers - cpu0.servers,
    fake: cpu1.fake - cpu0.fake,
    db: cpu1.db - cpu0.db,
  };
  const mine = arrivals.messages.filter((m) => ids.includes(m.id));
  const delays = mine.map((m) => (m.last - due) / 1000).sort((a, b) => a - b);
  const firstPush = (Math.min(...mine.map((m) => m.first)) - due) / 1000;
  const sent = await db.kysely
    .selectFrom('messages')
    .select((eb) => [eb.fn.max('sent_at').as('last'), eb.fn.sum<number>('delivered_count').as('delivered')])
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return {
    pushes: mine.reduce((a, m) => a + m.count, 0),
    expected,
    twice: mine.reduce((a, m) => a + m.twice, 0),
    messagesPushed: mine.length,
    firstPush,
    firstMessage: delays[0] ?? Number.NaN,
    lastMessage: delays[delays.length - 1] ?? Number.NaN,
    lastClaimed: (Number(sent.last) - due) / 1000,
    allSent: (allSent - due) / 1000,
    delivered: Number(sent.delivered),
    errors: arrivals.errors,
    cpu,
  };
}

async function main() {
  const name = `bench_push_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const fake = fork(path.join(here, 'fake-service.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const servers: RunningServer[] = [];
  const db = createDb({ DATABASE_URL: databaseUrl, sqliteFile: '' });
  const log: string[] = [];
  try {
    const { origin, caFile } = await ask<{ origin: string; caFile: string }>(fake, {
      cmd: 'start',
      latencyMs: LATENCY_MS,
    });
    await migrateToLatest(db);
    const baseline = await seedAudience(db, fake, origin, SUBSCRIBED, SUBSCRIBED);
    const large = await seedAudience(db, fake, origin, FOLLOWERS, SUBSCRIBED);
    for (let i = 0; i < PROCESSES; i++)
      servers.push(
        await startServer(
          {
            DATABASE_URL: databaseUrl,
            PUSH_SERVICE_ORIGINS: origin,
            PUSH_CA_FILE: caFile,
            VAPID_SUBJECT: 'mailto:bench@qr.test',
          },
          { webBuild: false, onOutput: (text) => log.push(text) },
        ),
      );
    console.log(
      `${MESSAGES} messages due at once, ${SUBSCRIBED} subscribed followers, fake push service ` +
        `${LATENCY_MS} ms per answer, PostgreSQL, ${PROCESSES} server processes; load ${loadavg()}`,
    );
    const results = [
      { label: `baseline: ${SUBSCRIBED} followers`, ...(await run(db, fake, servers, baseline, SUBSCRIBED)) },
      { label: `${FOLLOWERS} followers`, ...(await run(db, fake, servers, large, SUBSCRIBED)) },
    ];
    const f = (v: number) => `${v.toFixed(2)} s`.padStart(9);
    console.log(
      '\n                       deliveries   pushes       last claimed  all committed  first push  first msg pushed  last msg pushed',
    );
    for (const r of results)
      console.log(
        `${r.label.padEnd(23)}${String(r.delivered).padStart(10)}   ${`${r.pushes}/${r.expected}`.padEnd(11)}` +
          `${f(r.lastClaimed)}     ${f(r.allSent)}  ${f(r.firstPush)}      ${f(r.firstMessage)}         ${f(r.lastMessage)}`,
      );
    console.log('\nCPU seconds (servers / fake push service / PostgreSQL, from /proc):');
    for (const r of results)
      console.log(
        `${r.label.padEnd(23)}${r.cpu.servers.toFixed(1)} / ${r.cpu.fake.toFixed(1)} / ${r.cpu.db.toFixed(1)}`,
      );
    const [base, big] = results as [(typeof results)[0], (typeof results)[0]];
    console.log(
      `(seconds after due; "last msg pushed": the last push of the last message; load ${loadavg()})\n` +
        `ratio ${FOLLOWERS} followers / baseline: ${(big.lastMessage / base.lastMessage).toFixed(2)}x; ` +
        `pushed twice: ${base.twice + big.twice}; fake service errors: ${[...base.errors, ...big.errors].length}`,
    );
    const complete = big.pushes >= big.expected;
    console.log(
      `target: last push ≤ ${TARGET_SECONDS} s after due ${complete && big.lastMessage <= TARGET_SECONDS ? 'met' : 'MISSED'}`,
    );
    const warnings = log
      .join('')
      .split('\n')
      .filter((l) => /"level":40/.test(l));
    if (warnings.length) console.log(`server warnings: ${warnings.length}, first: ${warnings[0]}`);
    const errors = log
      .join('')
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    if (errors.length) console.log(`server errors:\n${errors.slice(0, 5).join('\n')}`);
  } finally {
    for (const s of servers) await s.stop();
    await db.close();
    fake.send({ cmd: 'stop' });
    await dropDatabase(admin, name);
    await admin.end();
  }
}

/** Drops the bench's database once its last connection is gone (FORCE only as a last resort). */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let i = 0; i < 20; i++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
