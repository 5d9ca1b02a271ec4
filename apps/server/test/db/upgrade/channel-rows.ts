import { type Put, T } from './insert-row';

export interface OldChannel {
  channelId: number;
  /** The follower holding both tags (the other holds none). */
  taggedFollower: number;
  imageId: number;
  couponId: number;
}

/** The coupon's fields, shared by the library coupon and its frozen copy. */
export const OLD_COUPON = {
  discount_type: 1,
  item_name: 'コーヒー',
  value_percent: 10,
  text_color: '#ffffff',
  text_shadow: 1,
  available_count: 1,
  code_type: 4,
  date_from: '2025-06-01',
  date_to: '2025-06-30',
};

/**
 * A channel of the earlier version with its audience (two tags, two followers, one holding both
 * tags: what tag_count and the follower counts are computed from), a send list, a picture and a
 * coupon. The industries are the migration's own seed.
 */
export async function writeChannelRows(put: Put, owner: string): Promise<OldChannel> {
  const stamps = { created_at: T, updated_at: T };
  const channelId = await put.numbered('channels', {
    user_id: owner,
    channel_code: 'oldchannel01',
    channel_name: '旧チャンネル',
    channel_user_type: 1,
    industory_id: 1,
    sub_industory_id: 101,
    latitude: 35.681236,
    longitude: 139.767125,
    relation_links: '[{"text":"web","url":"https://example.jp"}]',
    ...stamps,
  });
  const tagA = await put.numbered('tags', { channel_id: channelId, tag_name: '会員', created_at: T });
  const tagB = await put.numbered('tags', { channel_id: channelId, tag_name: 'VIP', created_at: T });
  const follower = { channel_id: channelId, followed_at: T };
  const taggedFollower = await put.numbered('followers', { ...follower, device_hash: 'd'.repeat(64) });
  await put('followers', { ...follower, device_hash: 'f'.repeat(64) });
  for (const tag of [tagA, tagB])
    await put('follower_tags', { follower_id: taggedFollower, tag_id: tag, channel_id: channelId });
  const list = await put.numbered('sendlists', {
    channel_id: channelId,
    sendlist_name: '会員向け',
    box_filter_1: 2, // exactly these tags: the count leans on tag_count
    box_filter_2: 3, // unused
    ...stamps,
  });
  for (const tag of [tagA, tagB])
    await put('sendlist_tags', { sendlist_id: list, box: 1, tag_id: tag, channel_id: channelId });
  const imageId = await put.numbered('images', {
    channel_id: channelId,
    purpose: 'coupon',
    name: `${'0'.repeat(32)}.png`,
    content_type: 'image/png',
    width: 1,
    height: 1,
    byte_size: 4,
    data: Buffer.from([137, 80, 78, 71]),
    created_at: T,
  });
  const couponId = await put.numbered('coupons', {
    channel_id: channelId,
    image_id: imageId,
    ...OLD_COUPON,
    created_at: T,
  });
  return { channelId, taggedFollower, imageId, couponId };
}
