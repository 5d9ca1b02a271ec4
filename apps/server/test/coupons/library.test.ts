import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { COUPON_LIMITS } from '@qrqr/shared/coupon-constants';
import { type CouponDto, couponListSchema } from '@qrqr/shared/coupon-schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { points } from '../../src/platform/core/extension-points';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { IN_STORE_JAN, newCoupon, saveCoupon } from '../helpers/coupons';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { jpegBytes, pngBytes } from '../helpers/images';

let t: TestApp;
let owner: Member;
let stranger: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  stranger = await registeredMember(t.app);
});
afterAll(() => t?.close());

const list = async (client: Member['client'], channelId: number) =>
  expectAnswer(await client.get(channelPath.coupons(channelId)), couponListSchema);

describe('save and list', () => {
  it('saves a coupon with its picture and lists it, newest first', async () => {
    const channel = await createChannel(owner.client);
    const photo = await jpegBytes(2048, 1024);
    const first = await saveCoupon(owner.client, channel.channel_id, {
      image: `data:image/jpeg;base64,${photo.toString('base64')}`,
    });
    expect(first).toMatchObject({
      coupon_type: 1,
      coupon_content: 'ブレンドコーヒー',
      coupon_value_percent: 10,
      coupon_value_off: null,
      coupon_code_type: 1,
      coupon_code_text: 'KOMOREBI-2026-SPRING',
      coupon_available_count: 1,
      coupon_date_from: '2026-04-01',
      coupon_date_to: '2026-04-30',
      coupon_text_color: '#ffffff',
      coupon_text_color_shadow: 1,
    });
    expect(first.coupon_image_url).toMatch(/^\/api\/image\/[0-9a-f]{32}\.jpg$/);
    expect(first.coupon_code_image_url).toBe(
      channelPath.under(channel.channel_id, `coupon/image/${first.coupon_img_id}/code`),
    );
    // The picture is served re-encoded and fitted within 1024 px.
    const picture = await t.app.inject({ method: 'GET', url: first.coupon_image_url ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 1024, height: 512 });

    const second = await saveCoupon(owner.client, channel.channel_id, {
      coupon_type: 5,
      coupon_content: 'ケーキセット',
      coupon_code_type: 4,
      coupon_code_text: 'ignored for no code',
      coupon_available_count: -1,
    });
    expect(second).toMatchObject({
      coupon_image_url: null,
      coupon_code_image_url: null,
      coupon_code_text: '',
    });

    const library = await list(owner.client, channel.channel_id);
    expect(library.coupons.map((c) => c.coupon_img_id)).toEqual([second.coupon_img_id, first.coupon_img_id]);
    expect(library).toMatchObject({ total_count: 2, storage_max: COUPON_LIMITS.storageMax });
  });

  it('keeps the picture of a PNG with transparency as PNG', async () => {
    const channel = await createChannel(owner.client);
    const logo = await pngBytes(200, 100, true);
    const coupon = await saveCoupon(owner.client, channel.channel_id, { image: logo.toString('base64') });
    expect(coupon.coupon_image_url).toMatch(/\.png$/);
  });

  it('drops the amounts and texts the discount type does not use', async () => {
    const channel = await createChannel(owner.client);
    const coupon = await saveCoupon(owner.client, channel.channel_id, {
      coupon_type: 2,
      coupon_value_off: '500',
      coupon_value_percent: 30,
      coupon_free_text_large: 'not for a yen discount',
      coupon_code_type: 2,
      coupon_code_text: IN_STORE_JAN,
    });
    expect(coupon).toMatchObject({
      coupon_value_off: 500,
      coupon_value_percent: null,
      coupon_free_text_large: '',
      coupon_code_text: IN_STORE_JAN,
    });
  });

  it('saves from a form-encoded body, coupon_image_data as its JSON text', async () => {
    const channel = await createChannel(owner.client);
    const picture = (await pngBytes(60, 40, true)).toString('base64');
    const res = await owner.client.post(
      channelPath.couponSave(channel.channel_id),
      { coupon_image_data: JSON.stringify(newCoupon({ coupon_content: 'フォーム送信', image: picture })) },
      { form: true, csrfField: true },
    );
    const saved = expectOk(res).coupon as CouponDto;
    expect(saved).toMatchObject({ coupon_content: 'フォーム送信', coupon_value_percent: 10 });
    expect(saved.coupon_image_url).toMatch(/\.png$/);
    expect((await list(owner.client, channel.channel_id)).coupons.map((c) => c.coupon_img_id)).toEqual([
      saved.coupon_img_id,
    ]);
  });

  it('lists only the channel’s own coupons', async () => {
    const a = await createChannel(owner.client);
    const b = await createChannel(owner.client);
    await saveCoupon(owner.client, a.channel_id);
    expect((await list(owner.client, b.channel_id)).coupons).toEqual([]);
  });
});

describe('pictures that are refused', () => {
  let channel: ChannelDto;
  beforeAll(async () => {
    channel = await createChannel(owner.client);
  });
  const save = (image: string, locale = 'ja') =>
    owner.client.post(
      channelPath.couponSave(channel.channel_id),
      { coupon_image_data: newCoupon({ image }) },
      { headers: { 'accept-language': locale } },
    );

  it('refuses text sent as a PNG with the accepted types, and stores nothing', async () => {
    const fake = `data:image/png;base64,${Buffer.from('hello, I am text').toString('base64')}`;
    expectError(await save(fake), 'E-415', { messageKey: 'errors.image_type' });
    expectError(await save(fake, 'en'), 'E-415', { messageKey: 'errors.image_type', locale: 'en' });
    expect((await list(owner.client, channel.channel_id)).total_count).toBe(0);
  });

  it('refuses a picture over 8 MB with E-413', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 100, 0xab);
    (await jpegBytes()).copy(big);
    expectError(await save(big.toString('base64')), 'E-413', { messageKey: 'errors.image_too_big' });
  });

  it('refuses a body far over the limit before parsing it', async () => {
    const res = await save('A'.repeat(13 * 1024 * 1024));
    expectError(res, 'E-413');
  });
});

describe('delete', () => {
  it('deletes several coupons and their pictures', async () => {
    const channel = await createChannel(owner.client);
    const withPicture = await saveCoupon(owner.client, channel.channel_id, {
      image: (await jpegBytes(120, 80)).toString('base64'),
    });
    const plain = await saveCoupon(owner.client, channel.channel_id);
    const kept = await saveCoupon(owner.client, channel.channel_id);
    const res = await owner.client.post(channelPath.couponDelete(channel.channel_id), {
      coupon_img_ids: [withPicture.coupon_img_id, plain.coupon_img_id],
    });
    expect(expectOk(res).deleted).toBe(2);
    expect((await list(owner.client, channel.channel_id)).coupons.map((c) => c.coupon_img_id)).toEqual([
      kept.coupon_img_id,
    ]);
    const picture = await t.app.inject({ method: 'GET', url: withPicture.coupon_image_url ?? '' });
    expect(picture.statusCode).toBe(404);
  });

  it('takes the ids form-encoded as a comma-separated list too', async () => {
    const channel = await createChannel(owner.client);
    const a = await saveCoupon(owner.client, channel.channel_id);
    const b = await saveCoupon(owner.client, channel.channel_id);
    const res = await owner.client.post(
      channelPath.couponDelete(channel.channel_id),
      { coupon_img_ids: `${a.coupon_img_id},${b.coupon_img_id}` },
      { form: true },
    );
    expect(expectOk(res).deleted).toBe(2);
  });

  it('answers E-715 for a coupon linked to an unsent message, and deletes none of the batch', async () => {
    const channel = await createChannel(owner.client);
    const linked = await saveCoupon(owner.client, channel.channel_id);
    const free = await saveCoupon(owner.client, channel.channel_id);
    // What the messages module will register: its unsent messages' coupons.
    const unsent = new Set([linked.coupon_img_id]);
    const unregister = t.ctx.registry.register(points.couponDelete, async ({ channelId, ids }) =>
      channelId === channel.channel_id
        ? ids.filter((id) => unsent.has(id)).map((id) => ({ id, by: '未送信のメッセージ' }))
        : [],
    );
    try {
      const body = { coupon_img_ids: [free.coupon_img_id, linked.coupon_img_id] };
      expectError(await owner.client.post(channelPath.couponDelete(channel.channel_id), body), 'E-715');
      const en = await owner.client.post(channelPath.couponDelete(channel.channel_id), body, {
        headers: { 'accept-language': 'en' },
      });
      expectError(en, 'E-715', { locale: 'en' });
      expect((await list(owner.client, channel.channel_id)).total_count).toBe(2);
      // Once the message is sent (no longer unsent), the coupon may go.
      unsent.clear();
      expectOk(await owner.client.post(channelPath.couponDelete(channel.channel_id), body));
    } finally {
      unregister();
    }
  });

  it('answers 404 and deletes nothing when an id is not a coupon of this channel', async () => {
    const mine = await createChannel(owner.client);
    const other = await createChannel(owner.client);
    const a = await saveCoupon(owner.client, mine.channel_id);
    const elsewhere = await saveCoupon(owner.client, other.channel_id);
    const res = await owner.client.post(channelPath.couponDelete(mine.channel_id), {
      coupon_img_ids: [a.coupon_img_id, elsewhere.coupon_img_id],
    });
    expectError(res, 'E-404');
    expect((await list(owner.client, mine.channel_id)).total_count).toBe(1);
    expect((await list(owner.client, other.channel_id)).total_count).toBe(1);
  });

  it('needs at least one well-formed id', async () => {
    const channel = await createChannel(owner.client);
    const url = channelPath.couponDelete(channel.channel_id);
    expectError(await owner.client.post(url, { coupon_img_ids: [] }), 'E-400', {
      field: 'coupon_img_ids',
      rule: 'validation.coupon_ids_required',
    });
    expectError(await owner.client.post(url, {}), 'E-400', {
      field: 'coupon_img_ids',
      rule: 'validation.coupon_ids_required',
    });
    expectError(await owner.client.post(url, { coupon_img_ids: ['abc'] }), 'E-400');
    expectError(await owner.client.post(url, { coupon_img_ids: [-3] }), 'E-400');
  });
});

describe('storage limit', () => {
  it(`refuses coupon ${COUPON_LIMITS.storageMax + 1} with the storage-limit message until one is deleted`, async () => {
    const channel = await createChannel(owner.client);
    // Fill the library directly; the last one through the API.
    const now = Date.now();
    const row = {
      channel_id: channel.channel_id,
      image_id: null,
      discount_type: 4,
      item_name: 'ランチ',
      text_color: '#ffffff',
      text_shadow: 1,
      available_count: 1,
      code_type: 4,
      date_from: '2026-01-01',
      date_to: '2026-12-31',
    };
    await t.ctx.db.kysely
      .insertInto('coupons')
      .values(
        Array.from({ length: COUPON_LIMITS.storageMax - 1 }, (_, i) => ({ ...row, created_at: now - i })),
      )
      .execute();
    const last = await saveCoupon(owner.client, channel.channel_id);
    const url = channelPath.couponSave(channel.channel_id);
    const picture = (await jpegBytes()).toString('base64');
    expectError(await owner.client.post(url, { coupon_image_data: newCoupon({ image: picture }) }), 'E-409', {
      messageKey: 'errors.coupon_storage_full',
    });
    const en = await owner.client.post(
      url,
      { coupon_image_data: newCoupon() },
      { headers: { 'accept-language': 'en' } },
    );
    expectError(en, 'E-409', { messageKey: 'errors.coupon_storage_full', locale: 'en' });
    expect((await list(owner.client, channel.channel_id)).total_count).toBe(COUPON_LIMITS.storageMax);

    expectOk(
      await owner.client.post(channelPath.couponDelete(channel.channel_id), {
        coupon_img_ids: [last.coupon_img_id],
      }),
    );
    await saveCoupon(owner.client, channel.channel_id);
  });

  it('lets only one of two simultaneous saves take the last place', async () => {
    const channel = await createChannel(owner.client);
    const now = Date.now();
    await t.ctx.db.kysely
      .insertInto('coupons')
      .values(
        Array.from({ length: COUPON_LIMITS.storageMax - 1 }, (_, i) => ({
          channel_id: channel.channel_id,
          discount_type: 5,
          item_name: 'ドリンク',
          text_color: '#000000',
          text_shadow: 0,
          available_count: -1,
          code_type: 4,
          date_from: '2026-01-01',
          date_to: '2026-01-31',
          created_at: now - i,
        })),
      )
      .execute();
    const url = channelPath.couponSave(channel.channel_id);
    const results = await Promise.all(
      [1, 2, 3].map(() => owner.client.post(url, { coupon_image_data: newCoupon() })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await list(owner.client, channel.channel_id)).total_count).toBe(COUPON_LIMITS.storageMax);
  });
});

describe('who may call', () => {
  let channel: ChannelDto;
  let coupon: CouponDto;
  beforeAll(async () => {
    channel = await createChannel(owner.client);
    coupon = await saveCoupon(owner.client, channel.channel_id);
  });

  it('answers 404 to another member for every call about the channel, and changes nothing', async () => {
    const id = channel.channel_id;
    expectError(await stranger.client.get(channelPath.coupons(id)), 'E-404');
    expectError(
      await stranger.client.post(channelPath.couponSave(id), { coupon_image_data: newCoupon() }),
      'E-404',
    );
    // 404 comes before validation: an invalid body tells the stranger nothing either.
    expectError(await stranger.client.post(channelPath.couponSave(id), { coupon_image_data: {} }), 'E-404');
    expectError(
      await stranger.client.post(channelPath.couponDelete(id), { coupon_img_ids: [coupon.coupon_img_id] }),
      'E-404',
    );
    expectError(await stranger.client.get(coupon.coupon_code_image_url ?? ''), 'E-404');
    expect((await list(owner.client, id)).total_count).toBe(1);
  });

  it('answers 404 to a stranger naming their own channel but the owner’s coupon', async () => {
    const theirs = await createChannel(stranger.client);
    const res = await stranger.client.post(channelPath.couponDelete(theirs.channel_id), {
      coupon_img_ids: [coupon.coupon_img_id],
    });
    expectError(res, 'E-404');
    const code = await stranger.client.get(
      channelPath.under(theirs.channel_id, `coupon/image/${coupon.coupon_img_id}/code`),
    );
    expectError(code, 'E-404');
  });

  it('needs a signed-in member', async () => {
    const guest = await (await import('../helpers/client')).newClient(t.app);
    expectError(await guest.get(channelPath.coupons(channel.channel_id)), 'E-401');
  });

  it('needs the CSRF token and X-Requested-With on save and delete', async () => {
    const save = channelPath.couponSave(channel.channel_id);
    const del = channelPath.couponDelete(channel.channel_id);
    expectError(await owner.client.post(save, { coupon_image_data: newCoupon() }, { csrf: 'omit' }), 'E-403');
    expectError(
      await owner.client.post(save, { coupon_image_data: newCoupon() }, { csrf: 'wrong' }),
      'E-403',
    );
    expectError(
      await owner.client.post(del, { coupon_img_ids: [coupon.coupon_img_id] }, { noXrw: true }),
      'E-403',
    );
    expect((await list(owner.client, channel.channel_id)).total_count).toBe(1);
  });

  it('answers ill-formed bodies with E-400', async () => {
    const save = channelPath.couponSave(channel.channel_id);
    expectError(await owner.client.post(save, undefined, { rawJson: '{"coupon_image_data": ' }), 'E-400');
    expectError(await owner.client.post(save, { coupon_image_data: 'text' }), 'E-400');
    const form = { form: true, csrfField: true };
    expectError(await owner.client.post(save, { coupon_image_data: '{"coupon_type": 1,' }, form), 'E-400', {
      field: 'coupon_image_data',
      rule: 'validation.json_invalid',
    });
    expectError(await owner.client.post(save, { coupon_image_data: '[1, 2]' }, form), 'E-400', {
      field: 'coupon_image_data',
      rule: 'validation.json_object',
    });
    // The JSON text's fields get the same rules as a JSON body's, named by their path.
    expectError(
      await owner.client.post(
        save,
        { coupon_image_data: JSON.stringify(newCoupon({ coupon_type: 9 })) },
        form,
      ),
      'E-400',
      { field: 'coupon_image_data.coupon_type', rule: 'validation.coupon_discount_type' },
    );
    // An escape that is ill-formed only once parsed is refused like one in a JSON body.
    expectError(
      await owner.client.post(save, { coupon_image_data: '{"coupon_content": "\\ud800"}' }, form),
      'E-400',
      { field: 'coupon_image_data.coupon_content', rule: 'validation.ill_formed_text' },
    );
    expectError(
      await owner.client.post(save, undefined, {
        rawJson: '{"coupon_image_data": {"coupon_content": "\\ud800"}}',
      }),
      'E-400',
      { field: 'coupon_image_data.coupon_content', rule: 'validation.ill_formed_text' },
    );
  });
});

describe('deleting the channel', () => {
  it('removes its coupons and their pictures', async () => {
    const channel = await createChannel(owner.client);
    const coupon = await saveCoupon(owner.client, channel.channel_id, {
      image: (await jpegBytes(90, 60)).toString('base64'),
    });
    expectOk(await owner.client.delete(channelPath.one(channel.channel_id)));
    const picture = await t.app.inject({ method: 'GET', url: coupon.coupon_image_url ?? '' });
    expect(picture.statusCode).toBe(404);
    const left = await t.ctx.db.kysely
      .selectFrom('coupons')
      .select('id')
      .where('channel_id', '=', channel.channel_id)
      .execute();
    expect(left).toEqual([]);
  });
});
