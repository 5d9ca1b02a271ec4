import type { Page } from 'playwright-core';
import type { FlowPage } from '../engines/flow';

/**
 * The steps of a code's design panel, written once for both page APIs: the Chromium tests'
 * playwright Page (`onPlaywright`) and the cross-engine flows' FlowPage (`onFlow`). Each step
 * needs only these four moves.
 */
export interface DesignDriver {
  /** Clicks the first shown element matching `within` whose text contains `text`. */
  clickText(text: string, within: string): Promise<void>;
  /** Chooses an option of a <select> by value. */
  select(selector: string, value: string): Promise<void>;
  /** Polls a function in the page until it answers true. */
  waitUntil<A>(what: string, fn: (arg: A) => boolean, arg: A): Promise<unknown>;
}

export function onPlaywright(page: Page): DesignDriver {
  return {
    clickText: (text, within) => page.locator(within).filter({ hasText: text }).first().click(),
    select: async (selector, value) => {
      await page.locator(selector).selectOption(value);
    },
    // The function is sent to the page as its source: its argument only as JSON.
    waitUntil: (_what, fn, arg) => page.waitForFunction(fn as (arg: unknown) => boolean, arg),
  };
}

export function onFlow(page: FlowPage): DesignDriver {
  return {
    clickText: (text, within) => page.clickText(text, within),
    select: async (selector, value) => {
      await page.waitFor(selector);
      await page.raw.select(selector, value);
    },
    waitUntil: (what, fn, arg) => page.waitUntil(what, fn, arg),
  };
}

const shown = (selector: string) =>
  Array.from(document.querySelectorAll<HTMLElement>(selector)).some((e) => e.offsetParent !== null);

/** From a code's download dialog: its design section (`label` is the tab's text, デザイン/Design). */
export async function openDesignPanel(d: DesignDriver, label: string): Promise<void> {
  await d.clickText(label, '[data-testid="dialog-section"] label');
  await d.waitUntil('the design panel', shown, '[data-testid="design-panel"]');
}

/**
 * A logo chosen by its option's value (a channel's id, or a member's own picture) at the size of
 * `sizeLabel`, then drawn in the preview (a data: URL inside the SVG).
 */
export async function chooseLogo(d: DesignDriver, value: string, sizeLabel: string): Promise<void> {
  // An option of a closed select has no box of its own in every engine: waited for as there.
  await d.waitUntil(
    'the logo among the choices',
    (v) => Boolean(document.querySelector(`[data-testid="design-logo"] option[value="${v}"]`)),
    value,
  );
  await d.select('[data-testid="design-logo"]', value);
  await d.clickText(sizeLabel, '[data-testid="design-logo-size"] label');
  await d.waitUntil('the logo in the preview', previewHasImage, undefined);
}

const previewHasImage = () =>
  decodeURIComponent(
    document.querySelector('[data-testid="design-preview"]')?.getAttribute('src') ?? '',
  ).includes('<image');

/** A call to action under the code, by its id (`coupon`, `menu`, …). */
export function chooseCallToAction(d: DesignDriver, id: string): Promise<void> {
  return d.select('[data-testid="design-cta"]', id);
}

/** A channel's icon to draw and upload: a gold disc on red, or a white square on blue. */
export const drawnChannelIcon = (channelId: number, disc = true) => ({
  path: `/api/qrchannel/${channelId}/image?kind=icon`,
  ground: disc ? '#e60012' : '#1f3a93',
  mark: disc ? '#ffd700' : '#ffffff',
  disc,
});

/**
 * Runs inside the page (passed to `evaluate`, so it uses nothing from outside): draws a 160 × 120
 * picture (a disc or a square on a ground) on a canvas and uploads it as the settings screen does,
 * to `path` (a channel's icon: /api/qrchannel/<id>/image?kind=icon). Answers the HTTP status.
 */
export async function uploadDrawnPicture(arg: {
  path: string;
  ground: string;
  mark: string;
  disc: boolean;
}): Promise<number> {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [160, 120];
  const g = canvas.getContext('2d') as CanvasRenderingContext2D;
  g.fillStyle = arg.ground;
  g.fillRect(0, 0, 160, 120);
  g.fillStyle = arg.mark;
  if (arg.disc) {
    g.beginPath();
    g.arc(80, 60, 40, 0, Math.PI * 2);
    g.fill();
  } else g.fillRect(50, 30, 60, 60);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
  const form = new FormData();
  form.append('image', blob, 'icon.png');
  const token = decodeURIComponent(
    document.cookie
      .split('; ')
      .find((c) => c.startsWith('XSRF-TOKEN='))
      ?.slice('XSRF-TOKEN='.length) ?? '',
  );
  const res = await fetch(arg.path, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token },
    body: form,
  });
  return res.status;
}
