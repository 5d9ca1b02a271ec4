import { WELCOME_STATUSES } from '@qrqr/shared/welcome-message-constants';
import type { WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { findRow, updateRowIn } from './item-rows';
import { welcomeView } from './welcome-views';

/** POST …/welcomemessage/stop: a welcome message that is on stops (E-735 when it is not on). */
export async function stopWelcome(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number },
): Promise<WelcomeMessageDto> {
  const channelId = input.channel.id;
  const row = await updateRowIn(ctx.db, 'welcome_messages', channelId, input.id, [WELCOME_STATUSES.on], {
    status: WELCOME_STATUSES.stopped,
    updated_at: Date.now(),
  });
  if (row) return welcomeView(ctx, channelId, row);
  if (await findRow(ctx.db, 'welcome_messages', channelId, input.id)) throw new AppError('E-735');
  throw new AppError('E-404');
}
