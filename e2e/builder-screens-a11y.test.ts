import { paths } from '@qrqr/shared/paths';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkScreen } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';

/**
 * axe on the operator's builder screens (the channel's settings, a message, a welcome message, a
 * coupon, a send list, a Wi-Fi welcome page), as a fresh operator opens them, in Japanese at
 * 375 px and on a computer: no serious or critical finding (support/browser.ts checkScreen).
 */

const operator = { email: `builders-${Date.now()}@example.jp`, userName: '作る人', password: 'builders2026' };
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  ({ channelId } = await signUpOperatorWithChannel(page, server.url, operator, 'はなみずき生花店'));
});

afterAll(() => session?.stop());

/** Each builder's address and what shows once it is ready. */
const BUILDERS = [
  ['channel-settings', paths.channelUpdate, 'form'],
  ['message', paths.channelMessageCreate, '[data-testid="message-push-text"]'],
  ['welcome-message', paths.channelWelcomeCreate, '[data-testid="welcome-push-text"]'],
  ['coupon', paths.channelCouponCreate, 'form'],
  ['send-list', paths.channelSendlistCreate, 'form'],
  ['wifi-page', paths.wifiWelcomeCreate, '[data-testid="wifi-create-page"]'],
] as const;

describe.each([
  ['375', PHONE],
  ['desktop', DESKTOP],
] as const)('the builder screens in Japanese (%s)', (label, viewport) => {
  it.each(BUILDERS)('%s has no serious or critical axe finding', async (name, path, ready) => {
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}${path}?channel_id=${channelId}`);
    await page.locator(ready).first().waitFor();
    await page.waitForFunction(() => {
      const app = document.getElementById('app');
      return app !== null && !app.hasAttribute('inert') && !app.hasAttribute('data-layout');
    });
    await checkScreen(page, `a11y-${name}-${label}-ja`);
  });
});
