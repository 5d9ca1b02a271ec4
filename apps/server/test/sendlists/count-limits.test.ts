import { channelPath } from '@qrqr/shared/channel-paths';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedFollowers, seedTags } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';

/**
 * Audience counts (the editor's live reach, the send-list list) are limited per address and gated:
 * a full gate answers E-503 with Retry-After, past the limit 429; an editing session at the default
 * limit is not hindered.
 */

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function setUp(overrides: Record<string, string>) {
  const t = await createTestApp(overrides);
  apps.push(t);
  const owner: Member = await registeredMember(t.app);
  const channelId = (await createChannel(owner.client)).channel_id;
  const [tag] = (await seedTags(t.ctx.db, channelId, ['会員'])) as [number];
  await seedFollowers(t.ctx.db, channelId, [[], [tag], [tag]]);
  const url = (rest = '') => channelPath.under(channelId, `sendlist${rest}`);
  const filter = (box: number) => ({ box_filter_1: box, tag_list_1: [tag], box_filter_2: 3, tag_list_2: [] });
  return {
    t,
    count: (box = 0) => owner.client.post(url('/count'), filter(box)),
    list: () => owner.client.get(url()),
    detail: async () => {
      const saved = await owner.client.post(url(), { sendlist_name: '会員リスト', ...filter(0) });
      const id = (saved.json() as { sendlist: { sendlist_id: number } }).sendlist.sendlist_id;
      return () => owner.client.get(url(`/${id}`));
    },
  };
}

describe('send-list counts under load', () => {
  it('answers E-503 with Retry-After while the count gate is full, for the count and the list', async () => {
    const s = await setUp({ SENDLIST_COUNT_RATE_LIMIT: '1000', COUNT_CONCURRENCY: '1', COUNT_QUEUE: '0' });
    const release = await s.t.ctx.counts.acquire();
    for (const res of [await s.count(), await s.list()]) {
      expectError(res, 'E-503');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    release();
    expect(expectOk(await s.count()).count).toBe(2);
    expect(expectOk(await s.list()).total_count).toBe(0);
  });

  it("answers E-503 for a list's detail while the count gate is full, 429 past the limit", async () => {
    const s = await setUp({ SENDLIST_COUNT_RATE_LIMIT: '3', COUNT_CONCURRENCY: '1', COUNT_QUEUE: '0' });
    const detail = await s.detail();
    const release = await s.t.ctx.counts.acquire();
    expectError(await detail(), 'E-503');
    release();
    expect(expectOk(await detail()).sendlist).toMatchObject({ follower_count: 2 });
    expect((await detail()).statusCode).toBe(200);
    expectError(await detail(), 'E-429');
  });

  it('queues a burst within the queue instead of refusing it', async () => {
    const s = await setUp({ SENDLIST_COUNT_RATE_LIMIT: '1000', COUNT_CONCURRENCY: '1', COUNT_QUEUE: '8' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => s.count()));
    for (const res of answers) expect(expectOk(res).count).toBe(2);
    expect(s.t.ctx.counts.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 429 with Retry-After past SENDLIST_COUNT_RATE_LIMIT a minute, the count and the list each', async () => {
    const s = await setUp({ SENDLIST_COUNT_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await s.count(i % 5)).statusCode).toBe(200);
    const res = await s.count();
    expectError(res, 'E-429');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await s.list()).statusCode).toBe(200);
  });

  it('lets an editing session count on every edit at the default limit', async () => {
    const s = await setUp({});
    // The default (120 a minute); the test helper does not lower or raise it.
    expect(s.t.ctx.config.SENDLIST_COUNT_RATE_LIMIT).toBe(120);
    // A brisk minute of editing: the page's list, then a count on each of 60 changes.
    expect((await s.list()).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) expect((await s.count(i % 5)).statusCode).toBe(200);
  });
});
