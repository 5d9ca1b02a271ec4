import type { CreateChannelBody } from '@qrqr/shared/channel-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { randomToken } from '../../platform/core/crypto';
import { AppError } from '../../platform/http/errors';
import { checkIndustryChoice } from './industry-choice';
import { insertChannel, isServiceRegistered } from './repository';

/** Opens a channel for a member registered for the service (E-701 otherwise). */
export async function createChannel(
  ctx: AppContext,
  input: { userId: string; body: CreateChannelBody },
): Promise<ChannelRow> {
  const { userId, body } = input;
  if (!(await isServiceRegistered(ctx.db, userId))) throw new AppError('E-701');
  await checkIndustryChoice(ctx.db, body);
  const now = Date.now();
  return insertChannel(ctx.db, {
    user_id: userId,
    // 16 URL-safe characters (96 random bits): the public page cannot be found by counting.
    channel_code: randomToken(12),
    channel_name: body.channel_name,
    channel_user_type: body.channel_user_type,
    industory_id: body.industory_id,
    sub_industory_id: body.sub_industory_id,
    created_at: now,
    updated_at: now,
  });
}
