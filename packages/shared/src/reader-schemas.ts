import { z } from 'zod';
import { wifiGuestPageDto } from './wifi-schemas';

/**
 * The reader's calls: `POST /api/reader/resolve` and the channel page's calls.
 * Shared by the server (validation, OpenAPI) and the reader app (types of the answers).
 */

/** A QR code holds at most 7089 characters (version 40, numeric): longer text never came from a code. */
export const READER_TEXT_MAX = 7089;

export const readerResolveBody = z.object({
  text: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(READER_TEXT_MAX, { error: 'validation.invalid' }),
  /** Sent only when the visitor agreed; mapped to a prefecture and never stored. */
  position: z
    .object({
      lat: z.number({ error: 'validation.invalid' }).min(-90).max(90),
      lng: z.number({ error: 'validation.invalid' }).min(-180).max(180),
    })
    .optional(),
});
export type ReaderResolveBody = z.infer<typeof readerResolveBody>;

/** A Wi-Fi profile as the reader shows it; `expires_at` in Unix milliseconds, null for forever. */
export const readerWifiSchema = z.object({
  ssid: z.string(),
  password: z.string(),
  encryption: z.string().describe('WPA, WEP or nopass'),
  hidden: z.boolean(),
  expires_at: z.number().nullable().describe('Unix milliseconds; null when it never expires'),
});
export type ReaderWifi = z.infer<typeof readerWifiSchema>;

/**
 * What a scanned text is, by kind. `plain` marks a standard `WIFI:` payload read as it is (ours
 * without analysis, or anyone's): not one of our tracked codes, so no read counted and no expiry.
 */
export const readerResultSchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string().describe("A secret code's raw content") }),
  z.object({ kind: z.literal('redirect'), target: z.string().describe('Where our redirect code leads') }),
  z.object({
    kind: z.literal('wifi'),
    expired: z.literal(false),
    wifi: readerWifiSchema,
    plain: z
      .literal(true)
      .optional()
      .describe('A standard WIFI: payload read as it is: not a tracked code, no read counted, no expiry'),
    welcome_page: wifiGuestPageDto
      .optional()
      .describe('The Wi-Fi welcome page this code greets with, once released (one scan, one round trip)'),
  }),
  z.object({ kind: z.literal('wifi'), expired: z.literal(true), expires_at: z.number() }),
  z.object({ kind: z.literal('channel'), channel_code: z.string() }),
  z.object({ kind: z.literal('missing').describe('Our format, but no such code (deleted)') }),
  z.object({ kind: z.literal('foreign'), text: z.string().describe('Not ours: shown as text') }),
]);
export type ReaderResult = z.infer<typeof readerResultSchema>;

/** POST /api/reader/resolve. */
export const readerResolveAnswer = z.object({ result: readerResultSchema });

export const READER_KINDS = ['text', 'redirect', 'wifi', 'channel', 'missing', 'foreign'] as const;
