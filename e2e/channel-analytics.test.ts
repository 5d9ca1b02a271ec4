import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { blendCouponBody } from './support/blend-coupon';
import { checkScreen, takenOver } from './support/browser';
import { followFromChannelPage, signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { tokyoDay } from './support/tokyo-day';

/**
 * Channel analytics from a follower's phone to the operator's screen: a coupon message is sent,
 * the follower opens it from a push notification's address (`?via=push`) and uses the coupon;
 * the operator's analytics screen shows the day and the message's funnel (desktop and 375 px, ja
 * and en), and the sidebar's CSV dialog downloads the CSV with its BOM. Then the operator sets a
 * frequency cap of one message a day on the settings screen (a number out of 1–10 refused under
 * the field): a second message that day does not reach the follower, and the analytics screen and
 * the message list count it 「上限により未配信」.
 */

const operator = { email: `analytics-${Date.now()}@example.jp`, userName: '珈琲店', password: 'message2026' };
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
let channelCode: string;
let messageId: number;
let cappedId: number;
let follower: BrowserContext;

const url = (path: string) => `${server.url}${path}?channel_id=${channelId}`;

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  ({ channelId, channelCode } = await signUpOperatorWithChannel(page, server.url, operator, '珈琲こもれび'));
});

afterAll(async () => {
  await follower?.close();
  await session?.stop();
});

describe('channel analytics', () => {
  it('counts a message delivered, opened from a push and its coupon used', async () => {
    follower = await session.browser.newContext({ viewport: PHONE, locale: 'ja-JP' });
    const phone = await follower.newPage();
    await followFromChannelPage(phone, server.url, channelCode);

    const coupon = await apiCall<{ coupon: { coupon_img_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/coupon/image/save`,
      blendCouponBody(),
    );
    const draft = await apiCall<{ message: { message_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/message`,
      {
        layout: 2,
        push_text: '今週末はブレンドが100円引き',
        detail_title: '週末のおすすめ',
        coupon_id: coupon.coupon.coupon_img_id,
      },
    );
    messageId = draft.message.message_id;
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/message/notify`, { message_id: messageId });

    // The notification's click opens the message's address with the push marker.
    const key = `message-${messageId}`;
    await expect
      .poll(
        async () => {
          await phone.goto(`${server.url}/c/${channelCode}?via=push#message/${channelCode}/${key}`);
          await phone.getByTestId('message-view').waitFor();
          return phone.getByTestId('message-detail').count();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(1);
    // The marker is taken once: the address no longer carries it.
    expect(new URL(phone.url()).search).toBe('');
    await phone.getByTestId('message-coupon-use').click();
    await phone.getByTestId('coupon-sheet-use').click();
    await phone.getByTestId('coupon-code-number').waitFor();
  });

  it('sets a frequency cap of 1 on the settings screen; the next message that day is not delivered', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/channel/update'));
    await page.getByTestId('channel-settings').waitFor();
    const on = page.getByTestId('channel-frequency-cap-on');
    const box = page.getByTestId('channel-frequency-cap');
    expect(await on.isChecked()).toBe(false);
    expect(await box.isDisabled()).toBe(true);
    await takenOver(page);
    // The switch's input sits under its track, hence `force`.
    await on.check({ force: true });
    expect(await box.inputValue()).toBe('3');
    await box.fill('11');
    await page.getByRole('button', { name: '保存する' }).first().click();
    await page.getByText('1日に届ける上限は1〜10通で指定してください').waitFor();
    await box.fill('１');
    await box.scrollIntoViewIfNeeded();
    await checkScreen(page, 'channel-settings-frequency-cap-phone-ja');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: '保存する' }).first().click();
    await page.getByText('チャネルの設定を保存しました').waitFor();
    const saved = await apiCall<{ channel: { frequency_cap: number } }>(
      page,
      'GET',
      `/api/qrchannel/channel/${channelId}`,
    );
    expect(saved.channel.frequency_cap).toBe(1);

    const draft = await apiCall<{ message: { message_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/message`,
      { layout: 1, push_text: '本日二通目のお知らせ', detail_title: '二通目' },
    );
    cappedId = draft.message.message_id;
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/message/notify`, { message_id: cappedId });
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ message: { status: number; delivered_count: number | null } }>(
              page,
              'GET',
              `/api/qrchannel/${channelId}/message/${cappedId}`,
            )
          ).message,
        { timeout: 15_000, interval: 500 },
      )
      .toMatchObject({ status: 2, delivered_count: 0 });
    // The follower's inbox holds the first message only.
    const phone = follower.pages()[0] as Page;
    await phone.goto(`${server.url}/c/${channelCode}`);
    await phone.locator(`a[href$="/message-${messageId}"]`).waitFor();
    expect(await phone.locator(`a[href$="/message-${cappedId}"]`).count()).toBe(0);
  });

  it('shows on the message list how many the cap left out, only on the message it capped (375 px ja, desktop en)', async () => {
    for (const [lang, viewport, label, text] of [
      ['ja', PHONE, 'phone-ja', '上限により未配信 1人'],
      ['en', DESKTOP, 'desktop-en', 'Not delivered (frequency cap): 1'],
    ] as const) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
      await page.setViewportSize(viewport);
      await page.goto(url('/qrchannel/message/list'));
      const rows = page.getByTestId('message-row');
      const cappedRow = rows.filter({ hasText: '本日二通目のお知らせ' });
      await cappedRow.getByTestId('message-row-capped').waitFor();
      await takenOver(page);
      expect(await cappedRow.getByTestId('message-row-capped').textContent()).toBe(text);
      expect(await cappedRow.getByTestId('message-row-delivered').textContent()).toBe(
        lang === 'ja' ? '0人に配信' : 'Delivered to 0',
      );
      // The first message reached its follower and capped no one: no line of it.
      const first = rows.filter({ hasText: '今週末はブレンドが100円引き' });
      await first.getByTestId('message-row-delivered').waitFor();
      expect(await first.getByTestId('message-row-capped').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await checkScreen(page, `channel-message-list-capped-${label}`);
    }
  });

  for (const [lang, viewport, label] of [
    ['ja', DESKTOP, 'desktop-ja'],
    ['ja', PHONE, 'phone-ja'],
    ['en', DESKTOP, 'desktop-en'],
    ['en', PHONE, 'phone-en'],
  ] as const) {
    it(`shows the day and the message's funnel (${label})`, async () => {
      await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
      await page.setViewportSize(viewport);
      await page.goto(url('/qrchannel/analytics'));
      // A table on a desktop, one card a message on a phone.
      const attribute = viewport === PHONE ? 'data-message-card' : 'data-message';
      const row = page.locator(`[${attribute}="message-${messageId}"]`);
      await row.waitFor();
      await page.getByTestId('channel-chart').waitFor();
      expect(await row.textContent()).toContain('今週末はブレンドが100円引き');
      // Read at once, painted or taken over alike: the painted screen is hydrated in place.
      const counts = await row
        .locator('[data-count]')
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-count')));
      // targeted 1, capped 0, reached by push 0, accepted 0, opened 1 (100%), coupon used 1 (100%).
      expect(counts).toEqual(['1', '0', '0', '0', '1', '1']);
      expect(await row.textContent()).toContain(lang === 'ja' ? '配信対象の100.0%' : '100.0% of targeted');
      const opened = Number(await page.locator('[data-total="opened"]').locator('p').nth(1).textContent());
      expect(opened).toBe(1);
      // The second message of the day: the follower was at the cap.
      const capped = page.locator(`[${attribute}="message-${cappedId}"]`);
      const cappedCounts = await capped
        .locator('[data-count]')
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-count')));
      expect(cappedCounts).toEqual(['0', '1', '0', '0', '0', '0']);
      expect(await capped.locator('[data-figure="capped"]').getAttribute('data-count')).toBe('1');
      expect(await page.locator('body').textContent()).toContain(
        lang === 'ja' ? '上限により未配信' : 'Not delivered (frequency cap)',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await checkScreen(page, `channel-analytics-${label}`);
    });
  }

  it('downloads the CSV of the dialog’s days, with its BOM', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/qrchannel/analytics'));
    await page.getByTestId('analytics-figures').waitFor();
    // On the analytics screen its submenu is open, the screen's item current.
    expect(await page.getByTestId('sidebar-analytics').getAttribute('aria-expanded')).toBe('true');
    // Its sign reads − upright (not turned a quarter into a bar as a chevron would be).
    const sign = page.getByTestId('sidebar-analytics').locator('span[aria-hidden="true"]');
    expect(await sign.textContent()).toBe('−');
    expect(await sign.evaluate((el) => getComputedStyle(el.parentElement as Element).transform)).toBe('none');
    expect(await page.getByTestId('sidebar-analytics-view').getAttribute('aria-current')).toBe('page');
    await page.getByTestId('sidebar-csv').click();
    await page.getByTestId('csv-download').waitFor();
    await checkScreen(page, 'channel-analytics-csv-dialog-desktop-ja');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('csv-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`珈琲こもれび-${tokyoDay(-6)}-${tokyoDay(0)}.csv`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^日付,日末のフォロワー数,/);
    // Seven days, today last: 1 follower, 1 follow, 1 delivery, 1 opened from a push, 1 coupon use.
    expect(lines[7]).toBe(`${tokyoDay(0)},1,1,0,1,0,0,0,1,1`);
    // The section's name line ends with its A/B variant, empty for a message without a test.
    expect(lines).toContain(`メッセージ,message-${messageId},今週末はブレンドが100円引き,`);
    // The capped message's section: targeted 0, 上限により未配信 1.
    const capped = lines.indexOf(`メッセージ,message-${cappedId},本日二通目のお知らせ,`);
    expect(capped).toBeGreaterThan(0);
    expect(lines[capped + 1]).toMatch(/^日付,配信対象,上限により未配信,/);
    expect(lines[capped + 2]).toBe(`${tokyoDay(0)},0,1,0,0,0,0,0,0`);
  });
});
