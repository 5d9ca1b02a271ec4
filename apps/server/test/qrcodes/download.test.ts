import { api } from '@qrqr/shared/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { expectError } from '../helpers/expect';
import { createCode, guestBrowser, twoMembersPerFile, urlCode, wifiCode } from '../helpers/qrcodes';

const s = twoMembersPerFile();
let codeId: string;

beforeAll(async () => {
  codeId = (await createCode(s.owner.client, urlCode({ title: 'Menu 2026' }))).id;
});

const download = (client: TestClient, query: Record<string, string | number>) =>
  client.get(
    `${api.qrDownload}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );

describe('GET /qrcode/download/', () => {
  it.each([
    [1, 'image/png', 'png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    [2, 'image/jpeg', 'jpg', Buffer.from([0xff, 0xd8, 0xff])],
    [3, 'application/postscript', 'eps', Buffer.from('%!PS-Adobe-3.0 EPSF-3.0')],
    [4, 'image/svg+xml', 'svg', Buffer.from('<svg')],
  ])('type %i answers %s with the file name', async (type, contentType, ext, magic) => {
    const res = await download(s.owner.client, {
      qr_data_id: codeId,
      type,
      op_size: 4,
      op_margin: 4,
      op_dpi: 300,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(contentType);
    expect(res.rawPayload.subarray(0, magic.length)).toEqual(magic);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="qrcode-Menu_2026.${ext}"; filename*=UTF-8''qrcode-Menu%202026.${ext}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uses the defaults when only the format is given', async () => {
    const res = await download(s.owner.client, { qr_data_id: codeId, type: 1 });
    expect(res.statusCode).toBe(200);
    // Version 2 is 25 cells; 4 cells of margin on each side; 10 pixels a cell → 330 px (IHDR width).
    expect(res.rawPayload.readUInt32BE(16)).toBe(330);
  });

  it('names the file after a Japanese title with RFC 5987, and after the id in ASCII', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: '春のメニュー' }));
    const res = await download(s.owner.client, { qr_data_id: code.id, type: 4 });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="qrcode-${code.id}.svg"; filename*=UTF-8''${encodeURIComponent('qrcode-春のメニュー.svg')}`,
    );
  });

  it('frames a Wi-Fi code', async () => {
    const code = await createCode(s.owner.client, wifiCode({ ssid: 'cafe-guest' }));
    const res = await download(s.owner.client, { qr_data_id: code.id, type: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('cafe-guest');
  });

  it.each([
    ['type', { type: 5 }, 'validation.image_type'],
    ['type', { type: 'png' }, 'validation.image_type'],
    ['op_size', { type: 1, op_size: 0 }, 'validation.cell_size'],
    ['op_size', { type: 1, op_size: 51 }, 'validation.cell_size'],
    ['op_margin', { type: 1, op_margin: 21 }, 'validation.margin'],
    ['op_dpi', { type: 3, op_dpi: 71 }, 'validation.dpi'],
    ['op_dpi', { type: 3, op_dpi: 'high' }, 'validation.dpi'],
  ])('refuses a bad %s with a 400 JSON envelope', async (field, query, rule) => {
    const res = await download(s.owner.client, { qr_data_id: codeId, ...query });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expectError(res, 'E-400', { field, rule });
  });

  it('refuses an image over 10000 pixels a side', async () => {
    const big = await createCode(s.owner.client, urlCode({ url: `https://example.jp/${'a'.repeat(2300)}` }));
    // Version 40: (177 + 2·20) cells × 50 px = 10850 px.
    const res = await download(s.owner.client, { qr_data_id: big.id, type: 1, op_size: 50, op_margin: 20 });
    expectError(res, 'E-400', { field: 'op_size', rule: 'validation.image_too_large' });
  });

  it("answers 404 for another member's code, a guest, and an unknown id", async () => {
    expectError(await download(s.other.client, { qr_data_id: codeId, type: 1 }), 'E-404');
    expectError(await download(await guestBrowser(s.t.app), { qr_data_id: codeId, type: 1 }), 'E-404');
    expectError(await download(s.owner.client, { qr_data_id: 'nope', type: 1 }), 'E-404');
  });

  it('lets a guest download codes of its own history, and no other browser', async () => {
    const guest = await guestBrowser(s.t.app);
    const code = await createCode(guest, urlCode());
    expect((await download(guest, { qr_data_id: code.id, type: 1 })).statusCode).toBe(200);
    const otherGuest = await guestBrowser(s.t.app);
    await createCode(otherGuest, urlCode());
    expectError(await download(otherGuest, { qr_data_id: code.id, type: 1 }), 'E-404');
    expectError(await download(s.owner.client, { qr_data_id: code.id, type: 1 }), 'E-404');
  });

  it('needs no CSRF token (a plain navigation)', async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `${api.qrDownload}?qr_data_id=${codeId}&type=1`,
      headers: { cookie: `sid=${s.owner.client.sid}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
