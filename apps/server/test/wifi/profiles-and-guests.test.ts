import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api, readerChannelPath, readerWelcomePath, wifiPath } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { readerResolveAnswer } from '@qrqr/shared/reader-schemas';
import { WIFI_PAGE_STATUS } from '@qrqr/shared/wifi-constants';
import {
  type WifiPageDto,
  wifiCodesAnswer,
  wifiCouponUseAnswer,
  wifiGuestPageAnswer,
} from '@qrqr/shared/wifi-schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { decodeCodes } from '../helpers/barcodes';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient, type TestClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { createCode, PHONE_UA, wifiCode } from '../helpers/qrcodes';
import { linkCodes, newCoupon, newPage, releaseAt, savePage } from '../helpers/wifi';

let t: TestApp;
let owner: Member;
let other: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp({ READER_RATE_LIMIT: '100000' });
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
const guest = () => {
  address++;
  return newClient(t.app, `10.9.${Math.floor(address / 250)}.${address % 250}`);
};
const resolve = (client: TestClient, text: string) =>
  client.post(api.readerResolve, { text }, { headers: { 'user-agent': PHONE_UA } });

/** A secret Wi-Fi code of the owner (the reader can tell which code it is). */
const secretWifi = (ssid = 'cafe-guest') => createCode(owner.client, wifiCode({ analysis_type: 2, ssid }));

async function pageWithCodes(
  codes: QrCodeDto[],
  releaseDt: number,
  patch: Record<string, unknown> = {},
): Promise<WifiPageDto> {
  const page = await savePage(owner.client, newPage(channel.channel_id, patch));
  return linkCodes(
    owner.client,
    page.welcome_page_id,
    codes.map((c) => c.id),
    releaseDt,
  );
}

describe('GET /api/qrwifi/wifi/get', () => {
  it('lists the member’s Wi-Fi codes with the page each is linked to, and only theirs', async () => {
    const a = await secretWifi('list-a');
    await createCode(other.client, wifiCode({ ssid: 'someone-else' }));
    await createCode(owner.client, { tab: 0, analysis_type: 0, title: '', url: 'https://example.jp' });
    const page = await pageWithCodes([a], releaseAt(60));
    const body = expectAnswer(await owner.client.get(api.wifiCodes), wifiCodesAnswer);
    expect(body.wifi.find((w) => w.qr_wifi_id === a.id)).toMatchObject({
      ssid: 'list-a',
      name: '店内Wi-Fi',
      welcome_page_id: page.welcome_page_id,
    });
    expect(body.wifi.every((w) => w.ssid !== 'someone-else')).toBe(true);
    expect(body.wifi.every((w) => w.ssid !== '')).toBe(true);
  });
});

describe('profiles: add, update, publish, delete', () => {
  it('links two codes with a release date; the page stays reserved until then', async () => {
    const [a, b] = [await secretWifi('shop-1'), await secretWifi('shop-2')];
    const release = releaseAt(60);
    const page = await pageWithCodes([a, b], release);
    expect(page.status).toBe(WIFI_PAGE_STATUS.reserved);
    expect(page.profiles).toEqual([
      { qr_wifi_id: a.id, name: '店内Wi-Fi', ssid: 'shop-1', release_dt: release, released: false },
      { qr_wifi_id: b.id, name: '店内Wi-Fi', ssid: 'shop-2', release_dt: release, released: false },
    ]);
    const listed = expectOk(await owner.client.get(api.wifiPages)).welcome_pages as Array<{
      welcome_page_id: number;
      ssids: string[];
      ssid_count: number;
    }>;
    expect(listed.find((p) => p.welcome_page_id === page.welcome_page_id)).toMatchObject({
      ssids: ['shop-1', 'shop-2'],
      ssid_count: 2,
    });

    // A new date for one code, then publishing releases the rest now: published.
    const later = releaseAt(120);
    const updated = expectOk(
      await owner.client.post(api.wifiProfileUpdate, {
        welcome_page_id: page.welcome_page_id,
        qr_wifi_id: a.id,
        release_dt: later,
      }),
    ).welcome_page as WifiPageDto;
    expect(updated.profiles[0]?.release_dt).toBe(later);
    const published = expectOk(
      await owner.client.post(api.wifiProfilePublish, { welcome_page_id: page.welcome_page_id }),
    ).welcome_page as WifiPageDto;
    expect(published.status).toBe(WIFI_PAGE_STATUS.published);
    expect(published.profiles.every((p) => p.released && p.release_dt <= Date.now() / 1000)).toBe(true);
    expect(expectOk(await owner.client.get(`${api.wifiPages}?status=2`)).total_count).toBeGreaterThan(0);

    // Removing a code leaves the code in the QR manager.
    const removed = expectOk(
      await owner.client.post(api.wifiProfileDelete, {
        welcome_page_id: page.welcome_page_id,
        qr_wifi_ids: [b.id],
      }),
    ).welcome_page as WifiPageDto;
    expect(removed.profiles.map((p) => p.qr_wifi_id)).toEqual([a.id]);
    expect(
      (expectOk(await owner.client.get(api.wifiCodes)).wifi as Array<{ qr_wifi_id: string }>).some(
        (w) => w.qr_wifi_id === b.id,
      ),
    ).toBe(true);
  });

  it('more than 3 linked networks show 3 SSIDs and the count', async () => {
    const codes = [];
    for (let i = 1; i <= 5; i++) codes.push(await secretWifi(`net-${i}`));
    const page = await pageWithCodes(codes, releaseAt(10));
    const listed = (
      expectOk(await owner.client.get(`${api.wifiPages}?keyword=${encodeURIComponent(page.title)}`))
        .welcome_pages as Array<{ welcome_page_id: number; ssids: string[]; ssid_count: number }>
    ).find((p) => p.welcome_page_id === page.welcome_page_id);
    expect(listed).toMatchObject({ ssids: ['net-1', 'net-2', 'net-3'], ssid_count: 5 });
  });

  it('refuses: a date off the 10-minute grid, another member’s code or page, a code of another page', async () => {
    const a = await secretWifi();
    const page = await savePage(owner.client, newPage(channel.channel_id));
    expectError(
      await owner.client.post(api.wifiProfileAdd, {
        welcome_page_id: page.welcome_page_id,
        qr_wifi_ids: [a.id],
        release_dt: releaseAt(10) + 1,
      }),
      'E-400',
      { field: 'release_dt', rule: 'validation.wifi_release_step' },
    );
    const theirs = await createCode(other.client, wifiCode({ analysis_type: 2 }));
    expectError(
      await owner.client.post(api.wifiProfileAdd, {
        welcome_page_id: page.welcome_page_id,
        qr_wifi_ids: [theirs.id],
        release_dt: releaseAt(10),
      }),
      'E-404',
    );
    expectError(
      await other.client.post(api.wifiProfileAdd, {
        welcome_page_id: page.welcome_page_id,
        qr_wifi_ids: [theirs.id],
        release_dt: releaseAt(10),
      }),
      'E-404',
    );
    await linkCodes(owner.client, page.welcome_page_id, [a.id], releaseAt(10));
    const second = await savePage(owner.client, newPage(channel.channel_id));
    expectError(
      await owner.client.post(api.wifiProfileAdd, {
        welcome_page_id: second.welcome_page_id,
        qr_wifi_ids: [a.id],
        release_dt: releaseAt(10),
      }),
      'E-409',
      { messageKey: 'errors.wifi_code_linked' },
    );
    expectError(
      await owner.client.post(api.wifiProfilePublish, { welcome_page_id: second.welcome_page_id }),
      'E-409',
      { messageKey: 'errors.wifi_no_codes' },
    );
    expectError(
      await other.client.post(api.wifiProfilePublish, { welcome_page_id: page.welcome_page_id }),
      'E-404',
    );
    expectError(
      await owner.client.post(api.wifiProfileUpdate, {
        welcome_page_id: second.welcome_page_id,
        qr_wifi_id: a.id,
        release_dt: releaseAt(10),
      }),
      'E-404',
    );
    expectError(
      await owner.client.post(
        api.wifiProfileDelete,
        { welcome_page_id: page.welcome_page_id, qr_wifi_ids: [a.id] },
        { csrf: 'omit' },
      ),
      'E-403',
    );
  });
});

describe('the guest: exact release, resolve and the stable address', () => {
  it('a scan one second before the release shows the network only, one second after the page', async () => {
    const code = await secretWifi('release-net');
    const release = releaseAt(30);
    const page = await pageWithCodes([code], release, { coupon: newCoupon() });
    const reader = await guest();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(release * 1000 - 1000);
    const before = expectAnswer(await resolve(reader, code.payload), readerResolveAnswer).result;
    expect(before).toMatchObject({ kind: 'wifi', expired: false, wifi: { ssid: 'release-net' } });
    expect(before).not.toHaveProperty('welcome_page');
    expectError(await reader.get(readerWelcomePath.page(page.code)), 'E-404');
    expect(
      (expectOk(await owner.client.get(wifiPath.page(page.welcome_page_id))).welcome_page as WifiPageDto)
        .status,
    ).toBe(WIFI_PAGE_STATUS.reserved);

    vi.setSystemTime(release * 1000 + 1000);
    const after = expectAnswer(await resolve(reader, code.payload), readerResolveAnswer).result;
    expect(after).toMatchObject({
      kind: 'wifi',
      wifi: { ssid: 'release-net', password: 'coffee1234' },
      welcome_page: {
        code: page.code,
        title: page.title,
        channel_code: channel.channel_code,
        channel_name: channel.channel_name,
        coupon: { coupon_content: 'ブレンドコーヒー', remaining: 100 },
      },
    });
    const stable = expectAnswer(await reader.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
    expect(stable.welcome_page.title).toBe(page.title);
    // The guest sees no owner's parts.
    expect(stable.welcome_page).not.toHaveProperty('welcome_page_id');
    expect(stable.welcome_page.coupon).not.toHaveProperty('coupon_used_count');
    expect(
      (expectOk(await owner.client.get(wifiPath.page(page.welcome_page_id))).welcome_page as WifiPageDto)
        .status,
    ).toBe(WIFI_PAGE_STATUS.published);
  });

  it('a plain WIFI: code (no analysis) linked to a page greets with it too, unless its payload is not one code’s', async () => {
    const plainCode = await createCode(owner.client, wifiCode({ ssid: 'plain-net', password: 'plain1234' }));
    expect(plainCode.payload.startsWith('WIFI:')).toBe(true);
    const page = await pageWithCodes([plainCode], releaseAt(0, Date.now() - 600_000));
    const reader = await guest();
    const seen = expectAnswer(await resolve(reader, plainCode.payload), readerResolveAnswer).result;
    expect(seen).toMatchObject({
      kind: 'wifi',
      plain: true,
      wifi: { ssid: 'plain-net', password: 'plain1234' },
      welcome_page: { code: page.code },
    });
    // Another member's code with the very same payload, linked to their page: whose shop it is
    // cannot be told from the printed text, so neither page is shown.
    const rival = await createChannel(other.client);
    const copy = await createCode(other.client, wifiCode({ ssid: 'plain-net', password: 'plain1234' }));
    expect(copy.payload).toBe(plainCode.payload);
    const theirs = await savePage(other.client, newPage(rival.channel_id));
    await linkCodes(other.client, theirs.welcome_page_id, [copy.id], releaseAt(0, Date.now() - 600_000));
    const unsure = expectAnswer(await resolve(reader, plainCode.payload), readerResolveAnswer).result;
    expect(unsure).toMatchObject({ kind: 'wifi', plain: true });
    expect(unsure).not.toHaveProperty('welcome_page');
  });

  it('an unknown code answers 404', async () => {
    expectError(await (await guest()).get(readerWelcomePath.page('no-such-page')), 'E-404');
  });
});

describe('deleting a Wi-Fi code a page uses', () => {
  it('warns first with qr_wifi_service_id and welcome_page_status, then deletes it and keeps the page', async () => {
    const code = await secretWifi('to-delete');
    const page = await pageWithCodes([code], releaseAt(10));
    const warned = await owner.client.get(`${api.qrDelete}?id=${code.id}`, { xhr: true });
    const body = expectError(warned, 'E-409', { messageKey: 'errors.wifi_code_in_use' });
    expect(body.errors).toEqual([
      expect.objectContaining({
        field: 'qr_wifi_service_id',
        values: [String(page.welcome_page_id), String(WIFI_PAGE_STATUS.reserved)],
      }),
    ]);
    const done = await owner.client.get(
      `${api.qrDelete}?id=${code.id}&qr_wifi_service_id=${page.welcome_page_id}&welcome_page_status=1`,
      { xhr: true },
    );
    expect(done.statusCode, done.body).toBe(200);
    const kept = expectOk(await owner.client.get(wifiPath.page(page.welcome_page_id)))
      .welcome_page as WifiPageDto;
    expect(kept).toMatchObject({ title: page.title, profiles: [] });
  });
});

describe('the coupon: once per device, never oversold', () => {
  it('50 guests at once on the last 5 coupons: exactly 5 get one, the rest “no longer available”', async () => {
    const code = await secretWifi('race');
    const page = await pageWithCodes([code], releaseAt(0, Date.now() - 600_000), {
      coupon: newCoupon({ coupon_available_count: 5 }),
    });
    const guests = await Promise.all(Array.from({ length: 50 }, () => guest()));
    const answers = await Promise.all(
      guests.map((g) => g.post(readerWelcomePath.couponUse(page.code), undefined)),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    const remaining = ok.map((r) => r.json().remaining as number).sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expectError(r, 'E-409', { messageKey: 'errors.wifi_coupon_gone' });
    const after = expectOk(await owner.client.get(wifiPath.page(page.welcome_page_id)))
      .welcome_page as WifiPageDto;
    expect(after.coupon?.coupon_used_count).toBe(5);
    // Nobody who was refused keeps a use on record: they could use it if more were added.
    const uses = await t.ctx.db.kysely
      .selectFrom('wifi_coupon_uses')
      .select('device_hash')
      .where('page_id', '=', page.welcome_page_id)
      .execute();
    expect(uses).toHaveLength(5);
  });

  it('a device uses it once; a page without a coupon has none to use', async () => {
    const code = await secretWifi('once');
    const page = await pageWithCodes([code], releaseAt(0, Date.now() - 600_000), { coupon: newCoupon() });
    const g = await guest();
    expect(expectOk(await g.post(readerWelcomePath.couponUse(page.code), undefined)).remaining).toBe(99);
    expectError(await g.post(readerWelcomePath.couponUse(page.code), undefined), 'E-409', {
      messageKey: 'errors.wifi_coupon_used',
    });
    const plain = await pageWithCodes([await secretWifi('no-coupon')], releaseAt(0, Date.now() - 600_000));
    expectError(await g.post(readerWelcomePath.couponUse(plain.code), undefined), 'E-404');
    // A visitor's call without X-Requested-With is refused.
    expect(
      (await (await guest()).post(readerWelcomePath.couponUse(page.code), undefined, { noXrw: true }))
        .statusCode,
    ).toBe(403);
  });

  it('a used coupon is remembered for the device: the page and the scan say so after a reload', async () => {
    const code = await secretWifi('remembered');
    const page = await pageWithCodes([code], releaseAt(0, Date.now() - 600_000), { coupon: newCoupon() });
    const g = await guest();
    const fresh = expectAnswer(await g.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
    expect(fresh.welcome_page.coupon?.used_here).toBe(false);
    expectOk(await g.post(readerWelcomePath.couponUse(page.code), undefined));
    // A reload (the same device cookie) shows it used, by the stable address and by a new scan.
    const again = expectAnswer(await g.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
    expect(again.welcome_page.coupon).toMatchObject({ used_here: true, remaining: 99 });
    const scanned = expectAnswer(await resolve(g, code.payload), readerResolveAnswer).result;
    expect(scanned).toMatchObject({ welcome_page: { coupon: { used_here: true } } });
    // Another device has not used it.
    const other = expectAnswer(
      await (await guest()).get(readerWelcomePath.page(page.code)),
      wifiGuestPageAnswer,
    );
    expect(other.welcome_page.coupon?.used_here).toBe(false);
  });

  it('gives the coupon code (every code type) only to the device that used it, with the moment of use', async () => {
    for (const [type, text] of [
      [1, 'WIFI-QR-10'],
      [2, '4901234567894'],
      [3, '8823'],
      [4, ''],
    ] as const) {
      const code = await secretWifi(`code-type-${type}`);
      const page = await pageWithCodes([code], releaseAt(0, Date.now() - 600_000), {
        coupon: newCoupon({ coupon_available_count: 1, coupon_code_type: type, coupon_code_text: text }),
      });
      const [user, stranger] = [await guest(), await guest()];
      // Before any use: neither the stable address nor a scan hands out the code.
      const fresh = expectAnswer(await user.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
      expect(fresh.welcome_page.coupon).toMatchObject({
        coupon_code_text: '',
        used_here: false,
        used_at: null,
      });
      const from = Date.now();
      const used = expectAnswer(
        await user.post(readerWelcomePath.couponUse(page.code), undefined),
        wifiCouponUseAnswer,
      );
      expect(used).toMatchObject({ remaining: 0, coupon_code_text: text });
      expect(used.used_at).toBeGreaterThanOrEqual(from);
      // The device that used it sees its code and the moment, by the address and by a scan.
      const mine = expectAnswer(await user.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
      expect(mine.welcome_page.coupon).toMatchObject({
        coupon_code_text: text,
        used_here: true,
        used_at: used.used_at,
      });
      const scanned = expectAnswer(await resolve(user, code.payload), readerResolveAnswer).result;
      expect(scanned).toMatchObject({ welcome_page: { coupon: { coupon_code_text: text } } });
      // Everyone else, also once none remain, sees no code.
      for (const res of [
        await stranger.get(readerWelcomePath.page(page.code)),
        await (await guest()).get(readerWelcomePath.page(page.code)),
      ]) {
        const theirs = expectAnswer(res, wifiGuestPageAnswer).welcome_page.coupon;
        expect(theirs).toMatchObject({ remaining: 0, used_here: false, coupon_code_text: '', used_at: null });
        if (text) expect(JSON.stringify(theirs)).not.toContain(text);
      }
      const theirScan = expectAnswer(await resolve(stranger, code.payload), readerResolveAnswer).result;
      expect(theirScan).toMatchObject({ welcome_page: { coupon: { coupon_code_text: '' } } });
      if (text) expect(JSON.stringify(theirScan)).not.toContain(text);
      // The drawn code (QR, JAN) too: the device that used it only.
      const picture = readerWelcomePath.couponCode(page.code);
      if (type === 1 || type === 2) {
        const res = await user.get(picture);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(await decodeCodes(res.rawPayload, type === 1 ? 'QRCode' : 'EAN13')).toEqual([text]);
      } else expectError(await user.get(picture), 'E-404');
      expectError(await stranger.get(picture), 'E-404');
    }
  });

  it('tells a device that follows the page’s channel so (the page and a scan), and no other', async () => {
    const code = await secretWifi('follows');
    const page = await pageWithCodes([code], releaseAt(0, Date.now() - 600_000));
    const [fan, stranger] = [await guest(), await guest()];
    const first = expectAnswer(await fan.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
    expect(first.welcome_page.following).toBe(false);
    expectOk(await fan.post(readerChannelPath.follow(channel.channel_code), {}));
    const after = expectAnswer(await fan.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
    expect(after.welcome_page.following).toBe(true);
    const scanned = expectAnswer(await resolve(fan, code.payload), readerResolveAnswer).result;
    expect(scanned).toMatchObject({ welcome_page: { following: true } });
    const theirs = expectAnswer(await stranger.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer);
    expect(theirs.welcome_page.following).toBe(false);
  });

  it('cannot be used before the page’s release', async () => {
    const code = await secretWifi('early');
    const page = await pageWithCodes([code], releaseAt(60), { coupon: newCoupon() });
    expectError(await (await guest()).post(readerWelcomePath.couponUse(page.code), undefined), 'E-404');
  });
});

describe('analytics: rollups per page and day, and the CSV', () => {
  it('counts scans, views, unique devices, coupon views and uses, link clicks and follows', async () => {
    const code = await secretWifi('counted');
    const page = await pageWithCodes([code], releaseAt(0, Date.now() - 600_000), {
      title: '集計のページ',
      coupon: newCoupon(),
    });
    const [g1, g2] = [await guest(), await guest()];
    await resolve(g1, code.payload);
    await resolve(g1, code.payload);
    await resolve(g2, code.payload);
    await g2.get(readerWelcomePath.page(page.code));
    expectOk(await g1.post(readerWelcomePath.event(page.code), { kind: 'coupon_view' }));
    expectOk(await g1.post(readerWelcomePath.couponUse(page.code), undefined));
    expectOk(await g1.post(readerWelcomePath.event(page.code), { kind: 'link', link_index: 1 }));
    expectOk(await g2.post(readerWelcomePath.event(page.code), { kind: 'link', link_index: 1 }));
    expectError(await g2.post(readerWelcomePath.event(page.code), { kind: 'link', link_index: 5 }), 'E-400');
    // The follow through the channel's own call, then the page notes where it came from.
    expectOk(await g2.post(readerChannelPath.follow(channel.channel_code), {}));
    expectOk(await g2.post(readerWelcomePath.event(page.code), { kind: 'follow' }));

    const now = Math.floor(Date.now() / 1000);
    const res = await owner.client.get(wifiPath.csv(now - 86_400, now));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="wifi-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^日付,ウェルカムページID,タイトル,コードの読み取り,ページの表示,ユニーク端末数,/,
    );
    const line = lines.find((l) => l.includes(',集計のページ,'));
    // scans 3; views 4 (three resolves showing the page, one visit of its address); 2 devices;
    // coupon viewed, used, one follow; no click on link 1, two on link 2.
    expect(line?.split(',').slice(3, 11)).toEqual(['3', '4', '2', '1', '1', '1', '0', '2']);
    // Another member sees none of it.
    expect((await other.client.get(wifiPath.csv(now - 86_400, now))).body).not.toContain('集計のページ');
    expectError(await owner.client.get(wifiPath.csv(now, now - 86_400)), 'E-400', {
      field: 'end_date',
      rule: 'validation.range_order',
    });
  });
});
