import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * Tags and followers through the screens: the operator creates, checks, renames, searches and
 * deletes tags and makes a signed follow link; two visitors on phones (other browser contexts)
 * follow the channel from its page, one through that link; the operator sees them on the user-navigation
 * screen, filters by tag and tags the other one. At 375 px and on desktop, in Japanese and English.
 */

const stamp = Date.now();
let session: Session;
let server: RunningServer;
let page: Page;
let channelId = '';
let channelCode = '';
let followLink = '';

const url = (path: string) => `${server.url}${path}`;
const tagList = () => url(`/qrchannel/tag/list?channel_id=${channelId}`);
const users = () => url(`/qrchannel/channel/navigate/users?channel_id=${channelId}`);
const tagRowNames = () => page.getByTestId('tag-row').allTextContents();

/**
 * A visitor's phone (its own browser context) opens the channel's page, through the signed follow
 * link when given, and taps follow; answers the follower count the page then shows.
 */
async function visitorFollows(link: string): Promise<string> {
  const context = await session.browser.newContext({ viewport: PHONE, locale: 'ja-JP', isMobile: true });
  try {
    const phone = await context.newPage();
    await phone.goto(link);
    const follow = phone.getByTestId('follow');
    await follow.waitFor();
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    return (await phone.getByTestId('follower-count').textContent()) ?? '';
  } finally {
    await context.close();
  }
}

async function createTagOnScreen(name: string) {
  await page.getByTestId('tag-create').click();
  await page.getByTestId('tag-name').fill(name);
  await page.getByTestId('tag-save').click();
}

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  await signUpThroughApi(page, server.url, {
    email: `tags-${stamp}@example.jp`,
    userName: '喫茶店主',
    password: 'tags20260',
  });
  // Registration and channel creation have their own browser test; here they are set up by API.
  await page.goto(url('/'));
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const created = await apiCall<{ channel: { channel_id: number; channel_code: string } }>(
    page,
    'POST',
    '/api/qrchannel/channel',
    { channel_name: '喫茶こもれび', channel_user_type: 2 },
  );
  channelId = String(created.channel.channel_id);
  channelCode = created.channel.channel_code;
});

afterAll(() => session?.stop());

describe('tags', () => {
  it('starts empty and creates tags, with the 32-character length rule and duplicates refused', async () => {
    await page.goto(tagList());
    await page.getByTestId('tag-empty').waitFor();
    await checkScreen(page, '80-tags-empty-desktop-ja');
    await createTagOnScreen('あ'.repeat(33));
    await page.getByText('タグ名は32文字以内で入力してください').waitFor();
    await screenshot(page, '81-tags-too-long-desktop-ja', { fullPage: false });
    await page.getByTestId('tag-name').fill('常連');
    await page.getByTestId('tag-save').click();
    await page.getByTestId('tag-row').first().waitFor();
    await createTagOnScreen('ランチ');
    await expect.poll(tagRowNames).toHaveLength(2);
    await createTagOnScreen('ﾗﾝﾁ');
    await page.getByText('同じ名前のタグがすでにあります。別の名前にしてください').waitFor();
    await page.getByTestId('tag-name').fill('チラシ');
    await page.getByTestId('tag-save').click();
    await expect.poll(tagRowNames).toHaveLength(3);
    await createTagOnScreen('雨の日');
    await expect.poll(tagRowNames).toHaveLength(4);
    expect(await page.getByTestId('sub-header-counts').textContent()).toBe('タグ 4件');
  });

  it('renames and searches', async () => {
    await page.getByTestId('tag-row').filter({ hasText: '常連' }).getByTestId('tag-rename').click();
    await page.getByTestId('tag-name').fill('常連さん');
    await page.getByTestId('tag-save').click();
    await expect.poll(tagRowNames).toContain('常連さん名前を変更');
    await page.getByTestId('tag-search').fill('ち');
    await page.getByTestId('tag-empty').waitFor();
    await page.getByTestId('tag-search').fill('チラ');
    await expect.poll(tagRowNames).toEqual(['チラシ名前を変更']);
    await page.getByTestId('tag-search').fill('');
    await expect.poll(tagRowNames).toHaveLength(4);
  });

  it('deletes chosen tags after a confirmation', async () => {
    await page.getByLabel('雨の日を選択').check();
    await page.getByTestId('tag-delete').click();
    await page.getByText('雨の日 を削除します').waitFor();
    await screenshot(page, '82-tags-delete-confirm-desktop-ja', { fullPage: false });
    await page.getByTestId('confirm-ok').click();
    await expect.poll(tagRowNames).toHaveLength(3);
  });

  it('makes a signed follow link for the chosen tag and copies it', async () => {
    await page.getByLabel('チラシを選択').check();
    await page.getByTestId('make-follow-link').click();
    const field = page.getByTestId('follow-link-url');
    await field.waitFor();
    followLink = await field.inputValue();
    expect(followLink).toMatch(new RegExp(`/c/${channelCode}\\?tags=\\d+\\.[A-Za-z0-9_-]{22}$`));
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByTestId('copy-follow-link').click();
    await page.getByText('コピーしました').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(followLink);
    await checkScreen(page, '83-tags-list-link-desktop-ja');
  });
});

describe('followers', () => {
  it('counts two visitors who follow from their phones, one through the tagged link', async () => {
    expect(await visitorFollows(followLink)).toBe('フォロワー 1 人');
    expect(await visitorFollows(url(`/c/${channelCode}`))).toBe('フォロワー 2 人');
  });

  it('shows them with follow date and tags, filters by tag, and tags the other one', async () => {
    await page.goto(users());
    await expect.poll(() => page.getByTestId('follower-row').count()).toBe(2);
    expect(await page.getByTestId('follower-counts').textContent()).toBe('フォロワー 2人');
    const rows = await page.getByTestId('follower-row').allTextContents();
    expect(rows[1]).toMatch(/^フォロワー #\d+\d{4}-\d{2}-\d{2} \d{2}:\d{2} フォローチラシ$/);
    expect(rows[0]).toContain('タグなし');
    await checkScreen(page, '84-followers-desktop-ja');

    await page.getByTestId('follower-filter').click();
    await page.getByRole('option', { name: 'チラシ' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('follower-row').count()).toBe(1);
    expect(await page.getByTestId('follower-counts').textContent()).toBe('フォロワー 2人 ・ 該当 1人');
    // Choosing the tag again takes it out of the filter.
    await page.getByTestId('follower-filter').click();
    await page.getByRole('option', { name: 'チラシ' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('follower-row').count()).toBe(2);

    await page.getByTestId('follower-row').first().getByRole('checkbox').check();
    await page.getByTestId('tagging-tags').click();
    await page.getByRole('option', { name: '常連さん' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('tag-add').click();
    await expect.poll(() => page.getByTestId('follower-row').first().textContent()).toContain('常連さん');
    await checkScreen(page, '85-followers-tagged-desktop-ja');
    // Both followers, then untag the link's tag from both at once.
    await page.getByTestId('follower-select-all').check();
    await page.getByTestId('tagging-tags').click();
    await page.getByRole('option', { name: 'チラシ' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('tag-remove').click();
    await expect.poll(() => page.getByTestId('follower-row').nth(1).textContent()).toContain('タグなし');
    expect(await page.getByTestId('follower-row').first().textContent()).toContain('常連さん');
  });

  it('works at 375 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(users());
    await expect.poll(() => page.getByTestId('follower-row').count()).toBe(2);
    await checkScreen(page, '86-followers-phone-ja');
    await page.goto(tagList());
    await expect.poll(tagRowNames).toHaveLength(3);
    await checkScreen(page, '87-tags-phone-ja');
  });
});

describe('in English', () => {
  it('shows both screens at 375 px and on desktop', async () => {
    await session.context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(tagList());
    await page.getByText('Follow link with tags').waitFor();
    await checkScreen(page, '88-tags-phone-en');
    await page.goto(users());
    await expect.poll(() => page.getByTestId('follower-counts').textContent()).toBe('2 followers');
    await checkScreen(page, '89-followers-phone-en');
    await page.setViewportSize(DESKTOP);
    await page.goto(tagList());
    await createTagOnScreen('');
    await page.getByText('Please enter a tag name').waitFor();
    await screenshot(page, '90-tags-required-desktop-en', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.goto(users());
    await expect.poll(() => page.getByTestId('follower-row').count()).toBe(2);
    await checkScreen(page, '91-followers-desktop-en');
  });
});
