import type { PushPayload } from '@qrqr/shared/push-schemas';

/** The plain payload's limit: 4,096 bytes a push service takes, less the aes128gcm record's overhead. */
export const PAYLOAD_MAX_BYTES = 3993;

/** The payload as JSON within PAYLOAD_MAX_BYTES (the body shortened if it ever must be). */
export function payloadJson(payload: PushPayload): string {
  let json = JSON.stringify(payload);
  let body = payload.body;
  while (Buffer.byteLength(json) > PAYLOAD_MAX_BYTES && body.length > 0) {
    body = body.slice(0, Math.max(0, body.length - 64));
    json = JSON.stringify({ ...payload, body });
  }
  return json;
}
