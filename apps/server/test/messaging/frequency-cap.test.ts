import { channelAnalyticsAnswer } from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { channelAnswer } from '@qrqr/shared/channel-schemas';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { inboxAnswer, messageAnswer, messageListAnswer } from '@qrqr/shared/message-schemas';
import { readerChannelPath } from '@qrqr/shared/paths';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import { describe, expect, it } from 'vitest';
import { PUSH_STATES } from '../../src/modules/messaging/claimed-push';
import { claimDue, deliverRest } from '../../src/modules/messaging/deliver';
import { type CapRule, capRuleOf, probeLimit } from '../../src/modules/messaging/frequency-cap';
import { points } from '../../src/platform/core/extension-points';
import { seedFollowers } from '../helpers/audience';
import { createChannel } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { expectAnswer, expectError } from '../helpers/expect';
import { follow, newFollower } from '../helpers/followers';
import { pushAppPerFile, subscribe } from '../push/helpers';
import { newMessage, saveDraft } from './helpers';
import { seedSubscriptions } from './seed';

/**
 * The frequency cap (issue 32): a channel setting, 1–10 messages a follower in a rolling 24 h, off
 * by default. A follower who already has that many deliveries of the channel's messages since 24 h
 * before a message's send time gets no delivery of it (no inbox item, no push); the message counts
 * them (`capped_count`, channel analytics' 「上限により未配信」, its CSV). Welcome messages and
 * test sends are never capped and never count. Times are the tests' clock: the sweep's `now`.
 */
const s = pushAppPerFile();

const HOUR = 3_600_000;
/** The tests' clock starts ten days ahead, on a whole second (send_dt is in seconds). */
const T0 = Math.ceil((Date.now() + 10 * 24 * HOUR) / 1000) * 1000;

const setCap = (channelId: number, cap: unknown, client: TestClient = s.owner.client) =>
  client.put(channelPath.one(channelId), { frequency_cap: cap });

async function cappedChannel(cap: number) {
  const channel = await createChannel(s.owner.client);
  expectAnswer(await setCap(channel.channel_id, cap), channelAnswer);
  return { id: channel.channel_id, code: channel.channel_code };
}

/** A message reserved for `at` (Unix ms) and sent by the sweep at that moment, both steps. */
async function sendAt(channelId: number, at: number, patch: Record<string, unknown> = {}) {
  const m = await saveDraft(s.owner.client, channelId, { send_dt: at / 1000, ...patch });
  const res = await s.owner.client.post(channelPath.messageNotify(channelId), { message_id: m.message_id });
  expect(res.statusCode, res.body).toBe(200);
  expect(await claimDue(s.t.ctx, () => at)).toBe(1);
  expect(await deliverRest(s.t.ctx)).toBe(1);
  return m.message_id;
}

const sentMessage = async (channelId: number, id: number) =>
  expectAnswer(await s.owner.client.get(channelPath.message(channelId, id)), messageAnswer).message;

const cappedCount = async (id: number) =>
  Number(
    (
      await s.t.ctx.db.kysely
        .selectFrom('messages')
        .select('capped_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).capped_count,
  );

const inboxIds = async (phone: TestClient, code: string) =>
  expectAnswer(await phone.get(readerChannelPath.messages(code)), inboxAnswer)
    .items.filter((i) => i.kind === 'message')
    .map((i) => Number(i.item_key.replace('message-', '')))
    .sort((a, b) => a - b);

const report = async (channelId: number, day: string) =>
  expectAnswer(
    await s.owner.client.get(`${channelPath.analytics(channelId)}?range=3&from=${day}&to=${day}`),
    channelAnalyticsAnswer,
  );

describe('the setting (PUT /api/qrchannel/channel/{id} frequency_cap)', () => {
  it('is off on a new channel, takes 1–10 (full-width digits too) and 0 to turn it off', async () => {
    const channel = await createChannel(s.owner.client);
    const id = channel.channel_id;
    expect(channel.frequency_cap).toBe(0);
    for (const [sent, kept] of [
      [1, 1],
      ['10', 10],
      ['３', 3],
      [0, 0],
    ] as const)
      expect(expectAnswer(await setCap(id, sent), channelAnswer).channel.frequency_cap).toBe(kept);
    // A save without the field keeps it.
    expectAnswer(await setCap(id, 4), channelAnswer);
    const renamed = expectAnswer(
      await s.owner.client.put(channelPath.one(id), { channel_name: '改名' }),
      channelAnswer,
    );
    expect(renamed.channel.frequency_cap).toBe(4);
  });

  it.each([11, -1, 1.5, 'abc', '', null, true])('refuses %j with the rule, in ja and en', async (bad) => {
    const channel = await createChannel(s.owner.client);
    const rule = 'validation.frequency_cap_range';
    expectError(await setCap(channel.channel_id, bad), 'E-400', { field: 'frequency_cap', rule });
    const en = await s.owner.client.put(
      channelPath.one(channel.channel_id),
      { frequency_cap: bad },
      { headers: { 'accept-language': 'en' } },
    );
    expectError(en, 'E-400', { field: 'frequency_cap', rule, locale: 'en' });
    expect(en.json().errors[0].message).toBe('The daily cap must be a whole number from 1 to 10');
  });

  it("is refused on another member's channel (404) and leaves it as it was", async () => {
    const channel = await createChannel(s.owner.client);
    expectError(await setCap(channel.channel_id, 2, s.other.client), 'E-404');
    const read = expectAnswer(await s.owner.client.get(channelPath.one(channel.channel_id)), channelAnswer);
    expect(read.channel.frequency_cap).toBe(0);
  });
});

describe('a send with the cap on', () => {
  it('writes no inbox item for a follower at the cap while the others get it, and counts them', async () => {
    const ch = await cappedChannel(1);
    const [a, b] = [await newFollower(s.t.app, ch.code), await newFollower(s.t.app, ch.code)];
    const first = await sendAt(ch.id, T0);
    const c = await newFollower(s.t.app, ch.code);
    const second = await sendAt(ch.id, T0 + HOUR);
    expect(await inboxIds(a, ch.code)).toEqual([first]);
    expect(await inboxIds(b, ch.code)).toEqual([first]);
    expect(await inboxIds(c, ch.code)).toEqual([second]);
    expect(await sentMessage(ch.id, second)).toMatchObject({ status: 2, delivered_count: 1 });
    expect(await cappedCount(second)).toBe(2);
    expect(await cappedCount(first)).toBe(0);

    // Channel analytics and its CSV: 「上限により未配信」 beside the targeted.
    const day = tokyoDate(T0 + HOUR);
    const funnel = (await report(ch.id, day)).messages.find((m) => m.id === second);
    expect(funnel).toMatchObject({ kind: 'message', targeted: 1, capped: 2 });
    expect((await report(ch.id, tokyoDate(T0))).messages.find((m) => m.id === first)).toMatchObject({
      targeted: 2,
      capped: 0,
    });
    const from = Math.floor((T0 - 24 * HOUR) / 1000);
    const to = Math.floor((T0 + 24 * HOUR) / 1000);
    const csv = await s.owner.client.get(channelPath.analyticsCsv(ch.id, from, to));
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const section = lines.indexOf(lines.find((l) => l.includes(`message-${second}`)) ?? '');
    expect(lines[section + 1]).toMatch(/^日付,配信対象,上限により未配信,/);
    expect(lines[section + 2]).toMatch(new RegExp(`^${day},1,2,`));
    expect(lines[section + 3]).toMatch(/^合計,1,2,/);
    s.owner.client.cookies.set('lang', 'en');
    const en = await s.owner.client.get(channelPath.analyticsCsv(ch.id, from, to));
    s.owner.client.cookies.delete('lang');
    expect(en.body).toContain('Targeted,Not delivered (frequency cap),');
  });

  it('tells the capped count in the message answers and the list: null before the send, else the count', async () => {
    const ch = await cappedChannel(1);
    await newFollower(s.t.app, ch.code);
    await newFollower(s.t.app, ch.code);
    const first = await sendAt(ch.id, T0);
    const draft = await saveDraft(s.owner.client, ch.id, { send_dt: (T0 + HOUR) / 1000 });
    expect(draft.capped_count).toBeNull();
    expect((await sentMessage(ch.id, draft.message_id)).capped_count).toBeNull();
    const res = await s.owner.client.post(channelPath.messageNotify(ch.id), { message_id: draft.message_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(messageAnswer.parse(res.json()).message.capped_count).toBeNull();
    expect(await claimDue(s.t.ctx, () => T0 + HOUR)).toBe(1);
    expect(await deliverRest(s.t.ctx)).toBe(1);
    expect(await sentMessage(ch.id, draft.message_id)).toMatchObject({ delivered_count: 0, capped_count: 2 });
    expect(await sentMessage(ch.id, first)).toMatchObject({ delivered_count: 2, capped_count: 0 });
    const list = expectAnswer(
      await s.owner.client.get(`${channelPath.messages(ch.id)}?status=-1&page=1`),
      messageListAnswer,
    );
    const counts = Object.fromEntries(list.messages.map((m) => [m.message_id, m.capped_count]));
    expect(counts).toEqual({ [first]: 0, [draft.message_id]: 2 });
  });

  it('counts a rolling 24 h before the send time: a delivery exactly 24 h before no longer counts', async () => {
    const ch = await cappedChannel(2);
    const phone = await newFollower(s.t.app, ch.code);
    const got: number[] = [];
    const capped: number[] = [];
    const step = async (at: number, expectGets: boolean) => {
      const id = await sendAt(ch.id, at);
      (expectGets ? got : capped).push(id);
      expect(await cappedCount(id), `message at +${(at - T0) / 60_000} min`).toBe(expectGets ? 0 : 1);
    };
    await step(T0, true);
    await step(T0 + HOUR, true);
    await step(T0 + 24 * HOUR - 60_000, false); // two in the 24 h before
    await step(T0 + 24 * HOUR, true); // the first is exactly 24 h before: out of the window
    await step(T0 + 24 * HOUR + 30 * 60_000, false); // +1 h and +24 h
    await step(T0 + 25 * HOUR, true); // +1 h is out, +24 h in
    expect(await inboxIds(phone, ch.code)).toEqual(got);
    expect(capped).toHaveLength(2);
  });

  it('never caps nor counts a welcome message or a test send', async () => {
    const ch = await cappedChannel(2);
    const welcome = expectAnswer(
      await s.owner.client.post(channelPath.welcomeMessages(ch.id), {
        layout: 1,
        push_text: 'ようこそ',
        detail_title: 'はじめまして',
        send_end_dt: Math.floor(T0 / 1000) + 3600 * 48,
      }),
      welcomeMessageAnswer,
    ).message;
    expectAnswer(
      await s.owner.client.post(channelPath.welcomeNotify(ch.id), { message_id: welcome.message_id }),
      welcomeMessageAnswer,
    );
    // The operator's own phone (signed in) follows and turns notifications on: it gets the
    // welcome message and is the one device test sends reach.
    const sub = s.fake.subscription();
    expect((await follow(s.owner.client, ch.code)).statusCode).toBe(200);
    expect((await subscribe(s.owner.client, sub)).statusCode).toBe(200);
    const test = () =>
      s.owner.client.post(channelPath.messageTestPush(ch.id), newMessage({ push_text: '試し' }));
    expect((await test()).json()).toMatchObject({ devices: 1, accepted: 1 });
    const box = expectAnswer(await s.owner.client.get(readerChannelPath.messages(ch.code)), inboxAnswer);
    expect(box.items.map((i) => i.kind)).toEqual(['welcome']);
    // The welcome and the test send did not count: two messages still reach it under a cap of 2.
    const first = await sendAt(ch.id, T0);
    const second = await sendAt(ch.id, T0 + HOUR);
    expect(await inboxIds(s.owner.client, ch.code)).toEqual([first, second]);
    // At the cap, a third is capped, but a test send still goes out.
    const third = await sendAt(ch.id, T0 + 2 * HOUR);
    expect(await cappedCount(third)).toBe(1);
    expect((await test()).json()).toMatchObject({ devices: 1, accepted: 1 });
    expect(s.fake.pushesTo(sub.id).filter((p) => (p.payload as { test?: boolean }).test)).toHaveLength(2);
    // …and a new follower now still gets the welcome message.
    const late = await newFollower(s.t.app, ch.code);
    const lateBox = expectAnswer(await late.get(readerChannelPath.messages(ch.code)), inboxAnswer);
    expect(lateBox.items.map((i) => i.kind)).toEqual(['welcome']);
  });

  it('keeps to the cap when several messages of the channel are sent at once (PostgreSQL: side by side)', async () => {
    const ch = await cappedChannel(1);
    const phones = await Promise.all(Array.from({ length: 6 }, () => newFollower(s.t.app, ch.code)));
    await subscribe(phones[0] as TestClient, s.fake.subscription());
    await subscribe(phones[1] as TestClient, s.fake.subscription());
    const at = T0 + 3 * 24 * HOUR;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await saveDraft(s.owner.client, ch.id, { send_dt: at / 1000, push_text: `同時${i}` });
      expect(
        (await s.owner.client.post(channelPath.messageNotify(ch.id), { message_id: m.message_id }))
          .statusCode,
      ).toBe(200);
      ids.push(m.message_id);
    }
    // One sweep claims the four (on PostgreSQL in parallel transactions), then writes their rests.
    expect(await claimDue(s.t.ctx, () => at)).toBe(4);
    expect(await deliverRest(s.t.ctx)).toBe(4);
    for (const phone of phones) expect(await inboxIds(phone, ch.code)).toHaveLength(1);
    const rows = await s.t.ctx.db.kysely
      .selectFrom('messages')
      .select(['delivered_count', 'capped_count'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.reduce((n, r) => n + Number(r.delivered_count), 0)).toBe(6);
    expect(rows.reduce((n, r) => n + Number(r.capped_count), 0)).toBe(18);
  });

  it('counts the capped followers once across the two steps, a failed second step retried', async () => {
    const ch = await cappedChannel(1);
    // Two followers with a push subscription (written by the claim), two without (by the rest).
    const subscribed = [await newFollower(s.t.app, ch.code), await newFollower(s.t.app, ch.code)];
    for (const phone of subscribed) await subscribe(phone, s.fake.subscription());
    const plain = [await newFollower(s.t.app, ch.code), await newFollower(s.t.app, ch.code)];
    // One of each has had a message within the day: both are at the cap.
    const earlier = await sendAt(ch.id, T0, {});
    const fresh = [await newFollower(s.t.app, ch.code), await newFollower(s.t.app, ch.code)];
    await subscribe(fresh[0] as TestClient, s.fake.subscription());
    // (The four first followers all got `earlier`; the two fresh ones did not.)
    expect(await cappedCount(earlier)).toBe(0);

    const at = T0 + HOUR;
    const m = await saveDraft(s.owner.client, ch.id, { send_dt: at / 1000 });
    expect(
      (await s.owner.client.post(channelPath.messageNotify(ch.id), { message_id: m.message_id })).statusCode,
    ).toBe(200);
    expect(await claimDue(s.t.ctx, () => at)).toBe(1);
    // The claim wrote the fresh subscribed follower only; it counted no one yet.
    for (const phone of subscribed) expect(await inboxIds(phone, ch.code)).toEqual([earlier]);
    expect(await inboxIds(fresh[0] as TestClient, ch.code)).toEqual([m.message_id]);
    expect(await cappedCount(m.message_id)).toBe(0);

    // The second step fails once after writing (its transaction rolls back) and is retried.
    let failures = 1;
    s.t.ctx.registry.register(points.delivered, async (e) => {
      if (e.messageId === m.message_id && failures > 0) {
        failures--;
        throw new Error('the second step dies before its commit');
      }
    });
    expect(await deliverRest(s.t.ctx)).toBe(0);
    expect(await cappedCount(m.message_id)).toBe(0);
    expect(await inboxIds(fresh[1] as TestClient, ch.code)).toEqual([]);
    expect(await deliverRest(s.t.ctx)).toBe(1);
    expect(await deliverRest(s.t.ctx)).toBe(0);

    for (const phone of [...subscribed, ...plain]) expect(await inboxIds(phone, ch.code)).toEqual([earlier]);
    for (const phone of fresh) expect(await inboxIds(phone, ch.code)).toEqual([m.message_id]);
    expect(await sentMessage(ch.id, m.message_id)).toMatchObject({ status: 2, delivered_count: 2 });
    expect(await cappedCount(m.message_id)).toBe(4);
    const funnel = (await report(ch.id, tokyoDate(at))).messages.find((x) => x.id === m.message_id);
    expect(funnel).toMatchObject({ targeted: 2, capped: 4 });
  });

  it('counts again in the rest when another send of the channel wrote between its two steps', async () => {
    const ch = await cappedChannel(2);
    const everyone = await seedFollowers(
      s.t.ctx.db,
      ch.id,
      Array.from({ length: 40 }, () => []),
    );
    const first = await sendAt(ch.id, T0);
    const deviceOf = async (ids: number[]) =>
      (
        await s.t.ctx.db.kysely.selectFrom('followers').select('device_hash').where('id', 'in', ids).execute()
      ).map((d) => ({ deviceHash: d.device_hash, sub: s.fake.subscription() }));
    // Ten subscribed: enough that the claim counts the window (at least the probe limit).
    await seedSubscriptions(s.t.ctx.db, s.fake.origin, await deviceOf(everyone.slice(0, 10)));
    const at = T0 + 2 * HOUR;
    const reserve = async (text: string) => {
      const m = await saveDraft(s.owner.client, ch.id, { send_dt: at / 1000, push_text: text });
      const res = await s.owner.client.post(channelPath.messageNotify(ch.id), { message_id: m.message_id });
      expect(res.statusCode, res.body).toBe(200);
      return m.message_id;
    };
    const m = await reserve('先');
    expect(await claimDue(s.t.ctx, () => at)).toBe(1);
    // Between its claim and its rest, a follower the claim did not write subscribes and gets
    // another message's claim: that follower is then at the cap for the first send's rest.
    const x = everyone[20] as number;
    await seedSubscriptions(s.t.ctx.db, s.fake.origin, await deviceOf([x]));
    const w = await reserve('後');
    expect(await claimDue(s.t.ctx, () => at)).toBe(1);
    expect(await deliverRest(s.t.ctx)).toBe(2);

    const rows = await s.t.ctx.db.kysely
      .selectFrom('message_deliveries')
      .select(['follower_id', 'message_id'])
      .where('message_id', 'in', [first, m, w])
      .execute();
    const of = (follower: number) =>
      rows
        .filter((r) => Number(r.follower_id) === follower)
        .map((r) => Number(r.message_id))
        .sort((a, b) => a - b);
    expect(of(x)).toEqual([first, w]);
    for (const follower of everyone)
      expect(of(follower).length, `follower ${follower}`).toBeLessThanOrEqual(2);
    for (const id of [m, w]) {
      const sent = await sentMessage(ch.id, id);
      expect(Number(sent.delivered_count) + (await cappedCount(id)), `message ${id}`).toBe(40);
    }
    expect(await cappedCount(m)).toBeGreaterThanOrEqual(1);
  });

  it('leaves out the capped among a claim’s subscribed followers, probed while few, counted once many', async () => {
    for (const subscribedEach of [1, 10]) {
      const ch = await cappedChannel(2);
      // 40 followers get the first message; 40 more join, and all 80 get the second: the first 40
      // are then at the cap of 2 for the third, the others one short.
      const early = await seedFollowers(
        s.t.ctx.db,
        ch.id,
        Array.from({ length: 40 }, () => []),
      );
      await sendAt(ch.id, T0);
      const late = await seedFollowers(
        s.t.ctx.db,
        ch.id,
        Array.from({ length: 40 }, () => []),
      );
      await sendAt(ch.id, T0 + HOUR);
      const subscribed = [...early.slice(0, subscribedEach), ...late.slice(0, subscribedEach)];
      const devices = await s.t.ctx.db.kysely
        .selectFrom('followers')
        .select('device_hash')
        .where('id', 'in', subscribed)
        .execute();
      await seedSubscriptions(
        s.t.ctx.db,
        s.fake.origin,
        devices.map((d) => ({ deviceHash: d.device_hash, sub: s.fake.subscription() })),
      );
      // The claim probes its subscribed one by one below the probe limit, and counts from it on.
      const at = T0 + 2 * HOUR;
      const rule = await capRuleOf(s.t.ctx.db, { channelId: ch.id, cap: 2, at });
      expect(rule).not.toBeNull();
      // The claim's window also holds the message it sends (no deliveries yet), which lowers its
      // limit on SQLite: many are at least the limit without it, few below the limit with it.
      const without = rule as CapRule;
      const withIt = { ...without, messageIds: [...without.messageIds, 0] };
      if (subscribedEach === 1) expect(subscribed.length).toBeLessThan(probeLimit(withIt));
      else expect(subscribed.length).toBeGreaterThanOrEqual(probeLimit(without));

      const third = await sendAt(ch.id, at);
      const rows = await s.t.ctx.db.kysely
        .selectFrom('message_deliveries')
        .select(['follower_id', 'push_state'])
        .where('message_id', '=', third)
        .execute();
      const written = new Map(rows.map((r) => [Number(r.follower_id), Number(r.push_state)]));
      expect([...written.keys()].sort((a, b) => a - b)).toEqual(late);
      for (const id of late.slice(0, subscribedEach)) expect(written.get(id)).toBe(PUSH_STATES.pending);
      expect(await cappedCount(third)).toBe(40);
    }
  });
});
