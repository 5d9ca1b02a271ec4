import { channelPath } from '@qrqr/shared/channel-paths';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedFollowers, seedTags } from '../helpers/audience';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectError, expectOk } from '../helpers/expect';

/**
 * The followers page is limited per address (FOLLOWER_LIST_RATE_LIMIT a minute), and a tag search,
 * which can pass thousands of followers, waits for the count gate like the send-list counts.
 */

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function setUp(overrides: Record<string, string>) {
  const t = await createTestApp(overrides);
  apps.push(t);
  const owner = await registeredMember(t.app);
  const channelId = (await createChannel(owner.client)).channel_id;
  const [tag] = (await seedTags(t.ctx.db, channelId, ['会員'])) as [number];
  await seedFollowers(t.ctx.db, channelId, [[], [tag], [tag]]);
  const url = channelPath.under(channelId, 'followers');
  return {
    t,
    page: () => owner.client.get(url),
    search: () => owner.client.get(`${url}?tag_ids=${tag}`),
  };
}

describe('the followers page under load', () => {
  it('answers 429 with Retry-After past FOLLOWER_LIST_RATE_LIMIT a minute', async () => {
    const s = await setUp({ FOLLOWER_LIST_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await (i % 2 ? s.search() : s.page())).statusCode).toBe(200);
    const res = await s.page();
    expectError(res, 'E-429');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a tag search E-503 while the count gate is full; a plain page still answers', async () => {
    const s = await setUp({ COUNT_CONCURRENCY: '1', COUNT_QUEUE: '0' });
    const release = await s.t.ctx.counts.acquire();
    const refused = await s.search();
    expectError(refused, 'E-503');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectOk(await s.page()).total_count).toBe(3);
    release();
    expect(expectOk(await s.search()).total_count).toBe(2);
  });

  it('lets an operator page through the followers at the default limit', async () => {
    const s = await setUp({});
    expect(s.t.ctx.config.FOLLOWER_LIST_RATE_LIMIT).toBe(120);
    for (let i = 0; i < 60; i++) expect((await (i % 2 ? s.search() : s.page())).statusCode).toBe(200);
  });
});
