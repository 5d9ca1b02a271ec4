import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { memberChannel } from '../channels/lookup';
import { presentChannelInfo } from './present';

/** What a page shows of the member's channel `id` (icon, short description); E-404 for another's. */
export async function channelInfo(ctx: AppContext, input: { userId: string; id: number | null }) {
  const channel = input.id === null ? undefined : await memberChannel(ctx, input.userId, input.id);
  if (!channel) throw new AppError('E-404');
  return presentChannelInfo(channel);
}
