import type { WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { findRow } from './item-rows';
import { listWelcomeRows } from './welcome-repository';
import { welcomeView, welcomeViews } from './welcome-views';

/** Every welcome message of the channel, newest first (a channel keeps a handful). */
export async function listWelcome(
  ctx: AppContext,
  input: { channel: ChannelRow },
): Promise<WelcomeMessageDto[]> {
  return welcomeViews(ctx, input.channel.id, await listWelcomeRows(ctx.db, input.channel.id));
}

/** One welcome message of the channel; another channel's or a missing one is E-404. */
export async function getWelcome(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number },
): Promise<WelcomeMessageDto> {
  const row = await findRow(ctx.db, 'welcome_messages', input.channel.id, input.id);
  if (!row) throw new AppError('E-404');
  return welcomeView(ctx, input.channel.id, row);
}
