import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from './client';
import { type Member, signUpAndActivate } from './factories';

/** The create form's body: a company channel in 飲食店 → カフェ・喫茶 unless patched. */
export const newChannel = (patch: Record<string, unknown> = {}) => ({
  channel_name: '喫茶こもれび',
  channel_user_type: 2,
  industory_id: 1,
  sub_industory_id: 104,
  ...patch,
});

/** A member who has accepted the channel service's terms. */
export async function registeredMember(app: FastifyInstance): Promise<Member> {
  const member = await signUpAndActivate(app);
  const res = await member.client.post(api.channelServiceRegister, { terms_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

/** Creates a channel from this browser and returns it (fails the test on anything but success). */
export async function createChannel(
  client: TestClient,
  patch: Record<string, unknown> = {},
): Promise<ChannelDto> {
  const res = await client.post(api.channels, newChannel(patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().channel as ChannelDto;
}
