import { describe, expect, it, vi } from 'vitest';
import { quietTimeOptions } from '../src/features/channel-settings/components/settings-values';
import { pushesGoOutAt } from '../src/features/messages/components/quiet-hours';
import { base64urlToBytes, within } from '../src/reader/push/push-client';
import { isIos, type PushEnvironment, pushSupport } from '../src/reader/push/push-support';

const capable: PushEnvironment = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36',
  maxTouchPoints: 5,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  standalone: false,
};
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const ipadDesktop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

describe('pushSupport', () => {
  it('offers the button where the browser has service workers, PushManager and Notification', () => {
    expect(pushSupport(capable)).toBe('supported');
    expect(pushSupport({ ...capable, hasPushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...capable, hasNotification: false })).toBe('unsupported');
  });

  it('explains installing on an iPhone Safari tab, with or without PushManager', () => {
    const safari = { ...capable, userAgent: iphone, hasPushManager: false, hasNotification: false };
    expect(pushSupport(safari)).toBe('install');
    expect(pushSupport({ ...capable, userAgent: iphone })).toBe('install');
  });

  it('offers the button in the installed iPhone app (iOS 16.4+), not on an older one', () => {
    expect(pushSupport({ ...capable, userAgent: iphone, standalone: true })).toBe('supported');
    expect(pushSupport({ ...capable, userAgent: iphone, standalone: true, hasPushManager: false })).toBe(
      'unsupported',
    );
  });

  it('tells an iPad that says Macintosh by its touch points from a Mac', () => {
    expect(isIos({ userAgent: ipadDesktop, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: ipadDesktop, maxTouchPoints: 0 })).toBe(false);
    expect(pushSupport({ ...capable, userAgent: ipadDesktop, maxTouchPoints: 0 })).toBe('supported');
    expect(pushSupport({ ...capable, userAgent: ipadDesktop, maxTouchPoints: 5 })).toBe('install');
  });
});

describe('base64urlToBytes', () => {
  it('reads the VAPID key without padding and with - and _', () => {
    expect([...base64urlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect(base64urlToBytes('A'.repeat(87)).length).toBe(65);
  });
});

describe('pushesGoOutAt (quiet hours, Japan time)', () => {
  const on = { quiet_hours: 1, quiet_start: '21:00', quiet_end: '08:00' };
  // 2026-11-27 in Japan = UTC+9.
  const jst = (h: number, m = 0, day = 27) => Date.UTC(2026, 10, day, h - 9, m);

  it('is null (at once) outside the hours or when they are off', () => {
    expect(pushesGoOutAt(on, jst(12))).toBeNull();
    expect(pushesGoOutAt(on, jst(8))).toBeNull();
    expect(pushesGoOutAt({ ...on, quiet_hours: 0 }, jst(23))).toBeNull();
    expect(pushesGoOutAt({ ...on, quiet_end: '21:00' }, jst(23))).toBeNull();
  });

  it('waits for the morning across midnight', () => {
    expect(pushesGoOutAt(on, jst(21))).toBe(jst(8, 0, 28));
    expect(pushesGoOutAt(on, jst(23, 30))).toBe(jst(8, 0, 28));
    expect(pushesGoOutAt(on, jst(7, 59))).toBe(jst(8));
  });

  it('handles hours within one day', () => {
    const lunch = { quiet_hours: 1, quiet_start: '12:00', quiet_end: '13:30' };
    expect(pushesGoOutAt(lunch, jst(12, 15))).toBe(jst(13, 30));
    expect(pushesGoOutAt(lunch, jst(13, 30))).toBeNull();
  });
});

describe('quietTimeOptions', () => {
  it('offers every half hour and keeps a saved odd minute', () => {
    const times = quietTimeOptions(['21:00', '07:45']);
    expect(times).toContain('21:00');
    expect(times).toContain('07:45');
    expect(times.filter((x) => x === '21:00')).toHaveLength(1);
    expect(times).toHaveLength(49);
    expect(times[0]).toBe('00:00');
  });
});

describe('within: a step that never answers ends in time', () => {
  it('answers the value when it comes first, and timeout when it never does', async () => {
    expect(await within(1000, Promise.resolve('on'))).toBe('on');
    vi.useFakeTimers();
    try {
      const never = within(10_000, new Promise<string>(() => undefined));
      vi.advanceTimersByTime(10_000);
      expect(await never).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});
