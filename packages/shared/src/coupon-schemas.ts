import { z } from 'zod';
import {
  COUPON_CODE_TYPES,
  COUPON_DEFAULTS,
  COUPON_DISCOUNT_TYPES,
  COUPON_KEYWORD_MAX,
  COUPON_LIMITS,
  COUPON_STATES,
  COUPON_TEXT_SHADOWS,
  COUPON_USES,
  type CouponCodeType,
  type CouponDiscountType,
} from './coupon-constants';
import { jsonOrText } from './form-json';
import { numberFromText, numberOrEmpty } from './form-number';
import { janProblem } from './jan';
import { nameField } from './name-field';
import { halfWidthNumber } from './number-text';
import { pageField } from './page-field';
import { positiveId } from './tag-schemas';

const chars = (v: string) => Array.from(v).length;

/** Numbers may arrive as text from a form; an empty value counts as none. */
const optionalNumber = z.preprocess(numberOrEmpty(undefined), z.number().optional()) as z.ZodType<
  number | undefined,
  unknown
>;

/** One of `values`, sent as a number or as its digits. */
export const numberChoice = <T extends number>(values: readonly T[], error: string) =>
  z.preprocess(
    numberFromText,
    z.number({ error }).refine((n) => (values as readonly number[]).includes(n), { error }),
  ) as unknown as z.ZodType<T, unknown>;

/** An optional trimmed text of at most `max` characters (coupon texts, a Wi-Fi page's texts). */
export const optionalText = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .refine((v) => chars(v) <= max, { error })
    .optional()
    .default('');

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-MM-dd. */
export function isCalendarDate(value: unknown): boolean {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

// No `abort` in the field rules below: an aborted field would keep the cross-field rules from
// running, and the form should show every problem at once.
const date = z
  .string({ error: 'validation.coupon_date_required' })
  .trim()
  .min(1, { error: 'validation.coupon_date_required' })
  .refine((v) => v === '' || isCalendarDate(v), { error: 'validation.date_invalid' });

/**
 * The code as stored: a JAN or numeric code typed with full-width digits reads as half-width
 * (`halfWidthNumber`); a QR code's text is kept as written; no code keeps none.
 */
export function couponCodeText(codeType: unknown, text: unknown): string {
  const code = typeof text === 'string' ? text.trim() : '';
  if (codeType === COUPON_CODE_TYPES.jan || codeType === COUPON_CODE_TYPES.code) return halfWidthNumber(code);
  return codeType === COUPON_CODE_TYPES.none ? '' : code;
}

const inRange = (v: number | undefined, min: number, max: number) =>
  v !== undefined && Number.isInteger(v) && v >= min && v <= max;

/**
 * The fields of one coupon (`coupon_image_data` of the save call, and the create form's values).
 * Which amounts and texts are required depends on the discount type, and what the code must look
 * like on the code type; fields another type does not use are dropped from the result.
 */
/**
 * The discount and code fields every coupon has (the library's and a Wi-Fi page's): the shape, the
 * rules that tie them together (`couponCoreIssues`) and the values another type does not use
 * dropped (`couponCoreValues`). A Wi-Fi page's coupon adds its own text limit and count to these.
 */
export const couponCoreShape = {
  coupon_type: numberChoice(Object.values(COUPON_DISCOUNT_TYPES), 'validation.coupon_discount_type'),
  coupon_content: nameField({
    max: COUPON_LIMITS.itemNameMax,
    required: 'validation.coupon_item_name_required',
    tooLong: 'validation.coupon_item_name_too_long',
  }),
  coupon_value_percent: optionalNumber,
  coupon_value_off: optionalNumber,
  coupon_value_regular_price: optionalNumber,
  coupon_value_coupon_price: optionalNumber,
  coupon_free_text_small: optionalText(
    COUPON_LIMITS.freeTextSmallMax,
    'validation.coupon_free_text_small_too_long',
  ),
  coupon_free_text_large: optionalText(
    COUPON_LIMITS.freeTextLargeMax,
    'validation.coupon_free_text_large_too_long',
  ),
  coupon_text_color: z
    .string({ error: 'validation.coupon_text_color' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.coupon_text_color' })
    .transform((v) => v.toLowerCase())
    .optional()
    .default(COUPON_DEFAULTS.textColor),
  coupon_text_color_shadow: numberChoice(Object.values(COUPON_TEXT_SHADOWS), 'validation.coupon_text_shadow')
    .optional()
    .default(COUPON_DEFAULTS.textShadow),
  coupon_code_type: numberChoice(Object.values(COUPON_CODE_TYPES), 'validation.coupon_code_type'),
  coupon_code_text: z.string({ error: 'validation.invalid' }).trim().optional().default(''),
};

type CouponCore = {
  coupon_type: CouponDiscountType;
  coupon_value_percent?: number | undefined;
  coupon_value_off?: number | undefined;
  coupon_value_regular_price?: number | undefined;
  coupon_value_coupon_price?: number | undefined;
  coupon_free_text_small: string;
  coupon_free_text_large: string;
  coupon_code_type: CouponCodeType;
  coupon_code_text: string;
};

/** The rules between the discount and code fields: `issue(field, message)` for each broken one. */
export function couponCoreIssues(c: CouponCore, issue: (path: string, error: string) => void): void {
  const t = COUPON_DISCOUNT_TYPES;
  if (
    c.coupon_type === t.percent &&
    !inRange(c.coupon_value_percent, COUPON_LIMITS.percentMin, COUPON_LIMITS.percentMax)
  )
    issue('coupon_value_percent', 'validation.coupon_percent_range');
  if (c.coupon_type === t.yen && !inRange(c.coupon_value_off, 1, COUPON_LIMITS.priceMax))
    issue('coupon_value_off', 'validation.coupon_yen_range');
  if (c.coupon_type === t.lineThrough) {
    const regular = inRange(c.coupon_value_regular_price, 0, COUPON_LIMITS.priceMax);
    const price = inRange(c.coupon_value_coupon_price, 0, COUPON_LIMITS.priceMax);
    if (!regular) issue('coupon_value_regular_price', 'validation.coupon_price_range');
    if (!price) issue('coupon_value_coupon_price', 'validation.coupon_price_range');
    if (regular && price && (c.coupon_value_coupon_price ?? 0) >= (c.coupon_value_regular_price ?? 0))
      issue('coupon_value_coupon_price', 'validation.coupon_price_order');
  }
  if (c.coupon_type === t.freeText && !c.coupon_free_text_large)
    issue('coupon_free_text_large', 'validation.coupon_free_text_required');

  const code = couponCodeText(c.coupon_code_type, c.coupon_code_text);
  if (c.coupon_code_type === COUPON_CODE_TYPES.qr) {
    if (code === '') issue('coupon_code_text', 'validation.coupon_qr_required');
    else if (chars(code) > COUPON_LIMITS.qrCodeMax)
      issue('coupon_code_text', 'validation.coupon_qr_too_long');
  }
  if (c.coupon_code_type === COUPON_CODE_TYPES.jan) {
    const problem = janProblem(code);
    if (problem === 'format') issue('coupon_code_text', 'validation.coupon_jan_format');
    if (problem === 'check_digit') issue('coupon_code_text', 'validation.coupon_jan_check_digit');
  }
  if (c.coupon_code_type === COUPON_CODE_TYPES.code && !/^\d{1,10}$/.test(code))
    issue('coupon_code_text', 'validation.coupon_number_code');
}

/** The values as stored: amounts and texts another discount type does not use become null or empty. */
export function couponCoreValues<C extends CouponCore>(c: C) {
  const t = COUPON_DISCOUNT_TYPES;
  return {
    ...c,
    coupon_value_percent: c.coupon_type === t.percent ? (c.coupon_value_percent ?? null) : null,
    coupon_value_off: c.coupon_type === t.yen ? (c.coupon_value_off ?? null) : null,
    coupon_value_regular_price:
      c.coupon_type === t.lineThrough ? (c.coupon_value_regular_price ?? null) : null,
    coupon_value_coupon_price: c.coupon_type === t.lineThrough ? (c.coupon_value_coupon_price ?? null) : null,
    coupon_free_text_small: c.coupon_type === t.freeText ? c.coupon_free_text_small : '',
    coupon_free_text_large: c.coupon_type === t.freeText ? c.coupon_free_text_large : '',
    coupon_code_text: couponCodeText(c.coupon_code_type, c.coupon_code_text),
  };
}

/** Runs a refinement only on an object (the form's other rules have parsed it). */
export const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * The fields of one coupon (`coupon_image_data` of the save call, and the create form's values).
 * Which amounts and texts are required depends on the discount type, and what the code must look
 * like on the code type; fields another type does not use are dropped from the result.
 */
export const couponFieldsSchema = z
  .object({
    ...couponCoreShape,
    coupon_text_detail: optionalText(COUPON_LIMITS.textMax, 'validation.coupon_text_too_long'),
    coupon_available_count: numberChoice(Object.values(COUPON_USES), 'validation.coupon_available_count'),
    coupon_date_from: date,
    coupon_date_to: date,
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, error: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: error });
    couponCoreIssues(c, issue);
    if (
      isCalendarDate(c.coupon_date_from) &&
      isCalendarDate(c.coupon_date_to) &&
      c.coupon_date_from > c.coupon_date_to
    )
      issue('coupon_date_to', 'validation.coupon_date_order');
    // Also when other fields failed, so the form shows every problem at once (the checks above
    // only compare values that parsed).
  }, whenObject)
  .transform(couponCoreValues);
export type CouponFieldsInput = z.input<typeof couponFieldsSchema>;
export type CouponFields = z.output<typeof couponFieldsSchema>;

/**
 * POST /api/qrchannel/{channel}/coupon/image/save: a new coupon of the library. `image` (optional)
 * is the coupon's picture as a data URL or base64; the server sniffs and re-encodes it. A form
 * body sends `coupon_image_data` as its JSON text.
 */
export const saveCouponBody = z.object({
  coupon_image_data: jsonOrText(
    'object',
    couponFieldsSchema.and(
      z.object({
        image: z.string({ error: 'validation.image_required' }).optional(),
        // Edits this coupon of the channel instead of adding one; its picture stays unless `image`
        // is given (a new picture) or empty (no picture).
        coupon_img_id: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          positiveId('validation.invalid').optional(),
        ) as z.ZodType<number | undefined, unknown>,
      }),
    ),
  ),
});
export type SaveCouponBody = z.input<typeof saveCouponBody>;

/**
 * GET /api/qrchannel/{channel}/coupon/image/get: one page (20 coupons) of the library, newest first,
 * narrowed to item names containing `keyword` and to one state (in Japan's calendar today).
 */
export const couponListQuery = z.object({
  page: pageField,
  keyword: z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine((v) => chars(v) <= COUPON_KEYWORD_MAX, { error: 'validation.coupon_item_name_too_long' })
    .optional(),
  state: z
    .enum(COUPON_STATES, { error: 'validation.invalid' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type CouponListQuery = z.input<typeof couponListQuery>;

/** Ids as a JSON array or a comma-separated form value. */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v,
  z
    // Not z.coerce: it read `true` as coupon 1 and `["5"]` as 5.
    .array(positiveId('validation.invalid'), { error: 'validation.coupon_ids_required' })
    .min(1, { error: 'validation.coupon_ids_required' })
    .max(COUPON_LIMITS.deleteMax, { error: 'validation.invalid' }),
) as z.ZodType<number[], unknown>;

/** POST /api/qrchannel/{channel}/coupon/image/delete: every id must be a coupon of this channel. */
export const deleteCouponsBody = z.object({ coupon_img_ids: idList });

/**
 * POST /api/qrchannel/coupon/qrcode/generate: the preview of a coupon's code while it is being
 * made. `code_type` 1 (default) draws `qr_text` as a QR code, 2 as a JAN barcode.
 */
export const couponQrBody = z
  .object({
    qr_text: z.string({ error: 'validation.coupon_qr_required' }).trim(),
    code_type: numberChoice([COUPON_CODE_TYPES.qr, COUPON_CODE_TYPES.jan], 'validation.coupon_code_type')
      .optional()
      .default(COUPON_CODE_TYPES.qr),
  })
  .transform((b) => ({ ...b, qr_text: couponCodeText(b.code_type, b.qr_text) }))
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['qr_text'], message });
    if (b.code_type === COUPON_CODE_TYPES.jan) {
      const problem = janProblem(b.qr_text);
      if (problem)
        issue(problem === 'format' ? 'validation.coupon_jan_format' : 'validation.coupon_jan_check_digit');
    } else if (b.qr_text === '') issue('validation.coupon_qr_required');
    else if (chars(b.qr_text) > COUPON_LIMITS.qrCodeMax) issue('validation.coupon_qr_too_long');
  });

const nullableAmount = z.number().int().nullable();

/** One coupon of the library as the calls answer it: the saved fields, its id, pictures and date. */
export const couponSchema = z.object({
  coupon_img_id: z.number().int(),
  coupon_image_url: z.string().nullable().describe("The coupon's picture, or null for a coupon without one"),
  coupon_code_image_url: z
    .string()
    .nullable()
    .describe('PNG of the QR code or JAN barcode; null for a numeric code or none'),
  coupon_type: z
    .enum(COUPON_DISCOUNT_TYPES)
    .describe('percent 1, yen 2, line-through 3, half 4, free 5, free text 6'),
  coupon_content: z.string().describe('Item name'),
  coupon_value_percent: nullableAmount,
  coupon_value_off: nullableAmount,
  coupon_value_regular_price: nullableAmount,
  coupon_value_coupon_price: nullableAmount,
  coupon_free_text_small: z.string(),
  coupon_free_text_large: z.string(),
  coupon_text_color: z.string(),
  coupon_text_color_shadow: z.enum(COUPON_TEXT_SHADOWS).describe('white 0, black 1'),
  coupon_text_detail: z.string(),
  coupon_available_count: z.enum(COUPON_USES).describe('once 1, unlimited -1'),
  coupon_code_type: z.enum(COUPON_CODE_TYPES).describe('QR 1, JAN 2, code 3, none 4'),
  coupon_code_text: z.string(),
  coupon_date_from: z.string().describe('yyyy-MM-dd'),
  coupon_date_to: z.string().describe('yyyy-MM-dd'),
  created_at: z.number().int(),
});
export type CouponDto = z.infer<typeof couponSchema>;

/**
 * The list's answer: `total_count` coupons match the search (pages of `page_size`),
 * `stored_count` is every coupon of the channel against `storage_max`.
 */
export const couponListSchema = z.object({
  coupons: z.array(couponSchema),
  total_count: z.number().int().describe('Coupons matching keyword and state'),
  stored_count: z.number().int().describe('Coupons the channel keeps'),
  storage_max: z.number().int().describe('Coupons a channel may keep'),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CouponListDto = z.infer<typeof couponListSchema>;

/** One coupon (GET …/coupon/image/get/{id} and the save call). */
export const couponAnswer = z.object({ coupon: couponSchema });

/** POST …/coupon/image/delete. */
export const deletedCouponsAnswer = z.object({ deleted: z.number().int() });

/** POST /api/qrchannel/coupon/qrcode/generate: the preview of a coupon's code. */
export const couponQrAnswer = z.object({ qr_image: z.string().describe('data:image/png;base64,…') });
