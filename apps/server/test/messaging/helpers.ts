import { channelPath } from '@qrqr/shared/channel-paths';
import { type MessageDto, messageAnswer } from '@qrqr/shared/message-schemas';
import { expect } from 'vitest';
import type { TestClient } from '../helpers/client';
import { expectAnswer } from '../helpers/expect';

/** A text message body unless patched. */
export const newMessage = (patch: Record<string, unknown> = {}) => ({
  layout: 1,
  push_text: '本日のおすすめ',
  detail_title: '春のブレンド',
  detail_text: '今日から春限定のブレンドをお出しします。',
  ...patch,
});

export async function saveDraft(
  client: TestClient,
  channelId: number,
  patch: Record<string, unknown> = {},
): Promise<MessageDto> {
  return expectAnswer(await client.post(channelPath.messages(channelId), newMessage(patch)), messageAnswer)
    .message;
}

export async function notify(client: TestClient, channelId: number, messageId: number) {
  const res = await client.post(channelPath.messageNotify(channelId), { message_id: messageId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Tomorrow and a month on, as coupon dates in Japan. */
export function couponDates(fromDays = -1, toDays = 30) {
  const day = (n: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
      new Date(Date.now() + n * 86_400_000),
    );
  return { coupon_date_from: day(fromDays), coupon_date_to: day(toDays) };
}
