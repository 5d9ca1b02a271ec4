import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { channelPath } from '@qrqr/shared/channel-paths';
import { readerChannelPath } from '@qrqr/shared/paths';
import type Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { blendCouponBody } from './support/blend-coupon';
import { checkScreen } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import { seedFollowers, withDb as withDbFile } from './support/seed-followers';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { tokyoDay } from './support/tokyo-day';

/**
 * An A/B test from the editor to analytics: 1,000 followers of a channel (written into the
 * server's database, each with a device id this test keeps so it can act as that follower), two
 * variants with coupons written in the editor's variant switcher, the group sizes shown live (a
 * share whose groups fall under 100 refused on the share field), a test to 20 % (two groups of
 * 100), followers opening and using coupons through the reader's calls, and the waiting time let
 * pass by moving the test's decision time into the past in the database (the server has no test
 * clock): the sweep picks the winner by coupon use, sends it to the other 800 and analytics shows
 * the variants side by side, the verdict and the winner's send (and no test for a range before
 * it); the message list marks each test with its state. Screens in ja and en, 375 px and desktop.
 */

const FOLLOWERS = 1000;
const operator = { email: `abtest-${Date.now()}@example.jp`, userName: '珈琲店', password: 'message2026' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-abtest-'));
const dbFile = path.join(dataDir, 'qrqr.sqlite');
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
let channelCode: string;
let messageId: number;
const errors: string[] = [];
/** Every refused call of the operator's screens: only the saves the test means to be refused. */
const refused: string[] = [];
/** Follower id → the device id its cookie carries. */
let devices = new Map<number, string>();

const editorUrl = (extra = '') => `${server.url}/qrchannel/message/create?channel_id=${channelId}${extra}`;

/** Runs `work` on the server's database. */
const withDb = <T>(work: (db: Database.Database) => T): T => withDbFile(dbFile, work);

/** A follower's call as the reader makes it, with that follower's device cookie. */
async function asFollower(followerId: number, url: string): Promise<void> {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: `qr_device=${devices.get(followerId)}`,
      origin: server.url,
    },
  });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200);
}

interface Report {
  ab_test: { state: string; winner: string | null; decided_by: string | null; group_size: number | null };
  variants: Array<{
    variant: string;
    message_id: number;
    delivered: number;
    opened: number;
    coupon_used: number;
  }>;
  verdict: { significant: boolean; best: string } | null;
  winner_send: { delivered: number; sent_at: number | null } | null;
}

const report = () => apiCall<Report>(page, 'GET', `/api/qrchannel/${channelId}/message/abtest/${messageId}`);

beforeAll(async () => {
  session = await startSession({}, { DATA_DIR: dataDir });
  ({ server, page } = session);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // A refused call is logged by the browser too: those are checked by `refused` below.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  ({ channelId, channelCode } = await signUpOperatorWithChannel(page, server.url, operator, '珈琲こもれび'));
  devices = seedFollowers(dbFile, channelId, FOLLOWERS);
  for (const name of ['ブレンド100円引き', 'ケーキセット200円引き']) {
    const body = blendCouponBody();
    body.coupon_image_data.coupon_content = name;
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/coupon/image/save`, body);
  }
});

afterAll(async () => {
  await session?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Chooses a coupon layout, the push text and a coupon in the tabs as they stand (variant shown). */
async function writeCouponVariant(text: string, coupon: string): Promise<void> {
  await page.getByTestId('message-tab-1').click();
  await page.getByTestId('message-layout').click();
  await page.getByRole('option', { name: 'クーポン', exact: true }).click();
  await page.getByTestId('message-push-text').fill(text);
  await page.getByTestId('message-tab-2').click();
  await page.getByTestId('message-coupon').click();
  await page.getByRole('option', { name: new RegExp(coupon) }).click();
  await page.getByTestId('message-tab-1').click();
}

describe('an A/B test of two coupon variants', () => {
  it('writes two variants, shows the groups live and refuses groups under 100 on the share field', async () => {
    await page.goto(editorUrl());
    await page.getByTestId('message-push-text').waitFor();
    await writeCouponVariant('ブレンドが100円引き', 'ブレンド100円引き');

    await page.getByTestId('ab-enable').click({ force: true });
    await page.getByTestId('ab-variant-B').waitFor();
    // Variant B starts as a copy of A; it gets its own text and coupon.
    await page.getByTestId('ab-variant-B').click();
    expect(await page.getByTestId('message-push-text').inputValue()).toBe('ブレンドが100円引き');
    await writeCouponVariant('ケーキセットが200円引き', 'ケーキセット200円引き');
    // The preview follows the variant shown, and A keeps its own text.
    await expect.poll(() => page.getByText('ケーキセットが200円引き').count()).toBeGreaterThan(1);
    await page.getByTestId('ab-variant-A').click();
    expect(await page.getByTestId('message-push-text').inputValue()).toBe('ブレンドが100円引き');

    const groups = page.getByTestId('ab-groups');
    await expect.poll(() => groups.textContent()).toBe('各グループ 100人 × 2、残りの 800人に勝者を配信');
    // 10 %: two groups of 50, refused in the server's words on the share field.
    const share = page.getByTestId('ab-share');
    await share.fill('10');
    await expect.poll(() => groups.textContent()).toBe('各グループ 50人 × 2、残りの 900人に勝者を配信');
    const shareError = page.getByText('テスト配信の各グループが100人未満になります（現在 50人）');
    await shareError.waitFor();
    // Saving asks the server, which refuses the same under the same field. Its answer is awaited:
    // the live check's text is already there, and a refusal landing later would stand over the
    // next value typed.
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === channelPath.messages(channelId),
    );
    await page.getByTestId('message-save').click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => shareError.count()).toBe(1);
    // Out of range: the shared schema's message.
    await share.fill('60');
    await page.getByTestId('message-save').click();
    await page.getByTestId('message-draft-dialog').waitFor();
    await page.getByRole('button', { name: '編集に戻る' }).click();
    await page.getByText('テスト配信の割合は10〜50%で指定してください').waitFor();
    await share.fill('20');
    await expect.poll(() => groups.textContent()).toBe('各グループ 100人 × 2、残りの 800人に勝者を配信');
    expect(await shareError.count()).toBe(0);
    // A refusal that lands after the field was changed stays off it: the server's answer to a save
    // at 10 % is held until the operator has typed 20 again.
    await share.fill('10');
    await shareError.waitFor();
    let release = () => {};
    const held = new Promise<void>((heldNow) => {
      void page.route(`**${channelPath.messages(channelId)}`, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        heldNow();
        await new Promise<void>((go) => {
          release = go;
        });
        await route.continue();
      });
    });
    const lateRefusal = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === channelPath.messages(channelId),
    );
    await page.getByTestId('message-save').click();
    await held;
    await share.fill('20');
    await expect.poll(() => shareError.count()).toBe(0);
    release();
    expect((await lateRefusal).status()).toBe(400);
    await page.unroute(`**${channelPath.messages(channelId)}`);
    // The answer's handling is a few tasks after it lands; the field still says nothing then.
    await page.waitForTimeout(500);
    expect(await shareError.count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: '100人未満' }).count()).toBe(0);

    await page.getByTestId('ab-metric').click();
    await page.getByRole('option', { name: 'クーポン利用率' }).click();
    await page.getByTestId('ab-wait').fill('1');
    await page.getByTestId('message-save').click();
    await page.getByText('下書きを保存しました').first().waitFor();
    await checkScreen(page, 'ab-test-01-editor-desktop-ja');
  });

  it('restores the saved variants on a reload, at 375 px and in English', async () => {
    const list = await apiCall<{ messages: Array<{ message_id: number }> }>(
      page,
      'GET',
      `/api/qrchannel/${channelId}/message`,
    );
    messageId = list.messages[0]?.message_id as number;
    await page.setViewportSize(PHONE);
    await page.goto(editorUrl(`&message_id=${messageId}`));
    await page.getByTestId('ab-variant-B').click();
    expect(await page.getByTestId('message-push-text').inputValue()).toBe('ケーキセットが200円引き');
    expect(await page.getByTestId('ab-share').inputValue()).toBe('20');
    await expect.poll(() => page.getByTestId('ab-groups').textContent()).toContain('100人 × 2');
    await checkScreen(page, 'ab-test-02-editor-phone-ja');

    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(editorUrl(`&message_id=${messageId}`));
    await expect
      .poll(() => page.getByTestId('ab-groups').textContent())
      .toBe('2 groups of 100 followers; the winner goes to the other 800');
    await page.getByTestId('ab-share').fill('10');
    await page.getByText('Each test group would have fewer than 100 followers (now 50)').waitFor();
    await checkScreen(page, 'ab-test-03-editor-phone-en');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('ab-share').fill('20');
    await expect.poll(() => page.getByText(/fewer than 100/).count()).toBe(0);
    await checkScreen(page, 'ab-test-04-editor-desktop-en');
    await page.context().clearCookies({ name: 'lang' });
  });

  it('sends the test to two groups of 100 and followers open and use coupons', async () => {
    await page.goto(editorUrl(`&message_id=${messageId}`));
    await page.getByTestId('ab-variant-B').waitFor();
    await page.getByTestId('message-reserve').click();
    await page.getByTestId('message-reserve-count').waitFor();
    expect(await page.getByTestId('message-reserve-ab').textContent()).toBe(
      'A/Bテスト：まず配信先の20%を2つのグループに分けて各パターンを配信し、1時間後に勝者を残りのフォロワーに配信します。',
    );
    await page.getByRole('button', { name: '配信する', exact: true }).click();
    await expect
      .poll(async () => (await report()).variants.map((v) => v.delivered), { timeout: 20_000 })
      .toEqual([100, 100]);
    const first = await report();
    expect(first.ab_test.state).toBe('waiting');
    expect(first.ab_test.group_size).toBe(100);

    // Who got which variant: the stored split.
    const split = withDb(
      (db) =>
        db
          .prepare('select follower_id, variant from message_test_members where message_id = ?')
          .all(messageId) as Array<{ follower_id: number; variant: number }>,
    );
    expect(split).toHaveLength(200);
    const inGroup = (variant: number) => split.filter((s) => s.variant === variant).map((s) => s.follower_id);
    const ids = first.variants.map((v) => v.message_id);
    // A: 8 open, 2 use the coupon; B: 30 open, 25 use it (a clear difference at 95 %).
    const act = async (variant: number, opens: number, uses: number) => {
      const key = `message-${ids[variant]}`;
      for (const [i, follower] of inGroup(variant).slice(0, opens).entries()) {
        await asFollower(follower, readerChannelPath.messageOpen(channelCode, key));
        if (i < uses) await asFollower(follower, readerChannelPath.messageCouponUse(channelCode, key));
      }
    };
    await act(0, 8, 2);
    await act(1, 30, 25);
    const figures = (await report()).variants.map((v) => [v.opened, v.coupon_used]);
    expect(figures).toEqual([
      [8, 2],
      [30, 25],
    ]);

    // The message's own screen: the test's results while it waits, with the operator's pick.
    await page.goto(editorUrl(`&message_id=${messageId}`));
    const results = page.getByTestId('ab-results');
    await results.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('配信済みのメッセージ');
    expect(await page.getByTestId('ab-state').textContent()).toBe('テスト中');
    expect(await page.getByTestId('ab-state-text').textContent()).toMatch(/に勝者を決定します。/);
    expect(await page.getByTestId('ab-figures-B').getAttribute('data-coupon-used')).toBe('25');
    await page.getByTestId('ab-pick').click();
    await page.getByTestId('ab-pick-body').waitFor();
    await checkScreen(page, 'ab-test-05-waiting-pick-desktop-ja');
    // Not now: the waiting time decides.
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'ab-test-06-waiting-phone-ja');
    await page.setViewportSize(DESKTOP);
  });

  it('picks the winner by coupon use once the waiting time has passed and sends it to the other 800', async () => {
    // The waiting time passes: the decision time moves into the past; the sweep (every second) decides.
    withDb((db) =>
      db
        .prepare('update message_tests set decide_at = ? where message_id = ?')
        .run(Date.now() - 1000, messageId),
    );
    await expect
      .poll(async () => (await report()).winner_send?.delivered ?? 0, { timeout: 30_000 })
      .toBe(FOLLOWERS - 200);
    const done = await report();
    expect(done.ab_test).toMatchObject({ state: 'decided', winner: 'B', decided_by: 'significant' });
    expect(done.verdict).toMatchObject({ significant: true, best: 'B' });
    // Every follower got exactly one of A, B or the winner's send.
    const counts = withDb(
      (db) =>
        db
          .prepare(
            `select count(*) as n, count(distinct follower_id) as d from message_deliveries
             where message_id in (select id from messages where id = ? or test_of = ?)`,
          )
          .get(messageId, messageId) as { n: number; d: number },
    );
    expect(counts).toEqual({ n: FOLLOWERS, d: FOLLOWERS });

    await page.goto(`${server.url}/qrchannel/analytics?channel_id=${channelId}`);
    const results = page.getByTestId('ab-results');
    await results.waitFor();
    expect(await page.getByTestId('ab-state').textContent()).toBe('決定済み');
    expect(await page.getByTestId('ab-verdict').textContent()).toMatch(
      /^明確な差あり（パターンBがパターンAより良い/,
    );
    expect(await page.getByTestId('ab-decision').textContent()).toBe('勝者：パターンB（明確な差で決定）');
    expect(await page.getByTestId('ab-winner-send').textContent()).toBe(
      '勝者の配信：800人に配信、開封 0人、クーポン利用 0人',
    );
    expect(await page.getByTestId('ab-figures-B').getByTestId('ab-winner-badge').count()).toBe(1);
    // The funnel of each message names its part of the test.
    const table = page.getByTestId('message-table');
    for (const label of ['メッセージ（パターンA）', 'メッセージ（パターンB）', '勝者の配信（パターンB）'])
      expect(await table.getByText(label, { exact: true }).count(), label).toBe(1);
    await results.scrollIntoViewIfNeeded();
    await checkScreen(page, 'ab-test-07-analytics-desktop-ja');
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'ab-test-08-analytics-phone-ja');

    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.reload();
    await page.getByTestId('ab-results').waitFor();
    expect(await page.getByTestId('ab-verdict').textContent()).toMatch(
      /^Clearly better: variant B over variant A/,
    );
    expect(await page.getByTestId('ab-winner-send').textContent()).toBe(
      "Winner's send: delivered to 800 followers, 0 opened, 0 used the coupon",
    );
    await checkScreen(page, 'ab-test-09-analytics-phone-en');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'ab-test-10-analytics-desktop-en');
    await page.context().clearCookies({ name: 'lang' });

    // The tests follow the range as the rest of the page does: none ran last month.
    const lastMonth = `range=3&from=${tokyoDay(-40)}&to=${tokyoDay(-31)}`;
    await page.goto(`${server.url}/qrchannel/analytics?channel_id=${channelId}&${lastMonth}`);
    await page.getByTestId('ab-tests-empty').waitFor();
    expect(await page.getByTestId('ab-tests-empty').textContent()).toBe(
      'この期間に実施したA/Bテストはありません',
    );
    expect(await page.getByTestId('ab-results').count()).toBe(0);
  });

  it('lets the operator pick the winner by hand while a test waits, after a confirmation', async () => {
    const saved = await apiCall<{ message: { message_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/message`,
      {
        layout: 1,
        push_text: '新しい豆が入りました',
        ab_test: {
          share_percent: 20,
          metric: 'open',
          wait_hours: 24,
          fallback: 'variant_a',
          variants: [{ layout: 1, push_text: '今月の豆はエチオピア' }],
        },
      },
    );
    const second = saved.message.message_id;
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/message/notify`, { message_id: second });
    const waiting = page.locator(`[data-testid="ab-results"][data-message="${second}"]`);
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/qrchannel/analytics?channel_id=${channelId}`);
          await page.getByTestId('ab-results').first().waitFor();
          return waiting.getAttribute('data-state');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('waiting');

    // The message list marks each test with its state; a draft with a test shows the test alone.
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/message`, {
      layout: 1,
      push_text: '来週のおすすめ',
      ab_test: {
        share_percent: 20,
        metric: 'open',
        wait_hours: 24,
        fallback: 'variant_a',
        variants: [{ layout: 1, push_text: '来週の限定メニュー' }],
      },
    });
    await page.goto(`${server.url}/qrchannel/message/list?channel_id=${channelId}`);
    const badges = page.getByTestId('message-row-ab');
    await expect
      .poll(() => badges.allTextContents())
      .toEqual(['A/Bテスト', 'A/Bテスト：テスト中', 'A/Bテスト：決定済み']);
    // A test's row counts its whole send: the waiting one its two groups, the decided one its
    // groups and the winner's send to the other 800 (the draft has none).
    const delivered = page.getByTestId('message-row-delivered');
    expect(await delivered.allTextContents()).toEqual(['200人に配信', `${FOLLOWERS}人に配信`]);
    await checkScreen(page, 'ab-test-11-list-desktop-ja');
    await page.setViewportSize(PHONE);
    await checkScreen(page, 'ab-test-12-list-phone-ja');
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.reload();
    await expect
      .poll(() => badges.allTextContents())
      .toEqual(['A/B test', 'A/B test: Testing', 'A/B test: Decided']);
    expect(await delivered.allTextContents()).toEqual(['Delivered to 200', `Delivered to ${FOLLOWERS}`]);
    await checkScreen(page, 'ab-test-13-list-phone-en');
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, 'ab-test-14-list-desktop-en');
    await page.context().clearCookies({ name: 'lang' });

    await page.goto(`${server.url}/qrchannel/analytics?channel_id=${channelId}`);
    await waiting.waitFor();
    await waiting.getByTestId('ab-pick-variant').click();
    await page.getByRole('option', { name: 'パターンB' }).click();
    await waiting.getByTestId('ab-pick').click();
    expect(await page.getByTestId('ab-pick-body').textContent()).toBe(
      'テストを終えて、残りのフォロワーにパターンBを配信します。取り消せません。',
    );
    await page.getByRole('button', { name: 'パターンBを配信する' }).click();
    await expect.poll(() => waiting.getAttribute('data-state')).toBe('decided');
    expect(await waiting.getByTestId('ab-decision').textContent()).toBe('勝者：パターンB（手動で選択）');
    await expect
      .poll(
        async () =>
          (await apiCall<Report>(page, 'GET', `/api/qrchannel/${channelId}/message/abtest/${second}`))
            .winner_send?.delivered ?? 0,
        { timeout: 20_000 },
      )
      .toBe(FOLLOWERS - 200);

    expect(errors).toEqual([]);
    // The save refused at 10 %, and the one whose refusal landed after the field had changed.
    const save = `POST ${channelPath.messages(channelId)} 400`;
    expect(refused).toEqual([save, save]);
  });
});
