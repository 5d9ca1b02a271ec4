import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { channelPath } from '@qrqr/shared/channel-paths';
import { api } from '@qrqr/shared/paths';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import type { TestClient } from '../../apps/server/test/helpers/client';
import { signUpAndActivate } from '../../apps/server/test/helpers/factories';
import { httpApp } from '../../apps/server/test/helpers/http-app';
import { startServer } from '../../e2e/support/server';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LOCKED = /database is locked|SQLITE_BUSY/i;

export interface MixedLoadOptions {
  seconds: number;
  /** autocannon connections scanning /r/{code}. */
  connections?: number;
}

export interface MixedLoadResult {
  seconds: number;
  scans: number;
  scansPerSecond: number;
  /** Latency of the scans in ms: a thread blocked waiting for the lock shows here. */
  scanP50: number;
  scanP99: number;
  /** /r/ answers other than 302, errors and timeouts included. */
  otherScanAnswers: number;
  writes: number;
  /** Member writes answered 5xx (or not at all), with what they were. */
  failedWrites: string[];
  /** Member writes answered 4xx: none is expected (each name is new). */
  refusedWrites: string[];
  /** Lines of the server's log naming the lock: the read writer's failed flushes and the requests'. */
  lockedLines: string[];
  writerLockErrors: number;
  /** Scans answered 302 whose read is not in `qr_codes.read_count` after the last flush. */
  readsLost: number;
  loadAverage: string;
}

/**
 * The real server (its own SQLite file, the read writer thread recording every scan) taking a stream
 * of /r/ scans from autocannon while one member saves tags, send lists and codes one after another,
 * as fast as the answers come, for `seconds`. Collects every write that failed and every line of the
 * server's log that names the lock, and checks that every scan answered was stored.
 */
export async function runMixedLoad({
  seconds,
  connections = 50,
}: MixedLoadOptions): Promise<MixedLoadResult> {
  let log = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-contention-'));
  const server = await startServer(
    { LOG_LEVEL: 'warn', DATA_DIR: dataDir, QR_CREATE_RATE_LIMIT: '100000', AUTH_RATE_LIMIT: '100000' },
    { webBuild: false, onOutput: (text) => (log += text) },
  ).catch((error) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const app = httpApp(server.url);
    const { client } = await signUpAndActivate(app);
    const channelId = await setUpChannel(client);
    const scanned = await created(client, api.qrCreate, {
      tab: 0,
      analysis_type: 1,
      title: 'scan',
      url: 'https://example.jp/menu',
    });
    const code = scanned.qrcode as { id: string; redirect_url: string };
    const scanPath = new URL(code.redirect_url).pathname;

    const scanning = autocannon({
      url: `${server.url}${scanPath}`,
      connections,
      duration: seconds,
      headers: { 'user-agent': PHONE_UA },
    });
    const writes = { count: 0, failed: [] as string[], refused: [] as string[] };
    let scanningDone = false;
    void scanning.then(() => (scanningDone = true));
    for (let i = 0; !scanningDone; i++) await memberRound(client, channelId, i, writes);
    const result = await scanning;

    // The last flush, about a second after the last scan, is in the log once its reads are stored.
    const stored = await storedReads(path.join(dataDir, 'qrqr.sqlite'), code.id, result['3xx']);
    const lockedLines = log.split('\n').filter((line) => LOCKED.test(line));
    return {
      seconds,
      scans: result['3xx'],
      scansPerSecond: Math.round(result['3xx'] / seconds),
      scanP50: result.latency.p50,
      scanP99: result.latency.p99,
      otherScanAnswers:
        result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts,
      writes: writes.count,
      failedWrites: writes.failed,
      refusedWrites: writes.refused,
      lockedLines,
      writerLockErrors: lockedLines.filter((line) => line.includes('writing reads failed')).length,
      readsLost: Math.max(0, result['3xx'] - stored),
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The code's stored reads once they reach `expected` and stop growing (or 15 s pass). */
async function storedReads(file: string, qrId: string, expected: number): Promise<number> {
  const db = new SQLite(file, { readonly: true });
  const read = () =>
    Number(
      (db.prepare('select read_count from qr_codes where id = ?').get(qrId) as { read_count: number })
        .read_count,
    );
  let last = read();
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = read();
    if (now >= expected && now === last) break;
    last = now;
  }
  const final = read();
  db.close();
  return final;
}

async function setUpChannel(client: TestClient): Promise<number> {
  await created(client, api.channelServiceRegister, { terms_accepted: true });
  const body = await created(client, api.channels, {
    channel_name: '喫茶こもれび',
    channel_user_type: 2,
    industory_id: 1,
    sub_industory_id: 104,
  });
  return (body.channel as { channel_id: number }).channel_id;
}

/** One round of the member's work: a new tag, renamed; a send list on it, saved again; a new code. */
async function memberRound(
  client: TestClient,
  channelId: number,
  i: number,
  writes: { count: number; failed: string[]; refused: string[] },
): Promise<void> {
  const write = async (what: string, url: string, body: Record<string, unknown>) => {
    writes.count++;
    try {
      const res = await client.post(url, body);
      if (res.statusCode >= 500) writes.failed.push(`${what}: ${res.statusCode} ${res.body}`);
      else if (res.statusCode >= 400) writes.refused.push(`${what}: ${res.statusCode} ${res.body}`);
      return res.statusCode === 200 ? (res.json() as Record<string, unknown>) : undefined;
    } catch (error) {
      writes.failed.push(`${what}: ${String(error)}`);
      return undefined;
    }
  };
  const tagUrl = channelPath.under(channelId, 'tag');
  const tag = (await write('tag create', tagUrl, { tag_name: `タグ${i}` }))?.tag as
    | { tag_id: number }
    | undefined;
  if (tag) await write('tag rename', tagUrl, { tag_id: tag.tag_id, tag_name: `常連${i}` });
  const listUrl = channelPath.under(channelId, 'sendlist');
  const list = { box_filter_1: 0, tag_list_1: tag ? [tag.tag_id] : [], box_filter_2: 3, tag_list_2: [] };
  const saved = (await write('send list create', listUrl, { sendlist_name: `リスト${i}`, ...list }))
    ?.sendlist as { sendlist_id: number } | undefined;
  if (saved) {
    await write('send list update', listUrl, {
      sendlist_id: saved.sendlist_id,
      sendlist_name: `送信先${i}`,
      ...list,
    });
  }
  await write('code create', api.qrCreate, {
    tab: 0,
    analysis_type: 1,
    title: `コード${i}`,
    url: 'https://example.jp/',
  });
}

async function created(client: TestClient, url: string, body: Record<string, unknown>) {
  const res = await client.post(url, body);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}
