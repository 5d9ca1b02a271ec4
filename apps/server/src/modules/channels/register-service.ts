import type { AppContext } from '../../platform/core/context';
import { markServiceRegistered } from './repository';

/** The member accepts the channel service's terms; from then on the channel button leads to the channels. */
export async function registerService(ctx: AppContext, input: { userId: string }): Promise<void> {
  await markServiceRegistered(ctx.db, input.userId, Date.now());
}
