import type { ChannelAnalyticsAnswer } from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { PushFinishAnswer } from '@qrqr/shared/push-finish-schemas';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePushService } from '../apps/server/test/support/fake-push-service';
import { apiCall } from './support/api-call';
import { checkScreen, takenOver } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';

/**
 * Web Push from the follower's side and the operator's: a phone follows a channel and
 * turns notifications on by a tap; Chromium here reaches no real push service, so that device's
 * subscription is also registered on the fake push service (through the same API, from the
 * phone). A sent message is pushed to the fake service, which decrypts it; that payload is
 * delivered to the reader's service worker through the DevTools protocol, the notification is
 * shown, and a click on it opens the message, counted as opened via push. The operator's test send
 * and withdraw are on screen.
 */

const operator = { email: `push-${Date.now()}@example.jp`, userName: '珈琲店', password: 'message2026' };
/** A moment as the editor shows it: `yyyy-MM-dd HH:mm` in Japan, and its time of day alone. */
const tokyoDateTime = (ms: number) =>
  new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const tokyoTime = (ms: number) => tokyoDateTime(ms).slice(11);
let push: FakePushService;
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
let channelCode: string;
const contexts: BrowserContext[] = [];

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
  message_id: number | null;
  test?: boolean;
}

async function phoneOf(locale: 'ja-JP' | 'en-US'): Promise<Page> {
  const context = await session.browser.newContext({ viewport: PHONE, locale, timezoneId: 'Asia/Tokyo' });
  contexts.push(context);
  await context.grantPermissions(['notifications'], { origin: server.url });
  if (locale === 'en-US') await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  return context.newPage();
}

/** The reader's service worker registration id, as the DevTools protocol names it. */
async function readerRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${server.url}/reader` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

beforeAll(async () => {
  push = await new FakePushService().start();
  // The full browser: the headless shell denies notifications (support/browser.ts).
  session = await startSession({}, { PUSH_SERVICE_ORIGINS: push.origin, PUSH_CA_FILE: push.caFile }, 'full');
  ({ server, page } = session);
  ({ channelId, channelCode } = await signUpOperatorWithChannel(page, server.url, operator, '珈琲こもれび'));
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await session?.stop();
  await push?.stop();
});

/**
 * The editor reloaded with 12 minutes of earlier sends' pushes said to be waiting: its line about them,
 * photographed. The server's count is the API suite's to test; faked here, where none waits.
 */
async function waitingShown(page: Page, shot: string): Promise<string | null> {
  await page.route('**/message/pushfinish?**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), waiting_minutes: 12 } });
  });
  try {
    await page.reload();
    const waiting = page.getByTestId('message-push-finish-waiting');
    await waiting.waitFor();
    await waiting.scrollIntoViewIfNeeded();
    await checkScreen(page, shot);
    return await waiting.textContent();
  } finally {
    await page.unroute('**/message/pushfinish?**');
  }
}
describe('Web Push on a follower phone', () => {
  let phone: Page;
  let subscriptionId: string;
  let payload: Payload;
  let messageId: number;

  it('offers notifications after following, on a tap only', async () => {
    phone = await phoneOf('ja-JP');
    await phone.goto(`${server.url}/c/${channelCode}`);
    // Not following yet: nothing is offered, and no prompt ever opens on load.
    await phone.getByTestId('follow').waitFor();
    expect(await phone.getByTestId('push-offer').count()).toBe(0);
    await phone.getByTestId('follow').click();
    const offer = phone.getByTestId('push-offer');
    await offer.waitFor();
    expect(await offer.getAttribute('data-state')).toBe('off');
    expect(await phone.getByTestId('push-toggle').textContent()).toBe('通知をオンにする');
    await checkScreen(phone, 'push-01-offer-phone-ja');
    await phone.setViewportSize(DESKTOP);
    await checkScreen(phone, 'push-01-offer-desktop-ja');
    await phone.setViewportSize(PHONE);

    await phone.getByTestId('push-toggle').click();
    // Chromium subscribes only where it reaches a push service; here it may fail and say so.
    await phone.waitForFunction(
      () =>
        document.querySelector('[data-testid="push-offer"]')?.getAttribute('data-state') === 'on' ||
        document.querySelector('[data-testid="push-offer"] [role="alert"]') !== null,
    );
    await checkScreen(phone, 'push-01-after-tap-phone-ja');
    const sub = push.subscription();
    subscriptionId = sub.id;
    const saved = await apiCall<{ subscribed: boolean }>(phone, 'POST', '/api/reader/push/subscribe', {
      endpoint: sub.endpoint,
      keys: sub.keys,
    });
    expect(saved.subscribed).toBe(true);
  });

  it('is pushed a sent message, which the service worker shows', async () => {
    await page.goto(`${server.url}/`);
    const draft = await apiCall<{ message: { message_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/message`,
      {
        layout: 1,
        push_text: '本日15時から焼き菓子が焼き上がります',
        detail_title: '焼き菓子',
        detail_text: '数量限定です',
      },
    );
    messageId = draft.message.message_id;
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/message/notify`, { message_id: messageId });
    await expect
      .poll(() => push.pushesTo(subscriptionId).length, { timeout: 20_000, interval: 250 })
      .toBeGreaterThan(0);
    expect(push.errors).toEqual([]);
    payload = push.pushesTo(subscriptionId)[0]?.payload as Payload;
    expect(payload.title).toBe('珈琲こもれび');
    expect(payload.body).toContain('焼き菓子');
    expect(payload.url).toContain('?via=push#message/');

    const cdp = await phone.context().newCDPSession(phone);
    const registrationId = await readerRegistrationId(cdp);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId,
      data: JSON.stringify(payload),
    });
    const shown = async () =>
      phone.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration('/reader');
        const list = (await reg?.getNotifications()) ?? [];
        return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
      });
    await expect.poll(shown, { timeout: 10_000, interval: 250 }).toHaveLength(1);
    expect((await shown())[0]).toEqual({
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      url: payload.url,
    });
    // The same push again (a retry after a crash) replaces the notification: one, not two.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId,
      data: JSON.stringify(payload),
    });
    await phone.waitForTimeout(500);
    expect(await shown()).toHaveLength(1);
  });

  it('opens the message when the notification is clicked, counted as opened via push', async () => {
    // Headless Chromium has no notification to click: the click is dispatched to the reader's service
    // worker as the browser would dispatch it, on the notification it shows. Only a real click may
    // open a window, so the worker's window opening is recorded and the phone follows it.
    const worker = phone
      .context()
      .serviceWorkers()
      .find((w) => w.url().endsWith('/reader-sw.js'));
    if (!worker) throw new Error('the reader service worker is not running');
    const opened = await worker.evaluate(async () => {
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        clients: { openWindow(url: string): Promise<unknown> };
        dispatchEvent(e: Event): boolean;
      };
      const [shown] = await sw.registration.getNotifications();
      if (!shown) return { url: null, left: -1 };
      const urls: string[] = [];
      sw.clients.openWindow = async (url: string) => {
        urls.push(url);
        return null;
      };
      const Click = (self as unknown as { NotificationEvent: new (t: string, i: object) => Event })
        .NotificationEvent;
      sw.dispatchEvent(new Click('notificationclick', { notification: shown }));
      for (let i = 0; i < 50 && urls.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      return { url: urls[0] ?? null, left: (await sw.registration.getNotifications()).length };
    });
    expect(opened).toEqual({ url: payload.url, left: 0 });

    // A copy of the opened message's push (sent again after a server crash) shows nothing; a test
    // push delivered after it shows, so the copy was handled by then.
    const cdp = await phone.context().newCDPSession(phone);
    const registrationId = await readerRegistrationId(cdp);
    for (const data of [payload, { ...payload, tag: 'test-after-copy', test: true }]) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId,
        data: JSON.stringify(data),
      });
    }
    const tagsShown = () =>
      worker.evaluate(async () => {
        const sw = self as unknown as { registration: ServiceWorkerRegistration };
        return (await sw.registration.getNotifications()).map((n) => n.tag);
      });
    await expect.poll(tagsShown, { timeout: 10_000, interval: 100 }).toContain('test-after-copy');
    await phone.waitForTimeout(300);
    expect(await tagsShown()).toEqual(['test-after-copy']);
    await worker.evaluate(async () => {
      const sw = self as unknown as { registration: ServiceWorkerRegistration };
      for (const n of await sw.registration.getNotifications()) n.close();
    });

    await phone.goto(opened.url as string);
    const view = phone.getByTestId('message-view');
    await view.waitFor();
    // The view shows its loader first; the message's text follows.
    await expect.poll(() => view.textContent()).toContain('数量限定です');
    await phone.getByTestId('message-back').click();
    expect(await phone.getByTestId('push-offer').getAttribute('data-state')).toMatch(/^(on|off)$/);

    // The operator's analytics count the open as one through push.
    const analytics = await apiCall<ChannelAnalyticsAnswer>(
      page,
      'GET',
      `${channelPath.analytics(channelId)}?range=0`,
    );
    const funnel = analytics.messages.find((m) => m.kind === 'message' && m.id === messageId);
    expect(funnel).toMatchObject({ opens_push: 1, opens_inbox: 0, opened: 1 });
    // And on the analytics screen: targeted 1, none held back by a frequency cap, reachable by push
    // 1, accepted 1, opened 1, no coupon.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/qrchannel/analytics?channel_id=${channelId}`);
    const row = page.locator(`[data-message="message-${messageId}"]`);
    await row.waitFor();
    const counts = await row
      .locator('[data-count]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-count')));
    expect(counts).toEqual(['1', '0', '1', '1', '1', '0']);
    await checkScreen(page, 'push-analytics-desktop-ja');
  });

  it('lets the operator test-send (none of their devices, then one) and withdraw', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/qrchannel/message/create?channel_id=${channelId}`);
    await page.getByTestId('message-push-text').fill('新しいタルトのお知らせ');
    await page.getByTestId('message-test-push').click();
    const result = page.getByTestId('message-test-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('通知オンでフォローしているあなたの端末がありません');
    await checkScreen(page, 'push-02-test-none-desktop-ja');

    // The operator's own phone: this signed-in browser follows and registers a subscription.
    await page.goto(`${server.url}/c/${channelCode}`);
    await page.getByTestId('follow').click();
    await page.getByTestId('push-offer').waitFor();
    const own = push.subscription();
    await apiCall(page, 'POST', '/api/reader/push/subscribe', { endpoint: own.endpoint, keys: own.keys });
    await page.goto(`${server.url}/qrchannel/message/create?channel_id=${channelId}`);
    await page.getByTestId('message-push-text').fill('新しいタルトのお知らせ');
    await page.getByTestId('message-test-push').click();
    await expect.poll(() => result.textContent(), { timeout: 10_000 }).toContain('1台');
    const test = push.pushesTo(own.id)[0]?.payload as Payload;
    expect(test.body).toBe('[テスト配信] 新しいタルトのお知らせ');
    expect(test.test).toBe(true);
    await checkScreen(page, 'push-03-test-sent-desktop-ja');
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'push-03-test-sent-phone-ja');

    await page.goto(`${server.url}/qrchannel/message/list?channel_id=${channelId}`);
    const sentRow = page.locator('[data-testid="message-row"][data-status="2"]');
    await sentRow.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkScreen(page, 'push-04-withdraw-phone-ja');
    await page.setViewportSize(DESKTOP);
    await sentRow.getByTestId('message-withdraw').click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('本日15時から焼き菓子が焼き上がります');
    await checkScreen(page, 'push-05-withdraw-dialog-desktop-ja');
    await page.getByRole('dialog').getByRole('button', { name: '取り下げる' }).click();
    await page.locator('[data-testid="message-row"][data-status="3"]').waitFor();
    expect(await page.getByTestId('message-withdraw').count()).toBe(0);

    // It left the follower's inbox.
    await phone.goto(`${server.url}/c/${channelCode}`);
    await phone.getByTestId('inbox').waitFor();
    await expect.poll(() => phone.getByTestId('inbox-row').count(), { timeout: 5000 }).toBe(0);
  });

  it('holds notifications in the quiet hours set in the channel settings, as the editor says', async () => {
    // Hours around now in Japan (the offered half hours), so a message sent now falls inside them.
    const tokyo = new Date(Date.now() + 9 * 3_600_000);
    const from = tokyo.getUTCHours() * 60 + (tokyo.getUTCMinutes() < 30 ? 0 : 30);
    const clock = (m: number) =>
      `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/qrchannel/channel/update?channel_id=${channelId}`);
    await page.getByTestId('channel-settings').waitFor();
    const quiet = page.getByTestId('channel-quiet-hours');
    expect(await quiet.isChecked()).toBe(false);
    expect(await page.getByTestId('channel-quiet_start').inputValue()).toBe('21:00');
    expect(await page.getByTestId('channel-quiet_start').isDisabled()).toBe(true);
    // The switch's input sits under its track, hence `force`, which skips the wait for the app.
    await takenOver(page);
    await quiet.check({ force: true });
    for (const [name, value] of [
      ['quiet_start', clock(from)],
      ['quiet_end', clock(from + 120)],
    ] as const) {
      await page.getByTestId(`channel-${name}`).click();
      await page.getByRole('option', { name: value, exact: true }).click();
    }
    await page.getByTestId('channel-quiet-hours').scrollIntoViewIfNeeded();
    await checkScreen(page, 'push-08-quiet-hours-desktop-ja');
    await page.getByRole('button', { name: '保存する' }).first().click();
    const saved = async () =>
      (
        await apiCall<{ channels: Array<{ channel_id: number; quiet_hours: number; quiet_end: string }> }>(
          page,
          'GET',
          '/api/qrchannel/channel',
        )
      ).channels.find((c) => c.channel_id === channelId);
    await expect.poll(saved).toMatchObject({ quiet_hours: 1, quiet_end: clock(from + 120) });

    await page.goto(`${server.url}/qrchannel/message/create?channel_id=${channelId}`);
    const note = page.getByTestId('message-quiet-hours');
    await note.waitFor();
    expect(await note.textContent()).toContain(`通知しない時間帯（${clock(from)}〜${clock(from + 120)}）`);
    expect(await note.textContent()).toContain(`${clock(from + 120)}に送られます`);
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'push-09-quiet-note-phone-ja');

    // The projected finish of the pushes: from the quiet hours' end, at the default rate (no sweep
    // here sends enough to be measured), as the server projects it.
    const projected = await apiCall<PushFinishAnswer>(
      page,
      'GET',
      `${channelPath.messagePushFinish(channelId)}?send_list_id=&send_dt=`,
    );
    expect(projected).toMatchObject({ measured: false, pushes_per_minute: 1200 });
    expect(projected.devices).toBeGreaterThan(0);
    expect(tokyoTime(projected.starts_at ?? 0)).toBe(clock(from + 120));
    const finish = page.getByTestId('message-push-finish');
    await finish.scrollIntoViewIfNeeded();
    await expect
      .poll(() => finish.textContent())
      .toContain(
        `通知の送信完了見込み：${tokyoDateTime(projected.finish_at ?? 0)}ごろ（約${projected.devices}台）`,
      );
    expect(await page.getByTestId('message-push-finish-estimate').textContent()).toBe(
      '送信速度の実測がまだないため、毎分1,200件として見積もった目安です。',
    );
    await checkScreen(page, 'push-10-finish-phone-ja');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'push-10-finish-desktop-ja');
    // Live: an A/B test of 20 % of so few followers pushes to no device.
    await takenOver(page);
    await page.getByTestId('ab-enable').click({ force: true });
    await expect
      .poll(() => finish.textContent())
      .toBe('この送信先には通知を受け取る端末がありません（メッセージは受信箱に届きます）。');
    expect(await page.getByTestId('message-push-finish-estimate').count()).toBe(0);
    await page.getByTestId('ab-enable').click({ force: true });
    await expect.poll(() => finish.textContent()).toContain('通知の送信完了見込み：');
    await page.setViewportSize(PHONE);
    expect(await waitingShown(page, 'push-11-finish-waiting-phone-ja')).toBe(
      '先に送信を待っている通知の後に送信します（待ち時間 約12分）。',
    );
    await page.setViewportSize(DESKTOP);
  });

  it('reads in English too', async () => {
    const en = await phoneOf('en-US');
    await en.goto(`${server.url}/c/${channelCode}`);
    await en.getByTestId('follow').click();
    await en.getByTestId('push-offer').waitFor();
    expect(await en.getByTestId('push-toggle').textContent()).toBe('Turn on notifications');
    await checkScreen(en, 'push-06-offer-phone-en');
    await en.setViewportSize(DESKTOP);
    await checkScreen(en, 'push-06-offer-desktop-en');

    await page.setViewportSize(DESKTOP);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(`${server.url}/qrchannel/message/create?channel_id=${channelId}`);
    await page.getByTestId('message-push-text').fill('Our new tart');
    await page.getByTestId('message-test-push').click();
    await expect
      .poll(() => page.getByTestId('message-test-result').textContent(), { timeout: 10_000 })
      .toContain('Sent as a test');
    await checkScreen(page, 'push-07-test-sent-desktop-en');
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'push-07-test-sent-phone-en');
    const finish = page.getByTestId('message-push-finish');
    await expect
      .poll(() => finish.textContent())
      .toMatch(
        /^Notifications should finish going out around \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(about \d+ devices?\)An estimate: /,
      );
    await finish.scrollIntoViewIfNeeded();
    await checkScreen(page, 'push-10-finish-phone-en');
    await page.setViewportSize(DESKTOP);
    expect(await waitingShown(page, 'push-11-finish-waiting-desktop-en')).toBe(
      'They go out after the notifications of earlier sends still waiting (about 12 minutes).',
    );
  });
});
