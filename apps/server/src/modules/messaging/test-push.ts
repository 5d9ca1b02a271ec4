import type { Locale } from '@qrqr/shared/limits';
import type { SaveMessageBody } from '@qrqr/shared/message-schemas';
import { translate } from '@qrqr/shared/messages';
import type { MessageTestPushAnswer } from '@qrqr/shared/push-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { followerOfDevice } from '../followers/lookup';
import { memberPushDevices, pushService } from '../push/lookup';

/**
 * POST …/message/test: the message as it stands in the editor (nothing saved) pushed to the
 * operator's own devices: those that turned notifications on while signed in as the channel's
 * member and follow the channel. Marked テスト配信 / Test, no delivery row, no event, counted
 * nowhere. None such: E-751 (the editor explains how to get one).
 */
export async function testPushMessage(
  ctx: AppContext,
  input: { channel: ChannelRow; body: SaveMessageBody; locale: Locale },
): Promise<MessageTestPushAnswer> {
  const { channel, body } = input;
  const devices = await memberPushDevices(ctx, channel.user_id);
  const following = [];
  for (const hash of devices)
    if ((await followerOfDevice(ctx, Number(channel.id), hash)) !== undefined) following.push(hash);
  if (following.length === 0) throw new AppError('E-751');
  const mark = translate('push.test_mark', input.locale);
  const results = await pushService(ctx).pushToDevices(
    following.map((deviceHash) => ({
      deviceHash,
      payload: {
        title: channel.channel_name,
        body: `[${mark}] ${body.push_text}`,
        message_id: body.message_id ?? null,
        welcome_message_id: null,
        url: `${ctx.config.publicUrl}/c/${encodeURIComponent(channel.channel_code)}`,
        tag: `test-${channel.id}`,
        test: true,
      },
      options: { ttl: 3600, urgency: 'high', topic: `t${channel.id}` },
    })),
  );
  const accepted = results.filter((r) => r.kind === 'accepted').length;
  return { devices: following.filter((_, i) => results[i]?.kind !== 'none').length, accepted };
}
