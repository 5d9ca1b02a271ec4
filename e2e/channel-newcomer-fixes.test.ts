import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * What a newcomer's walk of the channel service found, at 375 px in Japanese and on desktop in
 * English: the first channel lands on its code and next steps; 「が」 typed as か + ゛ counts as
 * one character; the CSV dialog opens from the phone's menu; errors name fields as their labels
 * do; a relation link without https:// is saved with it; the delete dialog can be cancelled; a
 * send-list box with a mode needs a tag; deleting tags in use says which lists use them and that
 * nothing was deleted.
 */

const stamp = Date.now();
const GA = 'か\u3099';
let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;
let channelId = '';

const url = (path: string) => `${server.url}${path}`;
const param = (name: string) => new URL(page.url()).searchParams.get(name);

/** Waits for the open dialog's fade-in to end, then photographs the screen. */
async function photographDialog(name: string): Promise<void> {
  await page.getByRole('dialog').last().waitFor();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.mantine-Modal-root')).every((root) =>
      root.getAnimations({ subtree: true }).every((a: Animation) => a.playState !== 'running'),
    ),
  );
  await screenshot(page, name, { fullPage: false });
}

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE, isMobile: true, hasTouch: true }));
  await signUpThroughApi(page, server.url, {
    email: `walk-${stamp}@example.jp`,
    userName: '店主',
    password: 'walk20260',
  });
  await page.goto(url('/'));
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
});

afterAll(() => stop?.());

/** Opens the sidebar's analytics submenu and clicks its CSV item once the growing panel shows it whole. */
async function openSidebarCsv() {
  await page.getByTestId('sidebar-analytics').click();
  await expect.poll(() => page.getByTestId('sidebar-analytics').getAttribute('aria-expanded')).toBe('true');
  await expect
    .poll(() =>
      page.getByTestId('sidebar-csv').evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit === el || el.contains(hit);
      }),
    )
    .toBe(true);
  await page.getByTestId('sidebar-csv').click();
}

describe('at 375 px in Japanese', () => {
  it('counts が typed as か + ゛ as one character, and lands on the new channel with its code and next steps', async () => {
    await page.goto(url('/qrchannel/channel/create'));
    await page.getByTestId('channel-create-form').waitFor();
    const typed = `${GA}${'あ'.repeat(19)}`;
    await page.getByTestId('channel-name').fill(typed);
    await expect.poll(() => page.getByTestId('channel-name-count').textContent()).toBe('20/20');
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-confirm').waitFor();
    await page.getByTestId('create-submit').click();
    await page.getByTestId('channel-created').waitFor();
    channelId = param('channel_id') ?? '';
    expect(param('created')).toBe(channelId);
    const created = page.getByTestId('channel-created');
    expect(await created.getByRole('status').textContent()).toContain(
      `「が${'あ'.repeat(19)}」の準備ができました`,
    );
    await created.getByTestId('channel-code-image').waitFor();
    expect(await created.getByRole('link', { name: 'PNG' }).getAttribute('href')).toContain(
      `/api/qrchannel/${channelId}/qrcode/download/1`,
    );
    expect(await page.getByTestId('created-next-steps').locator('li').count()).toBe(5);
    await checkScreen(page, '150-channel-created-phone-ja');
    await page.getByTestId('created-settings').click();
    await page.waitForURL(`**/qrchannel/channel/update?channel_id=${channelId}`);
  });

  it('opens the CSV dialog from the phone menu', async () => {
    await page.goto(url(`/qrchannel/message/list?channel_id=${channelId}`));
    await page.getByTestId('message-list').waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByTestId('nav-burger').click();
    await openSidebarCsv();
    // The menu closes; the dialog stays.
    await page.getByTestId('csv-start').waitFor();
    expect(await page.getByTestId('sidebar-csv').isVisible()).toBe(false);
    await photographDialog('151-csv-dialog-phone-ja');
    await page.keyboard.press('Escape');
    await page.getByTestId('csv-start').waitFor({ state: 'hidden' });
  });

  it('names fields in errors as the labels do, saves a link without https:// with it, and lets the delete be cancelled', async () => {
    await page.goto(url(`/qrchannel/channel/update?channel_id=${channelId}`));
    const short = page.getByLabel('ひとこと紹介', { exact: true });
    await short.fill('あ'.repeat(55));
    await page.getByRole('button', { name: 'リンクを追加' }).click();
    await page.getByLabel('1番目のリンクの表示名').fill('公式サイト');
    await page.getByLabel('1番目のリンクのURL').fill('komorebi.example.jp/menu');
    await page.getByText('「https://komorebi.example.jp/menu」として保存します').waitFor();
    await page.getByRole('button', { name: '保存する' }).last().click();
    await page.getByText('ひとこと紹介は54文字以内で入力してください').waitFor();
    await screenshot(page, '152-settings-field-names-phone-ja');
    await short.fill('駅前の花屋です');
    await page.getByRole('button', { name: '保存する' }).last().click();
    await page.getByText('チャネルの設定を保存しました').waitFor();
    const saved = await apiCall<{ channel: { relation_links: unknown } }>(
      page,
      'GET',
      `/api/qrchannel/channel/${channelId}`,
    );
    expect(saved.channel.relation_links).toEqual([
      { text: '公式サイト', url: 'https://komorebi.example.jp/menu' },
    ]);
    await page.getByTestId('delete-channel').click();
    await page.getByTestId('delete-cancel').waitFor();
    await photographDialog('153-delete-dialog-cancel-phone-ja');
    await page.getByTestId('delete-cancel').click();
    await page.getByTestId('delete-name-input').waitFor({ state: 'hidden' });
  });

  it('refuses a send-list box with a mode and no tag, naming the box', async () => {
    for (const name of ['常連', 'VIP', 'ランチ']) {
      await apiCall(page, 'POST', `/api/qrchannel/${channelId}/tag`, { tag_name: name });
    }
    await page.goto(url(`/qrchannel/sendlist/create?channel_id=${channelId}`));
    await page.getByTestId('sendlist-name').fill('週末のお客さま');
    await page.getByTestId('box-1-mode').click();
    await page.getByRole('option', { name: '完全一致', exact: true }).click();
    await page.getByTestId('sendlist-save').click();
    await page.getByText('条件1のタグを選んでください').waitFor();
    expect(param('sendlist_id')).toBeNull();
    await screenshot(page, '154-sendlist-mode-without-tag-phone-ja');
  });

  it('says which send lists use which chosen tags, and that none was deleted', async () => {
    const tags = await apiCall<{ tags: Array<{ tag_id: number; tag_name: string }> }>(
      page,
      'GET',
      `/api/qrchannel/${channelId}/tag`,
    );
    const id = (name: string) => tags.tags.find((tag) => tag.tag_name === name)?.tag_id;
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/sendlist`, {
      sendlist_name: '週末のお客さま',
      box_filter_1: 0,
      tag_list_1: [id('常連')],
    });
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/sendlist`, {
      sendlist_name: 'VIPと常連',
      box_filter_1: 0,
      tag_list_1: [id('常連'), id('VIP')],
    });
    await page.goto(url(`/qrchannel/tag/list?channel_id=${channelId}`));
    for (const name of ['常連', 'VIP', 'ランチ']) await page.getByLabel(`${name}を選択`).check();
    await page.getByTestId('tag-delete').click();
    await page.getByTestId('confirm-ok').click();
    const text = page.getByTestId('error-text');
    await text.waitFor();
    expect(await text.textContent()).toBe(
      [
        '[E-710]送信リストで使用中のタグは削除できません',
        '「常連」は送信リスト「VIPと常連」、「週末のお客さま」で使われています。',
        '「VIP」は送信リスト「VIPと常連」で使われています。',
        '選んだタグ（3件）は1件も削除していません。使われているタグを送信リストの条件から外すか、選択から外してから、もう一度削除してください。',
      ].join('\n'),
    );
    await photographDialog('155-tags-in-use-phone-ja');
    await page.getByRole('dialog').getByRole('button', { name: '閉じる' }).last().click();
    expect(await page.getByTestId('tag-row').count()).toBe(3);
  });
});

describe('on desktop in English', () => {
  it('lands on the new channel, opens the CSV dialog and explains tags in use', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(url(`/qrchannel/tag/list?channel_id=${channelId}`));
    await page.getByTestId('lang-switch').click();
    await page.getByRole('button', { name: 'Create tag' }).waitFor();
    for (const name of ['常連', 'VIP']) await page.getByLabel(`Select ${name}`).check();
    await page.getByTestId('tag-delete').click();
    await page.getByTestId('confirm-ok').click();
    const text = page.getByTestId('error-text');
    await text.waitFor();
    expect(await text.textContent()).toContain('"VIP" is used by the send list "VIPと常連".');
    expect(await text.textContent()).toContain(
      '"常連" is used by the send lists "VIPと常連", "週末のお客さま".',
    );
    expect(await text.textContent()).toContain('None of the 2 chosen tags was deleted.');
    await photographDialog('156-tags-in-use-desktop-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    await openSidebarCsv();
    await page.getByTestId('csv-start').waitFor();
    await photographDialog('157-csv-dialog-desktop-en');
    await page.keyboard.press('Escape');

    await page.getByTestId('add-channel').click();
    await page.getByTestId('channel-name').fill('Komorebi Cafe');
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-submit').click();
    await page.getByTestId('channel-created').waitFor();
    expect(await page.getByTestId('channel-created').getByRole('status').textContent()).toContain(
      '"Komorebi Cafe" has been created.',
    );
    await checkScreen(page, '158-channel-created-desktop-en');
  });
});
