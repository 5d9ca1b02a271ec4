import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { describe, expect, it } from 'vitest';
import { ChangeGuards } from '../src/features/channels/layout/change-guards';
import { channelLink, readChannelQuery } from '../src/features/channels/layout/channel-query';
import { csvDownloadHref, isRangeInvalid, rangeSeconds } from '../src/features/channels/layout/csv-range';
import { resolveChannel } from '../src/features/channels/layout/remembered-channel';
import { firstQuestion, nextQuestion } from '../src/features/channels/layout/use-channel-switch';
import { leavesScreen } from '../src/features/channels/layout/use-leave-guard';

const channel = (id: number) => ({ channel_id: id, channel_name: `c${id}` }) as ChannelDto;

describe('channel query (channel_id, view_mode=pc)', () => {
  it('reads channel_id and view_mode=pc', () => {
    expect(readChannelQuery(new URLSearchParams('channel_id=12&view_mode=pc'))).toEqual({
      channelId: 12,
      viewModePc: true,
    });
  });

  it.each(['', 'abc', '0', '-3', '1.5', '12x', '01'])('ignores a channel_id of %j', (raw) => {
    expect(readChannelQuery(new URLSearchParams({ channel_id: raw })).channelId).toBe(null);
  });

  it('takes only view_mode=pc as the PC view', () => {
    expect(readChannelQuery(new URLSearchParams('view_mode=sp')).viewModePc).toBe(false);
  });

  it('keeps channel_id and view_mode on links, plus the screen query', () => {
    expect(channelLink('/qrchannel/tag/list', { channelId: 3, viewModePc: true }, { q: 'a b' })).toBe(
      '/qrchannel/tag/list?channel_id=3&view_mode=pc&q=a+b',
    );
    expect(channelLink('/qrchannel/tag/list', { channelId: null, viewModePc: false })).toBe(
      '/qrchannel/tag/list',
    );
  });
});

describe('current channel', () => {
  it("is the URL's channel when it is the member's, else the first", () => {
    const list = [channel(4), channel(9)];
    expect(resolveChannel(list, 9)?.channel_id).toBe(9);
    expect(resolveChannel(list, 77)?.channel_id).toBe(4);
    expect(resolveChannel(list, null)?.channel_id).toBe(4);
    expect(resolveChannel([], 4)).toBe(null);
  });
});

describe('channel switch questions (unsaved text, confirm before change)', () => {
  it('switches at once without unsaved text or the flag', () => {
    expect(firstQuestion(new ChangeGuards())).toBe(null);
  });

  it('asks about unsaved text first, then the confirm-before-change question', () => {
    const guards = new ChangeGuards();
    guards.setUnsaved('form', true);
    guards.setConfirm('screen', true);
    expect(firstQuestion(guards)).toBe('unsaved');
    expect(nextQuestion('unsaved', guards)).toBe('confirm');
    expect(nextQuestion('confirm', guards)).toBe(null);
  });

  it('asks only the confirm question with the flag alone', () => {
    const guards = new ChangeGuards();
    guards.setConfirm('screen', true);
    expect(firstQuestion(guards)).toBe('confirm');
    guards.setConfirm('screen', false);
    expect(firstQuestion(guards)).toBe(null);
  });

  it('forgets a form once it has no unsaved text', () => {
    const guards = new ChangeGuards();
    guards.setUnsaved('form', true);
    guards.setUnsaved('form', false);
    expect(firstQuestion(guards)).toBe(null);
  });
});

describe('leaving a screen with unsaved text', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('counts another path, channel or screen query as leaving', () => {
    const here = at('/qrchannel/sendlist/create', '?channel_id=3&sendlist_id=7');
    expect(leavesScreen(here, at('/qrchannel/tag/list', '?channel_id=3'))).toBe(true);
    expect(leavesScreen(here, at('/qrchannel/sendlist/create', '?channel_id=4&sendlist_id=7'))).toBe(true);
    expect(leavesScreen(here, at('/qrchannel/sendlist/create', '?channel_id=3'))).toBe(true);
  });

  it('stays for the PC/phone toggle, the same query in another order, or the same address', () => {
    const here = at('/qrchannel/channel/update', '?channel_id=3');
    expect(leavesScreen(here, at('/qrchannel/channel/update', '?channel_id=3&view_mode=pc'))).toBe(false);
    expect(leavesScreen(at('/a', '?x=1&channel_id=3'), at('/a', '?channel_id=3&x=1&view_mode=pc'))).toBe(
      false,
    );
    expect(leavesScreen(here, here)).toBe(false);
  });

  it('tells listeners when unsaved text appears and when it is discarded', () => {
    const guards = new ChangeGuards();
    const seen: boolean[] = [];
    const stop = guards.onUnsavedChange((unsaved) => seen.push(unsaved));
    guards.setUnsaved('a', true);
    guards.setUnsaved('b', true);
    guards.discardUnsaved();
    expect(guards.hasUnsaved()).toBe(false);
    guards.discardUnsaved();
    stop();
    guards.setUnsaved('a', true);
    expect(seen).toEqual([true, false]);
  });
});

describe('CSV dialog dates (error flag, Unix seconds)', () => {
  it('flags an end before the start only', () => {
    expect(isRangeInvalid('2026-11-20', '2026-11-19')).toBe(true);
    expect(isRangeInvalid('2026-11-20', '2026-11-20')).toBe(false);
    expect(isRangeInvalid('', '2026-11-19')).toBe(false);
  });

  it('answers Unix seconds of whole Japanese days', () => {
    expect(rangeSeconds('2026-11-20', '2026-11-20')).toEqual({
      start_date: Date.UTC(2026, 10, 19, 15, 0, 0) / 1000,
      end_date: Date.UTC(2026, 10, 20, 14, 59, 59) / 1000,
    });
  });

  it('downloads from the CSV route with the Unix seconds, and nothing while the error flag is up', () => {
    const { start_date, end_date } = rangeSeconds('2026-11-14', '2026-11-20');
    expect(csvDownloadHref({ channelId: 7, start_date, end_date, invalid: false })).toBe(
      `/qrchannel/7/analytics/csv/get/?start_date=${start_date}&end_date=${end_date}`,
    );
    const backwards = rangeSeconds('2026-11-20', '2026-11-14');
    expect(csvDownloadHref({ channelId: 7, ...backwards, invalid: true })).toBeNull();
    // Even an emitter that forgot the flag never sends an end before the start.
    expect(csvDownloadHref({ channelId: 7, ...backwards, invalid: false })).toBeNull();
  });
});
