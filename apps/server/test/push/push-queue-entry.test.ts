import { channelPath } from '@qrqr/shared/channel-paths';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { pushDueDeliveries } from '../../src/modules/messaging/push-deliveries';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectAnswer } from '../helpers/expect';
import { follow, visitor } from '../helpers/followers';
import { newMessage } from '../messaging/helpers';
import { seedChannelWithFollowers, seedReservedMessages, seedSubscriptions } from '../messaging/seed';
import { FakePushService } from '../support/fake-push-service';
import { pushEnv, subscribe } from './helpers';

/**
 * Only deliveries whose device has a subscription enter the push queue: the rest of an audience is
 * written gone with its delivery, so the push sweep claims the subscribed rows and nothing else.
 */
let t: TestApp;
let fake: FakePushService;

beforeAll(async () => {
  fake = await new FakePushService().start();
  t = await createTestApp(pushEnv(fake.origin, fake.caFile));
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const FOLLOWERS = 400;
const SUBSCRIBED = 3;

describe('the push queue of a sent message', () => {
  it('holds only the subscribed followers’ deliveries; the sweep claims those alone', async () => {
    const { channelId } = await seedChannelWithFollowers(t.ctx.db, FOLLOWERS);
    const followers = await t.ctx.db.kysely
      .selectFrom('followers')
      .select(['id', 'device_hash'])
      .where('channel_id', '=', channelId)
      .orderBy('id')
      .execute();
    const chosen = [followers[0], followers[150], followers[FOLLOWERS - 1]].map(
      (f) => f as (typeof followers)[0],
    );
    const now = Date.now();
    const subs = chosen.map(() => fake.subscription());
    await seedSubscriptions(
      t.ctx.db,
      fake.origin,
      chosen.map((f, i) => ({ deviceHash: f.device_hash, sub: subs[i] as (typeof subs)[0] })),
    );
    const [messageId] = (await seedReservedMessages(t.ctx.db, channelId, 1, now)) as [number];
    expect(await deliverDue(t.ctx)).toBe(1);

    const states = async () =>
      t.ctx.db.kysely
        .selectFrom('message_deliveries')
        .select(['follower_id', 'push_state', 'push_attempts'])
        .where('message_id', '=', messageId)
        .orderBy('follower_id')
        .execute();
    const written = await states();
    expect(written).toHaveLength(FOLLOWERS);
    const subscribedIds = new Set(chosen.map((f) => Number(f.id)));
    // Pending (in the queue) exactly for the subscribed; gone at once, never attempted, for the rest.
    for (const r of written)
      expect(r, String(r.follower_id)).toMatchObject(
        subscribedIds.has(Number(r.follower_id)) ? { push_state: 0 } : { push_state: 2, push_attempts: 0 },
      );

    expect(await pushDueDeliveries(t.ctx)).toBe(SUBSCRIBED);
    expect(fake.errors).toEqual([]);
    for (const sub of subs) expect(fake.pushesTo(sub.id)).toHaveLength(1);
    const after = await states();
    expect(after.filter((r) => r.push_state === 1).map((r) => Number(r.follower_id))).toEqual(
      [...subscribedIds].sort((a, b) => a - b),
    );
    expect(after.filter((r) => r.push_state === 2)).toHaveLength(FOLLOWERS - SUBSCRIBED);
    // Nothing left to claim, now or later.
    expect(await pushDueDeliveries(t.ctx, () => Date.now() + 3_600_000)).toBe(0);
  });
});

describe('the push queue of a welcome message', () => {
  it('holds the welcome of a subscribed device; an unsubscribed one’s is gone with its delivery', async () => {
    const owner = await registeredMember(t.app);
    const channel = await createChannel(owner.client, { channel_name: 'ようこそ' });
    const saved = expectAnswer(
      await owner.client.post(
        channelPath.welcomeMessages(channel.channel_id),
        newMessage({ push_text: 'ようこそ' }),
      ),
      welcomeMessageAnswer,
    );
    const id = saved.message.message_id;
    const on = await owner.client.post(channelPath.welcomeNotify(channel.channel_id), { message_id: id });
    expect(on.statusCode, on.body).toBe(200);
    const subscribed = visitor(t.app);
    const sub = fake.subscription();
    expect((await subscribe(subscribed, sub)).statusCode).toBe(200);
    expect((await follow(subscribed, channel.channel_code)).statusCode).toBe(200);
    const plain = visitor(t.app);
    expect((await follow(plain, channel.channel_code)).statusCode).toBe(200);

    const states = () =>
      t.ctx.db.kysely
        .selectFrom('welcome_deliveries')
        .select(['push_state', 'push_attempts'])
        .where('welcome_message_id', '=', id)
        .orderBy('push_state')
        .execute();
    expect(await states()).toEqual([
      { push_state: 0, push_attempts: 0 },
      { push_state: 2, push_attempts: 0 },
    ]);
    expect(await pushDueDeliveries(t.ctx)).toBe(1);
    expect(fake.pushesTo(sub.id)).toHaveLength(1);
    expect((await states()).map((r) => r.push_state)).toEqual([1, 2]);
  });
});
