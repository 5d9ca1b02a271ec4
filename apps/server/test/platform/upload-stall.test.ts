import http from 'node:http';
import net from 'node:net';
import { channelPath } from '@qrqr/shared/channel-paths';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { newCoupon } from '../helpers/coupons';
import { expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { jpegBytes, multipartBody } from '../helpers/images';

/**
 * Sockets that send an upload's headers and one byte, then nothing, over a real listening server
 * (app.inject cannot stall). Uploads take a slot before their body is read; such sockets must not
 * keep other members' icon, background and coupon saves out, and are dropped at the deadline.
 */

const DEADLINE_SECONDS = 3;
const STALLED = 18;

let t: TestApp;
let port: number;
let attacker: Member;
let victim: Member;
let attackerChannel: number;
let victimChannel: number;
const open: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: String(DEADLINE_SECONDS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  attacker = await registeredMember(t.app);
  victim = await registeredMember(t.app);
  attackerChannel = (await createChannel(attacker.client)).channel_id;
  victimChannel = (await createChannel(victim.client)).channel_id;
});
afterEach(async () => {
  for (const socket of open.splice(0)) socket.destroy();
  await vi.waitFor(() => expect(t.ctx.uploads.load).toEqual({ running: 0, waiting: 0 }));
});
afterAll(() => t?.close());

interface Stalled {
  socket: net.Socket;
  /** The status line of the answer, once one came. */
  answer: () => string | undefined;
  closed: () => boolean;
}

/**
 * Headers of an upload and one byte of its body, then nothing: every other one a channel image
 * (multipart, read by the handler) and a coupon save (JSON, read before validation).
 */
function stalledUpload(
  client: TestClient,
  channelId: number,
  proof: 'sid only' | 'full',
  i: number,
): Promise<Stalled> {
  const [path, type] =
    i % 2 === 0
      ? [`${channelPath.under(channelId, 'image')}?kind=icon`, 'multipart/form-data; boundary=x']
      : [channelPath.couponSave(channelId), 'application/json'];
  const cookie =
    proof === 'full'
      ? [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ')
      : `sid=${encodeURIComponent(client.sid ?? '')}`;
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Cookie: ${cookie}`,
    `Content-Type: ${type}`,
    'Content-Length: 100000',
    ...(proof === 'full' ? ['X-Requested-With: XMLHttpRequest', `X-XSRF-TOKEN: ${client.csrfToken}`] : []),
    '',
    i % 2 === 0 ? '-' : '{',
  ].join('\r\n');
  return new Promise((resolve) => {
    let answer: string | undefined;
    let closed = false;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      resolve({ socket, answer: () => answer, closed: () => closed });
    });
    open.push(socket);
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
    });
    socket.once('data', (data) => {
      answer = String(data).split('\r\n')[0];
    });
  });
}

/** The victim's three uploads: icon, background and a coupon with its picture. */
async function victimUploads(): Promise<number[]> {
  const image = (kind: string, data: Buffer) =>
    victim.client.post(`${channelPath.under(victimChannel, 'image')}?kind=${kind}`, undefined, {
      raw: multipartBody([{ name: 'image', filename: 'a.jpg', type: 'image/jpeg', data }]),
    });
  const icon = await image('icon', await jpegBytes(81, 40));
  const background = await image('background', await jpegBytes(82, 40));
  const photo = await jpegBytes(83, 40);
  const coupon = await victim.client.post(channelPath.couponSave(victimChannel), {
    coupon_image_data: newCoupon({ image: `data:image/jpeg;base64,${photo.toString('base64')}` }),
  });
  for (const res of [icon, background, coupon]) expectOk(res);
  return [icon, background, coupon].map((res) => res.statusCode);
}

describe(`${STALLED} stalled uploads`, () => {
  it('naming a channel the member does not own, with the sid only: answered at once, no slot taken', async () => {
    const stalled = await Promise.all(
      Array.from({ length: STALLED }, (_, i) => stalledUpload(attacker.client, victimChannel, 'sid only', i)),
    );
    await vi.waitFor(() => expect(stalled.every((s) => s.answer())).toBe(true));
    expect(new Set(stalled.map((s) => s.answer()))).toEqual(new Set(['HTTP/1.1 404 Not Found']));
    expect(t.ctx.uploads.load).toEqual({ running: 0, waiting: 0 });
    expect(await victimUploads()).toEqual([200, 200, 200]);
  });

  it('to the member’s own channel, without the CSRF token: answered 403 at once, no slot taken', async () => {
    const stalled = await Promise.all(
      Array.from({ length: STALLED }, (_, i) =>
        stalledUpload(attacker.client, attackerChannel, 'sid only', i),
      ),
    );
    await vi.waitFor(() => expect(stalled.every((s) => s.answer())).toBe(true));
    expect(new Set(stalled.map((s) => s.answer()))).toEqual(new Set(['HTTP/1.1 403 Forbidden']));
    expect(t.ctx.uploads.load).toEqual({ running: 0, waiting: 0 });
    expect(await victimUploads()).toEqual([200, 200, 200]);
  });

  it('with every proof, to the member’s own channel: other members’ uploads still go through', async () => {
    const stalled = await Promise.all(
      Array.from({ length: STALLED }, (_, i) => stalledUpload(attacker.client, attackerChannel, 'full', i)),
    );
    // The attacker reads UPLOADS_PER_MEMBER bodies at once; the rest wait in a queue of their own.
    await vi.waitFor(() => expect(t.ctx.uploads.load.running).toBe(t.ctx.config.UPLOADS_PER_MEMBER));
    expect(t.ctx.uploads.load.waiting).toBe(0);
    const started = performance.now();
    expect(await victimUploads()).toEqual([200, 200, 200]);
    // Without waiting for the stalled ones' deadline.
    expect(performance.now() - started).toBeLessThan(DEADLINE_SECONDS * 1000);
    expect(stalled.filter((s) => s.closed()).length).toBe(0);
  });

  it(`are dropped ${DEADLINE_SECONDS} s after they began, and every slot comes back`, async () => {
    const stalled = await Promise.all(
      Array.from({ length: STALLED }, (_, i) => stalledUpload(attacker.client, attackerChannel, 'full', i)),
    );
    await vi.waitFor(() => expect(t.ctx.uploads.load.running).toBeGreaterThan(0));
    await vi.waitFor(() => expect(stalled.every((s) => s.closed())).toBe(true), {
      timeout: (DEADLINE_SECONDS + 3) * 1000,
      interval: 100,
    });
    await vi.waitFor(() => expect(t.ctx.uploads.load).toEqual({ running: 0, waiting: 0 }));
    // The attacker's own uploads work again afterwards.
    const res = await attacker.client.post(
      `${channelPath.under(attackerChannel, 'image')}?kind=icon`,
      undefined,
      {
        raw: multipartBody([
          { name: 'image', filename: 'a.jpg', type: 'image/jpeg', data: await jpegBytes(84, 40) },
        ]),
      },
    );
    expectOk(res);
  }, 20_000);
});

describe('a connection kept alive', () => {
  it('stays open 72 s idle, longer than a proxy’s usual 60 s, and says so', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const hint = await new Promise<unknown>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
            res.resume();
            resolve(res.headers['keep-alive']);
          })
          .on('error', reject);
      });
      expect(hint).toBe('timeout=72');
      expect(t.app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      agent.destroy();
    }
  });
});
