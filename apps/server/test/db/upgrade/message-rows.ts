import type { OldChannel } from './channel-rows';
import { OLD_COUPON } from './channel-rows';
import { type Put, T } from './insert-row';

/** A reserved message's send time and a welcome message's end, in seconds as the version stored them. */
export const OLD_SEND_SECONDS = 1_893_456_000; // 2030-01-01 Tokyo: still reserved when the test runs
export const OLD_END_SECONDS = 1_893_456_060;

/**
 * The channel's background jobs, messages and welcome messages with their deliveries (from before
 * push: push_state 0), and its follow events. Two jobs: one of the followed event, which migration
 * 0027 deletes on purpose, and one it keeps. Answers the reserved message's and the welcome
 * message's ids (0 where the version had no such table).
 */
export async function writeMessageRows(
  put: Put,
  { channelId, taggedFollower, imageId, couponId }: OldChannel,
): Promise<{ reservedId: number; welcomeId: number }> {
  const stamps = { created_at: T, updated_at: T };
  const job = { payload: '{}', run_after: T, max_attempts: 5, created_at: T };
  await put('jobs', {
    ...job,
    kind: 'followers.followed-event',
    key: 'old:1',
    state: 'pending',
    attempts: 0,
  });
  await put('jobs', {
    ...job,
    kind: 'followers.unfollowed-event',
    key: 'old:2',
    state: 'done',
    attempts: 1,
    finished_at: T,
  });
  const copy = await put.numbered('coupon_copies', {
    channel_id: channelId,
    coupon_id: couponId,
    image_id: imageId,
    ...OLD_COUPON,
    created_at: T,
  });

  const message = { channel_id: channelId, layout: 1, push_text: '旧メッセージ', ...stamps };
  const reservedId = await put.numbered('messages', {
    ...message,
    status: 1,
    send_dt: OLD_SEND_SECONDS,
    reserved_at: T,
  });
  const sentId = await put.numbered('messages', {
    ...message,
    status: 2,
    send_dt: T / 1000,
    coupon_copy_id: copy,
    delivered_count: 1,
    sent_at: T,
  });
  await put('messages', { ...message, status: 0 });
  await put('message_deliveries', {
    message_id: sentId,
    follower_id: taggedFollower,
    delivered_at: T,
    opened_at: T + 5,
  });

  const welcome = { channel_id: channelId, layout: 1, push_text: 'ようこそ', ...stamps };
  const welcomeId = await put.numbered('welcome_messages', {
    ...welcome,
    status: 1,
    send_end_dt: OLD_END_SECONDS,
    turned_on_at: T,
  });
  await put('welcome_messages', { ...welcome, status: 0 });
  await put('welcome_deliveries', {
    welcome_message_id: welcomeId,
    device_hash: 'd'.repeat(64),
    follower_id: taggedFollower,
    delivered_at: T,
  });
  await put('follow_events', { channel_id: channelId, kind: 1, at: T });
  await put('follow_events', { channel_id: channelId, kind: 2, at: T + 1 });
  return { reservedId, welcomeId };
}
