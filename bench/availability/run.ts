import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { channelPath } from '@qrqr/shared/channel-paths';
import { api } from '@qrqr/shared/paths';
import sharp from 'sharp';
import type { TestClient } from '../../apps/server/test/helpers/client';
import { newClient } from '../../apps/server/test/helpers/client';
import { signUpAndActivate } from '../../apps/server/test/helpers/factories';
import { httpApp } from '../../apps/server/test/helpers/http-app';
import { blackPng, multipartBody } from '../../apps/server/test/helpers/images';
import { type RunningServer, startServer } from '../../e2e/support/server';

/**
 * What a hostile client costs the real server, one part per attack
 * (`PART=deep|stall|bomb`, all by default):
 *   deep:  an 18 KB body nested 9,000 deep to /qrcode/titleUpdate/ (time of one), then /api/health
 *          while 4 guests post it in a loop for 10 s;
 *   stall: 18 sockets that send an upload's headers and one byte, then another member's icon,
 *          background and coupon saves (answers and times);
 *   bomb:  a 4.9 KB PNG declaring 2,000,000×20 (RSS growth per upload, and after BURST (10) at once), and
 *          a 91 KB 1×47,000,000 PNG uploaded 4 at a time while another member downloads a QR code.
 * Extra server variables come from SERVER_ENV (`A=1,B=2`).
 */

/** What each stalled socket was answered (its status line), if anything. */
const answered = new WeakMap<net.Socket, string>();

const BURST = Number(process.env.BURST ?? 10);
const PARTS = (process.env.PART ?? 'deep,stall,bomb').split(',');
const extraEnv = Object.fromEntries(
  (process.env.SERVER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

const server = await startServer(
  { AUTH_RATE_LIMIT: '1000', SIGNIN_RATE_LIMIT: '1000', QR_CREATE_RATE_LIMIT: '1000', ...extraEnv },
  { webBuild: false },
);
const app = httpApp(server.url);
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (PARTS.includes('deep')) await deepPart(server);
  if (PARTS.includes('stall')) await stallPart(server);
  if (PARTS.includes('bomb')) await bombPart(server);
} finally {
  await server.stop();
}

async function deepPart(s: RunningServer) {
  const body = `{"id":"x","title":${'['.repeat(9000)}"t"${']'.repeat(9000)}}`;
  const guest = await newClient(app);
  const single: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await guest.post(api.qrTitleUpdate, undefined, { rawJson: body });
    single.push(performance.now() - started);
    count(statuses, res.statusCode);
  }
  console.log(
    `deep body (${(body.length / 1024).toFixed(1)} KB), one at a time: ${summary(single)}; ${show(statuses)}`,
  );
  const idle = await pollHealth(s, 3000);
  const guests = await Promise.all(Array.from({ length: 4 }, () => newClient(app)));
  const loopStatuses = new Map<number, number>();
  let stop = false;
  const loops = guests.map(async (g) => {
    while (!stop)
      count(loopStatuses, (await g.post(api.qrTitleUpdate, undefined, { rawJson: body })).statusCode);
  });
  const busy = await pollHealth(s, 10_000);
  stop = true;
  await Promise.all(loops);
  console.log(`/api/health idle ${summary(idle)}`);
  console.log(`/api/health while 4 guests loop ${summary(busy)}; their answers ${show(loopStatuses)}`);
}

async function stallPart(s: RunningServer) {
  const attacker = await memberWithChannel();
  const victim = await memberWithChannel();
  const variants: Array<[string, TestClient, number, boolean]> = [
    ['sid only, naming the victim’s channel', attacker.client, victim.channelId, false],
    ['sid and CSRF token, own channel', attacker.client, attacker.channelId, true],
  ];
  for (const [label, client, channelId, withCsrf] of variants) {
    const sockets = await Promise.all(
      Array.from({ length: 18 }, () =>
        stalledUpload(s, client, channelPath.under(channelId, 'image'), withCsrf),
      ),
    );
    await sleep(300);
    const answers: string[] = [];
    for (const kind of ['icon', 'background'] as const) {
      const started = performance.now();
      const res = await victim.client.post(
        `${channelPath.under(victim.channelId, 'image')}?kind=${kind}`,
        undefined,
        {
          raw: multipartBody([{ name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: await jpeg() }]),
        },
      );
      answers.push(`${kind} ${res.statusCode} in ${ms(performance.now() - started)}`);
    }
    const started = performance.now();
    const coupon = await victim.client.post(channelPath.couponSave(victim.channelId), {
      coupon_image_data: {
        ...couponFields(),
        image: `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`,
      },
    });
    answers.push(`coupon ${coupon.statusCode} in ${ms(performance.now() - started)}`);
    const open = sockets.filter((sock) => !sock.destroyed && !answered.has(sock)).length;
    const lines = new Map<string, number>();
    for (const sock of sockets) {
      const line = answered.get(sock) ?? (sock.destroyed ? 'closed' : 'no answer');
      lines.set(line, (lines.get(line) ?? 0) + 1);
    }
    console.log(`  the stalled sockets: ${[...lines].map(([l, n]) => `${n}× ${l}`).join(', ')}`);
    console.log(
      `18 stalled uploads (${label}): victim ${answers.join(', ')}; stalled sockets still open and unanswered ${open}`,
    );
    for (const sock of sockets) sock.destroy();
    await sleep(500);
  }
}

async function bombPart(s: RunningServer) {
  const attacker = await memberWithChannel();
  const victim = await newClient(app);
  const code = (
    await victim.post(api.qrCreate, { tab: 0, analysis_type: 0, title: '', url: 'https://example.jp/' })
  ).json().qrcode as { id: string };
  const download = async () => {
    const started = performance.now();
    const res = await victim.get(`${api.qrDownload}?qr_data_id=${code.id}&type=1&op_size=10`);
    return `${res.statusCode} in ${ms(performance.now() - started)}`;
  };
  const wide = blackPng(2_000_000, 20);
  const tall = blackPng(1, 47_000_000);
  const upload = (bytes: Buffer) =>
    attacker.client
      .post(`${channelPath.under(attacker.channelId, 'image')}?kind=icon`, undefined, {
        raw: multipartBody([{ name: 'image', filename: 'a.png', type: 'image/png', data: bytes }]),
      })
      .then((res) => res.statusCode);

  const base = rssOf(s.pid);
  const one = await upload(wide);
  const afterOne = rssOf(s.pid);
  console.log(
    `2,000,000×20 PNG (${(wide.length / 1024).toFixed(1)} KB): answered ${one}, RSS ${mb(base)} → ${mb(afterOne)} (+${mb(afterOne - base)})`,
  );
  let peak = afterOne;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(s.pid));
  }, 20);
  const burst = new Map<number, number>();
  for (const status of await Promise.all(Array.from({ length: BURST }, () => upload(wide))))
    count(burst, status);
  clearInterval(sampler);
  await sleep(2000);
  console.log(`${BURST} at once: ${show(burst)}; RSS peak ${mb(peak)}, 2 s later ${mb(rssOf(s.pid))}`);

  const alone = await download();
  const hostile = Promise.all(Array.from({ length: 4 }, () => upload(tall)));
  await sleep(200);
  const during = await download();
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (const status of await hostile) count(statuses, status);
  console.log(
    `1×47,000,000 PNG (${(tall.length / 1024).toFixed(1)} KB) ×4: ${show(statuses)} within ${ms(performance.now() - started + 200)}; ` +
      `another member's QR download alone ${alone}, during them ${during}`,
  );
}

/** A socket that sends an upload's headers and one byte of its body, then nothing. */
function stalledUpload(
  s: RunningServer,
  client: TestClient,
  path: string,
  withCsrf: boolean,
): Promise<net.Socket> {
  const { port } = new URL(s.url);
  const cookie = withCsrf
    ? [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ')
    : `sid=${encodeURIComponent(client.sid ?? '')}`;
  const head = [
    `POST ${path}?kind=icon HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Cookie: ${cookie}`,
    'Content-Type: multipart/form-data; boundary=x',
    'Content-Length: 100000',
    ...(withCsrf ? ['X-Requested-With: XMLHttpRequest', `X-XSRF-TOKEN: ${client.csrfToken}`] : []),
    '',
    '-',
  ].join('\r\n');
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(head);
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('data', (data) => {
      answered.set(socket, String(data).split('\r\n')[0] ?? '');
    });
  });
}

async function memberWithChannel() {
  const member = await signUpAndActivate(app);
  await member.client.post(api.channelServiceRegister, { terms_accepted: true });
  const res = await member.client.post(api.channels, {
    channel_name: '喫茶こもれび',
    channel_user_type: 2,
    industory_id: 1,
    sub_industory_id: 104,
  });
  if (res.statusCode !== 200) throw new Error(`channel: ${res.body}`);
  return { client: member.client, channelId: res.json().channel.channel_id as number };
}

function couponFields() {
  return {
    coupon_type: 1,
    coupon_content: 'ブレンドコーヒー',
    coupon_value_percent: 10,
    coupon_text_color: '#ffffff',
    coupon_text_color_shadow: 1,
    coupon_text_detail: 'お会計時にこの画面をご提示ください。',
    coupon_available_count: 1,
    coupon_code_type: 1,
    coupon_code_text: 'KOMOREBI-2026-SPRING',
    coupon_date_from: '2026-04-01',
    coupon_date_to: '2026-04-30',
  };
}

/** A small photo, different each time (stored pictures are named by their content). */
async function jpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 64 + Math.floor(Math.random() * 400), height: 48, channels: 3, background: '#c84' },
  })
    .jpeg()
    .toBuffer();
}

async function pollHealth(s: RunningServer, durationMs: number): Promise<number[]> {
  const latencies: number[] = [];
  for (const end = performance.now() + durationMs; performance.now() < end; await sleep(50)) {
    const started = performance.now();
    await fetch(`${s.url}/api/health`).then((res) => res.arrayBuffer());
    latencies.push(performance.now() - started);
  }
  return latencies;
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

function count(map: Map<number, number>, key: number) {
  map.set(key, (map.get(key) ?? 0) + 1);
}
function show(map: Map<number, number>) {
  return [...map].map(([s, n]) => `${n}× ${s}`).join(', ');
}
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return `(${sorted.length}) p50 ${ms(pct(0.5))}, p99 ${ms(pct(0.99))}, max ${ms(sorted.at(-1) ?? 0)}`;
}
function ms(v: number) {
  return `${v.toFixed(v < 10 ? 1 : 0)} ms`;
}
function mb(v: number) {
  return `${(v / 1024 / 1024).toFixed(0)} MB`;
}
function sleep(msec: number) {
  return new Promise((resolve) => setTimeout(resolve, msec));
}
