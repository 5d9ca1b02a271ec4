import { z } from 'zod';
import { idNumber } from './id-schemas';
import { nameField } from './name-field';
import { TAG_LIMITS } from './tag-limits';

export const tagNameSchema = nameField({
  max: TAG_LIMITS.nameMax,
  required: 'validation.tag_name_required',
  tooLong: 'validation.tag_name_too_long',
});

/** One id (id-schemas.ts), or a string of digits (form fields); nothing else is read as one. */
export const positiveId = (error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    idNumber(error),
  ) as z.ZodType<number, unknown>;

/**
 * A list of ids as JSON (`[1, 2]`), a form field repeated (`tag_ids=1&tag_ids=2`) or one
 * comma-separated value (`tag_ids=1,2`, also in a query string). Duplicates count once.
 */
export function idListSchema(options: { error: string; min: number; max: number; tooMany: string }) {
  const { error, min, max, tooMany } = options;
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v;
      return Array.isArray(list) ? list.map((x) => (typeof x === 'string' ? x.trim() : x)) : list;
    },
    z
      .array(positiveId(error), { error })
      .min(min, { error })
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length <= max, { error: tooMany }),
  ) as z.ZodType<number[], unknown>;
}

/** Tag ids of one call: at least `min`, at most `max`. */
export const tagIdList = (min: number, max: number = TAG_LIMITS.idsMax) =>
  idListSchema({ error: 'validation.tag_ids_invalid', min, max, tooMany: 'validation.ids_too_many' });

/** GET /api/qrchannel/{channel}/tag: the optional search text (part of the name). */
export const tagListQuery = z.object({
  query: nameField({
    max: TAG_LIMITS.nameMax,
    tooLong: 'validation.tag_name_too_long',
    invalid: 'validation.invalid',
  }).optional(),
});

/** POST /api/qrchannel/{channel}/tag: creates a tag, or renames `tag_id`. */
export const saveTagBody = z.object({
  tag_name: tagNameSchema,
  tag_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    positiveId('validation.tag_ids_invalid').optional(),
  ) as z.ZodType<number | undefined, unknown>,
});
export type SaveTagBody = z.infer<typeof saveTagBody>;

/** DELETE /api/qrchannel/{channel}/tag: the tags to delete, at least one. */
export const deleteTagsBody = z.object({ tag_ids: tagIdList(1) });

/** GET /api/qrchannel/{channel}/tag/link: the tags a follow link gives, one to ten. */
export const tagLinkQuery = z.object({
  tag_ids: idListSchema({
    error: 'validation.tag_ids_invalid',
    min: 1,
    max: TAG_LIMITS.linkTagsMax,
    tooMany: 'validation.link_tags_too_many',
  }),
});

/** A tag as the tag calls answer it. */
export const tagSchema = z.object({
  tag_id: z.number().int(),
  tag_name: z.string(),
  created_at: z.number().describe('Unix milliseconds'),
});
export type TagDto = z.infer<typeof tagSchema>;

/** GET /api/qrchannel/{channel}/tag: every tag matching the search. */
export const tagListAnswer = z.object({ tags: z.array(tagSchema), total_count: z.number().int() });
export type TagListAnswer = z.infer<typeof tagListAnswer>;

/** POST /api/qrchannel/{channel}/tag: the tag as saved. */
export const tagAnswer = z.object({ tag: tagSchema });

/** The delete calls of tags and send lists: how many rows went. */
export const deletedCountAnswer = z.object({ deleted_count: z.number().int() });
export type DeletedCountAnswer = z.infer<typeof deletedCountAnswer>;
