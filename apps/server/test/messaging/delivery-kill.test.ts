import { type SqlBool, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/app';
import { databaseUrl, killedServers, onPostgres, until } from './killed-server';
import { seedChannelWithFollowers, seedReservedMessages } from './seed';

/**
 * A crash in the middle of a send: the real server claims a message due now to 20,000 followers,
 * writes every delivery row and is killed (SIGKILL) while its transaction is still open
 * (DELIVERY_HOLD_MS holds it). Nothing of the send is left: the message is still reserved, no
 * delivery exists. Restarted on the same database, the server sends it: every follower has
 * exactly one delivery. The same for a kill between the claim (which writes the deliveries of the
 * followers with a push subscription) and the rest of the audience, and for that kill with the
 * channel's frequency cap on: the capped followers are counted once.
 */
const FOLLOWERS = 20_000;

describe.runIf(!onPostgres || databaseUrl)(`a server killed in the middle of a send (${testDb})`, () => {
  const servers = killedServers('send-kill');
  afterAll(() => servers.cleanup());

  /** Waits until the message is sent (both steps of deliver.ts done). */
  const sent = (id: number) => until(async () => (await state(id)).status === 2);

  const state = async (id: number) => {
    const message = await servers
      .db()
      .kysely.selectFrom('messages')
      .select(['status', 'delivered_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await servers
      .db()
      .kysely.selectFrom('message_deliveries')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('follower_id').distinct().as('followers')])
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      status: message.status,
      delivered: message.delivered_count,
      rows: Number(rows.n),
      followers: Number(rows.followers),
    };
  };

  it('leaves nothing, then the restarted server sends each follower exactly one', async () => {
    const messageId = await servers.migrated(async (db) => {
      const { channelId } = await seedChannelWithFollowers(db, FOLLOWERS);
      return (await seedReservedMessages(db, channelId, 1, Date.now()))[0] as number;
    });
    await servers.killWhileHeld('claim', 60_000);
    expect(await state(messageId)).toEqual({ status: 1, delivered: null, rows: 0, followers: 0 });

    const restarted = await servers.start();
    await sent(messageId);
    expect(await state(messageId)).toEqual({
      status: 2,
      delivered: FOLLOWERS,
      rows: FOLLOWERS,
      followers: FOLLOWERS,
    });
    await restarted.stop();
  }, 120_000);

  it('killed after the claim, before the rest of the audience: the restarted server writes the rest once', async () => {
    const d = servers.db();
    const channelId = Number(
      (await d.kysely.selectFrom('channels').select('id').executeTakeFirstOrThrow()).id,
    );
    const [messageId] = (await seedReservedMessages(d, channelId, 1, Date.now())) as [number];
    // Each step holds its transaction 3 s: the claim commits, the rest is killed while held.
    await servers.killWhileHeld('rest', 3_000);
    // Claimed, with the followers that have a push subscription (none here); still reserved, as
    // its rest is not written.
    expect(await state(messageId)).toEqual({ status: 1, delivered: 0, rows: 0, followers: 0 });

    await servers.start();
    await sent(messageId);
    expect(await state(messageId)).toEqual({
      status: 2,
      delivered: FOLLOWERS,
      rows: FOLLOWERS,
      followers: FOLLOWERS,
    });
  }, 120_000);

  it('with a frequency cap, killed in the rest: the restarted server counts the capped followers once', async () => {
    await servers.stopAll();
    const d = servers.db();
    const channelId = Number(
      (await d.kysely.selectFrom('channels').select('id').executeTakeFirstOrThrow()).id,
    );
    // Every follower has the two messages above; the followers of even id lose the second's row,
    // so under a cap of 2 they get the next message and the others are capped.
    const second = await d.kysely
      .selectFrom('messages')
      .select('id')
      .where('channel_id', '=', channelId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await d.kysely
      .deleteFrom('message_deliveries')
      .where('message_id', '=', Number(second.id))
      .where(sql<SqlBool>`follower_id % 2 = 0`)
      .execute();
    const evens = Number(
      (
        await d.kysely
          .selectFrom('followers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('channel_id', '=', channelId)
          .where(sql<SqlBool>`id % 2 = 0`)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(evens).toBeGreaterThan(0);
    await d.kysely.updateTable('channels').set({ frequency_cap: 2 }).where('id', '=', channelId).execute();
    const [messageId] = (await seedReservedMessages(d, channelId, 1, Date.now())) as [number];
    await servers.killWhileHeld('rest', 3_000);
    expect(await state(messageId)).toEqual({ status: 1, delivered: 0, rows: 0, followers: 0 });

    await servers.start();
    await sent(messageId);
    expect(await state(messageId)).toEqual({ status: 2, delivered: evens, rows: evens, followers: evens });
    const { capped_count } = await servers
      .db()
      .kysely.selectFrom('messages')
      .select('capped_count')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(Number(capped_count)).toBe(FOLLOWERS - evens);
  }, 120_000);
});
