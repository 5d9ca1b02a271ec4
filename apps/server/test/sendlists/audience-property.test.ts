import { randomBytes } from 'node:crypto';
import { BOX_FILTER_VALUES, type BoxFilter, matchesFilter, type TagFilter } from '@qrqr/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAudience, listAudienceIds } from '../../src/modules/sendlists/audience-query';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedFollowers, seedTags } from '../helpers/audience';
import { registeredMember } from '../helpers/channels';

/**
 * The one SQL query of send lists against the plain evaluation in @qrqr/shared: random channels
 * with random followers and tags, random boxes in every mode; the count and the follower ids must
 * be the same. A neighbour channel with its own tagged followers must never leak into the answer.
 */
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await registeredMember(t.app)).user.user_id;
});
afterAll(() => t?.close());

async function newChannelRow(): Promise<number> {
  const now = Date.now();
  const row = await t.ctx.db.kysely
    .insertInto('channels')
    .values({
      user_id: userId,
      channel_code: randomBytes(12).toString('base64url'),
      channel_name: 'property',
      channel_user_type: 1,
      industory_id: null,
      sub_industory_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Indexes into the channel's tag list; mapped to real ids once the tags exist. */
const world = fc.record({
  tagCount: fc.integer({ min: 1, max: 7 }),
  followers: fc.array(fc.uniqueArray(fc.nat(6), { maxLength: 7 }), { maxLength: 25 }),
  neighbour: fc.array(fc.uniqueArray(fc.nat(2), { maxLength: 3 }), { maxLength: 4 }),
});
const box = fc.record({
  mode: fc.constantFrom<BoxFilter>(...BOX_FILTER_VALUES),
  tags: fc.uniqueArray(fc.nat(6), { maxLength: 5 }),
});
const filters = fc.array(fc.tuple(box, box), { minLength: 1, maxLength: 6 });

describe('audienceQuery against matchesFilter', () => {
  it('gives the same count and the same followers for random channels and lists', async () => {
    await fc.assert(
      fc.asyncProperty(world, filters, async (w, fs) => {
        const channelId = await newChannelRow();
        const neighbourId = await newChannelRow();
        try {
          const tagIds = await seedTags(
            t.ctx.db,
            channelId,
            Array.from({ length: w.tagCount }, (_, i) => `t${i}`),
          );
          const tagOf = (i: number) => tagIds[i % tagIds.length] as number;
          const followerTags = w.followers.map((set) => [...new Set(set.map(tagOf))]);
          const followerIds = await seedFollowers(t.ctx.db, channelId, followerTags);
          const theirTags = await seedTags(t.ctx.db, neighbourId, ['n0', 'n1', 'n2']);
          await seedFollowers(
            t.ctx.db,
            neighbourId,
            w.neighbour.map((set) => set.map((i) => theirTags[i] as number)),
          );

          const channelTags = new Set(tagIds);
          for (const [b1, b2] of fs) {
            const filter: TagFilter = {
              box_filter_1: b1.mode,
              tag_list_1: [...new Set(b1.tags.map(tagOf))],
              box_filter_2: b2.mode,
              tag_list_2: [...new Set(b2.tags.map(tagOf))],
            };
            const expected = followerIds.filter((_, i) =>
              matchesFilter(filter, new Set(followerTags[i]), channelTags),
            );
            const ids = await listAudienceIds(t.ctx.db, channelId, filter);
            const count = await countAudience(t.ctx.db, channelId, filter);
            expect({ ids, count }).toEqual({ ids: expected, count: expected.length });
          }
        } finally {
          await t.ctx.db.kysely.deleteFrom('channels').where('id', 'in', [channelId, neighbourId]).execute();
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
