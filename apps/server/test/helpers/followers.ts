import { channelPath } from '@qrqr/shared/channel-paths';
import { type FollowerListDto, followerListSchema } from '@qrqr/shared/follower-schemas';
import { api } from '@qrqr/shared/paths';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TestClient } from './client';
import { expectAnswer } from './expect';

export const readerChannelUrl = (code: string) => `${api.readerChannel}/${code}`;

/**
 * A visitor's phone on the channel page: no sid, no account; its fetches send X-Requested-With
 * and the page's own Origin, as the reader does.
 */
export function visitor(app: FastifyInstance, remoteAddress?: string): TestClient {
  return new TestClient(app, remoteAddress);
}

export const sameOrigin = { origin: 'http://qr.test' };

export function follow(client: TestClient, code: string, body?: Record<string, unknown>) {
  return client.post(`${readerChannelUrl(code)}/follow`, body ?? {}, { headers: sameOrigin });
}

export function unfollow(client: TestClient, code: string) {
  return client.post(`${readerChannelUrl(code)}/unfollow`, {}, { headers: sameOrigin });
}

/** A visitor who follows the channel (optionally through a tagged link's token). */
export async function newFollower(app: FastifyInstance, code: string, tags?: string): Promise<TestClient> {
  const client = visitor(app);
  const res = await follow(client, code, tags ? { tags } : {});
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** The operator's followers page. */
export async function followersOf(
  client: TestClient,
  channelId: number,
  query = '',
): Promise<FollowerListDto> {
  const res = await client.get(`${channelPath.under(channelId, 'followers')}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return expectAnswer(res, followerListSchema);
}

/** The `tags` token of a follow link URL. */
export function tokenOf(url: string): string {
  return new URL(url).searchParams.get('tags') ?? '';
}
