import { groupSizeOf } from '@qrqr/shared/ab-test-constants';
import { BOX_FILTERS } from '@qrqr/shared/tag-filter';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/messaging/deliver';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertChannelRow, seedFollowers, seedTags } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';
import { deliveriesOf, partsOf, splitOf } from './ab-helpers';

/**
 * A/B tests against a plain model, over random audiences (every follower, or a send list of the
 * tagged ones), shares, numbers of variants, frequency caps, earlier deliveries, opens, fallbacks
 * and followers joining during the test: every follower of the audience ends with exactly one
 * delivery (its group's variant, or the winner) or none when the cap left it out (or, for the
 * rest, when the fallback sent nothing); never two; a follower outside the list gets none. The groups are equal, of
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
  /** Sent to a send list of the tagged followers (joiners too), or to every follower. */
  listed: fc.boolean(),
  tagged: fc.array(fc.boolean(), { minLength: 165, maxLength: 165 }),
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
      const [tag] = (await seedTags(db, channelId, ['対象'])) as [number];
      const tagSets = (from: number, n: number) =>
        s.tagged.slice(from, from + n).map((yes) => (yes ? [tag] : []));
      const followers = await seedFollowers(db, channelId, tagSets(0, s.followers));
      const joiners = tagSets(160, s.joiners);
      const inList = new Set(
        [...followers.keys()].filter((i) => s.tagged[i]).map((i) => followers[i] as number),
      );
      const sendlistId = s.listed ? await tagList(channelId, tag) : null;
      const earlier = new Map(followers.map((f, i) => [f, s.earlier[i] ?? 0]));
      await writeEarlier(channelId, earlier);

      const id = await reservedTest(channelId, s, sendlistId);
      await deliverDue(t.ctx, () => T0);
      const joined = await seedFollowers(db, channelId, joiners);
      for (const [i, f] of joined.entries()) if ((joiners[i] ?? []).length > 0) inList.add(f);
      const inAudience = (f: number) => !s.listed || inList.has(f);
      const { variants } = await partsOf(db, id);
      for (const [i, v] of variants.entries()) await openShare(v, s.opens[i] ?? 0);
      const decideAt = T0 + s.waitHours * HOUR;
      await deliverDue(t.ctx, () => decideAt);
      await deliverDue(t.ctx, () => decideAt + HOUR);

      const split = await splitOf(db, id);
      const audience = s.listed ? followers.filter(inAudience).length : s.followers;
      const size = groupSizeOf(audience, s.share, s.variants);
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
        if (!inAudience(f)) {
          expect(group).toBeUndefined();
          expect(mine).toEqual([]);
          continue;
        }
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
  sendlistId: number | null,
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
    .values({ ...row('A'), status: 1, send_at: T0, reserved_at: T0, sendlist_id: sendlistId })
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

/** A send list of the followers with `tag` (box 1: at least it; box 2 unused). */
async function tagList(channelId: number, tag: number): Promise<number> {
  const list = await t.ctx.db.kysely
    .insertInto('sendlists')
    .values({
      channel_id: channelId,
      sendlist_name: '対象',
      box_filter_1: BOX_FILTERS.atLeast,
      box_filter_2: BOX_FILTERS.unused,
      created_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.kysely
    .insertInto('sendlist_tags')
    .values({ sendlist_id: Number(list.id), box: 1, tag_id: tag, channel_id: channelId })
    .execute();
  return Number(list.id);
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
