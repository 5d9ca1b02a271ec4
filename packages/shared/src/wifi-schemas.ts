import { z } from 'zod';
import { relationLinkSchema } from './channel-schemas';
import {
  couponCoreIssues,
  couponCoreShape,
  couponCoreValues,
  numberChoice,
  optionalText,
  whenObject,
} from './coupon-schemas';
import { jsonOrText } from './form-json';
import { numberFromText, numberOrEmpty } from './form-number';
import { nameField } from './name-field';
import { pageField } from './page-field';
import { idListSchema, positiveId } from './tag-schemas';
import {
  contrastRatio,
  HEX_COLOR,
  WIFI_COUPON_UNLIMITED,
  WIFI_HEADER_TYPES,
  WIFI_PAGE_DEFAULTS,
  WIFI_PAGE_LIMITS,
  WIFI_PAGE_STATUS,
  type WifiPageStatus,
} from './wifi-constants';

/** Wi-Fi welcome pages: the bodies and answers of their calls. */

// --- bodies ---

const chars = (v: string) => Array.from(v).length;

const colour = (error: string, fallback: string) =>
  z
    .string({ error })
    .regex(HEX_COLOR, { error })
    .transform((v) => v.toLowerCase())
    .optional()
    .default(fallback);

const optionalId = (error: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveId(error).optional()) as z.ZodType<
    number | undefined,
    unknown
  >;

/** A picture id from the upload call, or null/empty for none. */
const imageId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  positiveId('validation.invalid').nullable(),
) as z.ZodType<number | null, unknown>;

/** A checkbox from JSON (true/false) or a form-encoded body ("true", "1", "on"). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])], { error: 'validation.invalid' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** The page's coupon (optional): the library's discount and code rules, the page's text limit and count. */
export const wifiCouponSchema = z
  .object({
    ...couponCoreShape,
    coupon_text_detail: optionalText(WIFI_PAGE_LIMITS.couponTextMax, 'validation.wifi_coupon_text_too_long'),
    coupon_available_count: z.preprocess(
      numberFromText,
      z
        .number({ error: 'validation.wifi_coupon_count' })
        .int({ error: 'validation.wifi_coupon_count' })
        .refine((n) => n === WIFI_COUPON_UNLIMITED || (n >= 1 && n <= WIFI_PAGE_LIMITS.availableCountMax), {
          error: 'validation.wifi_coupon_count',
        }),
    ) as z.ZodType<number, unknown>,
  })
  .superRefine((c, ctx) => {
    couponCoreIssues(c, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message }));
  }, whenObject)
  .transform(couponCoreValues);
export type WifiCouponInput = z.input<typeof wifiCouponSchema>;
export type WifiCouponFields = z.output<typeof wifiCouponSchema>;

/**
 * POST /api/qrwifi/welcomepage/save: creates a page, or rewrites `welcome_page_id`. Text must keep
 * 4.5:1 contrast against the background (refused with the reason), so no published page fails it.
 */
export const saveWifiPageBody = z
  .object({
    welcome_page_id: optionalId('validation.invalid'),
    title: nameField({
      max: WIFI_PAGE_LIMITS.titleMax,
      required: 'validation.wifi_title_required',
      tooLong: 'validation.wifi_title_too_long',
    }),
    channel_id: positiveId('validation.wifi_channel_required'),
    header_type: numberChoice(Object.values(WIFI_HEADER_TYPES), 'validation.invalid')
      .optional()
      .default(WIFI_HEADER_TYPES.text),
    header_text: optionalText(WIFI_PAGE_LIMITS.headerTextMax, 'validation.wifi_header_text_too_long'),
    header_image_id: imageId.optional().default(null),
    free_text: optionalText(WIFI_PAGE_LIMITS.freeTextMax, 'validation.wifi_free_text_too_long'),
    footer_text: optionalText(WIFI_PAGE_LIMITS.footerTextMax, 'validation.wifi_footer_text_too_long'),
    text_color: colour('validation.wifi_color', WIFI_PAGE_DEFAULTS.textColor),
    background_color: colour('validation.wifi_color', WIFI_PAGE_DEFAULTS.backgroundColor),
    background_image_id: imageId.optional().default(null),
    relation_links: jsonOrText(
      'array',
      z
        .array(relationLinkSchema, { error: 'validation.invalid' })
        .max(WIFI_PAGE_LIMITS.relationLinksMax, { error: 'validation.relation_links_too_many' }),
    )
      .optional()
      .default([]),
    coupon: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      jsonOrText('object', wifiCouponSchema).nullable(),
    ) as z.ZodType<WifiCouponFields | null, unknown>,
    // The coupon stays but loses its picture (saved and draft); otherwise the draft, if any,
    // replaces the saved picture, as the coupon library keeps a picture unless told to drop it.
    coupon_image_removed: flag.optional().default(false),
  })
  .superRefine((p, ctx) => {
    if (HEX_COLOR.test(p.text_color) && HEX_COLOR.test(p.background_color)) {
      if (contrastRatio(p.text_color, p.background_color) < WIFI_PAGE_LIMITS.contrastMin)
        ctx.addIssue({ code: 'custom', path: ['text_color'], message: 'validation.wifi_contrast' });
    }
    if (p.header_type === WIFI_HEADER_TYPES.image && p.header_image_id === null)
      ctx.addIssue({ code: 'custom', path: ['header_image_id'], message: 'validation.image_required' });
  }, whenObject);
export type SaveWifiPageInput = z.input<typeof saveWifiPageBody>;
export type SaveWifiPageBody = z.output<typeof saveWifiPageBody>;

/** GET /api/qrwifi/welcomepage/get: a page of 20, by part of the title, optionally one status. */
export const wifiPageListQuery = z.object({
  page: pageField,
  keyword: z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine((v) => chars(v) <= WIFI_PAGE_LIMITS.titleMax, { error: 'validation.wifi_title_too_long' })
    .optional(),
  status: z.preprocess(
    numberOrEmpty(undefined),
    numberChoice(Object.values(WIFI_PAGE_STATUS), 'validation.invalid').optional(),
  ) as z.ZodType<WifiPageStatus | undefined, unknown>,
});

const pageIds = idListSchema({
  error: 'validation.invalid',
  min: 1,
  max: WIFI_PAGE_LIMITS.idsMax,
  tooMany: 'validation.ids_too_many',
});

/** POST /api/qrwifi/welcomepage/delete. */
export const deleteWifiPagesBody = z.object({ welcome_page_ids: pageIds });

/** POST /api/qrwifi/welcomepage/{id}/coupon/image/save: a picture from the upload call, kept as the draft. */
export const wifiCouponImageBody = z.object({ image_id: imageId });

/** Unix seconds on a 10-minute step (the date picker's output). */
const releaseDt = z.preprocess(
  numberFromText,
  z
    .number({ error: 'validation.wifi_release_dt' })
    .int({ error: 'validation.wifi_release_dt' })
    .min(0, { error: 'validation.wifi_release_dt' })
    .max(4_102_444_800, { error: 'validation.wifi_release_dt' })
    .refine((s) => s % WIFI_PAGE_LIMITS.releaseStepSeconds === 0, { error: 'validation.wifi_release_step' }),
) as z.ZodType<number, unknown>;

/** A code of the QR manager (its id, text). */
const qrId = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, { error: 'validation.invalid' })
  .max(64, { error: 'validation.invalid' });

const qrIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : v),
  z
    .array(qrId, { error: 'validation.invalid' })
    .min(1, { error: 'validation.wifi_codes_required' })
    .max(WIFI_PAGE_LIMITS.idsMax, { error: 'validation.ids_too_many' })
    .transform((ids) => [...new Set(ids)]),
) as z.ZodType<string[], unknown>;

const pageId = positiveId('validation.invalid');

/** POST /api/qrwifi/profile/add: links codes to the page, released at `release_dt`. */
export const addWifiProfilesBody = z.object({
  welcome_page_id: pageId,
  qr_wifi_ids: qrIds,
  release_dt: releaseDt,
});
/** POST /api/qrwifi/profile/update: a new release date for one linked code. */
export const updateWifiProfileBody = z.object({
  welcome_page_id: pageId,
  qr_wifi_id: qrId,
  release_dt: releaseDt,
});
/** POST /api/qrwifi/profile/publish: releases the page's links now (all, or those named). */
export const publishWifiProfilesBody = z.object({
  welcome_page_id: pageId,
  qr_wifi_ids: qrIds.optional(),
});
/** POST /api/qrwifi/profile/delete: unlinks codes from the page. */
export const deleteWifiProfilesBody = z.object({ welcome_page_id: pageId, qr_wifi_ids: qrIds });

/** GET /qrwifi/analytics/csv/get/: the days (Asia/Tokyo) from `start_date` to `end_date`, Unix seconds. */
export const wifiCsvQuery = z
  .object({
    start_date: z.preprocess(numberFromText, z.number({ error: 'validation.date_invalid' }).int().min(0)),
    end_date: z.preprocess(numberFromText, z.number({ error: 'validation.date_invalid' }).int().min(0)),
  })
  .refine((q) => q.end_date >= q.start_date, { path: ['end_date'], error: 'validation.range_order' })
  .refine((q) => q.end_date - q.start_date <= 366 * 86_400, {
    path: ['end_date'],
    error: 'validation.range_too_long',
  }) as z.ZodType<{ start_date: number; end_date: number }, unknown>;

/** POST /api/reader/welcomepage/{code}/event: what a guest did on the page (analytics). */
export const WIFI_GUEST_EVENTS = ['coupon_view', 'link', 'follow'] as const;
export const wifiGuestEventBody = z.object({
  kind: z.enum(WIFI_GUEST_EVENTS, { error: 'validation.invalid' }),
  link_index: z
    .preprocess(
      numberFromText,
      z
        .number()
        .int()
        .min(0)
        .max(WIFI_PAGE_LIMITS.relationLinksMax - 1),
    )
    .optional(),
});

// --- answers ---

const nullableAmount = z.number().int().nullable();

/** The coupon as the builder and the guest see it. */
export const wifiCouponDto = z.object({
  coupon_type: z.number().int().describe('percent 1, yen 2, line-through 3, half 4, free 5, free text 6'),
  coupon_content: z.string(),
  coupon_value_percent: nullableAmount,
  coupon_value_off: nullableAmount,
  coupon_value_regular_price: nullableAmount,
  coupon_value_coupon_price: nullableAmount,
  coupon_free_text_small: z.string(),
  coupon_free_text_large: z.string(),
  coupon_text_color: z.string(),
  coupon_text_color_shadow: z.number().int().describe('white 0, black 1'),
  coupon_text_detail: z.string(),
  coupon_available_count: z.number().int().describe('-1 unlimited'),
  coupon_used_count: z.number().int(),
  coupon_code_type: z.number().int().describe('QR 1, JAN 2, code 3, none 4'),
  coupon_code_text: z.string(),
  coupon_image_url: z.string().nullable(),
});
export type WifiCouponDto = z.infer<typeof wifiCouponDto>;

const linkDto = z.object({ text: z.string(), url: z.string() });

/** What a guest sees (the reader, /api/reader/welcomepage/{code}, and the builder's preview). */
export const wifiGuestPageDto = z.object({
  code: z.string().describe('The stable address of the page'),
  title: z.string(),
  channel_code: z.string(),
  channel_name: z.string(),
  icon_image_url: z.string().nullable(),
  channel_description_short: z.string(),
  header_type: z.number().int(),
  header_text: z.string(),
  header_image_url: z.string().nullable(),
  free_text: z.string(),
  footer_text: z.string(),
  text_color: z.string(),
  background_color: z.string(),
  background_image_url: z.string().nullable(),
  relation_links: z.array(linkDto),
  following: z.boolean().describe('This device follows the page’s channel'),
  coupon: wifiCouponDto
    .omit({ coupon_used_count: true })
    .extend({
      remaining: z.number().int().nullable(),
      used_here: z.boolean().describe('This device has used the coupon (remembered by the server)'),
      used_at: z.number().nullable().describe('Unix milliseconds of this device’s use; null before'),
    })
    .describe('coupon_code_text is empty until this device used the coupon')
    .nullable(),
});
export type WifiGuestPage = z.infer<typeof wifiGuestPageDto>;

/** A linked Wi-Fi code of a page. */
export const wifiLinkDto = z.object({
  qr_wifi_id: z.string(),
  name: z.string(),
  ssid: z.string(),
  release_dt: z.number().int().describe('Unix seconds'),
  released: z.boolean(),
});
export type WifiLinkDto = z.infer<typeof wifiLinkDto>;

/** A page as its owner edits it. */
export const wifiPageDto = z.object({
  welcome_page_id: z.number().int(),
  code: z.string(),
  title: z.string(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  icon_image_url: z.string().nullable(),
  channel_description_short: z.string(),
  header_type: z.number().int(),
  header_text: z.string(),
  header_image_id: z.number().int().nullable(),
  header_image_url: z.string().nullable(),
  free_text: z.string(),
  footer_text: z.string(),
  text_color: z.string(),
  background_color: z.string(),
  background_image_id: z.number().int().nullable(),
  background_image_url: z.string().nullable(),
  relation_links: z.array(linkDto),
  coupon: wifiCouponDto.nullable(),
  coupon_image_url_draft: z.string().nullable(),
  status: z.number().int().describe('reserved 1, published 2'),
  profiles: z.array(wifiLinkDto),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type WifiPageDto = z.infer<typeof wifiPageDto>;

export const wifiPageAnswer = z.object({ welcome_page: wifiPageDto });

/** One line of the list: the linked networks (the first 3 SSIDs and how many in all). */
export const wifiPageSummaryDto = z.object({
  welcome_page_id: z.number().int(),
  title: z.string(),
  channel_id: z.number().int(),
  channel_name: z.string(),
  status: z.number().int(),
  ssids: z.array(z.string()),
  ssid_count: z.number().int(),
  updated_at: z.number().int(),
});
export type WifiPageSummary = z.infer<typeof wifiPageSummaryDto>;

export const wifiPageListAnswer = z.object({
  welcome_pages: z.array(wifiPageSummaryDto),
  total_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WifiPageListAnswer = z.infer<typeof wifiPageListAnswer>;

/** GET /api/qrwifi/welcomepage/channel/get/{id}: what the page shows of its channel. */
export const wifiChannelAnswer = z.object({
  channel_id: z.number().int(),
  channel_name: z.string(),
  icon_image_url: z.string().nullable(),
  channel_description_short: z.string(),
});

/** GET /api/qrwifi/wifi/get: the member's Wi-Fi codes, each with the page it is linked to. */
export const wifiCodeDto = z.object({
  qr_wifi_id: z.string(),
  name: z.string(),
  ssid: z.string(),
  title: z.string(),
  welcome_page_id: z.number().int().nullable(),
});
export type WifiCodeDto = z.infer<typeof wifiCodeDto>;
export const wifiCodesAnswer = z.object({ wifi: z.array(wifiCodeDto) });

export const wifiImageAnswer = z.object({ image_id: z.number().int(), image_url: z.string() });

export const wifiGuestPageAnswer = z.object({ welcome_page: wifiGuestPageDto });

export const wifiCouponUseAnswer = z.object({
  remaining: z.number().int().nullable(),
  used_at: z.number().describe('Unix milliseconds of this use'),
  coupon_code_text: z.string().describe('The code, now shown to this device'),
});
export type WifiCouponUseAnswer = z.infer<typeof wifiCouponUseAnswer>;
