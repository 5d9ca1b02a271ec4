import { z } from 'zod';
import { numberFromText } from './form-number';
import { idNumber } from './id-schemas';
import { nameField } from './name-field';
import { BOX_FILTER_VALUES, BOX_FILTERS, type BoxFilter, SENDLIST_LIMITS } from './tag-filter';

const boxFilter = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? BOX_FILTERS.unused : numberFromText(v)),
  z
    .number({ error: 'validation.box_filter' })
    .refine((v) => (BOX_FILTER_VALUES as readonly number[]).includes(v), { error: 'validation.box_filter' }),
) as z.ZodType<BoxFilter, unknown>;

/**
 * A box's tag ids: a JSON array, repeated form fields, or one comma-separated form field
 * ("3,8"). Duplicates count once.
 */
const tagList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const items = typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : [v];
    return items.map((item) => (typeof item === 'string' ? numberFromText(item) : item));
  },
  z
    .array(idNumber('validation.sendlist_tag_unknown'), {
      error: 'validation.sendlist_tag_unknown',
    })
    .max(100, { error: 'validation.sendlist_tags_too_many' })
    .transform((ids) => [...new Set(ids)]),
) as z.ZodType<number[], unknown>;

const filterShape = {
  box_filter_1: boxFilter,
  tag_list_1: tagList,
  box_filter_2: boxFilter,
  tag_list_2: tagList,
};

/** A box in the default mode is unused: its tags are dropped, so they count nowhere. */
function normalise<T extends z.infer<z.ZodObject<typeof filterShape>>>(v: T): T {
  return {
    ...v,
    tag_list_1: v.box_filter_1 === BOX_FILTERS.unused ? [] : v.tag_list_1,
    tag_list_2: v.box_filter_2 === BOX_FILTERS.unused ? [] : v.tag_list_2,
  };
}

/** At most 10 tags over both boxes; the error names the box that goes over. */
function checkTagTotal(v: { tag_list_1: number[]; tag_list_2: number[] }, ctx: z.RefinementCtx) {
  const total = new Set([...v.tag_list_1, ...v.tag_list_2]).size;
  if (total <= SENDLIST_LIMITS.tagsMax) return;
  const path = v.tag_list_1.length > SENDLIST_LIMITS.tagsMax ? 'tag_list_1' : 'tag_list_2';
  ctx.addIssue({ code: 'custom', path: [path], message: 'validation.sendlist_tags_too_many' });
}

/**
 * A saved box with a mode needs a tag: 「完全一致」 of nothing would read as a rule and filter by
 * no tag. The count call takes such a box (the editor counts while tags are being chosen).
 */
function checkModeHasTags(v: SaveFilter, ctx: z.RefinementCtx) {
  for (const box of [1, 2] as const) {
    if (v[`box_filter_${box}`] !== BOX_FILTERS.unused && v[`tag_list_${box}`].length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [`tag_list_${box}`],
        message: `validation.sendlist_box_${box}_tags_required`,
      });
    }
  }
}
type SaveFilter = z.infer<z.ZodObject<typeof filterShape>>;

/** POST …/sendlist/count: the reach of the boxes being edited. */
export const sendlistFilterBody = z.object(filterShape).transform(normalise).superRefine(checkTagTotal);
export type SendlistFilterBody = z.infer<typeof sendlistFilterBody>;

const optionalId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : numberFromText(v)),
  idNumber('validation.invalid').optional(),
) as z.ZodType<number | undefined, unknown>;

/** POST …/sendlist: creates a list, or updates the one named by sendlist_id. */
export const saveSendlistBody = z
  .object({
    sendlist_id: optionalId,
    sendlist_name: nameField({
      max: SENDLIST_LIMITS.nameMax,
      required: 'validation.sendlist_name_required',
      tooLong: 'validation.sendlist_name_too_long',
    }),
    ...filterShape,
  })
  .transform(normalise)
  .superRefine(checkTagTotal)
  .superRefine(checkModeHasTags);
export type SaveSendlistBody = z.infer<typeof saveSendlistBody>;

/** DELETE …/sendlist and POST …/sendlist/reserved: one or more list ids. */
export const sendlistIdsBody = z.object({
  sendlist_ids: z.preprocess(
    (v) => {
      const items = typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : v === undefined ? v : [v];
      return items?.map((item) => (typeof item === 'string' ? numberFromText(item) : item));
    },
    z
      .array(idNumber('validation.invalid'), { error: 'validation.sendlist_ids_required' })
      .min(1, { error: 'validation.sendlist_ids_required' })
      .max(100, { error: 'validation.invalid' })
      .transform((ids) => [...new Set(ids)]),
  ) as z.ZodType<number[], unknown>,
});
export type SendlistIdsBody = z.infer<typeof sendlistIdsBody>;

const boxFilterAnswer = z
  .enum(BOX_FILTERS)
  .describe('Filter mode: default 3 (box unused), exactly 2, at least 0, at most 1, exclude 4');

/** One send list as the calls answer it (plus its reach). */
export const sendlistSchema = z.object({
  sendlist_id: z.number().int(),
  sendlist_name: z.string(),
  box_filter_1: boxFilterAnswer,
  tag_list_1: z.array(z.number().int()).describe('Tag ids of box 1'),
  box_filter_2: boxFilterAnswer,
  tag_list_2: z.array(z.number().int()).describe('Tag ids of box 2'),
  follower_count: z.number().int().describe('Followers the list reaches now'),
  created_at: z.number().describe('Unix milliseconds'),
  updated_at: z.number().describe('Unix milliseconds'),
});
export type SendlistDto = z.infer<typeof sendlistSchema>;

/** How many reserved messages use one list (POST …/sendlist/reserved). */
export const sendlistReservedSchema = z.object({
  sendlist_id: z.number().int(),
  reserved_count: z.number().int().describe('Reserved messages that use the list'),
});
export type SendlistReservedDto = z.infer<typeof sendlistReservedSchema>;

/** GET …/sendlist: every list of the channel (`sendlist` is the spec's name for the array). */
export const sendlistListAnswer = z.object({
  sendlist: z.array(sendlistSchema),
  total_count: z.number().int(),
});
export type SendlistListAnswer = z.infer<typeof sendlistListAnswer>;

/** GET …/sendlist/{id} and POST …/sendlist. */
export const sendlistAnswer = z.object({ sendlist: sendlistSchema });

export const sendlistReservedAnswer = z.object({ reserved: z.array(sendlistReservedSchema) });
export type SendlistReservedAnswer = z.infer<typeof sendlistReservedAnswer>;

/** POST …/sendlist/count: the editor's live reach. */
export const audienceCountAnswer = z.object({ count: z.number().int() });
