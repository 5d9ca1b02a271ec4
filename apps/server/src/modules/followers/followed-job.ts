import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { FollowedEvent } from '../../platform/channel-hooks';
import type { AppContext } from '../../platform/context';

/** "A device followed a channel for the first time", told to the registered modules by a job. */
const FOLLOWED = 'followers.followed';

export function registerFollowedJob(ctx: AppContext): void {
  ctx.jobs.register<FollowedEvent>(FOLLOWED, (event) => ctx.channelHooks.runFollowed(event));
}

/** Queued in the follow's transaction; one follower is one event, however often it is retried. */
export async function enqueueFollowed(ctx: AppContext, event: FollowedEvent, trx: Transaction<Database>) {
  await ctx.jobs.enqueue(
    { kind: FOLLOWED, key: `${event.channelId}:${event.followerId}`, payload: event },
    trx,
  );
}
