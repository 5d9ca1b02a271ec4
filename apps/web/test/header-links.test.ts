import { paths } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { channelHref, channelRegisterHref } from '../src/components/header/header-links';
import { AFTER_ANALYTICS, withSource } from '../src/features/channels/layout/sidebar-items';
import { GUEST_PARAMS } from '../src/lib/page-params';

const member = (patch: Partial<typeof GUEST_PARAMS> = {}) => ({
  ...GUEST_PARAMS,
  isGuest: false,
  QR_CHANNEL_REGISTER_URL: '/qrchannel/register/',
  ...patch,
});

describe('links to the channel service registration (page parameter QR_CHANNEL_REGISTER_URL)', () => {
  it('follow the address the operator configured', () => {
    const params = member({ QR_CHANNEL_REGISTER_URL: 'https://lp.example.jp/channel' });
    expect(channelRegisterHref(params)).toBe('https://lp.example.jp/channel');
    expect(channelHref(params)).toBe('https://lp.example.jp/channel');
  });

  it('fall back to our own registration page when the parameter is empty', () => {
    for (const url of ['', '  ']) {
      expect(channelRegisterHref(member({ QR_CHANNEL_REGISTER_URL: url }))).toBe(paths.channelRegister);
    }
  });

  it('lead a registered member to the channel home instead', () => {
    const params = member({
      isUserRegisteredChannelService: true,
      QR_CHANNEL_REGISTER_URL: 'https://x.test/',
    });
    expect(channelHref(params)).toBe(paths.channelHome);
  });

  it.each([
    ['/qrchannel/register/', '/qrchannel/register/?source=channel'],
    ['https://lp.example.jp/c?lang=ja', 'https://lp.example.jp/c?lang=ja&source=channel'],
    ['https://lp.example.jp/c?', 'https://lp.example.jp/c?source=channel'],
    ['https://lp.example.jp/c#start', 'https://lp.example.jp/c?source=channel#start'],
    ['/lp?a=1#top', '/lp?a=1&source=channel#top'],
  ])('adds source to %s keeping its query and fragment', (url, expected) => {
    expect(withSource(url, 'channel')).toBe(expected);
  });

  it("makes the sidebar's about item the configured page's about view", () => {
    const about = AFTER_ANALYTICS.find((link) => link.key === 'about');
    const to = about?.to;
    expect(typeof to).toBe('function');
    if (typeof to !== 'function') return;
    expect(to(member({ QR_CHANNEL_REGISTER_URL: 'https://lp.example.jp/' }))).toBe(
      'https://lp.example.jp/?source=channel',
    );
    expect(to(member())).toBe(`${paths.channelRegister}?source=channel`);
  });
});
