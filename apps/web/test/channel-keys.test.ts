import { describe, expect, it } from 'vitest';
import { channelKeys } from '../src/lib/channel-keys';

describe('channel query keys', () => {
  it('put every feature of a channel under that channel, and no other', () => {
    for (const root of [
      channelKeys.tags,
      channelKeys.followers,
      channelKeys.sendlists,
      channelKeys.coupons,
    ]) {
      expect(root(7).slice(0, 2)).toEqual(channelKeys.all(7));
      expect(root(7).slice(0, 2)).not.toEqual(channelKeys.all(8));
    }
  });

  it('keep the member list apart, so renaming a channel does not refetch its data', () => {
    expect(channelKeys.list[0]).not.toBe(channelKeys.all(7)[0]);
  });
});
