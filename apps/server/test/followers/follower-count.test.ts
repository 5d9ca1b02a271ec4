import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followerCount } from '../../src/db/follower-counts';
import * as migration from '../../src/db/migrations/0026-follower-count';
import { asSchemaChange, createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow, seedFollowers } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';

/**
 * `channels.follower_count` is kept by the database (migration 0026): every statement that adds or
 * removes followers, several rows at once and cascades included, moves it, and only its channel's.
 */
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
});
afterAll(() => t?.close());

const actual = async (channelId: number) =>
  Number(
    (
      await t.ctx.db.kysely
        .selectFrom('followers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('channel_id', '=', channelId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the follower count kept by the database', () => {
  it('follows inserts and deletes of one row or many, in its channel only', async () => {
    const channelId = await insertChannelRow(t.ctx.db, userId, 'counted');
    const neighbourId = await insertChannelRow(t.ctx.db, userId, 'neighbour');
    expect(await followerCount(t.ctx.db, channelId)).toBe(0);
    const ids = await seedFollowers(t.ctx.db, channelId, [[], [], [], [], []]);
    await seedFollowers(t.ctx.db, neighbourId, [[], []]);
    expect(await followerCount(t.ctx.db, channelId)).toBe(5);
    expect(await followerCount(t.ctx.db, neighbourId)).toBe(2);
    await t.ctx.db.kysely.deleteFrom('followers').where('id', 'in', ids.slice(0, 3)).execute();
    expect(await followerCount(t.ctx.db, channelId)).toBe(2);
    expect(await followerCount(t.ctx.db, channelId)).toBe(await actual(channelId));
    expect(await followerCount(t.ctx.db, neighbourId)).toBe(2);
    // One statement across both channels.
    await t.ctx.db.kysely
      .deleteFrom('followers')
      .where('channel_id', 'in', [channelId, neighbourId])
      .execute();
    expect(await followerCount(t.ctx.db, channelId)).toBe(0);
    expect(await followerCount(t.ctx.db, neighbourId)).toBe(0);
    // A channel deleted with its followers (a cascade) fails nothing; a channel gone counts 0.
    await seedFollowers(t.ctx.db, channelId, [[], []]);
    await t.ctx.db.kysely.deleteFrom('channels').where('id', 'in', [channelId, neighbourId]).execute();
    expect(await followerCount(t.ctx.db, channelId)).toBe(0);
  });

  it('starts from the followers there are when the migration runs', async () => {
    const channelId = await insertChannelRow(t.ctx.db, userId, 'before');
    await asSchemaChange(t, () => migration.down(t.ctx.db.kysely as never));
    try {
      await seedFollowers(t.ctx.db, channelId, [[], [], []]);
    } finally {
      await asSchemaChange(t, () => migration.up(t.ctx.db.kysely as never));
    }
    expect(await followerCount(t.ctx.db, channelId)).toBe(3);
    await seedFollowers(t.ctx.db, channelId, [[]]);
    expect(await followerCount(t.ctx.db, channelId)).toBe(4);
  });
});
