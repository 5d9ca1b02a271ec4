import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { translate } from '@qrqr/shared/messages';
import { api, readerWelcomePath, wifiPath } from '@qrqr/shared/paths';
import { WIFI_PAGE_STATUS } from '@qrqr/shared/wifi-constants';
import {
  type WifiPageDto,
  wifiChannelAnswer,
  wifiGuestPageAnswer,
  wifiImageAnswer,
  wifiPageAnswer,
  wifiPageListAnswer,
} from '@qrqr/shared/wifi-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { newClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { multipartBody, pngBytes } from '../helpers/images';
import { createCode, wifiCode } from '../helpers/qrcodes';
import { linkCodes, newCoupon, newPage, releaseAt, savePage } from '../helpers/wifi';

let t: TestApp;
let owner: Member;
let other: Member;
let channel: ChannelDto;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
  channel = await createChannel(owner.client);
});
afterAll(() => t?.close());

async function upload(member: Member, channelId: number, bytes?: Buffer) {
  const data = bytes ?? (await pngBytes(2000, 1200));
  return member.client.post(wifiPath.imageUpload(channelId), undefined, {
    raw: multipartBody([{ name: 'image', filename: 'a.png', type: 'image/png', data }]),
  });
}

describe('POST /api/qrwifi/welcomepage/save', () => {
  it('creates a page with every field and answers it, reserved (no code linked yet)', async () => {
    const page = await savePage(owner.client, newPage(channel.channel_id, { coupon: newCoupon() }));
    expect(page).toMatchObject({
      title: 'ようこそ喫茶こもれびへ',
      channel_id: channel.channel_id,
      channel_name: channel.channel_name,
      header_type: 1,
      header_text: '無料Wi-Fiをご利用いただけます',
      free_text: 'ごゆっくりどうぞ。',
      footer_text: '喫茶こもれび',
      text_color: '#212121',
      background_color: '#ffffff',
      status: WIFI_PAGE_STATUS.reserved,
      profiles: [],
      relation_links: [
        { text: 'メニュー', url: 'https://example.jp/menu' },
        { text: 'Instagram', url: 'https://example.jp/insta' },
      ],
    });
    expect(page.coupon).toMatchObject({
      coupon_type: 1,
      coupon_value_percent: 10,
      coupon_value_off: null,
      coupon_available_count: 100,
      coupon_used_count: 0,
      coupon_code_text: 'WIFI-10',
    });
    expect(page.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expectAnswer(await owner.client.get(wifiPath.page(page.welcome_page_id)), wifiPageAnswer);
  });

  it('accepts the form-encoded body (links and coupon as JSON text)', async () => {
    const body = newPage(channel.channel_id, { coupon: newCoupon({ coupon_type: 4 }) });
    const res = await owner.client.post(
      api.wifiPageSave,
      { ...body, relation_links: JSON.stringify(body.relation_links), coupon: JSON.stringify(body.coupon) },
      { form: true },
    );
    expect(expectOk(res).welcome_page).toMatchObject({ coupon: { coupon_type: 4 } });
  });

  it('updates a page and keeps its code', async () => {
    const page = await savePage(owner.client, newPage(channel.channel_id));
    const again = await savePage(
      owner.client,
      newPage(channel.channel_id, { welcome_page_id: page.welcome_page_id, title: '新しい題' }),
    );
    expect(again).toMatchObject({
      welcome_page_id: page.welcome_page_id,
      code: page.code,
      title: '新しい題',
    });
  });

  it.each([
    ['title', '字'.repeat(21), 'validation.wifi_title_too_long'],
    ['title', '', 'validation.wifi_title_required'],
    ['header_text', 'あ'.repeat(37), 'validation.wifi_header_text_too_long'],
    ['free_text', 'あ'.repeat(201), 'validation.wifi_free_text_too_long'],
    ['footer_text', 'あ'.repeat(21), 'validation.wifi_footer_text_too_long'],
    ['text_color', 'red', 'validation.wifi_color'],
    ['text_color', '#eeeeee', 'validation.wifi_contrast'],
  ])('refuses %s = %j (%s)', async (field, value, rule) => {
    const res = await owner.client.post(api.wifiPageSave, newPage(channel.channel_id, { [field]: value }));
    expectError(res, 'E-400', { field, rule });
  });

  it('takes every limit exactly', async () => {
    const page = await savePage(
      owner.client,
      newPage(channel.channel_id, {
        title: '字'.repeat(20),
        header_text: 'あ'.repeat(36),
        free_text: 'あ'.repeat(200),
        footer_text: 'あ'.repeat(20),
        coupon: newCoupon({
          coupon_type: 3,
          coupon_value_regular_price: 99_999_999,
          coupon_value_coupon_price: 1,
          coupon_text_detail: 'あ'.repeat(120),
        }),
      }),
    );
    expect(page.coupon?.coupon_value_regular_price).toBe(99_999_999);
  });

  it.each([
    [
      { coupon_text_detail: 'あ'.repeat(121) },
      'coupon.coupon_text_detail',
      'validation.wifi_coupon_text_too_long',
    ],
    [
      { coupon_type: 3, coupon_value_regular_price: 100_000_000, coupon_value_coupon_price: 1 },
      'coupon.coupon_value_regular_price',
      'validation.coupon_price_range',
    ],
    [
      { coupon_type: 6, coupon_free_text_large: '' },
      'coupon.coupon_free_text_large',
      'validation.coupon_free_text_required',
    ],
    [
      { coupon_type: 6, coupon_free_text_large: 'あ'.repeat(101) },
      'coupon.coupon_free_text_large',
      'validation.coupon_free_text_large_too_long',
    ],
    [{ coupon_available_count: 0 }, 'coupon.coupon_available_count', 'validation.wifi_coupon_count'],
    [
      { coupon_code_type: 2, coupon_code_text: '4901234567890' },
      'coupon.coupon_code_text',
      'validation.coupon_jan_check_digit',
    ],
    [{ coupon_text_color_shadow: 2 }, 'coupon.coupon_text_color_shadow', 'validation.coupon_text_shadow'],
  ])('refuses the coupon %j with the coupon library’s rules', async (patch, field, rule) => {
    const res = await owner.client.post(
      api.wifiPageSave,
      newPage(channel.channel_id, { coupon: newCoupon(patch as Record<string, unknown>) }),
    );
    expectError(res, 'E-400', { field, rule });
  });

  it('refuses relation links that are not http(s), too long, or more than 10', async () => {
    const bad = await owner.client.post(
      api.wifiPageSave,
      newPage(channel.channel_id, { relation_links: [{ text: 'x', url: 'javascript:alert(1)' }] }),
    );
    expect(bad.statusCode).toBe(400);
    const long = await owner.client.post(
      api.wifiPageSave,
      newPage(channel.channel_id, {
        relation_links: [{ text: 'x', url: `https://example.jp/${'a'.repeat(240)}` }],
      }),
    );
    expectError(long, 'E-400', {
      field: 'relation_links.0.url',
      rule: 'validation.relation_link_url_too_long',
    });
    const many = Array.from({ length: 11 }, (_, i) => ({ text: `l${i}`, url: 'https://example.jp' }));
    expect(
      (await owner.client.post(api.wifiPageSave, newPage(channel.channel_id, { relation_links: many })))
        .statusCode,
    ).toBe(400);
  });

  it('says the contrast failure in the caller’s language', async () => {
    const res = await owner.client.post(
      api.wifiPageSave,
      newPage(channel.channel_id, { text_color: '#777777', background_color: '#888888' }),
      { headers: { cookie: `lang=en; sid=${owner.client.sid}` } },
    );
    expect(res.json().errors[0].message).toBe(translate('validation.wifi_contrast', 'en'));
  });

  it('refuses ill-formed text and a request without the CSRF token', async () => {
    const bad = await owner.client.post(api.wifiPageSave, undefined, {
      rawJson: `{"title":"\\ud800","channel_id":${channel.channel_id}}`,
    });
    expect(bad.statusCode).toBe(400);
    const noCsrf = await owner.client.post(api.wifiPageSave, newPage(channel.channel_id), { csrf: 'omit' });
    expectError(noCsrf, 'E-403');
  });

  it('answers 404 for another member’s channel and another member’s page', async () => {
    const mine = await savePage(owner.client, newPage(channel.channel_id));
    expectError(await other.client.post(api.wifiPageSave, newPage(channel.channel_id)), 'E-404');
    const theirs = await createChannel(other.client, { channel_name: '別の店' });
    expectError(
      await other.client.post(
        api.wifiPageSave,
        newPage(theirs.channel_id, { welcome_page_id: mine.welcome_page_id }),
      ),
      'E-404',
    );
    expectError(await other.client.get(wifiPath.page(mine.welcome_page_id)), 'E-404');
    expectError(
      await other.client.post(api.wifiPageDelete, { welcome_page_ids: [mine.welcome_page_id] }),
      'E-404',
    );
  });

  it('needs a signed-in member', async () => {
    const guest = await newClient(t.app);
    expectError(await guest.get(api.wifiPages), 'E-401');
    expectError(await guest.post(api.wifiPageSave, newPage(channel.channel_id)), 'E-401');
  });
});

describe('pictures: POST /api/qrwifi/image/upload and the coupon picture draft', () => {
  it('re-encodes within 1024 px and takes it as header, background and coupon draft', async () => {
    const res = await upload(owner, channel.channel_id);
    const { image_id, image_url } = expectAnswer(res, wifiImageAnswer);
    const img = await t.app.inject({ url: image_url });
    expect(img.statusCode).toBe(200);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(img.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);

    const page = await savePage(
      owner.client,
      newPage(channel.channel_id, {
        header_type: 2,
        header_image_id: image_id,
        background_image_id: image_id,
        coupon: newCoupon(),
      }),
    );
    expect(page.header_image_url).toBe(image_url);
    const draft = expectOk(await owner.client.post(wifiPath.couponImage(page.welcome_page_id), { image_id }))
      .welcome_page as typeof page;
    expect(draft.coupon_image_url_draft).toBe(image_url);
    expect(draft.coupon?.coupon_image_url).toBeNull();
    const saved = await savePage(
      owner.client,
      newPage(channel.channel_id, {
        welcome_page_id: page.welcome_page_id,
        header_type: 2,
        header_image_id: image_id,
        coupon: newCoupon(),
      }),
    );
    expect(saved.coupon?.coupon_image_url).toBe(image_url);
    expect(saved.coupon_image_url_draft).toBeNull();
  });

  it('removes a saved coupon picture (and a draft) on save, keeping the coupon; guests see none', async () => {
    const { image_id, image_url } = expectAnswer(await upload(owner, channel.channel_id), wifiImageAnswer);
    const coupon = newCoupon({ coupon_content: '画像を外すクーポン' });
    const page = await savePage(owner.client, newPage(channel.channel_id, { coupon }));
    const draft = async (id: number) =>
      expectOk(await owner.client.post(wifiPath.couponImage(page.welcome_page_id), { image_id: id }));
    await draft(image_id);
    const body = newPage(channel.channel_id, { welcome_page_id: page.welcome_page_id, coupon });
    expect((await savePage(owner.client, body)).coupon?.coupon_image_url).toBe(image_url);
    const code = await createCode(owner.client, wifiCode({ analysis_type: 2, ssid: 'picture-net' }));
    await linkCodes(owner.client, page.welcome_page_id, [code.id], releaseAt(60));
    expectOk(await owner.client.post(api.wifiProfilePublish, { welcome_page_id: page.welcome_page_id }));
    const guest = await newClient(t.app);
    const shown = async () =>
      expectAnswer(await guest.get(readerWelcomePath.page(page.code)), wifiGuestPageAnswer).welcome_page
        .coupon;
    expect((await shown())?.coupon_image_url).toBe(image_url);

    // A new draft too: removing drops both, the coupon and its other fields stay.
    await draft(image_id);
    const cleared = await savePage(owner.client, { ...body, coupon_image_removed: true });
    expect(cleared.coupon?.coupon_image_url).toBeNull();
    expect(cleared.coupon?.coupon_content).toBe('画像を外すクーポン');
    expect(cleared.coupon_image_url_draft).toBeNull();
    const again = expectOk(await owner.client.get(wifiPath.page(page.welcome_page_id)))
      .welcome_page as WifiPageDto;
    expect(again.coupon?.coupon_image_url).toBeNull();
    expect(again.status).toBe(WIFI_PAGE_STATUS.published);
    const guestCoupon = await shown();
    expect(guestCoupon?.coupon_content).toBe('画像を外すクーポン');
    expect(guestCoupon?.coupon_image_url).toBeNull();
    // Saving again without the flag does not bring it back; the form-encoded flag reads as well.
    expect((await savePage(owner.client, body)).coupon?.coupon_image_url).toBeNull();
    await draft(image_id);
    const form = await owner.client.post(
      api.wifiPageSave,
      {
        ...body,
        relation_links: JSON.stringify(body.relation_links),
        coupon: JSON.stringify(coupon),
        coupon_image_removed: 'true',
      },
      { form: true },
    );
    expect((expectOk(form).welcome_page as WifiPageDto).coupon?.coupon_image_url).toBeNull();
    expectError(
      await owner.client.post(api.wifiPageSave, { ...body, coupon_image_removed: 'maybe' }),
      'E-400',
      {
        field: 'coupon_image_removed',
        rule: 'validation.invalid',
      },
    );
  });

  it('refuses a non-picture, another member’s channel, and an image header without a picture', async () => {
    expectError(await upload(owner, channel.channel_id, Buffer.from('not a picture')), 'E-415', {
      messageKey: 'errors.image_type',
    });
    expectError(await upload(other, channel.channel_id), 'E-404');
    const res = await owner.client.post(api.wifiPageSave, newPage(channel.channel_id, { header_type: 2 }));
    expectError(res, 'E-400', { field: 'header_image_id', rule: 'validation.image_required' });
    const theirs = await createChannel(other.client, { channel_name: '他人の店' });
    const { image_id } = expectAnswer(await upload(other, theirs.channel_id), wifiImageAnswer);
    expectError(
      await owner.client.post(
        api.wifiPageSave,
        newPage(channel.channel_id, { background_image_id: image_id }),
      ),
      'E-400',
      { field: 'background_image_id', rule: 'validation.image_required' },
    );
  });
});

describe('GET /api/qrwifi/welcomepage/get (list) and delete', () => {
  it('lists 20 a page, newest first, searches the title, filters the status, deletes several', async () => {
    const member = await registeredMember(t.app);
    const ch = await createChannel(member.client, { channel_name: '一覧の店' });
    const ids: number[] = [];
    for (let i = 1; i <= 22; i++)
      ids.push(
        (await savePage(member.client, newPage(ch.channel_id, { title: `ページ${i}` }))).welcome_page_id,
      );
    const first = expectAnswer(await member.client.get(api.wifiPages), wifiPageListAnswer);
    expect(first.total_count).toBe(22);
    expect(first.welcome_pages).toHaveLength(20);
    expect(first.welcome_pages[0]).toMatchObject({ title: 'ページ22', status: 1, ssids: [], ssid_count: 0 });
    const second = expectOk(await member.client.get(`${api.wifiPages}?page=2`));
    expect(second.welcome_pages).toHaveLength(2);
    const search = expectOk(
      await member.client.get(`${api.wifiPages}?keyword=${encodeURIComponent('ﾍﾟｰｼﾞ2')}`),
    );
    expect((search.welcome_pages as Array<{ title: string }>).map((p) => p.title).sort()).toEqual(
      ['ページ2', 'ページ20', 'ページ21', 'ページ22'].sort(),
    );
    expect(expectOk(await member.client.get(`${api.wifiPages}?keyword=%25`)).total_count).toBe(0);
    expect(expectOk(await member.client.get(`${api.wifiPages}?status=2`)).total_count).toBe(0);
    expect(expectOk(await member.client.get(`${api.wifiPages}?status=1`)).total_count).toBe(22);
    expect(expectOk(await other.client.get(api.wifiPages)).total_count).toBe(0);

    expectError(
      await member.client.post(api.wifiPageDelete, { welcome_page_ids: [ids[0], 999_999] }),
      'E-404',
    );
    const del = expectOk(
      await member.client.post(
        api.wifiPageDelete,
        { welcome_page_ids: `${ids[0]},${ids[1]}` },
        { form: true },
      ),
    );
    expect(del.deleted_count).toBe(2);
    expect(expectOk(await member.client.get(api.wifiPages)).total_count).toBe(20);
    expectError(await member.client.post(api.wifiPageDelete, { welcome_page_ids: [] }), 'E-400');
  });
});

describe('GET /api/qrwifi/welcomepage/channel/get/{id}', () => {
  it('answers the member’s channel’s name, icon and short description; 404 for another’s', async () => {
    const body = expectAnswer(
      await owner.client.get(wifiPath.channel(channel.channel_id)),
      wifiChannelAnswer,
    );
    expect(body).toMatchObject({
      channel_id: channel.channel_id,
      channel_name: channel.channel_name,
      icon_image_url: null,
    });
    expectError(await other.client.get(wifiPath.channel(channel.channel_id)), 'E-404');
    expectError(await owner.client.get(wifiPath.channel('abc')), 'E-404');
  });
});

describe('POST /api/qrwifi/welcomepage/qrcode/generate', () => {
  it('draws the coupon’s code as the coupon library does', async () => {
    const body = expectOk(await owner.client.post(api.wifiCodePreview, { qr_text: 'WIFI-10' }));
    expect(body.qr_image).toMatch(/^data:image\/png;base64,/);
    expectError(await owner.client.post(api.wifiCodePreview, { qr_text: '' }), 'E-400');
  });
});
