/**
 * How long the send-list count takes for two-box lists over 100,000 followers of one channel with
 * 50 tags, on SQLite and on PostgreSQL, through the same function the server calls
 * (countAudience). Run: npm run bench:sendlist. BENCH_PG_URL overrides the PostgreSQL address;
 * BENCH_DB=sqlite or postgres runs one database only.
 */
import fs from 'node:fs';
import os from 'node:os';
import { matchesFilter, type TagFilter } from '@qrqr/shared/tag-filter';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { Database } from '../../apps/server/src/db/schema';
import { countAudiences } from '../../apps/server/src/modules/sendlists/audience-counts';
import { countAudience } from '../../apps/server/src/modules/sendlists/audience-query';
import { type BenchDialect, openBenchDb } from '../support/bench-db';
import { seedTaggedChannel } from '../support/seeded-channel';
import { followerTagIndexes, quantile, rng } from '../support/seeded-followers';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 100_000);
const TAGS = 50;
/** Lists on the list screen's page (the seven shapes and more made from them). */
const LISTS = 20;
/** A short page (the first lists of the long one), counted a list at a time inside one statement. */
const SMALL_PAGE = 5;
const RUNS = 15;
const WARMUP = 3;
const TARGET_MS = 100;

/** Two-box list shapes, by tag index (0 = the most popular tag). */
const SHAPES: Array<{ name: string; filter: (t: (i: number) => number) => TagFilter }> = [
  { name: 'at least {0} AND exclude {1}', filter: (t) => f(0, [t(0)], 4, [t(1)]) },
  { name: 'exactly {0,1} AND default', filter: (t) => f(2, [t(0), t(1)], 3, []) },
  { name: 'at most {0,1,2} AND exclude {3}', filter: (t) => f(1, [t(0), t(1), t(2)], 4, [t(3)]) },
  {
    name: 'at least {2} AND at most {0..5}',
    filter: (t) => f(0, [t(2)], 1, [0, 1, 2, 3, 4, 5].map(t)),
  },
  { name: 'exclude {0,1,2} AND exclude {3,4}', filter: (t) => f(4, [t(0), t(1), t(2)], 4, [t(3), t(4)]) },
  { name: 'exactly {0,3,9} AND at least {0}', filter: (t) => f(2, [t(0), t(3), t(9)], 0, [t(0)]) },
  {
    name: 'at least {40} AND exclude {0..8}',
    filter: (t) => f(0, [t(40)], 4, [0, 1, 2, 3, 4, 5, 6, 7, 8].map(t)),
  },
];
function f(m1: number, t1: number[], m2: number, t2: number[]): TagFilter {
  return { box_filter_1: m1 as 0, tag_list_1: t1, box_filter_2: m2 as 0, tag_list_2: t2 };
}

/** A channel's page of lists: the seven shapes, then seeded lists of 1 to 5 tags a box in any mode. */
function pageOfLists(t: (i: number) => number): TagFilter[] {
  const random = rng(7);
  const box = () => ({
    mode: Math.floor(random() * 5),
    tags: [
      ...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => t(Math.floor(random() * TAGS)))),
    ],
  });
  const made = Array.from({ length: LISTS - SHAPES.length }, () => {
    const [a, b] = [box(), box()];
    return f(a.mode, a.tags, b.mode, b.tags);
  });
  return [...SHAPES.map((shape) => shape.filter(t)), ...made];
}

async function seed(db: Db, tagsOf: number[][]): Promise<{ channelId: number; tagIds: number[] }> {
  const { channelId, tagIds } = await seedTaggedChannel(db, TAGS, tagsOf);
  // A live database has been vacuumed by autovacuum (PostgreSQL's index-only scans need it).
  await sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
  return { channelId, tagIds };
}

/**
 * CPU time the database spends, in ms: for SQLite this process's own (it runs inside it), for
 * PostgreSQL the serving backend's from /proc (the bench runs next to the database). On a shared,
 * busy machine the wall time mostly measures the wait for a CPU; this is the cost itself.
 */
async function cpuClock(db: Db): Promise<{ run<T>(work: (db: Db) => Promise<T>): Promise<T>; ms(): number }> {
  if (db.dialect === 'sqlite') {
    let total = 0;
    return {
      async run(work) {
        const start = process.cpuUsage();
        try {
          return await work(db);
        } finally {
          const used = process.cpuUsage(start);
          total += (used.user + used.system) / 1000;
        }
      },
      ms: () => total,
    };
  }
  // One connection for every timed query, so one backend does all the work.
  let release: () => void = () => {};
  const conn = await new Promise<Kysely<Database>>((resolve) => {
    void db.kysely.connection().execute(
      (c) =>
        new Promise<void>((done) => {
          release = done;
          resolve(c);
        }),
    );
  });
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
  const stat = `/proc/${rows[0]?.pid}/stat`;
  const ticks = () => {
    if (!fs.existsSync(stat)) return Number.NaN;
    const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
  };
  const first = ticks();
  const one: Db = { ...db, kysely: conn };
  return {
    run: (work) => work(one),
    ms: () => {
      const used = (ticks() - first) * 10;
      release();
      return used;
    },
  };
}

async function measure(label: string, db: Db, tagsOf: number[][]) {
  const started = Date.now();
  const { channelId, tagIds } = await seed(db, tagsOf);
  const links = tagsOf.reduce((n, t) => n + t.length, 0);
  console.log(
    `\n${label}: ${FOLLOWERS} followers, ${TAGS} tags, ${links} follower tags (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(`load average ${load.join(' ')} on ${os.cpus().length} CPUs`);
  console.log(
    'list shape'.padEnd(40),
    'reach'.padStart(7),
    'median ms'.padStart(10),
    'p95 ms'.padStart(8),
    'CPU mean ms'.padStart(12),
  );
  const t = (i: number) => tagIds[i] as number;
  const channelTags = new Set(tagIds);
  const medians: number[] = [];
  const cpuMeans: number[] = [];
  for (const shape of SHAPES) {
    const filter = shape.filter(t);
    const expected = tagsOf.filter((tags) => matchesFilter(filter, new Set(tags.map(t)), channelTags)).length;
    let count = 0;
    for (let i = 0; i < WARMUP; i++) count = await countAudience(db, channelId, filter);
    if (count !== expected) throw new Error(`${shape.name}: counted ${count}, expected ${expected}`);
    const clock = await cpuClock(db);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      await clock.run((one) => countAudience(one, channelId, filter));
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const cpuMean = clock.ms() / RUNS;
    const median = quantile(samples, 0.5);
    medians.push(median);
    cpuMeans.push(cpuMean);
    console.log(
      shape.name.padEnd(40),
      String(count).padStart(7),
      median.toFixed(1).padStart(10),
      quantile(samples, 0.95).toFixed(1).padStart(8),
      cpuMean.toFixed(1).padStart(12),
    );
  }
  await measureList(db, channelId, tagsOf, t, channelTags);
  const worst = Math.max(...medians);
  const worstCpu = Math.max(...cpuMeans);
  console.log(
    `${label}: worst median ${worst.toFixed(1)} ms, worst CPU mean ${worstCpu.toFixed(1)} ms — target under ${TARGET_MS} ms: ` +
      `${worst < TARGET_MS ? 'met' : worstCpu < TARGET_MS ? 'met in CPU time (wall time waits for a busy CPU)' : 'NOT met'}`,
  );
}

/**
 * The list screen: the counts of a page of LISTS lists in one statement (countAudiences), and for
 * comparison the same counts one list at a time as the list used to make them.
 */
async function measureList(
  db: Db,
  channelId: number,
  tagsOf: number[][],
  t: (i: number) => number,
  channelTags: Set<number>,
) {
  const lists = pageOfLists(t);
  const expected = lists.map(
    (filter) => tagsOf.filter((tags) => matchesFilter(filter, new Set(tags.map(t)), channelTags)).length,
  );
  const oneByOne = (page: TagFilter[]) => async (one: Db) => {
    const out: number[] = [];
    for (const filter of page) out.push(await countAudience(one, channelId, filter));
    return out;
  };
  const few = lists.slice(0, SMALL_PAGE);
  // A long page takes the grouped pass, a short one a count a list (audience-counts.ts GROUPED_FROM).
  const ways: Array<[string, TagFilter[], (one: Db) => Promise<number[]>]> = [
    [`${LISTS} lists at once`, lists, (one) => countAudiences(one, channelId, lists)],
    [`${LISTS} lists one by one (before)`, lists, oneByOne(lists)],
    [`${SMALL_PAGE} lists at once`, few, (one) => countAudiences(one, channelId, few)],
    [`${SMALL_PAGE} lists one by one (before)`, few, oneByOne(few)],
  ];
  for (const [name, page, count] of ways) {
    const got = await count(db);
    const want = expected.slice(0, page.length);
    if (got.join() !== want.join()) throw new Error(`${name}: counted ${got}, expected ${want}`);
    const clock = await cpuClock(db);
    const samples: number[] = [];
    const runs = Math.ceil(RUNS / 3);
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      await clock.run(count);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const reach = `${Math.min(...got)}..${Math.max(...got)}`;
    console.log(
      name.padEnd(40),
      reach.padStart(7),
      quantile(samples, 0.5).toFixed(1).padStart(10),
      quantile(samples, 0.95).toFixed(1).padStart(8),
      (clock.ms() / runs).toFixed(1).padStart(12),
    );
  }
}

async function inDb(dialect: BenchDialect, label: string, tagsOf: number[][]) {
  const { db, close } = await openBenchDb(dialect, 'sendlist');
  try {
    await migrateToLatest(db);
    await measure(label, db, tagsOf);
  } finally {
    await close();
  }
}

const which = process.env.BENCH_DB;
const tagsOf = followerTagIndexes(FOLLOWERS, TAGS);
if (which !== 'postgres') await inDb('sqlite', 'SQLite', tagsOf);
if (which !== 'sqlite') await inDb('postgres', 'PostgreSQL', tagsOf);
