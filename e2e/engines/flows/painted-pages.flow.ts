import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Viewport } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * The pages the server paints (the top page and sign-in for a guest, the QR list and the read log
 * for a member) taken over by the app in every engine, in Japanese on a computer and a phone:
 * Firefox threw React's #418 (the server's text differed from its own, which carried the phrase
 * marks) at 1280 px, and a blocked eval (zod trying `new Function` under the CSP) with every form.
 * No page may log an error, and the tab title never holds a phrase mark; the marks stay in the
 * text Firefox and WebKit show, where they make the line breaks.
 */

let flow: Flow;
beforeAll(async () => {
  flow = await startFlow();
});
afterAll(() => flow?.stop());

/** Opens `path`, waits until the app has taken the painted page over, and checks what it logged. */
async function takenOver(page: FlowPage, path: string, shows: string): Promise<void> {
  await page.goto(path);
  await page.waitForText(shows);
  await page.waitUntil('the app took the painted page over', () => {
    const app = document.getElementById('app');
    return Boolean(app && !app.hasAttribute('data-layout') && !app.hasAttribute('inert'));
  });
  // Whatever React reports about the takeover is logged by now; a form's first check loads zod.
  await new Promise((r) => setTimeout(r, 500));
  await page.gatherProblems();
  expect(page.problems).toEqual([]);
  const { title, marks } = await page.raw.evaluate(() => ({
    title: document.title,
    marks: (document.getElementById('app')?.textContent ?? '').includes('\u200b'),
  }));
  expect(title).not.toContain('\u200b');
  // Chromium breaks by phrases itself (auto-phrase); the others break at the build's marks.
  expect(marks).toBe(page.engine !== 'chromium');
}

describe.each<[string, Viewport]>([
  ['ja-desktop', DESKTOP],
  ['ja-phone', PHONE],
])('in Japanese (%s)', (label, viewport) => {
  let page: FlowPage;
  let code: QrCodeDto;
  beforeAll(async () => {
    page = await flow.open(label, { viewport, locale: 'ja-JP' });
  });

  it('a guest opens the top page and sign-in, and checks an empty form', async () => {
    await takenOver(page, '/', 'QRコード');
    await page.click('[data-testid="create-form-url"] [data-testid="create-submit"]');
    await page.waitForText('URLを入力してください');
    await takenOver(page, '/auth/qrqrid/signin', 'ログイン');
    await page.click('button[type="submit"]');
    await page.waitUntil('the form checked', () => document.querySelector('[aria-invalid="true"]') !== null);
    await page.gatherProblems();
    expect(page.problems).toEqual([]);
  });

  it('a member opens the QR list and a read log', async () => {
    await page.signUp({
      email: `painted-${label}-${Date.now()}@example.jp`,
      userName: '山田花子',
      password: 'engines2026',
    });
    ({ qrcode: code } = await page.api<{ qrcode: QrCodeDto }>('POST', '/qrcode/create/', {
      tab: 0,
      url: 'https://example.jp/spring',
      title: '春のメニュー',
      analysis_type: 1,
    }));
    await takenOver(page, '/qrcode/list', '春のメニュー');
    await takenOver(page, `/qrcode/analytics/${code.id}`, '春のメニュー');
  });
});
