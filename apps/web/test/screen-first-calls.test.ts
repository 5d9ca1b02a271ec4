import { channelPath } from '@qrqr/shared/channel-paths';
import { api, wifiPath } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { addressesOf, firstCallsOf, screenFirstQueries } from '../src/app/screen-first-calls';
import { channelLayout, screens } from '../src/app/screens';
import { channelTagsQueryOptions } from '../src/features/sendlists/api/get-channel-tags';
import { tagsQueryOptions } from '../src/features/tags/api/get-tags';
import { wifiPageQueryOptions } from '../src/features/wifi/api/get-page';

/**
 * A screen's first calls are its hooks' own queries (app/screen-first-calls.ts): the build takes
 * each address from what the query's function asks, so the server's first answers are the
 * addresses the screen sends. e2e/first-calls.test.ts checks in Chromium that each screen asks
 * every call the real build declares for it.
 */

/** What the server fills a template with (apps/server/src/platform/page/first-answers.ts). */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const SCREEN_PARAMS = [
  'channel_id',
  'message_id',
  'sendlist_id',
  'coupon_img_id',
  'copy_of',
  'welcome_page_id',
  'id',
];

describe("screens' first calls", () => {
  it('are declared for screen modules only, and for every screen a member gets painted', () => {
    const modules = new Set([channelLayout, ...screens].map((s) => s.module));
    for (const module of Object.keys(screenFirstQueries)) expect(modules, module).toContain(module);
    for (const screen of screens.filter((s) => s.memberPaint))
      expect(Object.keys(screenFirstQueries), screen.path).toContain(screen.module);
  });

  it('are the addresses their queries ask, with `{name}` for the screen parameters', async () => {
    expect(await addressesOf([tagsQueryOptions(987_650_001)])).toEqual([channelPath.tags('{channel_id}')]);
    expect(await addressesOf([channelTagsQueryOptions(7), wifiPageQueryOptions(9)])).toEqual([
      channelPath.tags(7),
      wifiPath.page(9),
    ]);
    for (const module of Object.keys(screenFirstQueries)) {
      const calls = await firstCallsOf(module);
      expect(calls.length, module).toBeGreaterThan(0);
      expect(new Set(calls).size, module).toBe(calls.length);
      for (const call of calls) {
        // A path of this site (the server runs nothing else).
        expect(call.startsWith('/') && !call.startsWith('//'), call).toBe(true);
        for (const [, name] of call.matchAll(PLACEHOLDER)) expect(SCREEN_PARAMS, call).toContain(name);
        // No stand-in is left in an address.
        expect(call, module).not.toMatch(/98765000\d/);
      }
    }
  });

  it('fit in what the server runs for a page: six calls, layout included', async () => {
    const layout = await firstCallsOf(channelLayout.module);
    expect(layout).toEqual([api.channels]);
    for (const screen of screens) {
      const own = await firstCallsOf(screen.module);
      expect((screen.area ? layout.length : 0) + own.length, screen.path).toBeLessThanOrEqual(6);
    }
  });
});
