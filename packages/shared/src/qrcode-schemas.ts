import { z } from 'zod';
import { numberFromText, numberish, numberOrEmpty } from './form-number';
import { nameField } from './name-field';
import { REDIRECT_PREFIX } from './paths';
import {
  ANALYSIS_TYPES,
  type AnalysisType,
  IMAGE_OPTIONS,
  QR_LIMITS,
  QR_TABS,
  QR_TYPES,
  WIFI_ENCRYPTIONS,
  type WifiEncryption,
} from './qr-constants';
import { qrDesignAnswer, qrDesignSchema } from './qr-design-schemas';
import { SHARE_PERMISSIONS } from './sharing-constants';
import { utf8Length } from './text';
import { isHttpUrl, withDefaultScheme } from './url-scheme';

/**
 * Bodies and queries of the QR-manager calls. Messages are keys of
 * messages/, so the server answers in the caller's language and the form shows the same text.
 * The calls are JSON; numbers and flags are also accepted as strings (form-encoded bodies).
 */

const HALF_WIDTH = /^[\x20-\x7e]*$/;
const HEX = /^[0-9a-fA-F]+$/;
/** Any character outside ASCII (kana, kanji, full-width letters…). */
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * True when `url` is one of this service's own redirect codes (`{publicUrl}/r/…`), which a
 * redirect code must not point to: a chain counts every read twice and a loop never ends. Host
 * and path are compared case-insensitively (percent-escapes decoded); the scheme is ignored.
 */
export function isOwnRedirectUrl(url: string, publicUrl: string): boolean {
  let target: URL;
  let own: URL;
  try {
    target = new URL(url);
    own = new URL(publicUrl);
  } catch {
    return false;
  }
  const host = (u: URL) => u.host.toLowerCase().replace(/\.(?=:|$)/, '');
  if (host(target) !== host(own)) return false;
  const prefix = `${own.pathname.replace(/\/+$/, '')}${REDIRECT_PREFIX}`.toLowerCase();
  return decodePath(target.pathname)
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .startsWith(prefix);
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** WPA: 8–63 characters or 64 hex digits; WEP: 5 or 13 characters or 10 or 26 hex digits. */
export function isValidWifiPassword(password: string, encryption: WifiEncryption): boolean {
  if (encryption === 'nopass') return true;
  if (!HALF_WIDTH.test(password) || password.length > QR_LIMITS.wifiPasswordMax) return false;
  const hex = HEX.test(password);
  if (encryption === 'WPA')
    return (password.length >= 8 && password.length <= 63) || (hex && password.length === 64);
  return [5, 13].includes(password.length) || (hex && [10, 26].includes(password.length));
}

const withinBytes = (v: string) => utf8Length(v) <= QR_LIMITS.contentBytes;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const qrTitleField = nameField({ max: QR_LIMITS.titleMax, tooLong: 'validation.title_too_long' })
  .optional()
  .default('');

export const qrUrlField = z
  .string({ error: 'validation.url_required' })
  .trim()
  .min(1, { error: 'validation.url_required', abort: true })
  .transform(withDefaultScheme)
  .refine(isHttpUrl, { error: 'validation.url_invalid' })
  .refine(withinBytes, { error: 'validation.content_too_long' });

export const qrTextField = z
  .string({ error: 'validation.text_required' })
  .refine((v) => v.trim().length > 0, { error: 'validation.text_required' })
  .refine(withinBytes, { error: 'validation.content_too_long' });

const analysisField = numberish(
  z.union(
    [z.literal(ANALYSIS_TYPES.none), z.literal(ANALYSIS_TYPES.redirect), z.literal(ANALYSIS_TYPES.secret)],
    {
      error: 'validation.analysis_type',
    },
  ),
).default(ANALYSIS_TYPES.none) as z.ZodType<AnalysisType, AnalysisType | string | undefined>;

/** Expiry in hours, or null for "forever" (empty, null or the word forever). */
const expireField = z.preprocess(
  (v) => (v === 'forever' ? null : numberOrEmpty(null)(v)),
  z
    .number({ error: 'validation.expire_invalid' })
    .int({ error: 'validation.expire_invalid' })
    .min(1, { error: 'validation.expire_invalid' })
    .max(QR_LIMITS.wifiExpireHoursMax, { error: 'validation.expire_invalid' })
    .nullable(),
);

/** The Wi-Fi profile fields of the create form and of /qrcode/changeWifiProfile/. */
export const wifiFields = {
  name: nameField({ max: QR_LIMITS.wifiNameMax, tooLong: 'validation.wifi_name_too_long' })
    .optional()
    .default(''),
  ssid: z
    .string({ error: 'validation.ssid_required' })
    .min(1, { error: 'validation.ssid_required' })
    // Say which rule failed: a Japanese SSID is refused for its characters, not its length.
    .refine((v) => !NON_ASCII.test(v), { error: 'validation.ssid_full_width', abort: true })
    .max(QR_LIMITS.ssidMax, { error: 'validation.ssid_invalid' })
    .regex(HALF_WIDTH, { error: 'validation.ssid_invalid' }),
  password: z
    .string()
    .max(QR_LIMITS.wifiPasswordMax, { error: 'validation.wifi_password_invalid' })
    .optional()
    .default(''),
  encryption: z.enum(WIFI_ENCRYPTIONS, { error: 'validation.invalid' }).default('WPA'),
  hidden: flag.optional().default(false),
  expir_time: expireField.optional().default(null),
};

function checkWifiPassword(v: { password: string; encryption: WifiEncryption }, ctx: z.RefinementCtx) {
  if (!isValidWifiPassword(v.password, v.encryption)) {
    // An empty password is missing, not malformed: say so, as the URL field does.
    const rule = v.password === '' ? 'validation.wifi_password_required' : 'validation.wifi_password_invalid';
    ctx.addIssue({ code: 'custom', path: ['password'], message: rule });
  }
}

const urlCode = z.object({
  tab: z.literal(QR_TABS.url),
  analysis_type: analysisField,
  title: qrTitleField,
  url: qrUrlField,
  design: qrDesignSchema.nullable().optional(),
});

const textCode = z.object({
  tab: z.literal(QR_TABS.text),
  analysis_type: analysisField,
  title: qrTitleField,
  text: qrTextField,
  design: qrDesignSchema.nullable().optional(),
});

/** Wi-Fi codes are measured only by the secret method, so settings can change later. */
const wifiCode = z
  .object({
    tab: z.literal(QR_TABS.wifi),
    analysis_type: analysisField.refine((v) => v !== ANALYSIS_TYPES.redirect, {
      error: 'validation.analysis_type',
    }),
    title: qrTitleField,
    ...wifiFields,
    design: qrDesignSchema.nullable().optional(),
  })
  .superRefine(checkWifiPassword);

/** POST /qrcode/create/: one of the URL, text or Wi-Fi tabs. */
export const createQrBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && typeof (v as { tab?: unknown }).tab === 'string'
      ? { ...v, tab: numberFromText((v as { tab: string }).tab) }
      : v,
  z.discriminatedUnion('tab', [urlCode, textCode, wifiCode], { error: 'validation.invalid' }),
);

const idField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64);

export const titleUpdateBody = z.object({ id: idField, title: qrTitleField });

export const redirectUrlUpdateBody = z.object({ id: idField, url: qrUrlField });

export const changeWifiProfileBody = z.object({ id: idField, ...wifiFields }).superRefine(checkWifiPassword);

export const deleteQrQuery = z.object({
  id: idField,
  qr_wifi_service_id: z.string().max(64).optional(),
  welcome_page_status: z.string().max(16).optional(),
});

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date_invalid' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /qrcode/list/data: page, created-date range (Asia/Tokyo days), title search, shared tab. */
export const qrListQuery = z.object({
  page: numberish(z.number().int().min(1).max(100000)).optional().default(1) as z.ZodType<number, unknown>,
  from: dateField,
  to: dateField,
  title: z.string().trim().max(QR_LIMITS.titleMax).optional(),
  type: z.enum(['share']).optional(),
  share: z.enum(['exist']).optional(),
});

const intOption = (min: number, max: number, fallback: number, error: string) =>
  numberish(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }))
    .optional()
    .default(fallback) as z.ZodType<number, unknown>;

/** GET /qrcode/download/: format, pixels per cell, DPI (EPS only), quiet-zone cells. */
export const downloadQuery = z.object({
  qr_data_id: idField,
  type: numberish(
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'validation.image_type' }),
  ),
  op_size: intOption(
    IMAGE_OPTIONS.minCellSize,
    IMAGE_OPTIONS.maxCellSize,
    IMAGE_OPTIONS.defaultCellSize,
    'validation.cell_size',
  ),
  op_dpi: intOption(IMAGE_OPTIONS.minDpi, IMAGE_OPTIONS.maxDpi, IMAGE_OPTIONS.defaultDpi, 'validation.dpi'),
  op_margin: intOption(
    IMAGE_OPTIONS.minMargin,
    IMAGE_OPTIONS.maxMargin,
    IMAGE_OPTIONS.defaultMargin,
    'validation.margin',
  ),
});

export type CreateQrBody = z.infer<typeof createQrBody>;
export type TitleUpdateBody = z.infer<typeof titleUpdateBody>;
export type RedirectUrlUpdateBody = z.infer<typeof redirectUrlUpdateBody>;
export type ChangeWifiProfileBody = z.infer<typeof changeWifiProfileBody>;
export type QrListQuery = z.infer<typeof qrListQuery>;
export type DownloadQuery = z.infer<typeof downloadQuery>;

/** A Wi-Fi code's profile as the calls answer it. */
export const wifiProfileSchema = z.object({
  name: z.string(),
  ssid: z.string(),
  password: z.string(),
  encryption: z.enum(WIFI_ENCRYPTIONS),
  hidden: z.boolean(),
  expir_time: z.number().nullable().describe('Hours, or null for forever'),
});
export type WifiProfileDto = z.infer<typeof wifiProfileSchema>;

/** One code as every QR-manager call answers it. */
export const qrCodeSchema = z.object({
  id: z.string(),
  title: z.string(),
  tab: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('The create-form tab: URL 0, text 1, Wi-Fi 2'),
  type: z.enum(QR_TYPES).describe('QR types: normal 1, Wi-Fi 3 (framed image)'),
  url: z.string().describe('The URL, the text, or the SSID of a Wi-Fi code'),
  payload: z.string().describe('Exactly what the code holds (what the preview and every download encode)'),
  analysis: z.boolean().describe('Whether reads are counted now'),
  analysis_type: z
    .enum(ANALYSIS_TYPES)
    .describe('What the printed code holds: its content 0, a redirect URL 1, a secret token 2'),
  redirect_url: z.string().nullable().describe('{PUBLIC_URL}/r/{code} for redirect codes, else null'),
  wifi: wifiProfileSchema.nullable(),
  created_at: z.number().describe('Unix milliseconds'),
  total_read_count: z.number(),
  version: z
    .number()
    .int()
    .describe('QR version (1–40) of the image: the payload at error correction M, or Q/H under a logo'),
  design: qrDesignAnswer
    .nullable()
    .optional()
    .describe('Colours, shapes, logo and call to action every download and the preview draw; null: plain'),
  is_owner: z
    .boolean()
    .describe("True when the signed-in user (or this browser's guest history) owns the code"),
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
export type QrCodeDto = z.infer<typeof qrCodeSchema>;

/** Every call that answers one code (create, title, redirect URL, Wi-Fi profile, analysis switch). */
export const qrCodeAnswer = z.object({ qrcode: qrCodeSchema });

/** GET /qrcode/getQrListData: one page of the list. */
export const qrListSchema = z.object({
  qrcodes: z.array(qrCodeSchema),
  total_count: z.number().int(),
  page: z
    .number()
    .int()
    .describe('The page answered: the one asked for, or the last page that exists when that is past the end'),
  page_count: z.number().int().describe('Pages that exist (at least 1, even for an empty list)'),
  page_size: z.number().int(),
  history_days: z.number().int().optional().describe('Guests only: days the browser keeps its history'),
});
export type QrListData = z.infer<typeof qrListSchema>;
