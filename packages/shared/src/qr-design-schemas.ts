import { z } from 'zod';
import { idField, idNumber } from './id-schemas';
import { nameField } from './name-field';
import {
  CTA_IDS,
  type CtaId,
  DEFAULT_DESIGN,
  DESIGN_LIMITS,
  designProblems,
  EYE_SHAPES,
  LOGO_SIZES,
  MODULE_SHAPES,
  type QrDesign,
  STORED_IMAGE_URL,
} from './qr-design-constants';

/**
 * The design of a code and the member's saved styles (issue 31), for the create call, the design
 * call and the styles calls alike. Colours are `#rrggbb`, stored lower case; a pair that would
 * make an unreadable code is refused with the reason on its field (validation.design_inverted,
 * validation.design_contrast).
 */

const colour = z
  .string({ error: 'validation.design_color' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.design_color' })
  .transform((v) => v.toLowerCase());

const logoSchema = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('channel'), channel_id: idField('validation.design_logo') }),
    z.object({
      source: z.literal('image'),
      image_url: z
        .string({ error: 'validation.design_logo' })
        .regex(STORED_IMAGE_URL, { error: 'validation.design_logo' }),
    }),
  ],
  { error: 'validation.design_logo' },
);

/** A design as a body carries it: every field optional (the default design fills it in). */
export const qrDesignSchema = z
  .object({
    fg: colour.default(DEFAULT_DESIGN.fg),
    bg: colour.default(DEFAULT_DESIGN.bg),
    module_shape: z.enum(MODULE_SHAPES, { error: 'validation.design_shape' }).default('square'),
    eye_shape: z.enum(EYE_SHAPES, { error: 'validation.design_shape' }).default('square'),
    eye_color: colour.nullable().default(null),
    logo: logoSchema.nullable().default(null),
    logo_size: z.enum(LOGO_SIZES, { error: 'validation.design_logo_size' }).default('small'),
    cta: z
      .enum(CTA_IDS as [CtaId, ...CtaId[]], { error: 'validation.design_cta' })
      .nullable()
      .default(null),
  })
  .superRefine((design, ctx) => {
    for (const problem of designProblems(design as QrDesign))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: `validation.${problem.key}` });
  }) as z.ZodType<QrDesign, unknown>;

/** A design as answers carry it (stored designs were checked when saved). */
export const qrDesignAnswer = z.object({
  fg: z.string(),
  bg: z.string(),
  module_shape: z.enum(MODULE_SHAPES),
  eye_shape: z.enum(EYE_SHAPES),
  eye_color: z.string().nullable(),
  logo: z
    .discriminatedUnion('source', [
      z.object({ source: z.literal('channel'), channel_id: z.number() }),
      z.object({ source: z.literal('image'), image_url: z.string() }),
    ])
    .nullable(),
  logo_size: z.enum(LOGO_SIZES),
  cta: z.enum(CTA_IDS as [CtaId, ...CtaId[]]).nullable(),
});

/** POST /qrcode/design/: a code's design, or null to draw it plain again. */
export const qrDesignBody = z.object({
  id: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
  design: qrDesignSchema.nullable(),
});
export type QrDesignBody = z.infer<typeof qrDesignBody>;

export const styleNameSchema = nameField({
  max: DESIGN_LIMITS.styleNameMax,
  required: 'validation.style_name_required',
  tooLong: 'validation.style_name_too_long',
});

/** POST /api/qrcode/styles: a named style of the member's. */
export const saveStyleBody = z.object({ name: styleNameSchema, design: qrDesignSchema });
export type SaveStyleBody = z.infer<typeof saveStyleBody>;

export const styleSchema = z.object({
  id: idNumber('validation.invalid'),
  name: z.string(),
  design: qrDesignAnswer,
});
export type StyleDto = z.infer<typeof styleSchema>;

/** A logo picture of the member's own, named by a design as `logo: { source: 'image', image_url }`. */
export const logoPictureSchema = z.object({
  id: z.number().describe('the picture, for DELETE /api/qrcode/logo/{id}'),
  image_url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type LogoPictureDto = z.infer<typeof logoPictureSchema>;

/** POST /api/qrcode/logo: the member's picture stored. */
export const logoPictureAnswer = z.object({ picture: logoPictureSchema });
export type LogoPictureAnswer = z.infer<typeof logoPictureAnswer>;

/** GET /api/qrcode/logo: the member's own pictures, oldest first. */
export const logoPictureListAnswer = z.object({ pictures: z.array(logoPictureSchema) });
export type LogoPictureListAnswer = z.infer<typeof logoPictureListAnswer>;

/**
 * DELETE /api/qrcode/logo/{id} refused: codes still draw the picture (E-409). Its field error
 * `id` carries how many, as values[0].
 */
export const LOGO_IN_USE_FIELD = 'id';

export const styleAnswer = z.object({ style: styleSchema });
export const styleListAnswer = z.object({ styles: z.array(styleSchema) });
