import { channelPath } from '@qrqr/shared/channel-paths';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { expect } from 'vitest';
import type { TestClient } from './client';

export const tagUrl = (channelId: number) => channelPath.under(channelId, 'tag');

/** Creates a tag from this browser and returns it (fails the test on anything but success). */
export async function createTag(client: TestClient, channelId: number, tagName: string): Promise<TagDto> {
  const res = await client.post(tagUrl(channelId), { tag_name: tagName });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tag as TagDto;
}

/** DELETE /tag carries its ids in the body. */
export function deleteTags(
  client: TestClient,
  channelId: number,
  body: Record<string, unknown>,
  form = false,
) {
  return client.post(tagUrl(channelId), body, { method: 'DELETE', form });
}
