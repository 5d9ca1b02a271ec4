import { describe, expect, it } from 'vitest';
import { channelPath } from '../src/channel-paths';
import { readerChannelPath } from '../src/paths';

// The addresses are the API's contract: a builder may be renamed, its URL never changes.
describe('call path builders', () => {
  it('build the channel calls the web app makes', () => {
    const c = 12;
    expect(channelPath.one(c)).toBe('/api/qrchannel/channel/12');
    expect(channelPath.codeDownload(c, 1)).toBe('/api/qrchannel/12/qrcode/download/1');
    expect(channelPath.image(c)).toBe('/api/qrchannel/12/image');
    expect(channelPath.image(c, 'icon')).toBe('/api/qrchannel/12/image?kind=icon');
    expect(channelPath.tags(c)).toBe('/api/qrchannel/12/tag');
    expect(channelPath.tagLink(c)).toBe('/api/qrchannel/12/tag/link');
    expect(channelPath.followers(c)).toBe('/api/qrchannel/12/followers');
    expect(channelPath.followerTags(c)).toBe('/api/qrchannel/12/followers/tags');
    expect(channelPath.sendlists(c)).toBe('/api/qrchannel/12/sendlist');
    expect(channelPath.sendlist(c, 3)).toBe('/api/qrchannel/12/sendlist/3');
    expect(channelPath.sendlistReserved(c)).toBe('/api/qrchannel/12/sendlist/reserved');
    expect(channelPath.sendlistCount(c)).toBe('/api/qrchannel/12/sendlist/count');
    expect(channelPath.coupons(c)).toBe('/api/qrchannel/12/coupon/image/get');
    expect(channelPath.coupon(c, 4)).toBe('/api/qrchannel/12/coupon/image/get/4');
    expect(channelPath.couponSave(c)).toBe('/api/qrchannel/12/coupon/image/save');
    expect(channelPath.couponDelete(c)).toBe('/api/qrchannel/12/coupon/image/delete');
    expect(channelPath.couponCode(c, 4)).toBe('/api/qrchannel/12/coupon/image/4/code');
  });

  it('give the server its route patterns from the same builders', () => {
    expect(channelPath.sendlist(':channel', ':sendlist_id')).toBe(
      '/api/qrchannel/:channel/sendlist/:sendlist_id',
    );
    expect(channelPath.codeDownload(':channel', ':format')).toBe(
      '/api/qrchannel/:channel/qrcode/download/:format',
    );
    expect(channelPath.couponCode(':channel', ':coupon')).toBe(
      '/api/qrchannel/:channel/coupon/image/:coupon/code',
    );
  });

  it('escape a channel code in the channel page calls', () => {
    expect(readerChannelPath.page('AbC9')).toBe('/api/reader/channel/AbC9');
    expect(readerChannelPath.follow('a/b')).toBe('/api/reader/channel/a%2Fb/follow');
    expect(readerChannelPath.unfollow('AbC9')).toBe('/api/reader/channel/AbC9/unfollow');
  });
});
