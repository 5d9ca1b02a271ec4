import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { QrCodeRow } from '../../apps/server/src/db/schema';
import { graphOf } from '../../apps/server/src/modules/analytics/graph';
import { type BenchDialect, openBenchDb } from '../support/bench-db';

/**
 * The read-log graph of one code with READS reads (10 million by default) spread over a year, on
 * SQLite and on PostgreSQL (a schema of its own, dropped after; TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test). The raw reads are generated inside the database in one
 * statement, the daily rollups made from them with GROUP BY (so both hold the same reads), then the
 * product's graph query (graphOf, rollups only) for "all" and "month" is timed against a plain
 * COUNT … GROUP BY over the raw reads of the same range. Both answers are compared.
 */

const READS = Number(process.env.READS ?? 10_000_000);
const REPEAT = Number(process.env.REPEAT ?? 20);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const DAY = 86_400_000;
const TOKYO = 9 * 3_600_000;
/** A year of reads ending at `NOW` (noon in Tokyo, so "month" ends mid-day). */
const NOW = Date.parse('2026-11-20T03:00:00Z');
const START = NOW - 365 * DAY;
const QR_ID = 'benchAnalytics01';

console.log(
  `${READS.toLocaleString('en')} reads of one code over 365 days; ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}`,
);
for (const dialect of DIALECTS) {
  if (dialect === 'sqlite') await inDb('sqlite', 'SQLite');
  else if (dialect === 'postgres') await inDb('postgres', 'PostgreSQL');
}

async function inDb(dialect: BenchDialect, name: string) {
  const { db, close } = await openBenchDb(dialect, 'analytics', PG_URL);
  try {
    await migrateToLatest(db);
    // Generated bench data: no need to survive a power cut while it is written.
    db.sqlite?.pragma('synchronous = OFF');
    await measure(name, db);
  } finally {
    await close();
  }
}

async function measure(name: string, db: Db) {
  const k = db.kysely;
  const started = performance.now();
  await k
    .insertInto('qr_codes')
    .values({
      id: QR_ID,
      user_id: null,
      guest_key_hash: 'bench',
      tab: 0,
      type: 1,
      title: 'bench',
      title_folded: 'bench',
      content: 'https://example.jp/',
      payload: 'https://example.jp/r/bench',
      analysis_type: 1,
      short_code: 'benchAn1',
      secret_token: null,
      wifi_name: null,
      wifi_ssid: null,
      wifi_password: null,
      wifi_encryption: null,
      wifi_hidden: null,
      wifi_expire_hours: null,
      version: 3,
      read_count: READS,
      created_at: START,
      updated_at: START,
    })
    .execute();

  // Raw reads, evenly spread in time: one in five by our reader, visitors from a pool of 20,011,
  // countries 70 % JP, 10 % each US, TW and unknown, six OS classes.
  const span = NOW - START;
  const columns = sql`(qr_id, read_at, source, visitor_hash, country, os)`;
  const values = (n: ReturnType<typeof sql>) => sql`
    ${QR_ID}, ${sql.lit(START)} + (${n} * ${sql.lit(span)}) / ${sql.lit(READS)},
    case when ${n} % 5 = 0 then 1 else 2 end,
    'v' || ((${n} * 7919) % 20011),
    case ${n} % 10 when 7 then 'US' when 8 then 'TW' when 9 then 'ZZ' else 'JP' end,
    case ${n} % 6 when 0 then 'ios' when 1 then 'android' when 2 then 'windows' when 3 then 'mac' when 4 then 'linux' else 'other' end`;
  if (db.dialect === 'sqlite')
    await sql`with recursive g(n) as (select 0 union all select n + 1 from g where n < ${sql.lit(READS - 1)})
      insert into qr_reads ${columns} select ${values(sql`n`)} from g`.execute(k);
  else
    await k.transaction().execute(async (trx) => {
      // Generated rows all belong to the one code: skip the per-row foreign-key trigger.
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into qr_reads ${columns} select ${values(sql`n`)} from generate_series(0::bigint, ${sql.lit(READS - 1)}) as g(n)`.execute(
        trx,
      );
    });
  const generated = performance.now();

  // The rollups the flush would have written, made from the same rows (grouped by the integer
  // Tokyo day number, which is then written as YYYY-MM-DD).
  const dayNo = sql`(read_at + ${sql.lit(TOKYO)}) / ${sql.lit(DAY)}`;
  const dayText = dayTextOf(db, sql`d`);
  const bySource = sql`sum(case when source = 1 then 1 else 0 end) as official, sum(case when source = 2 then 1 else 0 end) as other`;
  await sql`insert into read_days (qr_id, day, official, other, uniques_official, uniques_other)
    select ${QR_ID}, ${dayText}, official, other, uo, ux from (
      select ${dayNo} as d, ${bySource},
        count(distinct case when source = 1 then visitor_hash end) as uo,
        count(distinct case when source = 2 then visitor_hash end) as ux
      from qr_reads where qr_id = ${QR_ID} group by ${dayNo}) t`.execute(k);
  for (const [dim, column] of [
    ['c', sql`country`],
    ['o', sql`os`],
  ] as const)
    await sql`insert into read_dims (qr_id, day, dim, value, official, other)
      select ${QR_ID}, ${dayText}, ${dim}, v, official, other from (
        select ${dayNo} as d, ${column} as v, ${bySource}
        from qr_reads where qr_id = ${QR_ID} group by ${dayNo}, ${column}) t`.execute(k);
  await sql`analyze`.execute(k);
  const rolled = performance.now();
  const rawCount = await k
    .selectFrom('qr_reads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rollupRows = await k
    .selectFrom('read_dims')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `\n${name}: ${Number(rawCount.n).toLocaleString('en')} raw reads generated in ${s(generated - started)}, rollups (365 day rows, ${rollupRows.n} dimension rows) made from them in ${s(rolled - generated)}`,
  );

  const code = (await k
    .selectFrom('qr_codes')
    .selectAll()
    .where('id', '=', QR_ID)
    .executeTakeFirstOrThrow()) as QrCodeRow;
  console.log(
    '| range | graph query on rollups (median / min / max) | plain COUNT … GROUP BY on raw reads (median / min / max) | same reads |',
  );
  console.log('|---|---|---|---|');
  for (const [label, range] of [
    ['all', 4],
    ['month', 2],
  ] as const) {
    const query = { type: 0 as const, range: range as 2 | 4, from: undefined, to: undefined };
    const graph = await graphOf(db, code, query, NOW);
    const graphTimes = await timed(REPEAT, () => graphOf(db, code, query, NOW));

    // The same days from the raw reads: per Tokyo day and source, plus countries and OS.
    const from = Date.parse(`${graph.from}T00:00:00Z`) - TOKYO;
    const to = Date.parse(`${graph.to}T00:00:00Z`) - TOKYO + DAY;
    const plain = async () => {
      const where = sql`qr_id = ${QR_ID} and read_at >= ${from} and read_at < ${to}`;
      const days = await sql<{ d: number; source: number; n: number | string }>`
        select ${dayNo} as d, source, count(*) as n from qr_reads where ${where} group by ${dayNo}, source`.execute(
        k,
      );
      await sql`select country, count(*) from qr_reads where ${where} group by country`.execute(k);
      await sql`select os, count(*) from qr_reads where ${where} group by os`.execute(k);
      return days.rows;
    };
    // Seconds a run on 10 million rows: timed once for "all", three times for "month".
    let rawRows: Awaited<ReturnType<typeof plain>> = [];
    const rawTimes = await timed(range === 4 ? 1 : 3, async () => {
      rawRows = await plain();
    });
    const rawTotal = rawRows.reduce((n, r) => n + Number(r.n), 0);
    const same = rawTotal === graph.totals.official + graph.totals.other;
    console.log(
      `| ${label} (${graph.days.length} days, ${(graph.totals.official + graph.totals.other).toLocaleString('en')} reads) | ${ms(graphTimes)} | ${ms(rawTimes)} | ${same ? 'yes' : `NO (raw ${rawTotal})`} |`,
    );
    if (!same) process.exitCode = 1;
  }
}

/** A Tokyo day number (days since 1970-01-01) as YYYY-MM-DD. */
function dayTextOf(db: Db, dayNumber: ReturnType<typeof sql>) {
  return db.dialect === 'sqlite'
    ? sql`strftime('%Y-%m-%d', ${dayNumber} * 86400, 'unixepoch')`
    : sql`to_char(date '1970-01-01' + ${dayNumber}::integer, 'YYYY-MM-DD')`;
}

async function timed(n: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

function ms(times: number[]): string {
  const median = times[Math.floor(times.length / 2)] ?? 0;
  if (times.length === 1) return `${median.toFixed(1)} ms (1 run)`;
  return `${median.toFixed(1)} ms / ${(times[0] ?? 0).toFixed(1)} ms / ${(times.at(-1) ?? 0).toFixed(1)} ms (${times.length} runs)`;
}

function s(msec: number): string {
  return `${(msec / 1000).toFixed(1)} s`;
}
