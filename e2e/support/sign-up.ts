import { isSuccess } from '@qrqr/shared/error-codes';
import { api, paths } from '@qrqr/shared/paths';
import type { APIRequestContext, APIResponse, Browser, BrowserContextOptions, Page } from 'playwright-core';
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
 * Signs a member up through the HTTP API only, with the page's own request client (it shares the
 * browser context's cookies), so the page ends signed in without loading a screen: the calls the
 * sign-up and activation screens make (the screens have tests of their own), the activation link
 * from the dev mailbox's JSON unless `mailedLink` finds it (a server behind TRUST_PROXY has no
 * mailbox). `language` is what the sign-up screen sends (the mail's and the account's language).
 * Checks the session answers the member afterwards.
 */
export async function signUpThroughApi(
  page: Page,
  baseUrl: string,
  member: NewMember,
  {
    language = 'ja',
    mailedLink,
  }: { language?: 'ja' | 'en'; mailedLink?: (pathPart: string) => Promise<string> } = {},
): Promise<void> {
  const request = page.request;
  // The guest session gives the sid cookie and the CSRF token bound to it.
  const guest = await sessionParams(request, baseUrl);
  await post(request, baseUrl, api.signup, guest.csrfToken, { email: member.email, language });
  const link = mailedLink
    ? new URL(await mailedLink(`${paths.activate}?`), baseUrl)
    : await activationLink(request, baseUrl, member.email);
  const activated = (await post(request, baseUrl, api.activate, guest.csrfToken, {
    user_name: member.userName,
    company_name: '',
    user_id: link.searchParams.get('user_id'),
    password: member.password,
    confirmation_code: link.searchParams.get('confirmation_code'),
  })) as { csrf_token?: string };
  if (!activated.csrf_token) throw new Error(`activation of ${member.email} answered no CSRF token`);
  const signedIn = await sessionParams(request, baseUrl);
  if (signedIn.isGuest || signedIn.userName !== member.userName) {
    throw new Error(
      `after activating ${member.email} the session is not theirs: ${JSON.stringify(signedIn)}`,
    );
  }
}

interface SessionParams {
  csrfToken: string;
  isGuest: boolean;
  userName: string;
}

async function sessionParams(request: APIRequestContext, baseUrl: string): Promise<SessionParams> {
  const body = (await json(await request.get(`${baseUrl}${api.session}`))) as { params: SessionParams };
  return body.params;
}

/** A POST as the web app sends it: JSON, X-Requested-With and the CSRF token of the sid. */
async function post(
  request: APIRequestContext,
  baseUrl: string,
  path: string,
  csrfToken: string,
  body: unknown,
): Promise<unknown> {
  const answer = await request.post(`${baseUrl}${path}`, {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': csrfToken,
    },
    data: body,
  });
  const parsed = await json(answer);
  if (!isSuccess(parsed)) throw new Error(`POST ${path} answered ${JSON.stringify(parsed)}`);
  return parsed;
}

async function json(answer: APIResponse): Promise<unknown> {
  if (!answer.ok()) throw new Error(`${answer.url()} answered ${answer.status()}: ${await answer.text()}`);
  return answer.json();
}

/** The activation link of the newest mail to `email` in the dev mailbox. */
async function activationLink(request: APIRequestContext, baseUrl: string, email: string): Promise<URL> {
  const { mails } = (await json(await request.get(`${baseUrl}/dev/mailbox.json`))) as {
    mails: { to_address: string; text_body: string }[];
  };
  const mail = mails.find(
    (m) => m.to_address === email.toLowerCase() && m.text_body.includes(`${paths.activate}?`),
  );
  const href = mail?.text_body.split(/\s+/).find((word) => word.includes(`${paths.activate}?`));
  if (!href) throw new Error(`no activation mail to ${email} in the dev mailbox`);
  return new URL(href);
}

/**
 * A new member in a browser of their own: a fresh context (a Japanese phone in Tokyo that accepts
 * downloads, unless `options` say otherwise) signed up through the API (no screen loaded yet).
 * Answers its page.
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
  await signUpThroughApi(page, baseUrl, member);
  return page;
}
