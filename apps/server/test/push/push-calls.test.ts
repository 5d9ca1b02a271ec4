import { channelPath } from '@qrqr/shared/channel-paths';
import { inboxAnswer } from '@qrqr/shared/message-schemas';
import { readerChannelPath, readerPushPath } from '@qrqr/shared/paths';
import { welcomeMessageAnswer } from '@qrqr/shared/welcome-message-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../src/config';
import { quietUntil } from '../../src/modules/messaging/push-timing';
import { allowedPushOrigin } from '../../src/modules/push/origins';
import { VapidHeaders } from '../../src/modules/push/vapid-header';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectAnswer, expectError } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { follow, newFollower, sameOrigin, visitor } from '../helpers/followers';
import { newMessage } from '../messaging/helpers';
import { FakePushService } from '../support/fake-push-service';
import { pushEnv, reserveNow, subscribe } from './helpers';

/**
 * The public push calls (key, subscribe, unsubscribe), the operator's test send and withdraw,
 * welcome pushes, and the rules beneath them (allowed origins, quiet hours, the VAPID header cache).
 */
let t: TestApp;
let fake: FakePushService;
let owner: Member;
let channelId: number;
let code: string;

beforeAll(async () => {
  fake = await new FakePushService().start();
  t = await createTestApp(pushEnv(fake.origin, fake.caFile));
  owner = await registeredMember(t.app);
  const channel = await createChannel(owner.client, { channel_name: 'テスト店' });
  channelId = channel.channel_id;
  code = channel.channel_code;
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const subscriptions = () =>
  t.ctx.db.kysely.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();

describe('GET /api/reader/push', () => {
  it('answers the VAPID public key made on first start, the same every time', async () => {
    const first = (await visitor(t.app).get(readerPushPath.key)).json();
    expect(first.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.vapid_public_key, 'base64url')).toHaveLength(65);
    expect((await visitor(t.app).get(readerPushPath.key)).json().vapid_public_key).toBe(
      first.vapid_public_key,
    );
    const stored = await t.ctx.db.kysely
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'vapid_keys')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(first.vapid_public_key);
  });

  it('answers VAPID_PUBLIC_KEY when the keys are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const own = await createTestApp({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      expect((await visitor(own.app).get(readerPushPath.key)).json().vapid_public_key).toBe(keys.publicKey);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('POST /api/reader/push/subscribe and /unsubscribe', () => {
  it('needs the visitor CSRF check', async () => {
    const sub = fake.subscription();
    const body = { endpoint: sub.endpoint, keys: sub.keys };
    const phone = visitor(t.app);
    expectError(
      await phone.post(readerPushPath.subscribe, body, { noXrw: true, headers: sameOrigin }),
      'E-403',
    );
    expectError(
      await phone.post(readerPushPath.subscribe, body, { headers: { origin: 'https://evil.example' } }),
      'E-403',
    );
    expectError(
      await phone.post(readerPushPath.unsubscribe, body, { headers: { origin: 'https://evil.example' } }),
      'E-403',
    );
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'endpoint'],
    ['no endpoint', { endpoint: undefined }, 'endpoint'],
    ['a short p256dh', { p256dh: Buffer.alloc(64, 4).toString('base64url') }, 'keys.p256dh'],
    ['a long auth', { auth: Buffer.alloc(17).toString('base64url') }, 'keys.auth'],
    ['auth not base64url', { auth: 'not base64 at all!!!!!' }, 'keys.auth'],
  ])('refuses %s (E-400)', async (_name, patch, field) => {
    const sub = fake.subscription();
    const { endpoint, ...keys } = patch as Record<string, string | undefined>;
    const body = {
      endpoint: 'endpoint' in patch ? endpoint : sub.endpoint,
      keys: { ...sub.keys, ...keys },
    };
    const res = await visitor(t.app).post(readerPushPath.subscribe, body, { headers: sameOrigin });
    const answer = expectError(res, 'E-400');
    expect(answer.errors?.map((e) => e.field)).toContain(field);
  });

  it('refuses a push service not known nor in PUSH_SERVICE_ORIGINS (E-750, ja and en)', async () => {
    const sub = fake.subscription();
    const body = { endpoint: 'https://push.attacker.example/abc', keys: sub.keys };
    expectError(await visitor(t.app).post(readerPushPath.subscribe, body, { headers: sameOrigin }), 'E-750');
    const en = await visitor(t.app).post(readerPushPath.subscribe, body, {
      headers: { ...sameOrigin, 'accept-language': 'en' },
    });
    expectError(en, 'E-750', { locale: 'en' });
  });

  it('stores by endpoint: subscribing again replaces; a new endpoint replaces the device’s old one; unsubscribe removes', async () => {
    const before = (await subscriptions()).length;
    const phone = visitor(t.app);
    const sub = fake.subscription();
    expect((await subscribe(phone, sub)).json()).toMatchObject({ subscribed: true });
    expect(phone.cookies.get('qr_device')).toBeTruthy();
    const other = fake.subscription();
    // The same endpoint with new keys: one row, the new keys.
    await subscribe(phone, { endpoint: sub.endpoint, keys: other.keys });
    let rows = await subscriptions();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ endpoint: sub.endpoint, p256dh: other.keys.p256dh, user_id: null });
    // A new endpoint of the same device replaces the old.
    await subscribe(phone, other);
    rows = await subscriptions();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.endpoint).toBe(other.endpoint);
    // Another device cannot unsubscribe it; this one can.
    await visitor(t.app).post(
      readerPushPath.unsubscribe,
      { endpoint: other.endpoint },
      { headers: sameOrigin },
    );
    expect(await subscriptions()).toHaveLength(before + 1);
    const res = await phone.post(
      readerPushPath.unsubscribe,
      { endpoint: other.endpoint, keys: other.keys },
      {
        headers: sameOrigin,
      },
    );
    expect(res.json()).toMatchObject({ subscribed: false });
    expect(await subscriptions()).toHaveLength(before);
  });
});

describe('rate limits', () => {
  it('limits subscribe calls (PUSH_RATE_LIMIT) and test sends (PUSH_TEST_RATE_LIMIT) per address', async () => {
    const limited = await createTestApp({ PUSH_RATE_LIMIT: '2', PUSH_TEST_RATE_LIMIT: '1' });
    try {
      const phone = visitor(limited.app, '10.9.8.7');
      const sub = fake.subscription();
      const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/rl', keys: sub.keys };
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await phone.post(readerPushPath.subscribe, body, { headers: sameOrigin })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const member = await registeredMember(limited.app);
      const channel = await createChannel(member.client);
      const send = () => member.client.post(channelPath.messageTestPush(channel.channel_id), newMessage());
      expectError(await send(), 'E-751');
      expectError(await send(), 'E-429');
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('push settings', () => {
  it('refuses half a VAPID key pair, a subject that is no mailto:/https:, an origin that is no https origin', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://shop.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: 'http://push.example' })).toThrow(/PUSH_SERVICE_ORIGINS/);
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: 'https://push.example/path' })).toThrow(
      /PUSH_SERVICE_ORIGINS/,
    );
    expect(
      loadConfig({ PUSH_SERVICE_ORIGINS: 'https://a.example, https://b.example:8443' }).PUSH_SERVICE_ORIGINS,
    ).toEqual(['https://a.example', 'https://b.example:8443']);
  });
});

describe('the allowed push services', () => {
  const config = { PUSH_SERVICE_ORIGINS: ['https://push.example.org'] };
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com'],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://updates.push.services.mozilla.com'],
    ['https://web.push.apple.com/QGx', 'https://web.push.apple.com'],
    ['https://wns2-par02p.notify.windows.com/w/?token=x', 'https://wns2-par02p.notify.windows.com'],
    ['https://push.example.org/p/1', 'https://push.example.org'],
    ['https://push.example.org:8443/p/1', null],
    ['https://fcm.googleapis.com.evil.example/x', null],
    ['https://notify.windows.com.evil.example/x', null],
    ['https://evilnotify.windows.com/x', null],
    ['http://fcm.googleapis.com/fcm/send/abc', null],
    ['https://user:pw@fcm.googleapis.com/x', null],
    ['https://127.0.0.1/x', null],
  ])('%s → %s', (endpoint, origin) => {
    expect(allowedPushOrigin(endpoint, config)).toBe(origin);
  });
});

describe('quiet hours and the VAPID header', () => {
  // 2026-01-10 12:00 UTC is 21:00 in Japan.
  const at = (hhmmTokyo: string) => {
    const [h, m] = hhmmTokyo.split(':').map(Number);
    return Date.UTC(2026, 0, 10, (h ?? 0) - 9, m ?? 0, 30);
  };
  const night = { quiet_hours: 1, quiet_start: 21 * 60, quiet_end: 8 * 60 };
  it('holds pushes between 21:00 and 08:00 Japan time when on, until 08:00', () => {
    expect(quietUntil(night, at('20:59'))).toBeNull();
    expect(quietUntil(night, at('21:00'))).toBe(Date.UTC(2026, 0, 10, 23, 0));
    expect(quietUntil(night, at('23:30'))).toBe(Date.UTC(2026, 0, 10, 23, 0));
    expect(quietUntil(night, at('07:59'))).toBe(Date.UTC(2026, 0, 9, 23, 0));
    expect(quietUntil(night, at('08:00'))).toBeNull();
    expect(quietUntil({ ...night, quiet_hours: 0 }, at('23:00'))).toBeNull();
    expect(quietUntil({ quiet_hours: 1, quiet_start: 600, quiet_end: 720 }, at('11:00'))).toBe(
      Date.UTC(2026, 0, 10, 3, 0),
    );
  });

  it('signs one header per push-service origin and renews it before its 12 h end', () => {
    let now = Date.UTC(2026, 0, 10);
    const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:a@b.c' };
    const headers = new VapidHeaders(keys, () => now);
    const a = headers.headerFor('https://fcm.googleapis.com');
    expect(headers.headerFor('https://fcm.googleapis.com')).toBe(a);
    expect(headers.headerFor('https://web.push.apple.com')).not.toBe(a);
    now += 10 * 3600_000;
    expect(headers.headerFor('https://fcm.googleapis.com')).toBe(a);
    now += 1.5 * 3600_000;
    expect(headers.headerFor('https://fcm.googleapis.com')).not.toBe(a);
  });

  it('rejects quiet hours that are no HH:MM (E-400) and answers them as set', async () => {
    const res = await owner.client.put(channelPath.one(channelId), { quiet_hours: 1, quiet_start: '25:00' });
    expect(expectError(res, 'E-400').errors?.[0]?.field).toBe('quiet_start');
    const fresh = (await owner.client.get(channelPath.one(channelId))).json().channel;
    expect(fresh).toMatchObject({ quiet_hours: 0, quiet_start: '21:00', quiet_end: '08:00' });
    const on = await owner.client.put(channelPath.one(channelId), { quiet_hours: 1 });
    expect(on.json().channel).toMatchObject({ quiet_hours: 1, quiet_start: '21:00', quiet_end: '08:00' });
    await owner.client.put(channelPath.one(channelId), { quiet_hours: 0 });
  });
});

describe('welcome messages', () => {
  it('pushes the welcome a new follower receives, once', async () => {
    const channel = await createChannel(owner.client, { channel_name: 'ようこそ店' });
    const saved = expectAnswer(
      await owner.client.post(channelPath.welcomeMessages(channel.channel_id), {
        ...newMessage({ push_text: 'ようこそ！' }),
      }),
      welcomeMessageAnswer,
    );
    const id = saved.message.message_id;
    const on = await owner.client.post(channelPath.welcomeNotify(channel.channel_id), { message_id: id });
    expect(on.statusCode, on.body).toBe(200);
    const phone = visitor(t.app);
    const sub = fake.subscription();
    await subscribe(phone, sub);
    expect((await follow(phone, channel.channel_code)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    const got = fake.pushesTo(sub.id);
    expect(got).toHaveLength(1);
    expect(got[0]?.payload).toMatchObject({
      title: 'ようこそ店',
      body: 'ようこそ！',
      message_id: null,
      welcome_message_id: id,
      tag: `welcome-${id}`,
      url: `http://qr.test/c/${channel.channel_code}?via=push#message/${channel.channel_code}/welcome-${id}`,
    });
    expect(got[0]?.topic).toBe(`w${id}`);
    const row = await t.ctx.db.kysely
      .selectFrom('welcome_deliveries')
      .select('push_state')
      .where('welcome_message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.push_state).toBe(1);
  });
});

describe('POST …/message/test', () => {
  it("pushes the editor's unsaved message to the operator's own following devices, marked, counted nowhere", async () => {
    const body = newMessage({ push_text: 'まだ保存していない文' });
    // No device yet: E-751.
    expectError(await owner.client.post(channelPath.messageTestPush(channelId), body), 'E-751');
    // The operator's phone: signed in (the same browser), follows and turns notifications on.
    const sub = fake.subscription();
    expect((await follow(owner.client, code)).statusCode).toBe(200);
    await subscribe(owner.client, sub);
    expect((await subscriptions()).at(-1)).toMatchObject({
      endpoint: sub.endpoint,
      user_id: owner.user.user_id,
    });
    // A follower's device that is not the operator's is not pushed.
    const stranger = await newFollower(t.app, code);
    const strangerSub = fake.subscription();
    await subscribe(stranger, strangerSub);
    const res = await owner.client.post(channelPath.messageTestPush(channelId), body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ devices: 1, accepted: 1 });
    const [got, ...more] = fake.pushesTo(sub.id);
    expect(more).toEqual([]);
    expect(got?.payload).toMatchObject({
      title: 'テスト店',
      body: '[テスト配信] まだ保存していない文',
      test: true,
    });
    expect(fake.pushesTo(strangerSub.id)).toEqual([]);
    const en = await owner.client.post(channelPath.messageTestPush(channelId), body, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
    expect(fake.pushesTo(sub.id)[1]?.payload).toMatchObject({ body: '[Test] まだ保存していない文' });
    // Nothing saved, nothing delivered.
    const counts = await t.ctx.db.kysely
      .selectFrom('message_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(0);
    // Another member's channel: E-404.
    const other = await registeredMember(t.app);
    expectError(await other.client.post(channelPath.messageTestPush(channelId), body), 'E-404');
  });
});

describe('POST …/message/withdraw', () => {
  it('takes a sent message out of every inbox at once and makes it publish finished', async () => {
    const phone = await newFollower(t.app, code);
    const id = await reserveNow(owner.client, channelId, { push_text: '取り消す' });
    await t.ctx.jobs.drain();
    const inbox = async () => expectAnswer(await phone.get(readerChannelPath.messages(code)), inboxAnswer);
    expect((await inbox()).items.map((i) => i.push_text)).toContain('取り消す');
    const other = await registeredMember(t.app);
    expectError(await other.client.post(channelPath.messageWithdraw(channelId), { message_id: id }), 'E-404');
    const res = await owner.client.post(channelPath.messageWithdraw(channelId), { message_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ message_id: id, status: 3 });
    expect((await inbox()).items.map((i) => i.push_text)).not.toContain('取り消す');
    expectError(await phone.get(readerChannelPath.message(code, `message-${id}`)), 'E-404');
    // A draft cannot be withdrawn (E-735); an unknown id is E-404.
    const draft = (await owner.client.post(channelPath.messages(channelId), newMessage())).json().message;
    expectError(
      await owner.client.post(channelPath.messageWithdraw(channelId), { message_id: draft.message_id }),
      'E-735',
    );
    expectError(
      await owner.client.post(channelPath.messageWithdraw(channelId), { message_id: 999999 }),
      'E-404',
    );
  });
});
