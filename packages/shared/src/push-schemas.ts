import { z } from 'zod';
import { notifyMessageBody, saveMessageBody } from './message-schemas';

/**
 * Web Push contracts: the reader's subscription calls and the operator's test send and
 * withdraw. The server also checks the endpoint's origin against the known push services (E-750).
 */

/** Bytes of a base64url text, or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return -1;
  const plain = text.replace(/=+$/, '');
  if (plain.length % 4 === 1) return -1;
  return Math.floor((plain.length * 3) / 4);
}

/** Push endpoints are URLs of at most this many characters (FCM's are ~180, Apple's ~250). */
export const PUSH_ENDPOINT_MAX = 1024;

const endpoint = z
  .string({ error: 'validation.push_endpoint_invalid' })
  .max(PUSH_ENDPOINT_MAX, { error: 'validation.push_endpoint_invalid' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: 'validation.push_endpoint_invalid' },
  );

const key = (bytes: number) =>
  z
    .string({ error: 'validation.push_key_invalid' })
    .max(100, { error: 'validation.push_key_invalid' })
    .refine((v) => base64urlBytes(v) === bytes, { error: 'validation.push_key_invalid' });

/** The browser's PushSubscription.toJSON(): the endpoint and its keys (p256dh: 65 bytes, auth: 16). */
export const pushSubscriptionBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: key(65), auth: key(16) }, { error: 'validation.push_key_invalid' }),
});
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBody>;

/** POST /api/reader/push/unsubscribe: the same JSON; only the endpoint is needed. */
export const pushUnsubscribeBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z
    .object({ p256dh: z.string().max(100), auth: z.string().max(100) })
    .partial()
    .optional(),
});
export type PushUnsubscribeBody = z.output<typeof pushUnsubscribeBody>;

/** GET /api/reader/push: what the reader subscribes with. */
export const pushKeyAnswer = z.object({
  vapid_public_key: z.string().describe('applicationServerKey for pushManager.subscribe (base64url)'),
});
export type PushKeyAnswer = z.infer<typeof pushKeyAnswer>;

export const pushSubscribeAnswer = z.object({
  subscribed: z.boolean().describe('Whether this endpoint is now stored for this device'),
});
export type PushSubscribeAnswer = z.infer<typeof pushSubscribeAnswer>;

/**
 * What a notification carries (the service worker shows it; ≤ 3,993 bytes as JSON). `tag` is the
 * message's: a second copy of the same push replaces the first. `url` opens the message in the
 * reader and ends with `?via=push` before its fragment.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  message_id: z.number().int().nullable(),
  welcome_message_id: z.number().int().nullable(),
  url: z.string(),
  tag: z.string(),
  test: z.boolean().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** POST …/message/test: the message as it stands in the editor (the save body; nothing is saved). */
export const messageTestPushBody = saveMessageBody;
export const messageTestPushAnswer = z.object({
  devices: z
    .number()
    .int()
    .describe("The operator's devices that follow the channel and have a subscription"),
  accepted: z.number().int().describe('How many of them the push services accepted'),
});
export type MessageTestPushAnswer = z.infer<typeof messageTestPushAnswer>;

/** POST …/message/withdraw: one sent message leaves every inbox and becomes publish finished. */
export const messageWithdrawBody = notifyMessageBody;
export type MessageWithdrawBody = z.output<typeof messageWithdrawBody>;

/** Quiet hours a channel may choose (minutes of the day in Japan); 21:00–08:00 is offered. */
export const QUIET_HOURS_DEFAULT = { start: '21:00', end: '08:00' } as const;
