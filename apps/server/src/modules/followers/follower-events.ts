import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { type FollowerEvent, points } from '../../platform/core/extension-points';

/**
 * "A follower left", told to the registered modules (`points.unfollowed`) by a job stored in the
 * same transaction as the unfollow: after the answer, retried when a listener fails, never undoing
 * what the visitor asked. (A new follow is told in its own transaction: `points.joining`.)
 */
export function registerFollowerEventJobs(ctx: AppContext): void {
  ctx.jobs.register('followers.unfollowed-event', (event) => ctx.registry.emit(points.unfollowed, event));
}

/** One follower that left is one event, however often the job is retried. */
export async function enqueueUnfollowedEvent(
  ctx: AppContext,
  event: FollowerEvent,
  trx: Transaction<Database>,
): Promise<void> {
  await ctx.jobs.enqueue(
    {
      kind: 'followers.unfollowed-event',
      key: `${event.channelId}:${event.followerId}`,
      payload: event,
    },
    trx,
  );
}
