import { z } from 'zod';
import { LIMITS } from './limits';
import { pageField } from './page-field';
import { idListSchema, TAG_LIMITS, type TagDto, tagIdList } from './tag-schemas';

/** GET /api/qrchannel/{channel}/followers: a page (20 a page, §9), narrowed to followers with every tag given. */
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
export interface FollowerDto {
  follower_id: number;
  followed_at: number;
  tags: Array<Pick<TagDto, 'tag_id' | 'tag_name'>>;
}

/** The followers page answer: `total_count` matches the tag search, `register_count` is every follower. */
export interface FollowerListDto {
  followers: FollowerDto[];
  total_count: number;
  register_count: number;
  page: number;
  page_size: number;
}

export const FOLLOWERS_PAGE_SIZE = LIMITS.pageSize;

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
export interface ReaderChannelDto {
  channel_code: string;
  channel_name: string;
  description_short: string;
  description_long: string;
  address: string;
  description_route: string;
  latitude: number | null;
  longitude: number | null;
  relation_links: Array<{ text: string; url: string }>;
  is_official: boolean;
  /** Null until the channel has the image (icon_url and icon_image_url alike, as in §3). */
  icon_url: string | null;
  icon_image_url: string | null;
  background_image_url: string | null;
  follower_count: number;
}

export interface ReaderChannelAnswer {
  channel: ReaderChannelDto;
  following: boolean;
}

export interface FollowAnswer {
  following: boolean;
  follower_count: number;
}
