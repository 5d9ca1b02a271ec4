import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * The channel service's web foundation, through the screens: registration from the header,
 * creating two channels in two steps, the layout and its sidebar, switching channel with and
 * without unsaved text and with the confirm-before-change flag (set by a send list's edit screen),
 * leaving unsaved text through a link or back, the CSV dialog's date rule, the phone panels and
 * view_mode=pc, in Japanese and English. Each screen is photographed and checked with axe.
 */

const stamp = Date.now();
const password = 'channel2026';
const FIRST = 'さくら花店';
const SECOND = 'さくら花店 駅前店';

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;
const ids = { first: '', second: '' };

const url = (path: string) => `${server.url}${path}`;
const param = (name: string) => new URL(page.url()).searchParams.get(name);
const switcher = () => page.getByTestId('channel-switcher');
const dialog = () => page.getByRole('dialog');
const ok = () => page.getByTestId('confirm-ok');

/** Cancels the open question and waits for it to go. */
async function cancelQuestion(label: string): Promise<void> {
  await dialog().getByRole('button', { name: label }).click();
  await ok().waitFor({ state: 'hidden' });
}

/** Photographs the open question once its fade-in is over (a half-faded dialog reads as a bug). */
async function photographQuestion(name: string): Promise<void> {
  await ok().waitFor();
  await page.waitForFunction(() => {
    const root = document.querySelector('[role="dialog"]')?.closest('.mantine-Modal-root');
    return root?.getAnimations({ subtree: true }).every((a) => a.playState !== 'running') ?? false;
  });
  await screenshot(page, name, { fullPage: false });
}

/** A send list of the channel, set up through the API (the send-list tests cover its screens). */
async function sendlistOf(channelId: string, name: string): Promise<number> {
  const body = { sendlist_name: name, tag_list_1: [], tag_list_2: [] };
  const res = await apiCall<{ sendlist: { sendlist_id: number } }>(
    page,
    'POST',
    `/api/qrchannel/${channelId}/sendlist`,
    body,
  );
  return res.sendlist.sendlist_id;
}

/** The edit screen of a saved send list: it sets the confirm-before-change flag. */
async function openSendlistEdit(channelId: string, sendlistId: number): Promise<void> {
  await page.goto(url(`/qrchannel/sendlist/create?channel_id=${channelId}&sendlist_id=${sendlistId}`));
  await page.getByTestId('sendlist-name').waitFor();
}

/** Resolves with the next channel_changed event's detail. */
function nextChannelChanged(): Promise<{ channelId: number; previousChannelId: number | null }> {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        window.addEventListener('channel_changed', (e) => resolve((e as CustomEvent).detail), { once: true }),
      ),
  );
}

async function createChannel(name: string): Promise<string> {
  await page.getByTestId('channel-name').fill(name);
  await page.getByTestId('user-type-company').check();
  const industry = page.getByTestId('industry');
  await industry.selectOption({ index: 1 });
  await page.getByTestId('sub-industry').selectOption({ index: 1 });
  await page.getByTestId('create-next').click();
  await page.getByTestId('create-confirm').waitFor();
  expect(await page.getByTestId('confirm-name').textContent()).toBe(name);
  await page.getByTestId('create-submit').click();
  // The new channel is confirmed with its code and next steps (not an empty message list).
  await page.waitForURL('**/qrchannel/channel/create?channel_id=*&created=*');
  await page.getByTestId('channel-created').waitFor();
  expect(param('created')).toBe(param('channel_id'));
  expect(await page.getByTestId('channel-created').getByRole('status').textContent()).toContain(name);
  return param('channel_id') as string;
}

beforeAll(async () => {
  ({ server, page, stop } = await startSession());
  await signUpThroughApi(page, server.url, { email: `shop-${stamp}@example.jp`, userName: '花屋', password });
});

afterAll(() => stop?.());

describe('registration and channel creation', () => {
  it('keeps a member who has not joined out of the channel area', async () => {
    await page.goto(url('/qrchannel/tag/list'));
    await page.waitForURL('**/qrchannel/register/');
    await page.getByTestId('register-start').waitFor();
  });

  it('joins the service from the header channel button, terms accepted', async () => {
    await page.goto(url('/'));
    await page.getByRole('navigation').getByRole('link', { name: 'チャネル' }).click();
    await page.waitForURL('**/qrchannel/register/');
    await checkScreen(page, '60-channel-register-desktop-ja');
    await page.getByTestId('register-start').click();
    await page.waitForURL('**/qrchannel/service/register');
    await page.getByTestId('service-register-submit').click();
    await page.getByText('利用規約に同意してください').waitFor();
    await checkScreen(page, '61-service-register-error-desktop-ja');
    await page.getByTestId('terms-accepted').check();
    await page.getByTestId('service-register-submit').click();
    await page.waitForURL('**/qrchannel/channel/create');
  });

  it('sends a member without channels to channel creation, and the header button now leads in', async () => {
    await page.goto(url('/qrchannel/message/list'));
    await page.waitForURL('**/qrchannel/channel/create');
    await page.getByTestId('channel-create-form').waitFor();
    await page.goto(url('/qrchannel/register/'));
    await page.getByTestId('register-open').waitFor();
  });

  it('checks the name on step 1 with the spec messages', async () => {
    await page.goto(url('/qrchannel/channel/create'));
    await page.getByTestId('create-next').click();
    await page.getByText('チャネル名を入力してください').waitFor();
    await page.getByTestId('channel-name').fill('あ'.repeat(21));
    await page.getByTestId('create-next').click();
    await page.getByText('チャネル名は20文字以内で入力してください').waitFor();
    expect(await page.getByTestId('create-step').getAttribute('data-step')).toBe('1');
    await checkScreen(page, '62-channel-create-errors-desktop-ja');
  });

  it('creates the first channel in two steps (input, confirmation) and opens it', async () => {
    await page.getByTestId('channel-name').fill(FIRST);
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-confirm').waitFor();
    expect(await page.getByTestId('create-step').getAttribute('data-step')).toBe('2');
    await checkScreen(page, '63-channel-create-confirm-desktop-ja');
    // Back keeps what was typed.
    await page.getByTestId('create-back').click();
    expect(await page.getByTestId('channel-name').inputValue()).toBe(FIRST);
    ids.first = await createChannel(FIRST);
  });

  it('adds a second channel from the sidebar button', async () => {
    await page.getByTestId('add-channel').click();
    await page.getByTestId('channel-create-form').waitFor();
    ids.second = await createChannel(SECOND);
    expect(ids.second).not.toBe(ids.first);
    expect(await switcher().inputValue()).toBe(ids.second);
  });
});

describe('channel layout', () => {
  it('shows every sidebar item and the channel logo', async () => {
    await page.goto(url(`/qrchannel/message/list?channel_id=${ids.first}`));
    await page.getByTestId('message-list').waitFor();
    for (const key of [
      'messages',
      'welcome',
      'coupons',
      'sendlists',
      'tags',
      'settings',
      'wifi',
      'top',
      'about',
    ]) {
      expect(await page.getByTestId(`sidebar-${key}`).isVisible(), key).toBe(true);
    }
    expect(await page.getByTestId('service-logo').getAttribute('data-logo-type')).toBe('1');
    await checkScreen(page, '64-channel-layout-desktop-ja');
  });

  it('keeps the main area at least the window height minus the 70 px header and the footer', async () => {
    const sizes = () =>
      page.evaluate(() => {
        const main = document.querySelector('main') as HTMLElement;
        const footer = document.querySelector('footer') as HTMLElement;
        return {
          expected: window.innerHeight - 70 - footer.getBoundingClientRect().height,
          minHeight: Number.parseFloat(getComputedStyle(main).minHeight),
        };
      });
    await expect
      .poll(async () => {
        const { expected, minHeight } = await sizes();
        return Math.abs(expected - minHeight);
      })
      .toBeLessThan(1);
    // A short window keeps the rule: the footer's height is measured again.
    await page.setViewportSize({ width: 1280, height: 500 });
    await expect
      .poll(async () => {
        const { expected, minHeight } = await sizes();
        return Math.abs(expected - minHeight);
      })
      .toBeLessThan(1);
    await page.setViewportSize(DESKTOP);
  });

  it("leads to the 'what is a channel' page and the channel news", async () => {
    await page.getByTestId('sidebar-about').click();
    await page.waitForURL('**/qrchannel/register/?source=channel');
    await page.getByRole('heading', { name: 'チャネルとは' }).waitFor();
    await page.getByTestId('register-open').click();
    await page.getByTestId('message-list').waitFor();
    await page.getByTestId('sidebar-news').click();
    await page.getByTestId('channel-news').waitFor();
    await page.getByTestId('news-page').locator('article, [data-testid="news-empty"]').first().waitFor();
    await checkScreen(page, '64-channel-news-desktop-ja');
  });

  it('falls back to a channel of the member for a foreign or missing channel_id', async () => {
    await page.goto(url('/qrchannel/welcomemessage/list?channel_id=999999'));
    await page.getByTestId('welcome-list').waitFor();
    await expect.poll(() => param('channel_id')).toBe(ids.first);
  });

  it('switches at once without unsaved text and reloads the message list', async () => {
    await page.goto(url(`/qrchannel/welcomemessage/list?channel_id=${ids.first}`));
    await page.getByTestId('welcome-list').waitFor();
    const changed = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          window.addEventListener('channel_changed', (e) => resolve((e as CustomEvent).detail.channelId), {
            once: true,
          }),
        ),
    );
    await switcher().selectOption(ids.second);
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${ids.second}`);
    expect(String(await changed)).toBe(ids.second);
  });

  it('asks before discarding unsaved text; cancel keeps the channel and the text', async () => {
    await page.getByTestId('add-channel').click();
    await page.getByTestId('channel-name').fill('書きかけ');
    await switcher().selectOption(ids.first);
    const ok = page.getByTestId('confirm-ok');
    await ok.waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('入力内容を破棄しますか');
    await screenshot(page, '65-switch-unsaved-dialog-desktop-ja', { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();
    await ok.waitFor({ state: 'hidden' });
    expect(await switcher().inputValue()).toBe(ids.second);
    expect(page.url()).toContain('/qrchannel/channel/create');
    expect(await page.getByTestId('channel-name').inputValue()).toBe('書きかけ');
    // Asked again, OK discards the text and switches.
    await switcher().selectOption(ids.first);
    await ok.click();
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${ids.first}`);
  });

  it('asks before leaving unsaved text through a sidebar link or back; cancel keeps the text', async () => {
    await page.getByTestId('add-channel').click();
    await page.getByTestId('channel-name').fill('書きかけの店');
    await page.getByTestId('sidebar-tags').click();
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('このページを離れると、入力内容は失われます');
    await cancelQuestion('キャンセル');
    expect(page.url()).toContain('/qrchannel/channel/create');
    expect(await page.getByTestId('channel-name').inputValue()).toBe('書きかけの店');
    // Back asks too, and cancel stays.
    await page.goBack();
    await ok().waitFor();
    await cancelQuestion('キャンセル');
    expect(page.url()).toContain('/qrchannel/channel/create');
    expect(await page.getByTestId('channel-name').inputValue()).toBe('書きかけの店');
    // The header's logo asks as well; OK leaves without the text.
    await page.getByTestId('service-logo').click();
    await ok().waitFor();
    // Every text the question shows until it has faded out: its own words to the end (it showed
    // the channel switch's question while fading).
    const shown = await page.evaluateHandle(() => {
      const seen = new Set<string>();
      new MutationObserver(() => {
        const question = document.querySelector('[role="dialog"]');
        if (question) seen.add(question.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      return seen;
    });
    await ok().click();
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${ids.first}`);
    await ok().waitFor({ state: 'hidden' });
    const texts = await shown.evaluate((seen) => [...seen]);
    expect(texts.filter((text) => text.includes('チャネルを切り替えますか'))).toEqual([]);
    // Coming back, the form is empty and nothing asks any more.
    await page.getByTestId('add-channel').click();
    expect(await page.getByTestId('channel-name').inputValue()).toBe('');
    await page.getByTestId('sidebar-tags').click();
    await page.waitForURL('**/qrchannel/tag/list?*');
    expect(await ok().isVisible()).toBe(false);
  });

  it('leaves through back once OK is pressed, to the page before; forward finds the form empty', async () => {
    await page.getByTestId('add-channel').click();
    await page.waitForURL('**/qrchannel/channel/create**');
    await page.getByTestId('channel-name').fill('戻る前の店');
    await page.goBack();
    await ok().click();
    await page.waitForURL('**/qrchannel/tag/list?*');
    await ok().waitFor({ state: 'hidden' });
    await page.goForward();
    await page.waitForURL('**/qrchannel/channel/create**');
    expect(await page.getByTestId('channel-name').inputValue()).toBe('');
    expect(await ok().isVisible()).toBe(false);
  });

  it('switches after a confirmation when the screen sets the confirm-before-change flag', async () => {
    const listId = await sendlistOf(ids.first, '確認する店');
    await openSendlistEdit(ids.first, listId);
    await switcher().selectOption(ids.second);
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('チャネルを切り替えますか');
    expect(await dialog().textContent()).toContain(SECOND);
    // Cancel puts the current channel back in the select and stays on the list being edited.
    await cancelQuestion('キャンセル');
    expect(await switcher().inputValue()).toBe(ids.first);
    expect(param('sendlist_id')).toBe(String(listId));
    // OK switches, reloads the message list and emits channel_changed.
    const changed = nextChannelChanged();
    await switcher().selectOption(ids.second);
    await ok().click();
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${ids.second}`);
    expect(await changed).toEqual({ channelId: Number(ids.second), previousChannelId: Number(ids.first) });
    await expect.poll(() => switcher().inputValue()).toBe(ids.second);
    // With unsaved text too, the two questions come one after the other.
    await openSendlistEdit(ids.first, listId);
    await page.getByTestId('sendlist-name').fill('確認する店（改）');
    await switcher().selectOption(ids.second);
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('入力内容を破棄しますか');
    await ok().click();
    await expect.poll(async () => dialog().textContent()).toContain('チャネルを切り替えますか');
    await ok().click();
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${ids.second}`);
    await expect.poll(() => switcher().inputValue()).toBe(ids.second);
    await switcher().selectOption(ids.first);
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${ids.first}`);
    // Settled on the first channel's message list before the next test opens its dialog.
    await page.getByTestId('message-list').waitFor();
    await expect.poll(() => switcher().inputValue()).toBe(ids.first);
  });

  it('CSV dialog: an end before the start shows the message and the click is still emitted', async () => {
    await page.evaluate(() => {
      window.addEventListener('csv_download', (e) => {
        (window as unknown as { csv: unknown }).csv = (e as CustomEvent).detail;
      });
    });
    // The channel switch of the test before may still be loading the channel's data, which
    // renders the layout again: open the dialog once the page has settled.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('sidebar-analytics').click();
    await page.getByTestId('sidebar-csv').click();
    await page.getByTestId('csv-start').click();
    await page.getByRole('button', { name: '次の月' }).click();
    await screenshot(page, '66-csv-date-picker-desktop-ja', { fullPage: false });
    await page.getByRole('button', { name: /15日$/ }).click();
    await page.getByTestId('csv-error').waitFor();
    expect(await page.getByTestId('csv-error').textContent()).toBe('終了日は開始日より前に設定できません。');
    await screenshot(page, '66-csv-dialog-error-desktop-ja-b', { fullPage: false });
    await page.getByTestId('csv-download').click();
    const csv = (await page.evaluate(() => (window as unknown as { csv: unknown }).csv)) as {
      invalid: boolean;
      start_date: number;
      end_date: number;
      channelId: number;
    };
    expect(csv.invalid).toBe(true);
    expect(csv.start_date).toBeGreaterThan(csv.end_date);
    expect(String(csv.channelId)).toBe(ids.first);
    await page.keyboard.press('Escape');
  });

  it('shows the Wi-Fi logo on Wi-Fi pages', async () => {
    await page.goto(url(`/qrwifi/welcomepage/list?channel_id=${ids.first}`));
    await page.getByTestId('wifi-list-page').waitFor();
    expect(await page.getByTestId('service-logo').getAttribute('data-logo-type')).toBe('2');
  });

  it('opens one panel at a time at 375 px, and view_mode=pc shows the PC layout', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url(`/qrchannel/message/list?channel_id=${ids.first}`));
    await page.getByTestId('message-list').waitFor();
    expect(await page.getByTestId('sidebar-tags').isVisible()).toBe(false);
    await checkScreen(page, '67-channel-layout-phone-ja');
    await page.getByTestId('nav-burger').click();
    await page.getByTestId('sidebar-tags').waitFor();
    await checkScreen(page, '68-channel-nav-panel-phone-ja');
    await page.getByTestId('channel-info-button').click();
    expect(await page.getByTestId('sidebar-tags').isVisible()).toBe(false);
    await checkScreen(page, '69-channel-info-panel-phone-ja');
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').waitFor();
    expect(await page.getByTestId('view-mode-pc').count()).toBe(0);
    await page.getByTestId('channel-info-button').click();
    await page.getByTestId('view-mode-pc').click();
    await expect.poll(() => param('view_mode')).toBe('pc');
    await page.getByTestId('sidebar-tags').waitFor();
    await screenshot(page, '70-channel-pc-view-phone-ja');
    // Links inside the area keep the view mode; the smartphone view removes it.
    await page.getByTestId('sidebar-tags').click();
    await page.waitForURL('**/qrchannel/tag/list?*');
    expect(param('view_mode')).toBe('pc');
    await page.getByTestId('view-mode-sp').click();
    await expect.poll(() => param('view_mode')).toBe(null);
    await page.getByTestId('nav-burger').waitFor();
    await page.goto(url(`/qrchannel/channel/create?channel_id=${ids.first}`));
    await page.getByTestId('channel-name').fill('あ'.repeat(21));
    await page.getByTestId('create-next').click();
    await page.getByText('チャネル名は20文字以内で入力してください').waitFor();
    await checkScreen(page, '70-channel-create-phone-ja');
    await page.getByTestId('channel-name').fill('');
  });

  it('asks the same questions at 375 px: the flag from the channel panel, unsaved text from the menu', async () => {
    const listId = await sendlistOf(ids.second, '駅前の常連');
    await openSendlistEdit(ids.second, listId);
    await page.getByTestId('channel-info-button').click();
    await switcher().selectOption(ids.first);
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('チャネルを切り替えますか');
    await photographQuestion('70-switch-confirm-dialog-phone-ja');
    await cancelQuestion('キャンセル');
    expect(await switcher().inputValue()).toBe(ids.second);
    // Unsaved text, then a link of the side navigation panel.
    await page.getByTestId('sendlist-name').fill('駅前の常連（改）');
    await page.getByTestId('nav-burger').click();
    await page.getByTestId('sidebar-tags').click();
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('入力内容を破棄しますか');
    await photographQuestion('70-leave-dialog-phone-ja');
    await cancelQuestion('キャンセル');
    expect(param('sendlist_id')).toBe(String(listId));
    expect(await page.getByTestId('sendlist-name').inputValue()).toBe('駅前の常連（改）');
    await page.getByTestId('nav-burger').click();
    await page.getByTestId('sidebar-tags').click();
    await ok().click();
    await page.waitForURL(`**/qrchannel/tag/list?channel_id=${ids.second}`);
  });

  it('speaks English at 375 px and on desktop', async () => {
    await page.getByTestId('lang-switch').click();
    // The area reloads its texts in English (a loader replaces it meanwhile): wait for them, so
    // the panel opened next is not closed by that reload.
    await page.getByRole('button', { name: /^Open channel info/ }).waitFor();
    await page.getByTestId('nav-burger').click();
    await expect.poll(() => page.getByTestId('sidebar-tags').textContent()).toBe('Tags');
    await checkScreen(page, '71-channel-nav-panel-phone-en');
    await page.setViewportSize(DESKTOP);
    await page.goto(url(`/qrchannel/channel/create?channel_id=${ids.first}`));
    await page.getByTestId('create-next').click();
    await page.getByText('Please enter a channel name').waitFor();
    await checkScreen(page, '72-channel-create-desktop-en');
  });

  it('asks in English on desktop', async () => {
    const listId = await sendlistOf(ids.first, 'Regulars');
    await openSendlistEdit(ids.first, listId);
    await switcher().selectOption(ids.second);
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('Switch channel?');
    await photographQuestion('72-switch-confirm-dialog-desktop-en');
    await cancelQuestion('Cancel');
    expect(await switcher().inputValue()).toBe(ids.first);
    await page.getByTestId('sendlist-name').fill('Regulars, weekdays');
    await page.getByTestId('sidebar-coupons').click();
    await ok().waitFor();
    expect(await dialog().textContent()).toContain('Leaving this page discards it');
    await photographQuestion('72-leave-dialog-desktop-en');
    await cancelQuestion('Cancel');
    expect(await page.getByTestId('sendlist-name').inputValue()).toBe('Regulars, weekdays');
    await page.getByTestId('sidebar-coupons').click();
    await ok().click();
    await page.waitForURL(`**/qrchannel/coupon/list?channel_id=${ids.first}`);
  });
});
