import { api } from '@qrqr/shared/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../src/db/migrations/0033-member-pictures';
import { asSchemaChange, createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { saveCoupon } from '../helpers/coupons';
import { signUpAndActivate } from '../helpers/factories';
import { multipartBody, pngBytes } from '../helpers/images';

/**
 * Migration 0033 lets a member own pictures without a channel. Run down and up again (as the
 * migrator runs it, in one transaction) on a database with a coupon's picture and a member's own:
 * the coupon keeps its picture both ways, down drops only the member's own, and each way the rule
 * of owners holds.
 */
let t: TestApp;
let channelId: number;
let couponImageId: number;
let ownerless: string;

beforeAll(async () => {
  t = await createTestApp();
  const shop = await registeredMember(t.app);
  channelId = (await createChannel(shop.client)).channel_id;
  await saveCoupon(shop.client, channelId, { image: (await pngBytes(60, 60)).toString('base64') });
  const row = await db()
    .selectFrom('coupons')
    .select('image_id')
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  couponImageId = Number(row.image_id);
  const member = await signUpAndActivate(t.app);
  ownerless = member.user.user_id;
  const res = await member.client.post(api.qrLogoPicture, undefined, {
    raw: multipartBody([
      { name: 'image', filename: 'logo.png', type: 'image/png', data: await pngBytes(50, 40) },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t?.close());

const db = () => t.ctx.db.kysely;
const inOneTransaction = (step: typeof migration.up) =>
  asSchemaChange(t, () =>
    db()
      .transaction()
      .execute((trx) => step(trx as never)),
  );
const couponPicture = async () =>
  Number(
    (
      await db()
        .selectFrom('coupons')
        .select('image_id')
        .where('channel_id', '=', channelId)
        .executeTakeFirst()
    )?.image_id,
  );
const insertPicture = (owner: { channel_id: number | null; user_id?: string | null }) =>
  sql`insert into images (${sql.raw(Object.keys(owner).join(', '))}, purpose, name, content_type, width, height, byte_size, data, created_at)
    values (${sql.join(Object.values(owner))}, 'test', 'x.png', 'image/png', 1, 1, 1, ${Buffer.from([1])}, 1)`.execute(
    db(),
  );

describe('migration 0033: pictures a member owns', () => {
  it('keeps the coupon’s picture down and up, drops only the member’s own on down', async () => {
    expect(await couponPicture()).toBe(couponImageId);
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from images`.execute(db())).rows[0]?.n);
    const before = await count();

    await inOneTransaction(migration.down);
    try {
      expect(await couponPicture()).toBe(couponImageId);
      expect(await count()).toBe(before - 1);
      await expect(insertPicture({ channel_id: null })).rejects.toThrow(/null/i);
    } finally {
      await inOneTransaction(migration.up);
    }

    expect(await couponPicture()).toBe(couponImageId);
    const served = await db().selectFrom('images').select('id').where('id', '=', couponImageId).execute();
    expect(served).toHaveLength(1);
    // One owner or the other, never none nor both.
    await expect(insertPicture({ channel_id: null, user_id: null })).rejects.toThrow(
      /images_one_owner|check/i,
    );
    await expect(insertPicture({ channel_id: channelId, user_id: ownerless })).rejects.toThrow(
      /images_one_owner|check/i,
    );
    await insertPicture({ channel_id: null, user_id: ownerless });
  });
});
