import { groupSizeOf } from '@qrqr/shared/ab-test-constants';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';
import { addFollowers, deliveriesOf, partsOf, splitOf } from './ab-helpers';

/**
 * A/B tests against a plain model, over random audiences, shares, numbers of variants, frequency
 * caps, earlier deliveries, opens, fallbacks and followers joining during the test: every follower
 * ends with exactly one delivery (its group's variant, or the winner) or none when the cap left
 * it out (or, for the rest, when the fallback sent nothing); never two. The groups are equal, of
 * the size groupSizeOf gives, and the cap's counts add up. Groups may be small here: the sweep
 * must hold for an audience that shrank after the reserve.
 */
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const START = Math.ceil((Date.now() + 10 * 24 * HOUR) / 1000) * 1000;
/** Each run sends at its own moment, four days after the last (no window reaches another run). */
let T0 = START;

const scenario = fc.record({
  followers: fc.integer({ min: 0, max: 160 }),
  share: fc.integer({ min: 10, max: 50 }),
  variants: fc.integer({ min: 2, max: 4 }),
  cap: fc.constantFrom(0, 1, 2),
  /** Each follower's deliveries of earlier messages in the hour before (0–2). */
  earlier: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 160, maxLength: 160 }),
  opens: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 4 }),
  fallback: fc.constantFrom('variant_a', 'best', 'none'),
  /** Under 23 h, so the earlier deliveries still count at the winner's send. */
  waitHours: fc.integer({ min: 1, max: 20 }),
  joiners: fc.integer({ min: 0, max: 5 }),
});

it('gives each follower one variant or the winner, never both, never none unless capped', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      T0 += 4 * 24 * HOUR;
      const db = t.ctx.db;
      const channelId = await insertChannelRow(db, userId, 'ab');
      await db.kysely
        .updateTable('channels')
        .set({ frequency_cap: s.cap })
        .where('id', '=', channelId)
        .execute();
      const followers = await addFollowers(db, channelId, s.followers);
      const earlier = new Map(followers.map((f, i) => [f, s.earlier[i] ?? 0]));
      await writeEarlier(channelId, earlier);

      const id = await reservedTest(channelId, s);
      await deliverDue(t.ctx, () => T0);
      const joined = await addFollowers(db, channelId, s.joiners);
      const { variants } = await partsOf(db, id);
      for (const [i, v] of variants.entries()) await openShare(v, s.opens[i] ?? 0);
      const decideAt = T0 + s.waitHours * HOUR;
      await deliverDue(t.ctx, () => decideAt);
      await deliverDue(t.ctx, () => decideAt + HOUR);

      const split = await splitOf(db, id);
      const size = groupSizeOf(s.followers, s.share, s.variants);
      for (let g = 0; g < s.variants; g++)
        expect([...split.values()].filter((v) => v === g).length).toBe(size);
      const { winner } = await partsOf(db, id);
      if (s.fallback !== 'none')
        expect(
          winner,
          JSON.stringify(
            await db.kysely.selectFrom('message_tests').selectAll().where('message_id', '=', id).execute(),
          ),
        ).toBeDefined();
      const got = await deliveriesOf(db, [...variants, ...(winner ? [Number(winner.id)] : [])]);
      const capped = (f: number) => s.cap > 0 && (earlier.get(f) ?? 0) >= s.cap;
      let cappedInTest = 0;
      let cappedInRest = 0;
      for (const f of [...followers, ...joined]) {
        const mine = got.get(f) ?? [];
        const group = split.get(f);
        if (group !== undefined) {
          if (capped(f)) cappedInTest++;
          expect(mine).toEqual(capped(f) ? [] : [variants[group]]);
        } else {
          if (winner && capped(f)) cappedInRest++;
          expect(mine).toEqual(winner && !capped(f) ? [Number(winner.id)] : []);
        }
      }
      const counts = await db.kysely
        .selectFrom('messages')
        .select(['id', 'capped_count'])
        .where('id', 'in', [id, ...(winner ? [Number(winner.id)] : [])])
        .execute();
      const cappedOf = new Map(counts.map((r) => [Number(r.id), Number(r.capped_count)]));
      expect(cappedOf.get(id)).toBe(cappedInTest);
      if (winner) expect(cappedOf.get(Number(winner.id))).toBe(cappedInRest);
    }),
    { numRuns: 25 },
  );
});

/** The earlier deliveries: the n-th earlier message of the channel reaches who had n or more. */
async function writeEarlier(channelId: number, earlier: Map<number, number>) {
  for (const n of [1, 2]) {
    const who = [...earlier].filter(([, k]) => k >= n).map(([f]) => f);
    const message = await t.ctx.db.kysely
      .insertInto('messages')
      .values({
        channel_id: channelId,
        status: 2,
        layout: 1,
        push_text: `前の${n}`,
        sent_at: T0 - HOUR,
        created_at: T0,
        updated_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (who.length === 0) continue;
    await t.ctx.db.kysely
      .insertInto('message_deliveries')
      .values(
        who.map((f) => ({
          message_id: Number(message.id),
          follower_id: f,
          delivered_at: T0 - HOUR,
          push_state: 0,
        })),
      )
      .execute();
  }
}

/** A message reserved for T0 to all followers with a test, written straight into its tables. */
async function reservedTest(
  channelId: number,
  s: { share: number; variants: number; fallback: string; waitHours: number },
): Promise<number> {
  const row = (push_text: string) => ({
    channel_id: channelId,
    layout: 1,
    push_text,
    created_at: T0,
    updated_at: T0,
  });
  const message = await t.ctx.db.kysely
    .insertInto('messages')
    .values({ ...row('A'), status: 1, send_at: T0, reserved_at: T0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(message.id);
  for (let v = 1; v < s.variants; v++)
    await t.ctx.db.kysely
      .insertInto('messages')
      .values({ ...row(`V${v}`), status: 0, test_of: id, variant: v, test_part: 1 })
      .execute();
  await t.ctx.db.kysely
    .insertInto('message_tests')
    .values({
      message_id: id,
      share_percent: s.share,
      metric: 'open',
      wait_hours: s.waitHours,
      fallback: s.fallback,
    })
    .execute();
  return id;
}

/** Opens `percent` % of a variant's deliveries. */
async function openShare(messageId: number, percent: number) {
  const rows = await t.ctx.db.kysely
    .selectFrom('message_deliveries')
    .select('follower_id')
    .where('message_id', '=', messageId)
    .execute();
  const opened = rows.slice(0, Math.floor((rows.length * percent) / 100)).map((r) => Number(r.follower_id));
  if (opened.length === 0) return;
  await t.ctx.db.kysely
    .updateTable('message_deliveries')
    .set({ opened_at: T0 + HOUR })
    .where('message_id', '=', messageId)
    .where('follower_id', 'in', opened)
    .execute();
}
