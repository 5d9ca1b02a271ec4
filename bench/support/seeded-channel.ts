import { BOX_FILTERS } from '@qrqr/shared/tag-filter';
import type { Db } from '../../apps/server/src/db/client';
import { insertChannelRow, seedFollowers, seedTags } from '../../apps/server/test/helpers/audience';
import { insertMemberRow } from '../../apps/server/test/messaging/seed';

/**
 * The channel the in-process benches measure: a member, one channel, `tags` tags and one follower
 * a `tagsOf` entry (followerTagIndexes), tagged with those tags by index, written through the
 * server tests' seed in one transaction. Answers the ids in the order of `tagsOf`.
 */
export async function seedTaggedChannel(
  db: Db,
  tags: number,
  tagsOf: number[][],
): Promise<{ channelId: number; channelCode: string; tagIds: number[]; followerIds: number[] }> {
  return db.kysely.transaction().execute(async (trx) => {
    const inTrx: Db = { ...db, kysely: trx };
    const userId = await insertMemberRow(inTrx);
    const channelId = await insertChannelRow(inTrx, userId, 'bench');
    const tagIds = await seedTags(
      inTrx,
      channelId,
      Array.from({ length: tags }, (_, i) => `tag${i}`),
    );
    const followerIds: number[] = [];
    // 5,000 followers a statement stays under both databases' bound-parameter limits.
    for (let i = 0; i < tagsOf.length; i += 5000) {
      const part = tagsOf.slice(i, i + 5000).map((indexes) => indexes.map((t) => tagIds[t] as number));
      followerIds.push(...(await seedFollowers(inTrx, channelId, part)));
    }
    const { channel_code: channelCode } = await trx
      .selectFrom('channels')
      .select('channel_code')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    return { channelId, channelCode, tagIds, followerIds };
  });
}

/** A two-box send list: box 1 "at least" (every tag of `atLeast`), box 2 "exclude" (none of `exclude`); answers its id. */
export async function seedTwoBoxList(
  db: Db,
  channelId: number,
  atLeast: number[],
  exclude: number[],
): Promise<number> {
  const now = Date.now();
  const list = await db.kysely
    .insertInto('sendlists')
    .values({
      channel_id: channelId,
      sendlist_name: 'two boxes',
      box_filter_1: BOX_FILTERS.atLeast,
      box_filter_2: BOX_FILTERS.exclude,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sendlistId = Number(list.id);
  await db.kysely
    .insertInto('sendlist_tags')
    .values([
      ...atLeast.map((tag_id) => ({ sendlist_id: sendlistId, box: 1, tag_id, channel_id: channelId })),
      ...exclude.map((tag_id) => ({ sendlist_id: sendlistId, box: 2, tag_id, channel_id: channelId })),
    ])
    .execute();
  return sendlistId;
}
