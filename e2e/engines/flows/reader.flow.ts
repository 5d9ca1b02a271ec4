import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codePng } from '../../support/fake-camera';
import { DESKTOP, type OpenOptions, PHONE } from '../engine';
import { type Flow, startFlow } from '../flow';

/**
 * The reader in every engine: a photo of a secret code, chosen from the files, is decoded in the
 * page (the decoder's WebAssembly) and resolved by the server, on a phone in Japanese and on a
 * computer in English; its service worker registers.
 */

let flow: Flow;
const files: string[] = [];
beforeAll(async () => {
  flow = await startFlow();
});
afterAll(async () => {
  await flow?.stop();
  for (const file of files) fs.rmSync(file, { force: true });
});

describe.each([
  ['ja-phone', { viewport: PHONE, locale: 'ja-JP' }, '本日のおすすめ：抹茶ラテ 500円'],
  ['en-desktop', { viewport: DESKTOP, locale: 'en-US' }, 'Today: matcha latte 500 yen'],
] as const)('the reader (%s)', (label, options: OpenOptions, text) => {
  it('reads a secret code from a photo and shows what it holds', async () => {
    const page = await flow.open(label, options);
    await page.goto('/');
    await page.waitFor('[data-testid="create-form-url"]');
    const { qrcode } = await page.api<{ qrcode: QrCodeDto }>('POST', '/qrcode/create/', {
      tab: 1,
      analysis_type: 2,
      text,
    });
    // A secret code holds only a key: the text comes from the server when it is read.
    expect(qrcode.payload).not.toContain(text);
    const photo = path.join(os.tmpdir(), `qrqr-${flow.engine}-${label}-${Date.now()}.png`);
    fs.writeFileSync(photo, await codePng(qrcode.payload, 10));
    files.push(photo);

    await page.goto('/reader');
    await page.waitFor('[data-testid="scan-camera"]');
    await page.shot('reader-01-start');
    await page.raw.upload('[data-testid="scan-photo"]', photo);
    await page.waitFor('[data-testid="result"]');
    expect(
      await page.raw.evaluate(() =>
        document.querySelector('[data-testid="result"]')?.getAttribute('data-kind'),
      ),
    ).toBe('text');
    expect(await page.text('[data-testid="result-text"]')).toBe(text);
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('reader-02-photo-result');
    // The reader's service worker (offline scanning) registers in every engine.
    await page.waitUntil('the reader service worker', async () =>
      Boolean(await navigator.serviceWorker?.getRegistration('/reader')),
    );
  });
});
