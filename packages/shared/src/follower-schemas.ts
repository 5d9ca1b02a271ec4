import { z } from 'zod';
import { publicChannelSchema } from './channel-schemas';
import { pageField } from './page-field';
import { TAG_LIMITS } from './tag-limits';
import { idListSchema, tagIdList, tagSchema } from './tag-schemas';

/** GET /api/qrchannel/{channel}/followers: a page (20 a page), narrowed to followers with every tag given. */
export const followerListQuery = z.object({
  page: pageField,
  tag_ids: tagIdList(0).optional(),
});
export type FollowerListQuery = z.infer<typeof followerListQuery>;

/**
 * POST /api/qrchannel/{channel}/followers/tags: tags and untags one or many followers at once.
 * A tag both added and removed is refused: the intent is unclear.
 */
export const followerTagsBody = z
  .object({
    follower_ids: idListSchema({
      error: 'validation.follower_ids_invalid',
      min: 1,
      max: TAG_LIMITS.idsMax,
      tooMany: 'validation.ids_too_many',
    }),
    add_tag_ids: tagIdList(0).optional().default([]),
    remove_tag_ids: tagIdList(0).optional().default([]),
  })
  .superRefine((body, ctx) => {
    if (body.add_tag_ids.length === 0 && body.remove_tag_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['add_tag_ids'], message: 'validation.follower_tags_none' });
    } else if (body.add_tag_ids.some((id) => body.remove_tag_ids.includes(id))) {
      ctx.addIssue({ code: 'custom', path: ['remove_tag_ids'], message: 'validation.follower_tags_both' });
    }
  });
export type FollowerTagsBody = z.infer<typeof followerTagsBody>;

/** A follower as the operator sees it: anonymous, named only by its number in the channel. */
export const followerSchema = z.object({
  follower_id: z.number().int().describe('Shown as "Follower #<id>"; the device is never shown'),
  followed_at: z.number().describe('Unix milliseconds'),
  tags: z.array(tagSchema.pick({ tag_id: true, tag_name: true })),
});
export type FollowerDto = z.infer<typeof followerSchema>;

/** The followers page answer: `total_count` matches the tag search, `register_count` is every follower. */
export const followerListSchema = z.object({
  followers: z.array(followerSchema),
  total_count: z.number().int().describe('Followers matching the tag search'),
  register_count: z.number().int().describe('Every follower of the channel'),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type FollowerListDto = z.infer<typeof followerListSchema>;

/** POST /api/qrchannel/{channel}/followers/tags: the followers that were tagged. */
export const followerTagsAnswer = z.object({ follower_ids: z.array(z.number().int()) });
export type FollowerTagsAnswer = z.infer<typeof followerTagsAnswer>;

/** GET /api/qrchannel/{channel}/tag/link: the signed follow link. */
export const tagLinkAnswer = z.object({ url: z.string() });

/** POST /api/reader/channel/{code}/follow: `tags` is the signed `?tags=` value of a follow link. */
export const followBody = z.object({
  tags: z
    .string({ error: 'validation.follow_tags_invalid' })
    .trim()
    .max(400, { error: 'validation.follow_tags_invalid' })
    .optional(),
});

/** A channel code in a reader URL: what channel create issues (URL-safe, 16 characters). */
export const readerChannelParams = z.object({
  channel_code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' }),
});

/** The channel page's view of a channel (GET /api/reader/channel/{code}). */
export const readerChannelSchema = publicChannelSchema.extend({ follower_count: z.number().int() });
export type ReaderChannelDto = z.infer<typeof readerChannelSchema>;

export const readerChannelAnswer = z.object({ channel: readerChannelSchema, following: z.boolean() });
export type ReaderChannelAnswer = z.infer<typeof readerChannelAnswer>;

/** POST and DELETE /api/reader/channel/{code}/follow. */
export const followAnswer = z.object({ following: z.boolean(), follower_count: z.number().int() });
export type FollowAnswer = z.infer<typeof followAnswer>;
