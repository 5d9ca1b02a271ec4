import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../src/db/migrations/0028-times-in-milliseconds';
import { asSchemaChange, createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';

/**
 * Migration 0028 stores a message's send time and a welcome message's end in milliseconds, like
 * every other time: run on a database whose rows were written in seconds, every row keeps its
 * moment, and down gives the seconds back.
 */
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
});
afterAll(() => t?.close());

const db = () => t.ctx.db.kysely;

describe('migration 0028: send times in milliseconds', () => {
  it('multiplies every stored second by 1000 under the new names, keeps nulls, and goes back on down', async () => {
    const channelId = await insertChannelRow(t.ctx.db, userId, 'times');
    const now = Date.now();
    const due = 1_893_456_000; // 2030-01-01 Tokyo, in seconds as the API carries it
    await asSchemaChange(t, () => migration.down(db() as never));
    try {
      await sql`insert into messages (channel_id, status, layout, send_dt, push_text, created_at, updated_at)
        values (${channelId}, 1, 1, ${due}, 'mig28 reserved', ${now}, ${now}),
               (${channelId}, 0, 1, null, 'mig28 draft', ${now}, ${now})`.execute(db());
      await sql`insert into welcome_messages (channel_id, status, layout, send_end_dt, push_text, created_at, updated_at)
        values (${channelId}, 1, 1, ${due + 60}, 'mig28 on', ${now}, ${now}),
               (${channelId}, 0, 1, null, 'mig28 off', ${now}, ${now})`.execute(db());
    } finally {
      await asSchemaChange(t, () => migration.up(db() as never));
    }
    const messages = await db()
      .selectFrom('messages')
      .select(['push_text', 'send_at'])
      .where('channel_id', '=', channelId)
      .orderBy('push_text')
      .execute();
    expect(messages.map((m) => [m.push_text, m.send_at === null ? null : Number(m.send_at)])).toEqual([
      ['mig28 draft', null],
      ['mig28 reserved', due * 1000],
    ]);
    const welcomes = await db()
      .selectFrom('welcome_messages')
      .select(['push_text', 'send_end_at'])
      .where('channel_id', '=', channelId)
      .orderBy('push_text')
      .execute();
    expect(welcomes.map((w) => [w.push_text, w.send_end_at === null ? null : Number(w.send_end_at)])).toEqual(
      [
        ['mig28 off', null],
        ['mig28 on', (due + 60) * 1000],
      ],
    );

    // Down: seconds again under the old names (the schema is put back up after).
    await asSchemaChange(t, () => migration.down(db() as never));
    try {
      const back = await sql<{ send_dt: number | string | null }>`select send_dt from messages
        where channel_id = ${channelId} order by push_text`.execute(db());
      expect(back.rows.map((r) => (r.send_dt === null ? null : Number(r.send_dt)))).toEqual([null, due]);
      const ends = await sql<{ send_end_dt: number | string | null }>`select send_end_dt from welcome_messages
        where channel_id = ${channelId} order by push_text`.execute(db());
      expect(ends.rows.map((r) => (r.send_end_dt === null ? null : Number(r.send_end_dt)))).toEqual([
        null,
        due + 60,
      ]);
    } finally {
      await asSchemaChange(t, () => migration.up(db() as never));
    }
  });
});
