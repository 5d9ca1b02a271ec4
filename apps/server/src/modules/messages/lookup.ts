import type { AppContext } from '../../platform/context';

/** What other modules read of messages: the notification texts of some of a channel's messages. */
export async function messageTitles(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.kysely
    .selectFrom('messages')
    .select(['id', 'push_text'])
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.push_text]));
}
