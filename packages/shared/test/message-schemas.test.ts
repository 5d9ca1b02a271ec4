import { describe, expect, it } from 'vitest';
import { channelPath } from '../src/channel-paths';
import { ERRORS } from '../src/error-codes';
import {
  inboxItemKey,
  LAYOUT_PARTS,
  MESSAGE_LAYOUTS,
  MESSAGE_LIMITS,
  MESSAGE_STATUSES,
  parseInboxItemKey,
} from '../src/message-constants';
import { couponCancelBody, messageIdsBody, messageListQuery, saveMessageBody } from '../src/message-schemas';
import { translate } from '../src/messages/index';
import { READER_INBOX_PATH, readerChannelPath } from '../src/paths';
import { WELCOME_LIMITS, WELCOME_STATUSES } from '../src/welcome-message-constants';
import { notifyWelcomeBody, saveWelcomeMessageBody } from '../src/welcome-message-schemas';

const errorsOf = (r: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('message constants (statuses, limits, layouts, tabs)', () => {
  it('carry the spec values', () => {
    expect(MESSAGE_STATUSES).toEqual({ all: -1, draft: 0, reserved: 1, sent: 2, finished: 3 });
    expect(MESSAGE_LAYOUTS).toEqual({
      text: 1,
      coupon: 2,
      couponText: 3,
      image: 4,
      textImage: 5,
      imageText: 6,
    });
    expect(LAYOUT_PARTS[3]).toEqual(['coupon', 'text']);
    expect(LAYOUT_PARTS[6]).toEqual(['image', 'text']);
    expect(MESSAGE_LIMITS).toMatchObject({
      pushTextMax: 92,
      titleMax: 32,
      summaryMax: 100,
      textMax: 5000,
      couponTextMax: 1000,
      tagsMax: 10,
      linkUrlMax: 255,
      cancelTextMax: 120,
      pushDisplayMax: 24,
    });
    expect(WELCOME_LIMITS).toEqual({ titleMax: 20, textMax: 400 });
    expect(WELCOME_STATUSES).toEqual({ draft: 0, on: 1, stopped: 2 });
  });

  it('name every new error code with a text in both languages', () => {
    for (const code of [
      'E-730',
      'E-731',
      'E-732',
      'E-733',
      'E-734',
      'E-735',
      'E-737',
      'E-738',
      'E-740',
      'E-741',
    ] as const) {
      const key = ERRORS[code].key;
      expect(translate(key, 'ja')).not.toBe(key);
      expect(translate(key, 'en')).not.toBe(key);
    }
  });
});

describe('saveMessageBody: the draft rule', () => {
  const base = { layout: 1, push_text: 'こんにちは' };

  it('needs a non-empty push text', () => {
    expect(errorsOf(saveMessageBody.safeParse({ layout: 1, push_text: '   ' }))).toEqual({
      push_text: 'validation.message_push_text_required',
    });
    expect(saveMessageBody.safeParse({ layout: 1 }).success).toBe(false);
  });

  it('holds every field to its limit, counted in characters', () => {
    const at = (n: number) => '𠮷'.repeat(n);
    const ok = saveMessageBody.safeParse({
      layout: 3,
      push_text: at(92),
      detail_title: at(32),
      detail_text: at(5000),
      coupon_title: at(32),
      coupon_text_summary: at(100),
      coupon_text_detail: at(1000),
    });
    expect(ok.success).toBe(true);
    const over = saveMessageBody.safeParse({
      layout: 3,
      push_text: at(93),
      detail_title: at(33),
      detail_text: at(5001),
      coupon_title: at(33),
      coupon_text_summary: at(101),
      coupon_text_detail: at(1001),
      push_tag: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(errorsOf(over)).toEqual({
      push_text: 'validation.message_push_text_too_long',
      detail_title: 'validation.message_title_too_long',
      detail_text: 'validation.message_text_too_long',
      coupon_title: 'validation.message_coupon_title_too_long',
      coupon_text_summary: 'validation.message_summary_too_long',
      coupon_text_detail: 'validation.message_coupon_text_too_long',
      push_tag: 'validation.message_tags_too_many',
    });
  });

  it('checks the image link URL for length and non-URL characters', () => {
    const url = (link_url: string) => errorsOf(saveMessageBody.safeParse({ ...base, layout: 4, link_url }));
    expect(url('https://shop.example/a?b=1')).toEqual({});
    expect(url('https://shop.example/ あ')).toEqual({ link_url: 'validation.url_chars' });
    expect(url(`https://e.jp/${'a'.repeat(250)}`)).toEqual({
      link_url: 'validation.message_link_url_too_long',
    });
  });

  it('keeps only the fields the layout shows', () => {
    const parsed = saveMessageBody.parse({
      ...base,
      layout: MESSAGE_LAYOUTS.image,
      detail_text: 'dropped',
      coupon_id: 5,
      link_url: 'https://e.jp',
      background_image_url: '/api/image/0123456789abcdef0123456789abcdef.jpg',
    });
    expect(parsed).toMatchObject({ detail_text: '', coupon_id: null, link_url: 'https://e.jp' });
    expect(saveMessageBody.parse({ ...base, layout: 2, coupon_id: '5' }).coupon_id).toBe(5);
  });

  it('reads form values: ids and send time as text, empty as none', () => {
    const parsed = saveMessageBody.parse({ ...base, send_dt: '', send_list_id: '', push_tag: '3,4' });
    expect(parsed).toMatchObject({ send_dt: null, send_list_id: null, push_tag: [3, 4] });
    expect(saveMessageBody.parse({ ...base, send_dt: '1767225600', send_list_id: '9' })).toMatchObject({
      send_dt: 1767225600,
      send_list_id: 9,
    });
    expect(errorsOf(saveMessageBody.safeParse({ ...base, layout: 7 }))).toEqual({
      layout: 'validation.message_layout',
    });
    expect(
      errorsOf(
        saveMessageBody.safeParse({ ...base, background_image_url: 'https://evil.example/x.jpg', layout: 4 }),
      ),
    ).toEqual({
      background_image_url: 'validation.message_image_invalid',
    });
  });
});

describe('the other message bodies', () => {
  it('list query: status -1..3, page', () => {
    expect(messageListQuery.parse({})).toEqual({ status: -1, page: 1 });
    expect(messageListQuery.parse({ status: '2', page: '3' })).toEqual({ status: 2, page: 3 });
    expect(messageListQuery.safeParse({ status: '4' }).success).toBe(false);
  });
  it('ids: 1 to 100', () => {
    expect(messageIdsBody.parse({ message_ids: '1,2,2' })).toEqual({ message_ids: [1, 2] });
    expect(messageIdsBody.safeParse({ message_ids: [] }).success).toBe(false);
    expect(
      messageIdsBody.safeParse({ message_ids: Array.from({ length: 101 }, (_, i) => i + 1) }).success,
    ).toBe(false);
  });
  it('coupon cancel text ≤ 120', () => {
    expect(couponCancelBody.parse({})).toEqual({ text_description: '' });
    expect(couponCancelBody.safeParse({ text_description: 'あ'.repeat(121) }).success).toBe(false);
  });
  it('welcome: title 20, text 400, stop_other', () => {
    expect(
      errorsOf(
        saveWelcomeMessageBody.safeParse({
          layout: 1,
          push_text: 'x',
          detail_title: 'あ'.repeat(21),
          detail_text: 'あ'.repeat(401),
        }),
      ),
    ).toEqual({
      detail_title: 'validation.welcome_title_too_long',
      detail_text: 'validation.welcome_text_too_long',
    });
    expect(notifyWelcomeBody.parse({ message_id: '3' })).toEqual({ message_id: 3, stop_other: false });
    expect(notifyWelcomeBody.parse({ message_id: 3, stop_other: 'true' }).stop_other).toBe(true);
  });
  it('inbox item keys round-trip', () => {
    expect(inboxItemKey('welcome', 3)).toBe('welcome-3');
    expect(parseInboxItemKey('message-12')).toEqual({ kind: 'message', id: 12 });
    expect(parseInboxItemKey('message-0')).toBeNull();
    expect(parseInboxItemKey('other-1')).toBeNull();
  });
});

describe('message paths', () => {
  it('build the message, welcome and coupon-cancel calls', () => {
    expect(channelPath.messages(12)).toBe('/api/qrchannel/12/message');
    expect(channelPath.message(12, 3)).toBe('/api/qrchannel/12/message/3');
    expect(channelPath.messageReserved(12, 3)).toBe('/api/qrchannel/12/message/reserved/3');
    expect(channelPath.messageNotify(12)).toBe('/api/qrchannel/12/message/notify');
    expect(channelPath.messageCancel(12)).toBe('/api/qrchannel/12/message/cancel');
    expect(channelPath.messageDelete(12)).toBe('/api/qrchannel/12/message/delete');
    expect(channelPath.couponCancel(12, 3)).toBe('/api/qrchannel/12/coupon/cancel/3');
    expect(channelPath.welcomeMessages(12)).toBe('/api/qrchannel/12/welcomemessage');
    expect(channelPath.welcomeMessage(12, 3)).toBe('/api/qrchannel/12/welcomemessage/3');
    expect(channelPath.welcomeNotify(12)).toBe('/api/qrchannel/12/welcomemessage/notify');
    expect(channelPath.welcomeStop(12)).toBe('/api/qrchannel/12/welcomemessage/stop');
    expect(readerChannelPath.messages('abc')).toBe('/api/reader/channel/abc/messages');
    expect(readerChannelPath.messageOpen('abc', 'message-3')).toBe(
      '/api/reader/channel/abc/messages/message-3/open',
    );
    expect(readerChannelPath.messageCouponUse('abc', 'welcome-3')).toBe(
      '/api/reader/channel/abc/messages/welcome-3/coupon',
    );
    expect(READER_INBOX_PATH).toBe('/api/reader/inbox');
  });
});
