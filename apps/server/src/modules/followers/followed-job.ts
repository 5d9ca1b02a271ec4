import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { type FollowerEvent, points } from '../../platform/extension-points';

/** "A device followed a channel for the first time", told to the registered modules by a job. */
const FOLLOWED = 'followers.followed-event';

export function registerFollowedJob(ctx: AppContext): void {
  ctx.jobs.register<FollowerEvent>(FOLLOWED, (event) => ctx.registry.emit(points.followed, event));
}

/** Queued in the follow's transaction; one follower is one event, however often it is retried. */
export async function enqueueFollowed(ctx: AppContext, event: FollowerEvent, trx: Transaction<Database>) {
  await ctx.jobs.enqueue(
    { kind: FOLLOWED, key: `${event.channelId}:${event.followerId}`, payload: event },
    trx,
  );
}
