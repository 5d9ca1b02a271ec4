import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, linkFromMailbox, screenshot, seriousA11yViolations } from './support/browser';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { type NewMember, signUpThroughApi } from './support/sign-up';

/**
 * Sharing a read log: the owner invites a colleague from the list's share dialog (every
 * rule's message in the form), the colleague opens the mailed link, signs in and finds the code
 * in the shared tab with exactly the allowed actions; another account signing in with the link
 * gets the mismatch message; the owner revokes. Photographed (e2e/artifacts/sharing-*) at 375 px
 * and on a desktop, in Japanese and in English.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PASSWORD = 'Secret123';
// Addresses of this run's own: the server is shared with the worker's other files (one signing
// up the same address first would leave this file activating with an old mail's link).
const stamp = Date.now();
const owner: NewMember = { email: `owner-${stamp}@example.test`, userName: '山田花子', password: PASSWORD };
const colleague: NewMember = {
  email: `colleague-${stamp}@example.test`,
  userName: '佐藤一郎',
  password: PASSWORD,
};
const stranger: NewMember = { email: `stranger-${stamp}@example.test`, userName: '他人', password: PASSWORD };

let ownerPage: Page;
let colleaguePage: Page;
let strangerPage: Page;
let code: QrCodeDto;
let invitationLink = '';

const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function check(page: Page, name: string, options: { dialog?: boolean } = {}) {
  await page.waitForLoadState('networkidle');
  await settled(page);
  await screenshot(page, name, { fullPage: !options.dialog });
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
}

async function memberPage(member: NewMember): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  contexts.push(context);
  const page = await context.newPage();
  await signUpThroughApi(page, server.url, member);
  return page;
}

async function setLanguage(page: Page, lang: 'ja' | 'en') {
  await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
}

async function signOut(page: Page) {
  // A fresh page: activation started a new session, so the token of the page before it is stale.
  await page.goto(`${server.url}/qrcode/list`);
  const token = await page.getAttribute('meta[name="csrf-token"]', 'content');
  const res = await page.request.post(`${server.url}/auth/qrqrid/signout`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
    data: {},
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openShareDialog(page: Page) {
  await page.goto(`${server.url}/qrcode/list`);
  await page
    .getByTestId('code-row')
    .filter({ hasText: '春のメニュー' })
    .first()
    .getByTestId('row-actions')
    .click();
  await page.getByTestId('action-share').click();
  await page.getByTestId('share-panel').waitFor();
}

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
  ownerPage = await memberPage(owner);
  colleaguePage = await memberPage(colleague);
  strangerPage = await memberPage(stranger);
  await signOut(colleaguePage);
  await signOut(strangerPage);
  // The code to share, made through the API (the create form has its own flows).
  await ownerPage.goto(`${server.url}/qrcode/list`);
  const token = await ownerPage.getAttribute('meta[name="csrf-token"]', 'content');
  const res = await ownerPage.request.post(`${server.url}/qrcode/create/`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
    data: { tab: 0, url: 'https://example.jp/spring', title: '春のメニュー', analysis_type: 1 },
  });
  expect(res.ok()).toBe(true);
  code = ((await res.json()) as { qrcode: QrCodeDto }).qrcode;
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

describe('sharing a read log', () => {
  it("shows every rule's message in the share dialog", async () => {
    await openShareDialog(ownerPage);
    await expect.poll(() => ownerPage.getByTestId('share-access-empty').isVisible()).toBe(true);
    await check(ownerPage, 'sharing-dialog-empty-desktop-ja', { dialog: true });

    const form = ownerPage.getByTestId('share-form');
    await ownerPage.getByTestId('share-submit').click();
    await expect.poll(() => form.textContent()).toContain('共有するメールアドレスを入力してください');

    await ownerPage.getByTestId('share-addresses').fill('a@example.test\nA@example.test');
    await ownerPage.getByTestId('share-submit').click();
    await expect
      .poll(() => ownerPage.getByTestId('share-address-errors').textContent())
      .toContain('A@example.test：同じメールアドレスが重複しています');

    await ownerPage.getByTestId('share-addresses').fill(owner.email);
    await ownerPage.getByTestId('share-permission-view').uncheck();
    await ownerPage.getByTestId('share-submit').click();
    await expect.poll(() => form.textContent()).toContain('権限にチェックを入れてください');

    // Yourself is a rule only the server knows (it knows who you are).
    await ownerPage.getByTestId('share-permission-view').check();
    await ownerPage.getByTestId('share-submit').click();
    await expect
      .poll(() => ownerPage.getByTestId('share-address-errors').textContent())
      .toContain(`${owner.email}：自分自身には共有できません`);
    const many = Array.from({ length: 31 }, (_, i) => `p${i}@example.test`).join(', ');
    await ownerPage.getByTestId('share-addresses').fill(many);
    await ownerPage.getByTestId('share-submit').click();
    await expect.poll(() => form.textContent()).toContain('一度に共有できるメールアドレスは30件までです');
    await check(ownerPage, 'sharing-dialog-errors-desktop-ja', { dialog: true });
  });

  it('invites the colleague with view and edit title', async () => {
    await ownerPage.getByTestId('share-addresses').fill(colleague.email);
    await ownerPage.getByTestId('share-permission-edit_title').check();
    await ownerPage.getByTestId('share-submit').click();
    const entry = ownerPage.locator(`[data-testid="share-entry"][data-email="${colleague.email}"]`);
    await expect.poll(() => entry.textContent()).toContain('招待中');
    expect(await entry.textContent()).toContain('アクセスログの閲覧・タイトルの編集');
    await check(ownerPage, 'sharing-dialog-invited-desktop-ja', { dialog: true });
    // Already invited: the server's rule, in the form.
    await ownerPage.getByTestId('share-addresses').fill(colleague.email);
    await ownerPage.getByTestId('share-submit').click();
    await expect
      .poll(() => ownerPage.getByTestId('share-address-errors').textContent())
      .toContain(`${colleague.email} はすでに共有されています`);
    invitationLink = await linkFromMailbox(ownerPage, server.url, '/auth/qrqrid/signin?code=');
    expect(invitationLink).toContain(`${server.url}/auth/qrqrid/signin?code=`);
  });

  it('refuses another account signing in through the link, with the mismatch message', async () => {
    await strangerPage.goto(invitationLink);
    const note = strangerPage.getByTestId('invite-note');
    await expect
      .poll(() => note.textContent())
      .toContain('山田花子 さんが「春のメニュー」のアクセスログをあなたと共有しました。');
    // The invited address is filled in; someone else replaces it with their own.
    expect(await strangerPage.inputValue('input[name="email"]')).toBe(colleague.email);
    await strangerPage.fill('input[name="email"]', stranger.email);
    await strangerPage.fill('input[name="password"]', PASSWORD);
    await strangerPage.click('button[type="submit"]');
    await expect
      .poll(() => strangerPage.getByTestId('form-error').textContent())
      .toContain(
        '招待されたアカウントとログイン中のアカウントが異なります。別のアカウントでログインするか、招待した方にお問い合わせください。',
      );
    await check(strangerPage, 'sharing-mismatch-desktop-ja');
    await strangerPage.setViewportSize(PHONE);
    await check(strangerPage, 'sharing-mismatch-phone-ja');
  });

  it('shows another account already signed in the mismatch message at once, no "accept", and offers the switch', async () => {
    await strangerPage.setViewportSize(DESKTOP);
    await strangerPage.goto(`${server.url}/auth/qrqrid/signin`);
    await strangerPage.fill('input[name="email"]', stranger.email);
    await strangerPage.fill('input[name="password"]', PASSWORD);
    await strangerPage.click('button[type="submit"]');
    await expect.poll(() => new URL(strangerPage.url()).pathname).not.toBe('/auth/qrqrid/signin');
    await setLanguage(strangerPage, 'en');
    await strangerPage.goto(invitationLink);
    const note = strangerPage.getByTestId('invite-note');
    await expect
      .poll(() => strangerPage.getByTestId('invite-mismatch').textContent())
      .toBe(
        'The invited account and the logged-in account differ. Log in with another account or contact the person who invited you.',
      );
    expect(await note.textContent()).toContain('"春のメニュー"');
    // Nothing to press that would fail, and the invited address is not shown to this account.
    expect(await strangerPage.getByTestId('invite-accept').count()).toBe(0);
    expect(await note.textContent()).not.toContain(colleague.email);
    await check(strangerPage, 'sharing-accept-mismatch-desktop-en');
    await setLanguage(strangerPage, 'ja');
    await strangerPage.setViewportSize(PHONE);
    await strangerPage.reload();
    await expect
      .poll(() => strangerPage.getByTestId('invite-mismatch').textContent())
      .toBe(
        '招待されたアカウントとログイン中のアカウントが異なります。別のアカウントでログインするか、招待した方にお問い合わせください。',
      );
    expect(await note.textContent()).toContain('「春のメニュー」');
    expect(await strangerPage.getByTestId('invite-accept').count()).toBe(0);
    await check(strangerPage, 'sharing-accept-mismatch-phone-ja');
    // "Another account" signs out and leaves the link's form for the invited address.
    await strangerPage.getByTestId('invite-switch').click();
    await expect.poll(() => note.textContent()).toContain(`招待されたメールアドレス（${colleague.email}）`);
    expect(await strangerPage.inputValue('input[name="email"]')).toBe(colleague.email);
    expect(await strangerPage.getByTestId('invite-accept').count()).toBe(0);
    expect(await strangerPage.getByTestId('invite-mismatch').count()).toBe(0);
  });

  it('lets the colleague sign in through the link and land on the read log', async () => {
    await colleaguePage.setViewportSize(PHONE);
    await colleaguePage.goto(invitationLink);
    await expect.poll(() => colleaguePage.getByTestId('invite-note').isVisible()).toBe(true);
    expect(await colleaguePage.inputValue('input[name="email"]')).toBe(colleague.email);
    await check(colleaguePage, 'sharing-invited-signin-phone-ja');
    await colleaguePage.fill('input[name="password"]', PASSWORD);
    await colleaguePage.click('button[type="submit"]');
    await colleaguePage.waitForURL(`**/qrcode/analytics/${code.id}`);
    // The read log with the share panel: what they may do, and no owner's settings.
    await expect
      .poll(() => colleaguePage.getByTestId('share-my-permissions').textContent())
      .toContain('できること：アクセスログの閲覧・タイトルの編集');
    expect(await colleaguePage.locator('[data-region="settings"]').textContent()).toBe('');
    expect(await colleaguePage.getByTestId('share-form').count()).toBe(0);
    await check(colleaguePage, 'sharing-readlog-recipient-phone-ja');
  });

  it('takes an invitee without an account from the link to sign-up, past no sign-in form, and lands on that read log', async () => {
    const newcomer: NewMember = {
      email: `newcomer-${stamp}@example.test`,
      userName: '新人',
      password: PASSWORD,
    };
    await ownerPage.goto(`${server.url}/qrcode/analytics/${code.id}`);
    await ownerPage.getByTestId('share-addresses').fill(newcomer.email);
    await ownerPage.getByTestId('share-submit').click();
    await expect
      .poll(() => ownerPage.locator(`[data-testid="share-entry"][data-email="${newcomer.email}"]`).count())
      .toBe(1);
    await check(ownerPage, 'sharing-readlog-owner-desktop-ja');
    const token = await ownerPage.getAttribute('meta[name="csrf-token"]', 'content');
    const link = await linkFromMailbox(ownerPage, server.url, '/auth/qrqrid/signin?code=');
    // A second invitation to the same address, mailed later: the first link must still lead to
    // the first code's read log, not to the newest invitation.
    const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' };
    const later = await ownerPage.request.post(`${server.url}/qrcode/create/`, {
      headers,
      data: { tab: 0, url: 'https://example.jp/summer', title: '夏のメニュー', analysis_type: 1 },
    });
    const laterCode = ((await later.json()) as { qrcode: QrCodeDto }).qrcode;
    const invited = await ownerPage.request.post(`${server.url}/qrcode/share/input`, {
      headers,
      data: { id: laterCode.id, emails: [newcomer.email], permissions: ['view'] },
    });
    expect(invited.ok()).toBe(true);

    const context = await browser.newContext({ viewport: PHONE, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    contexts.push(context);
    const page = await context.newPage();
    // Hold the invitation look-up: until it answers, the sign-in screen cannot know that this
    // address has no account, and must offer no sign-in form meanwhile.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/qrcode/share/invitation?*', async (route) => {
      await held;
      await route.continue();
    });
    // Notes whether a password field ever enters the page, even for one frame.
    await page.addInitScript(() => {
      const w = window as unknown as { sawPasswordField?: boolean };
      new MutationObserver(() => {
        if (document.querySelector('input[name="password"]')) w.sawPasswordField = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(link);
    const checking = page.getByRole('status').filter({ hasText: '招待を確認しています' });
    await expect.poll(() => checking.isVisible()).toBe(true);
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.locator('button[type="submit"]').count()).toBe(0);
    expect(await page.locator('input[name="password"]').count()).toBe(0);
    // The loader turns forever, so no "animations settled" wait before this photo.
    await screenshot(page, 'sharing-invite-checking-phone-ja');
    expect(await seriousA11yViolations(page), 'axe on the invitation check').toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/auth/qrqrid/signin');
    answer();
    // Known now: no account for this address, so on to sign-up, the sign-in form never shown.
    const note = page.getByTestId('signup-invite-note');
    await expect
      .poll(() => note.textContent())
      .toContain(`招待されたメールアドレス（${newcomer.email}）で登録`);
    expect(await note.textContent()).toContain(
      '山田花子 さんが「春のメニュー」のアクセスログをあなたと共有しました。',
    );
    expect(new URL(page.url()).pathname).toBe('/auth/qrqrid/signup');
    expect(await page.evaluate(() => (window as { sawPasswordField?: boolean }).sawPasswordField)).toBe(
      undefined,
    );
    expect(await page.inputValue('input[name="email"]')).toBe(newcomer.email);
    await check(page, 'sharing-invited-signup-phone-ja');

    // The same sign-up link in English on a desktop.
    const english = await browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      timezoneId: 'Asia/Tokyo',
    });
    contexts.push(english);
    await english.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    const enPage = await english.newPage();
    await enPage.goto(page.url());
    const enNote = enPage.getByTestId('signup-invite-note');
    await expect
      .poll(() => enNote.textContent())
      .toContain(`Register with the invited address (${newcomer.email})`);
    expect(await enPage.inputValue('input[name="email"]')).toBe(newcomer.email);
    await check(enPage, 'sharing-invited-signup-desktop-en');

    await page.click('button[type="submit"]');
    // The app moves there without a page load: watch the address itself.
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 60_000 })
      .toBe('/auth/qrqrid/signup/sent');
    // The activation link opened in another browser still lands on the shared read log: the
    // server, not this browser, knows the invitation.
    const activationLink = await linkFromMailbox(page, server.url, '/auth/qrqrid/activate?');
    const other = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    contexts.push(other);
    const otherPage = await other.newPage();
    await otherPage.goto(activationLink);
    await otherPage.waitForSelector('input[name="user_name"]');
    expect(await otherPage.getByTestId('activate-email').textContent()).toBe(newcomer.email);
    await otherPage.fill('input[name="user_name"]', newcomer.userName);
    await otherPage.fill('input[name="password"]', newcomer.password);
    await otherPage.fill('input[name="password_confirmation"]', newcomer.password);
    await otherPage.click('button[type="submit"]');
    // Activation hashes the password and then opens the log: generous on a loaded machine.
    await otherPage.waitForURL(`**/qrcode/analytics/${code.id}`, { timeout: 60_000 });
    // Both invitations were accepted; the link used decided only where to land.
    await otherPage.goto(`${server.url}/qrcode/list?tab=2`);
    await expect.poll(() => otherPage.getByTestId('code-row').count()).toBe(2);
    await otherPage.goto(`${server.url}/qrcode/analytics/${code.id}`);
    await expect
      .poll(() => otherPage.getByTestId('share-my-permissions').textContent())
      .toContain('できること：アクセスログの閲覧');
  });

  it('shows the colleague the code in the shared tab with exactly the allowed actions', async () => {
    for (const [lang, size] of [
      ['ja', 'phone'],
      ['ja', 'desktop'],
      ['en', 'desktop'],
      ['en', 'phone'],
    ] as const) {
      await setLanguage(colleaguePage, lang);
      await colleaguePage.setViewportSize(size === 'phone' ? PHONE : DESKTOP);
      await colleaguePage.goto(`${server.url}/qrcode/list?tab=2`);
      const row = colleaguePage.getByTestId('code-row').filter({ hasText: '春のメニュー' });
      await expect.poll(() => row.count()).toBe(1);
      const sharedBy = await row.getByTestId('code-shared-by').textContent();
      expect(sharedBy).toContain(lang === 'ja' ? 'オーナー：山田花子' : 'Owner: 山田花子');
      expect(sharedBy).toContain(
        lang === 'ja' ? 'アクセスログの閲覧・タイトルの編集' : 'View the read log, Edit the title',
      );
      await check(colleaguePage, `sharing-shared-tab-${size}-${lang}`);
      await row.getByTestId('row-actions').click();
      await colleaguePage.getByTestId('action-download').waitFor();
      const actions = await colleaguePage
        .locator('[data-testid^="action-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(actions.sort()).toEqual(['action-analytics', 'action-download', 'action-share', 'action-title']);
      await check(colleaguePage, `sharing-shared-actions-${size}-${lang}`, { dialog: true });
      await colleaguePage.keyboard.press('Escape');
    }
    // Edit title works for them; their share dialog shows only what they may do.
    await setLanguage(colleaguePage, 'ja');
    await colleaguePage.goto(`${server.url}/qrcode/list?tab=2`);
    const row = colleaguePage.getByTestId('code-row').filter({ hasText: '春のメニュー' });
    await row.getByTestId('row-actions').click();
    await colleaguePage.getByTestId('action-share').click();
    await expect
      .poll(() => colleaguePage.getByTestId('share-my-permissions').textContent())
      .toContain('できること：アクセスログの閲覧・タイトルの編集');
    expect(await colleaguePage.getByTestId('share-form').count()).toBe(0);
    await check(colleaguePage, 'sharing-recipient-dialog-phone-ja', { dialog: true });
  });

  it('lets the owner see and revoke the access, in English too', async () => {
    await setLanguage(ownerPage, 'en');
    await ownerPage.setViewportSize(PHONE);
    await openShareDialog(ownerPage);
    const entry = ownerPage.locator(`[data-testid="share-entry"][data-email="${colleague.email}"]`);
    await expect.poll(() => entry.textContent()).toContain('佐藤一郎');
    expect(await entry.textContent()).toContain('View the read log, Edit the title');
    await check(ownerPage, 'sharing-dialog-accepted-phone-en', { dialog: true });
    await entry.getByTestId('share-release').click();
    // The confirmation's own button (the entry's button has the same name and stays under the dialog).
    const release = ownerPage.getByTestId('confirm-ok');
    expect(await release.textContent()).toBe('Release');
    await release.click();
    await expect
      .poll(() => ownerPage.locator(`[data-testid="share-entry"][data-email="${colleague.email}"]`).count())
      .toBe(0);
    await check(ownerPage, 'sharing-dialog-revoked-phone-en', { dialog: true });

    await colleaguePage.goto(`${server.url}/qrcode/list?tab=2`);
    await expect.poll(() => colleaguePage.getByTestId('code-row').count()).toBe(0);
    await check(colleaguePage, 'sharing-shared-tab-empty-phone-ja');
  });
});
