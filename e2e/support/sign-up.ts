import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { linkFromMailbox } from './browser';

export interface NewMember {
  email: string;
  userName: string;
  password: string;
}

/**
 * From the open sign-up screen: sends the address, follows the mailed link and activates the
 * account. `mailedLink` finds the activation link; by default in the dev mailbox, which a server
 * behind TRUST_PROXY does not have.
 */
export async function signUpFromScreen(
  page: Page,
  baseUrl: string,
  member: NewMember,
  mailedLink: (pathPart: string) => Promise<string> = (pathPart) => linkFromMailbox(page, baseUrl, pathPart),
): Promise<void> {
  await page.fill('input[name="email"]', member.email);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/auth/qrqrid/signup/sent');
  await page.goto(await mailedLink('/auth/qrqrid/activate?'));
  await page.waitForSelector('input[name="user_name"]');
  await page.fill('input[name="user_name"]', member.userName);
  await page.fill('input[name="password"]', member.password);
  await page.fill('input[name="password_confirmation"]', member.password);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/auth/qrqrid/activate/complete');
}

/**
 * A new member in a browser of their own: a fresh context (a Japanese phone in Tokyo that accepts
 * downloads, unless `options` say otherwise) signed up through the screens. Answers its page.
 */
export async function newMemberPage(
  browser: Browser,
  baseUrl: string,
  member: NewMember,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    acceptDownloads: true,
    ...options,
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/qrqrid/signup`);
  await signUpFromScreen(page, baseUrl, member);
  return page;
}
