import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestClient } from '../helpers/client';
import { expectError } from '../helpers/expect';
import { createCode, guestBrowser, urlCode } from '../helpers/qrcodes';

/**
 * Rendering cannot take the server down: one render at a time with one waiting (RENDER_CONCURRENCY=1,
 * RENDER_QUEUE=1), so a burst is refused with 503 rather than held in memory; a per-address limit
 * on downloads; and the pixel budget refuses an oversized image before drawing, in every format.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RENDER_CONCURRENCY: '1', RENDER_QUEUE: '1', QR_DOWNLOAD_RATE_LIMIT: '8' });
});
afterAll(() => t?.close());

const download = (client: TestClient, query: Record<string, string | number>) =>
  client.get(
    `${api.qrDownload}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );

// 2331 bytes: version 40, 177 cells a side.
const longUrl = `https://example.jp/${'a'.repeat(2331 - 19)}`;

describe('GET /qrcode/download/ under load', () => {
  it('refuses the downloads past the running one and the queued one with 503 and Retry-After', async () => {
    const guest = await guestBrowser(t.app, '10.1.0.1');
    const code = await createCode(guest, urlCode({ url: longUrl }));
    // 185 cells × 40 px = 7400 px a side.
    const query = { qr_data_id: code.id, type: 2, op_size: 40, op_margin: 4 };
    // The order is held, not raced: four downloads at once left it to how long a render took
    // against how long the others' lookups took, and on a busy machine all four were served. The
    // test takes the one render slot, so the first download waits in the queue and the next two
    // find both taken; given back, the slot goes to the waiting download, and a fourth is served.
    const holdSlot = await t.ctx.renders.acquire();
    const queued = download(guest, query);
    await vi.waitFor(() => expect(t.ctx.renders.load).toEqual({ running: 1, waiting: 1 }));
    const pastQueue = await Promise.all([download(guest, query), download(guest, query)]);
    holdSlot();
    const answers = [await queued, ...pastQueue, await download(guest, query)];
    const refused = answers.filter((res) => res.statusCode === 503);
    const served = answers.filter((res) => res.statusCode === 200);
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(served.length + refused.length).toBe(4);
    for (const res of refused) {
      expectError(res, 'E-503');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const res of served) expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Nothing is left running or waiting: the next download is served.
    expect((await download(guest, { qr_data_id: code.id, type: 1 })).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After past QR_DOWNLOAD_RATE_LIMIT a minute per address', async () => {
    const guest = await guestBrowser(t.app, '10.1.0.2');
    const code = await createCode(guest, urlCode());
    for (let i = 0; i < 8; i++)
      expect((await download(guest, { qr_data_id: code.id, type: 4 })).statusCode).toBe(200);
    const res = await download(guest, { qr_data_id: code.id, type: 4 });
    expectError(res, 'E-429');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address keeps its own count.
    const neighbour = await guestBrowser(t.app, '10.1.0.3');
    const own = await createCode(neighbour, urlCode());
    expect((await download(neighbour, { qr_data_id: own.id, type: 4 })).statusCode).toBe(200);
  });

  it.each([1, 2, 3, 4])(
    'refuses an image over the pixel budget in format %i before drawing',
    async (type) => {
      const guest = await guestBrowser(t.app, `10.1.1.${type}`);
      const code = await createCode(guest, urlCode({ url: longUrl }));
      // (177 + 2·20) cells × 50 px = 10850 px a side.
      const res = await download(guest, { qr_data_id: code.id, type, op_size: 50, op_margin: 20 });
      expectError(res, 'E-400', { field: 'op_size', rule: 'validation.image_too_large' });
      expect(res.headers['content-disposition']).toBeUndefined();
    },
  );
});
