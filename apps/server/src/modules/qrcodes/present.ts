import { type QrCodeDto, REDIRECT_PREFIX, SHARE_PERMISSIONS, type WifiEncryption } from '@qrqr/shared';
import { z } from 'zod';
import type { QrCodeRow } from '../../db/schema';
import { fromFlags } from '../sharing/lookup';
import type { ListedQrCode } from './repository';

/**
 * A code as every QR-manager call answers it (QrCodeDto of @qrqr/shared). A recipient without
 * `view` gets its title and dates only: the content, the image's payload (a secret code's token),
 * the Wi-Fi profile and the read count are the read log's, which that permission guards.
 */
export function presentQrCode(row: QrCodeRow | ListedQrCode, publicUrl: string): QrCodeDto {
  const share = 'share' in row ? row.share : undefined;
  if (share && !share.can_view) {
    return {
      id: row.id,
      title: row.title,
      tab: row.tab,
      type: row.type,
      url: '',
      payload: '',
      analysis: false,
      analysis_type: 0,
      redirect_url: null,
      wifi: null,
      created_at: row.created_at,
      total_read_count: 0,
      version: 0,
      is_owner: false,
      owner_name: share.owner_name,
      permissions: fromFlags(share),
      content_hidden: true,
    };
  }
  return {
    id: row.id,
    title: row.title,
    tab: row.tab,
    type: row.type,
    url: row.content,
    payload: row.payload,
    // On while the code counts: a redirect or secret code may pause (the read-log page's switch).
    analysis: row.analysis_type !== 0 && !row.analytics_paused,
    analysis_type: row.analysis_type,
    redirect_url: row.short_code ? redirectUrl(publicUrl, row.short_code) : null,
    wifi:
      row.type === 3
        ? {
            name: row.wifi_name ?? '',
            ssid: row.wifi_ssid ?? '',
            password: row.wifi_password ?? '',
            encryption: (row.wifi_encryption ?? 'WPA') as WifiEncryption,
            hidden: Boolean(row.wifi_hidden),
            expir_time: row.wifi_expire_hours,
          }
        : null,
    created_at: row.created_at,
    total_read_count: row.read_count,
    version: row.version,
    // Only the shared tab lists codes of others; every other call answers the caller's codes.
    is_owner: share === undefined,
    ...(share ? { owner_name: share.owner_name, permissions: fromFlags(share) } : {}),
  };
}

export function redirectUrl(publicUrl: string, shortCode: string): string {
  return `${publicUrl}${REDIRECT_PREFIX}${shortCode}`;
}

/** The same shape for OpenAPI and the response serializer. */
export const qrCodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  tab: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  type: z.union([z.literal(1), z.literal(3)]),
  url: z.string().describe('The URL, the text, or the SSID of a Wi-Fi code'),
  payload: z.string().describe('Exactly what the code holds'),
  analysis: z.boolean().describe('Whether reads are counted now'),
  analysis_type: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('What the printed code holds: its content 0, a redirect URL 1, a secret token 2'),
  redirect_url: z.string().nullable(),
  wifi: z
    .object({
      name: z.string(),
      ssid: z.string(),
      password: z.string(),
      encryption: z.enum(['WPA', 'WEP', 'nopass']),
      hidden: z.boolean(),
      expir_time: z.number().nullable().describe('Hours, or null for forever'),
    })
    .nullable(),
  created_at: z.number().describe('Unix milliseconds'),
  total_read_count: z.number(),
  version: z.number().int(),
  is_owner: z.boolean(),
  owner_name: z.string().optional().describe("Shared codes: the owner's name"),
  permissions: z
    .array(z.enum(SHARE_PERMISSIONS))
    .optional()
    .describe("Shared codes: the viewer's permissions"),
  content_hidden: z
    .literal(true)
    .optional()
    .describe(
      'Shared without view: only id, title, type, dates, owner and permissions are real; the rest is blank',
    ),
});

export const qrListSchema = {
  qrcodes: z.array(qrCodeSchema),
  total_count: z.number().int(),
  page: z
    .number()
    .int()
    .describe('The page answered: the one asked for, or the last page that exists when that is past the end'),
  page_count: z.number().int().describe('Pages that exist (at least 1)'),
  page_size: z.number().int(),
  history_days: z.number().int().optional().describe('Guests only: days the browser keeps its history'),
};
