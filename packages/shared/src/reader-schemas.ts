import { z } from 'zod';

/**
 * The reader's calls (DESIGN §1): `POST /api/reader/resolve` and the channel page's calls.
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
export interface ReaderWifi {
  ssid: string;
  password: string;
  encryption: string;
  hidden: boolean;
  expires_at: number | null;
}

/**
 * What a scanned text is, by kind. `plain` marks a standard `WIFI:` payload read as it is (ours
 * without analysis, or anyone's): not one of our tracked codes, so no read counted and no expiry.
 */
export type ReaderResult =
  | { kind: 'text'; text: string }
  | { kind: 'redirect'; target: string }
  | { kind: 'wifi'; expired: false; wifi: ReaderWifi; plain?: true }
  | { kind: 'wifi'; expired: true; expires_at: number }
  | { kind: 'channel'; channel_code: string }
  | { kind: 'missing' }
  | { kind: 'foreign'; text: string };

export const READER_KINDS = ['text', 'redirect', 'wifi', 'channel', 'missing', 'foreign'] as const;
