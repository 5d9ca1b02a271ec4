/**
 * The operator's channel calls at 100,000 followers on the real server (production mode, its own
 * SQLite file), alone and then from 4 clients at once, while a visitor scans a /r/ code and a
 * monitor polls /api/health: how long each call takes, and what it costs everyone else.
 * Run: npm run bench:operator-load. FOLLOWERS, CLIENTS, SECONDS change the size and the load.
 *
 * Send-list counts and tag searches are remembered until the channel's audience changes (migration
 * 0017): the "cold" columns change the audience before every run, so they show what a call costs
 * when it must count again; under the load a follower's tag changes CHANGES_PER_SECOND times a
 * second (0.2: one every 5 s), as follows and tagging would on a busy channel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { channelPath } from '@qrqr/shared/channel-paths';
import SQLite from 'better-sqlite3';
import { startServer } from '../../e2e/support/server';
import { quantile } from '../support/seeded-followers';
import { type Seeded, seedChannel } from './seed';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 100_000);
const TAGS = 50;
const LISTS = 30;
const COUPONS = 40;
/** Sent messages (one a day), with a year of channel analytics. */
const MESSAGES = 300;
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 10);
/** Runs of each call alone, after one warm-up. */
const ALONE_RUNS = Number(process.env.ALONE_RUNS ?? 10);
const CHANGES_PER_SECOND = Number(process.env.CHANGES_PER_SECOND ?? 0.2);
const TARGET_CALL_MS = 50;
const TARGET_SCAN_MS = 20;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-operator-'));
const server = await startServer(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: dataDir,
    // The bench measures what the calls cost, not the limits that stop one member's burst.
    SENDLIST_COUNT_RATE_LIMIT: '100000',
    FOLLOWER_LIST_RATE_LIMIT: '100000',
    QR_CREATE_RATE_LIMIT: '100000',
    ANALYTICS_CSV_RATE_LIMIT: '100000',
  },
  { webBuild: false },
);
try {
  const started = Date.now();
  const seeded = seedChannel(path.join(dataDir, 'qrqr.sqlite'), {
    followers: FOLLOWERS,
    tags: TAGS,
    lists: LISTS,
    coupons: COUPONS,
    messages: MESSAGES,
  });
  const scanPath = await createRedirectCode(server.url);
  console.log(
    `seeded ${FOLLOWERS} followers, ${TAGS} tags, ${seeded.links} follower tags, ${LISTS} send lists, ` +
      `${COUPONS} coupons, ${MESSAGES} sent messages in ${((Date.now() - started) / 1000).toFixed(1)} s; server pid ${server.pid}, ` +
      `${os.cpus().length} CPUs`,
  );
  const cookie = `sid=${seeded.sid}`;
  const csrf = await csrfToken(server.url, cookie);
  const calls = operatorCalls(seeded);
  const send = (call: Call) => request(server.url, call, cookie, csrf);

  // Another connection to the server's file changes who holds a tag, as a follow or tagging would.
  const file = new SQLite(path.join(dataDir, 'qrqr.sqlite'));
  file.pragma('busy_timeout = 5000');
  const follower = file
    .prepare('select id from followers where channel_id = ? limit 1')
    .get(seeded.channelId) as {
    id: number;
  };
  const tagged = [follower.id, seeded.tagIds.at(-1), seeded.channelId];
  const tag = file.prepare('insert into follower_tags (follower_id, tag_id, channel_id) values (?, ?, ?)');
  const untag = file.prepare(
    'delete from follower_tags where follower_id = ? and tag_id = ? and channel_id = ?',
  );
  let toggled = file
    .prepare('select 1 from follower_tags where follower_id = ? and tag_id = ? and channel_id = ?')
    .get(...tagged);
  const changeAudience = () => {
    (toggled ? untag : tag).run(...tagged);
    toggled = !toggled;
  };

  for (const call of calls) await send(call); // warm-up, and every answer must be 200
  const alone = new Map<string, number[]>();
  const cold = new Map<string, number[]>();
  for (const call of calls) {
    const samples: number[] = [];
    for (let i = 0; i < ALONE_RUNS; i++) samples.push((await send(call)).ms);
    alone.set(call.name, samples);
    const colds: number[] = [];
    for (let i = 0; i < ALONE_RUNS; i++) {
      changeAudience();
      colds.push((await send(call)).ms);
    }
    cold.set(call.name, colds);
  }
  const quiet = await probe(server.url, scanPath, 3, async () => {});
  console.log(`load average before the load: ${loadavg()}`);

  const loaded = new Map<string, number[]>(calls.map((c) => [c.name, []]));
  let refused = 0;
  let next = 0;
  let changes = 0;
  const under = await probe(server.url, scanPath, SECONDS, async (until) => {
    const changing = async () => {
      if (CHANGES_PER_SECOND <= 0) return;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 1000 / CHANGES_PER_SECOND));
        changeAudience();
        changes++;
      }
    };
    await Promise.all([
      changing(),
      ...Array.from({ length: CLIENTS }, async (_, client) => {
        // The clients take the calls in turn from one list, so every call is made as often.
        while (Date.now() < until) {
          const call = calls[next++ % calls.length] as Call;
          const answer = await send(call).catch((error: Error) => {
            if (refused++ < 3) console.log(`client ${client}: ${error.message}`);
          });
          if (answer) loaded.get(call.name)?.push(answer.ms);
        }
      }),
    ]);
  });
  file.close();
  console.log(`load average after the load: ${loadavg()}`);

  console.log('');
  console.log(`the audience changed ${changes} times during the load`);
  console.log(
    `| operator call | alone p50 ms | alone p99 ms | cold p50 ms | cold p99 ms | ${CLIENTS} clients p50 ms | p99 ms | calls |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  let worst = 0;
  for (const call of calls) {
    const a = alone.get(call.name) ?? [];
    const c = cold.get(call.name) ?? [];
    const l = loaded.get(call.name) ?? [];
    worst = Math.max(worst, quantile(l, 0.99));
    console.log(
      `| ${call.name} | ${ms(quantile(a, 0.5))} | ${ms(quantile(a, 0.99))} | ${ms(quantile(c, 0.5))} | ${ms(quantile(c, 0.99))} | ${ms(quantile(l, 0.5))} | ${ms(quantile(l, 0.99))} | ${l.length} |`,
    );
  }
  console.log('');
  console.log('| visitor | quiet p50 ms | quiet p99 ms | under load p50 ms | p99 ms | requests |');
  console.log('|---|---|---|---|---|---|');
  for (const key of ['scan', 'health'] as const) {
    const [q, u] = [quiet[key], under[key]];
    console.log(
      `| ${key === 'scan' ? '/r/{code}' : '/api/health'} | ${ms(quantile(q, 0.5))} | ${ms(quantile(q, 0.99))} | ${ms(quantile(u, 0.5))} | ${ms(quantile(u, 0.99))} | ${u.length} |`,
    );
  }
  if (refused > 0) console.log(`${refused} operator calls were refused or failed under the load`);
  const scanP99 = quantile(under.scan, 0.99);
  console.log('');
  console.log(
    `targets: every operator call p99 < ${TARGET_CALL_MS} ms under the load (worst ${ms(worst)}): ` +
      `${worst < TARGET_CALL_MS ? 'met' : 'NOT met'}; /r/ p99 < ${TARGET_SCAN_MS} ms (${ms(scanP99)}): ` +
      `${scanP99 < TARGET_SCAN_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function ms(value: number): string {
  return Number.isNaN(value) ? '-' : value.toFixed(1);
}

function loadavg(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

/** Every GET an operator's channel screens make (and the editor's live count), at their costliest. */
function operatorCalls(s: Seeded): Call[] {
  const get = (name: string, p: string): Call => ({ name, method: 'GET', path: p });
  const under = (rest: string) => channelPath.under(s.channelId, rest);
  const lastPage = Math.ceil(FOLLOWERS / 20);
  const tags = (n: number, from = 0) => s.tagIds.slice(from, from + n).join(',');
  const yearAgo = Math.floor(Date.now() / 1000) - 365 * 86_400;
  return [
    get('channel list', '/api/qrchannel/channel'),
    get('channel get', channelPath.one(s.channelId)),
    get('followers page 1', under('followers')),
    get(`followers page ${lastPage / 2}`, under(`followers?page=${lastPage / 2}`)),
    get(`followers page ${lastPage} (last)`, under(`followers?page=${lastPage}`)),
    get('followers page 1000000', under('followers?page=1000000')),
    get('followers 1 popular tag', under(`followers?tag_ids=${tags(1)}`)),
    get('followers 1 popular tag page 500', under(`followers?tag_ids=${tags(1)}&page=500`)),
    get('followers 2 tags', under(`followers?tag_ids=${tags(2)}`)),
    get('followers 10 tags', under(`followers?tag_ids=${tags(10)}`)),
    get('followers 10 rare tags', under(`followers?tag_ids=${tags(10, 40)}`)),
    get('tags', under('tag')),
    get('tag link', under(`tag/link?tag_ids=${tags(3)}`)),
    get(`send lists (${LISTS})`, under('sendlist')),
    get('send list detail', under(`sendlist/${s.sendlistIds[0]}`)),
    {
      name: 'live count (POST)',
      method: 'POST',
      path: under('sendlist/count'),
      body: {
        box_filter_1: 0,
        tag_list_1: s.tagIds.slice(0, 2),
        box_filter_2: 4,
        tag_list_2: s.tagIds.slice(2, 5),
      },
    },
    get(`coupons (${COUPONS})`, channelPath.coupons(s.channelId)),
    get(`messages (${MESSAGES} sent) page 1`, `${channelPath.messages(s.channelId)}?status=-1&page=1`),
    get(
      'messages sent, last page',
      `${channelPath.messages(s.channelId)}?status=2&page=${Math.ceil(MESSAGES / 20)}`,
    ),
    get('analytics week', `${channelPath.analytics(s.channelId)}?range=1`),
    get('analytics all', `${channelPath.analytics(s.channelId)}?range=4`),
    get(
      'analytics CSV 90 days',
      channelPath.analyticsCsv(s.channelId, yearAgo + 275 * 86_400, yearAgo + 365 * 86_400),
    ),
  ];
}

async function request(base: string, call: Call, cookie: string, csrf: string): Promise<{ ms: number }> {
  const start = performance.now();
  const res = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: {
      cookie,
      accept: 'application/json',
      ...(call.method === 'POST'
        ? { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': csrf }
        : {}),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  const elapsed = performance.now() - start;
  if (res.status !== 200) throw new Error(`${call.name}: ${res.status} ${text.slice(0, 200)}`);
  return { ms: elapsed };
}

/**
 * Runs `work(until)` for `seconds` while one visitor scans the code every 20 ms and a monitor polls
 * /api/health every 50 ms, each waiting for its answer; returns their latencies.
 */
async function probe(
  base: string,
  scanPath: string,
  seconds: number,
  work: (until: number) => Promise<void>,
): Promise<{ scan: number[]; health: number[] }> {
  const until = Date.now() + seconds * 1000;
  const visitor = new Worker(new URL('./visitor-probe.mjs', import.meta.url), {
    workerData: { base, scanPath, seconds, userAgent: PHONE_UA },
  });
  const samples = new Promise<{ scan: number[]; health: number[] }>((resolve, reject) => {
    visitor.once('message', resolve);
    visitor.once('error', reject);
  });
  const [answer] = await Promise.all([samples, work(until)]);
  await visitor.terminate();
  return answer;
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
