import type { Page } from 'playwright-core';
import { linkFromMailbox } from './browser';

export interface NewMember {
  email: string;
  userName: string;
  password: string;
}

/** From the open sign-up screen: sends the address, follows the mailed link and activates the account. */
export async function signUpFromScreen(page: Page, baseUrl: string, member: NewMember): Promise<void> {
  await page.fill('input[name="email"]', member.email);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/auth/qrqrid/signup/sent');
  await page.goto(await linkFromMailbox(page, baseUrl, '/auth/qrqrid/activate?'));
  await page.waitForSelector('input[name="user_name"]');
  await page.fill('input[name="user_name"]', member.userName);
  await page.fill('input[name="password"]', member.password);
  await page.fill('input[name="password_confirmation"]', member.password);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/auth/qrqrid/activate/complete');
}
