import { channelPath } from '@qrqr/shared/channel-paths';
import { readerPushPath } from '@qrqr/shared/paths';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import type { Member } from '../helpers/factories';
import { sameOrigin } from '../helpers/followers';
import { saveDraft } from '../messaging/helpers';
import { FakePushService, type TestSubscription } from '../support/fake-push-service';

/** The server's env for a test against the fake push service. */
export const pushEnv = (origin: string, caFile: string, extra: Record<string, string> = {}) => ({
  PUSH_SERVICE_ORIGINS: origin,
  PUSH_CA_FILE: caFile,
  VAPID_SUBJECT: 'mailto:push-test@qr.test',
  PUSH_RATE_LIMIT: '100000',
  PUSH_TEST_RATE_LIMIT: '100000',
  ...extra,
});

/**
 * The fake push service, the app pointed at it and two members of the channel service for one test
 * file, made before its first test and closed after its last: `const s = pushAppPerFile();` then
 * `s.fake`, `s.t`, `s.owner`, `s.other` inside the tests. `extra` adds to the server's env.
 */
export function pushAppPerFile(extra: Record<string, string> = {}): {
  fake: FakePushService;
  t: TestApp;
  owner: Member;
  other: Member;
} {
  const state = {} as { fake: FakePushService; t: TestApp; owner: Member; other: Member };
  beforeAll(async () => {
    state.fake = await new FakePushService().start();
    state.t = await createTestApp(pushEnv(state.fake.origin, state.fake.caFile, extra));
    state.owner = await registeredMember(state.t.app);
    state.other = await registeredMember(state.t.app);
  });
  afterAll(async () => {
    await state.t?.close();
    await state.fake?.stop();
  });
  return state;
}

/** The reader subscribing this browser (its device) with a subscription of the fake service. */
export async function subscribe(client: TestClient, sub: Pick<TestSubscription, 'endpoint' | 'keys'>) {
  return client.post(
    readerPushPath.subscribe,
    { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    { headers: sameOrigin },
  );
}

/** Saves and reserves a message to go now; answers its id (the caller drains the jobs). */
export async function reserveNow(owner: TestClient, channelId: number, patch: Record<string, unknown> = {}) {
  const m = await saveDraft(owner, channelId, patch);
  const res = await owner.post(channelPath.messageNotify(channelId), { message_id: m.message_id });
  expect(res.statusCode, res.body).toBe(200);
  return m.message_id;
}
