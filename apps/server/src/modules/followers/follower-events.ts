import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { type FollowerEvent, points } from '../../platform/extension-points';

/**
 * "A device followed a channel for the first time" and "a follower left", told to the registered
 * modules (`points.followed`, `points.unfollowed`) by jobs stored in the same transaction as the
 * change: after the answer, retried when a listener fails, never undoing what the visitor asked.
 */
const FOLLOWED = 'followers.followed-event';
const UNFOLLOWED = 'followers.unfollowed-event';

export function registerFollowerEventJobs(ctx: AppContext): void {
  ctx.jobs.register<FollowerEvent>(FOLLOWED, (event) => ctx.registry.emit(points.followed, event));
  ctx.jobs.register<FollowerEvent>(UNFOLLOWED, (event) => ctx.registry.emit(points.unfollowed, event));
}

/** One follower is one event of each kind, however often the job is retried. */
export async function enqueueFollowerEvent(
  ctx: AppContext,
  kind: 'followed' | 'unfollowed',
  event: FollowerEvent,
  trx: Transaction<Database>,
): Promise<void> {
  await ctx.jobs.enqueue(
    {
      kind: kind === 'followed' ? FOLLOWED : UNFOLLOWED,
      key: `${event.channelId}:${event.followerId}`,
      payload: event,
    },
    trx,
  );
}
