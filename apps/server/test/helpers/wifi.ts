import { api } from '@qrqr/shared/paths';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { expect } from 'vitest';
import type { TestClient } from './client';

/** A page's save body: a text header on white with dark text, two relation links, no coupon. */
export const newPage = (channelId: number, patch: Record<string, unknown> = {}) => ({
  title: 'ようこそ喫茶こもれびへ',
  channel_id: channelId,
  header_type: 1,
  header_text: '無料Wi-Fiをご利用いただけます',
  free_text: 'ごゆっくりどうぞ。',
  footer_text: '喫茶こもれび',
  text_color: '#212121',
  background_color: '#ffffff',
  relation_links: [
    { text: 'メニュー', url: 'https://example.jp/menu' },
    { text: 'Instagram', url: 'https://example.jp/insta' },
  ],
  coupon: null,
  ...patch,
});

/** A coupon of a page: 10% off, a QR code, `count` to hand out. */
export const newCoupon = (patch: Record<string, unknown> = {}) => ({
  coupon_type: 1,
  coupon_content: 'ブレンドコーヒー',
  coupon_value_percent: 10,
  coupon_text_detail: 'お会計時にご提示ください',
  coupon_available_count: 100,
  coupon_code_type: 1,
  coupon_code_text: 'WIFI-10',
  ...patch,
});

/** Saves a page from this browser and returns it (fails the test on anything but success). */
export async function savePage(client: TestClient, body: Record<string, unknown>): Promise<WifiPageDto> {
  const res = await client.post(api.wifiPageSave, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().welcome_page as WifiPageDto;
}

/** Links codes to a page, released at `releaseDt` (Unix seconds). */
export async function linkCodes(
  client: TestClient,
  pageId: number,
  qrIds: string[],
  releaseDt: number,
): Promise<WifiPageDto> {
  const res = await client.post(api.wifiProfileAdd, {
    welcome_page_id: pageId,
    qr_wifi_ids: qrIds,
    release_dt: releaseDt,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().welcome_page as WifiPageDto;
}

/** A release time on the date picker's 10-minute grid, `minutes` (a multiple of 10) from the next step. */
export function releaseAt(minutesAhead: number, now = Date.now()): number {
  const step = 600;
  return (Math.ceil(now / 1000 / step) + minutesAhead / 10) * step;
}
