import { channelPath } from '@qrqr/shared/channel-paths';
import { readerPushPath } from '@qrqr/shared/paths';
import { expect } from 'vitest';
import type { TestClient } from '../helpers/client';
import { sameOrigin } from '../helpers/followers';
import { saveDraft } from '../messaging/helpers';
import type { TestSubscription } from '../support/fake-push-service';

/** The server's env for a test against the fake push service. */
export const pushEnv = (origin: string, caFile: string, extra: Record<string, string> = {}) => ({
  PUSH_SERVICE_ORIGINS: origin,
  PUSH_CA_FILE: caFile,
  VAPID_SUBJECT: 'mailto:push-test@qr.test',
  PUSH_RATE_LIMIT: '100000',
  PUSH_TEST_RATE_LIMIT: '100000',
  ...extra,
});

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
