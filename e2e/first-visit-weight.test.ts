import { paths } from '@qrqr/shared/paths';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { measure, type PageCase } from './support/page-weight';
import { type RunningServer, startServer } from './support/server';

/**
 * What a guest's first visit costs on a phone: the top page and sign-in stay under their budgets of
 * compressed JavaScript on the wire, headers included (144.5 and 146.0 KB when last measured, with
 * the shared package loaded by entry point, the app's own translator in place of i18next, its own
 * router in place of React Router and its own forms in place of react-hook-form; React DOM is
 * ~60 KB of it), and their first paint loads no
 * dialog, date picker, toast, number box, QR renderer or zod (those load on first use).
 * `npm run bench:web-weight` prints the same figures.
 */

const KB = 1024;
const home: PageCase = {
  path: paths.home,
  label: '/',
  jsBudget: 146 * KB,
  ready: '[data-testid="create-panel"]',
};
const signin: PageCase = {
  path: paths.signin,
  label: paths.signin,
  jsBudget: 148 * KB,
  ready: 'input[name="password"]',
};
const LATER =
  /\/assets\/(overlays|dates|notifications|number-input|qr|validation|charts|controls|combobox|[\w-]+-schemas)-/;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('first visit', () => {
  for (const page of [home, signin]) {
    it(`${page.label} transfers under ${page.jsBudget / KB} KB of JavaScript, compressed, and nothing it does not show`, async () => {
      const weight = await measure(browser, page, `${server.url}${page.path}`);
      const list = weight.files.map((f) => `${f.url} ${f.bytes}`).join('\n');
      expect(weight.jsBytes, list).toBeLessThan(page.jsBudget);
      expect(weight.files.filter((f) => LATER.test(f.url)).map((f) => f.url)).toEqual([]);
      // A few grouped files, not dozens of tiny ones (each costs a round trip and its headers).
      expect(weight.jsCount, list).toBeLessThan(20);
    });
  }
});
