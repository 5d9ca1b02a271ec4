import { ERRORS } from '@qrqr/shared/error-codes';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';

/**
 * Send lists on real followers: five phones follow the channel, the operator tags them, then
 * builds lists whose live count is checked for every filter mode; E-713, edit, delete with the
 * reserved-message check. Photographed at 375 px and on desktop, in Japanese and English.
 */

const operator = { email: `lists-${Date.now()}@example.jp`, userName: '八百屋', password: 'sendlist2026' };
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
const tag: Record<string, number> = {};

const url = (path: string) => `${server.url}${path}?channel_id=${channelId}`;

/** A visitor's phone: a browser of its own follows the channel page's code. */
async function followFromPhone(code: string): Promise<void> {
  const context = await session.browser.newContext({ viewport: PHONE, locale: 'ja-JP' });
  const phone = await context.newPage();
  await phone.goto(`${server.url}/`);
  const status = await phone.evaluate(async (path) => {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: '{}',
    });
    return res.status;
  }, `/api/reader/channel/${code}/follow`);
  expect(status).toBe(200);
  await context.close();
}

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  const created = await signUpOperatorWithChannel(page, server.url, operator, 'みどり青果店');
  channelId = created.channelId;
  for (const name of ['会員', 'VIP', '新規']) {
    const answer = await apiCall<{ tag: { tag_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/tag`,
      {
        tag_name: name,
      },
    );
    tag[name] = answer.tag.tag_id;
  }
  for (let i = 0; i < 5; i++) await followFromPhone(created.channelCode);
  const list = await apiCall<{ followers: Array<{ follower_id: number }> }>(
    page,
    'GET',
    `/api/qrchannel/${channelId}/followers`,
  );
  const ids = list.followers.map((f) => f.follower_id).sort((a, b) => a - b);
  expect(ids).toHaveLength(5);
  // Followers: none, {会員}, {会員, VIP}, {VIP, 新規}, {会員, VIP, 新規}.
  const plan: Array<[number[], string[]]> = [
    [[ids[1], ids[2], ids[4]] as number[], ['会員']],
    [[ids[2], ids[3], ids[4]] as number[], ['VIP']],
    [[ids[3], ids[4]] as number[], ['新規']],
  ];
  for (const [followerIds, names] of plan) {
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/followers/tags`, {
      follower_ids: followerIds,
      add_tag_ids: names.map((n) => tag[n]),
    });
  }
});

afterAll(() => session?.stop());

async function chooseMode(box: 1 | 2, label: string) {
  await page.getByTestId(`box-${box}-mode`).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function chooseTags(box: 1 | 2, names: string[]) {
  const input = page.getByTestId(`box-${box}-tags`);
  for (const name of names) {
    await input.click();
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

async function clearTags(box: 1 | 2) {
  // Mantine's MultiSelect removes the last pill with Backspace.
  const input = page.getByTestId(`box-${box}-tags`);
  await input.click();
  for (let i = 0; i < 10; i++) await input.press('Backspace');
  await page.keyboard.press('Escape');
}

const reach = () => page.getByTestId('reach-count').textContent();

/**
 * The next live count is refused the way the server refuses it (the rate limit's E-429, a full
 * gate's E-503): that status, our envelope, Retry-After. Returns how many calls were refused.
 */
async function refuseNextCount(code: 'E-429' | 'E-503', locale: Locale): Promise<() => number> {
  let refused = 0;
  await page.route(
    `**/api/qrchannel/${channelId}/sendlist/count`,
    (route) => {
      refused += 1;
      return route.fulfill({
        status: ERRORS[code].http,
        headers: { 'cache-control': 'no-store', 'retry-after': '30' },
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ status: { code, message: translate(ERRORS[code].key, locale) } }),
      });
    },
    { times: 1 },
  );
  return () => refused;
}

/**
 * After a good count, a refused one keeps the old number marked as not up to date; the next
 * edit counts again and the mark goes. Followers with 会員: 3; without: 2; with neither 会員 nor VIP: 1.
 */
async function refusedCountKeepsTheLastNumber(input: {
  code: 'E-429' | 'E-503';
  locale: Locale;
  modes: { atLeast: string; exclude: string };
  people: (n: number) => string;
  staleNote: string;
  shot: string;
}) {
  await page.goto(url('/qrchannel/sendlist/create'));
  await page.getByTestId('sendlist-editor').waitFor();
  await chooseMode(1, input.modes.atLeast);
  await chooseTags(1, ['会員']);
  await expect.poll(reach).toBe(input.people(3));
  expect(await page.getByTestId('reach-stale').count()).toBe(0);

  const refused = await refuseNextCount(input.code, input.locale);
  await chooseMode(1, input.modes.exclude);
  await expect.poll(refused).toBe(1);
  await page.getByTestId('reach-stale').waitFor();
  expect(await page.getByTestId('reach-stale').textContent()).toBe(input.staleNote);
  // The refused filter reaches 2, but the screen keeps the last number it was told.
  expect(await reach()).toBe(input.people(3));
  await checkScreen(page, input.shot);

  await chooseTags(1, ['VIP']);
  await expect.poll(reach).toBe(input.people(1));
  expect(await page.getByTestId('reach-stale').count()).toBe(0);
  expect(refused()).toBe(1);
}

describe('send lists', () => {
  it('shows the empty list, then builds a list whose live count follows the boxes', async () => {
    await page.goto(url('/qrchannel/sendlist/list'));
    await page.getByTestId('sendlists-empty').waitFor();
    await checkScreen(page, '70-sendlists-empty-desktop-ja');

    await page.getByTestId('sendlist-create').click();
    await page.getByTestId('sendlist-editor').waitFor();
    await expect.poll(reach).toBe('5人');
    await page.getByTestId('sendlist-name').fill('常連の会員');
    await chooseMode(1, 'すべて含む');
    await chooseTags(1, ['会員', 'VIP']);
    await expect.poll(reach).toBe('2人');
    await chooseMode(2, '除外');
    await chooseTags(2, ['新規']);
    await expect.poll(reach).toBe('1人');
    expect(await page.getByTestId('tag-total').textContent()).toContain('3 / 10');
    await checkScreen(page, '71-sendlist-editor-desktop-ja');

    await page.getByTestId('sendlist-save').click();
    await page.getByTestId('sendlist-list').waitFor();
    await page.getByTestId('sendlist-row').first().waitFor();
    expect(await page.getByTestId('sendlist-name').first().textContent()).toBe('常連の会員');
    expect(await page.getByTestId('sendlist-reach').first().textContent()).toContain('1人');
    await checkScreen(page, '72-sendlists-desktop-ja');
  });

  it('counts every filter mode right while editing', async () => {
    await page.goto(url('/qrchannel/sendlist/create'));
    await page.getByTestId('sendlist-editor').waitFor();
    await chooseMode(1, '完全一致');
    await chooseTags(1, ['会員', 'VIP']);
    await expect.poll(reach).toBe('1人');
    await chooseMode(1, 'すべて含む');
    await expect.poll(reach).toBe('2人');
    await chooseMode(1, 'この中だけ');
    await expect.poll(reach).toBe('3人');
    await chooseMode(1, '除外');
    await expect.poll(reach).toBe('1人');
    await clearTags(1);
    await chooseTags(1, ['会員']);
    await expect.poll(reach).toBe('2人');
    await chooseMode(1, '指定なし');
    await expect.poll(reach).toBe('5人');
  });

  it('keeps the last count, marked as not up to date, when a count is refused (E-429, E-503)', async () => {
    await page.setViewportSize(PHONE);
    await refusedCountKeepsTheLastNumber({
      code: 'E-429',
      locale: 'ja',
      modes: { atLeast: 'すべて含む', exclude: '除外' },
      people: (n) => `${n}人`,
      staleNote: '（最新ではありません。次の変更で数え直します）',
      shot: '71-sendlist-editor-stale-phone-ja',
    });

    await session.context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.setViewportSize(DESKTOP);
    await refusedCountKeepsTheLastNumber({
      code: 'E-503',
      locale: 'en',
      modes: { atLeast: 'At least', exclude: 'Exclude' },
      people: (n) => (n === 1 ? '1 follower' : `${n} followers`),
      staleNote: '(not up to date: counted again on your next change)',
      shot: '78-sendlist-editor-stale-desktop-en',
    });
    await session.context.addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
  });

  it('says a name is taken (E-713) and refuses a name over 20 characters', async () => {
    await page.goto(url('/qrchannel/sendlist/create'));
    await page.getByTestId('sendlist-editor').waitFor();
    await page.getByTestId('sendlist-name').fill('常連の会員');
    await page.getByTestId('sendlist-save').click();
    await page.getByText('同じ名前の送信リストがすでに存在します').waitFor();
    await page.getByTestId('sendlist-name').fill('あ'.repeat(21));
    await page.getByTestId('sendlist-save').click();
    await page.getByText('送信リスト名は20文字以内で入力してください').waitFor();
    await screenshot(page, '73-sendlist-editor-errors-desktop-ja');
  });

  it('edits a list and keeps its boxes', async () => {
    await page.goto(url('/qrchannel/sendlist/list'));
    await page.getByTestId('sendlist-edit').first().click();
    await page.getByTestId('sendlist-editor').waitFor();
    await expect.poll(reach).toBe('1人');
    await page.getByTestId('sendlist-name').fill('会員（新規以外）');
    await page.getByTestId('sendlist-save').click();
    await page.getByTestId('sendlist-list').waitFor();
    await expect.poll(() => page.getByTestId('sendlist-name').first().textContent()).toBe('会員（新規以外）');
  });

  it('is usable at 375 px, in Japanese and in English', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/sendlist/list'));
    await page.getByTestId('sendlist-row').first().waitFor();
    await checkScreen(page, '74-sendlists-phone-ja');
    await page.getByTestId('sendlist-edit').first().click();
    await expect.poll(reach).toBe('1人');
    await checkScreen(page, '75-sendlist-editor-phone-ja');

    await session.context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(url('/qrchannel/sendlist/list'));
    await page.getByTestId('sendlist-row').first().waitFor();
    await checkScreen(page, '76-sendlists-phone-en');
    await page.getByTestId('sendlist-edit').first().click();
    await expect.poll(reach).toBe('1 follower');
    await checkScreen(page, '77-sendlist-editor-phone-en');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect.poll(reach).toBe('1 follower');
    await checkScreen(page, '78-sendlist-editor-desktop-en');
    await session.context.addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
  });

  it('deletes the chosen lists after checking reserved messages', async () => {
    await page.goto(url('/qrchannel/sendlist/list'));
    await page.getByTestId('sendlist-select-all').click();
    await page.getByTestId('sendlist-delete').click();
    await page.getByTestId('delete-sendlists-dialog').waitFor();
    await page.getByText('予約中のメッセージを確認しています...').waitFor({ state: 'detached' });
    expect(await page.getByTestId('reserved-warning').count()).toBe(0);
    await screenshot(page, '79-sendlists-delete-desktop-ja', { fullPage: false });
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('sendlists-empty').waitFor();
  });
});
