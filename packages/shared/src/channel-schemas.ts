import { z } from 'zod';
import {
  CHANNEL_IMAGE_KINDS,
  CHANNEL_LIMITS,
  CHANNEL_USER_TYPES,
  type ChannelUserType,
  FREQUENCY_CAP,
} from './channel-constants';
import { jsonOrText } from './form-json';
import { numberish, numberOrEmpty } from './form-number';
import { idNumber } from './id-schemas';
import { linkUrlField } from './link-url';
import { nameField } from './name-field';

/** Lengths count characters as people see them (name-text.ts), so 20 kanji fit a 20-character name. */
const maxChars = (max: number, tooLong: string) => nameField({ max, tooLong });

const channelName = nameField({
  max: CHANNEL_LIMITS.nameMax,
  required: 'validation.channel_name_required',
  tooLong: 'validation.channel_name_too_long',
});

const userType = numberish(
  z.union([z.literal(CHANNEL_USER_TYPES.individual), z.literal(CHANNEL_USER_TYPES.company)], {
    error: 'validation.channel_user_type',
  }),
) as z.ZodType<ChannelUserType, unknown>;

/** An industry id, or null/empty for none. */
const industryId = (error: string) =>
  z.preprocess(numberOrEmpty(null), idNumber(error).nullable()) as z.ZodType<number | null, unknown>;

const coordinate = (limit: number, error: string) =>
  z.preprocess(
    numberOrEmpty(null),
    z.number({ error }).min(-limit, { error }).max(limit, { error }).nullable(),
  ) as z.ZodType<number | null, unknown>;

export const relationLinkSchema = z.object({
  text: nameField({
    max: CHANNEL_LIMITS.relationLinkTextMax,
    required: 'validation.relation_link_text_required',
    tooLong: 'validation.relation_link_text_too_long',
  }),
  url: linkUrlField({
    max: CHANNEL_LIMITS.relationLinkUrlMax,
    tooLong: 'validation.relation_link_url_too_long',
    required: 'validation.url_required',
  }),
});
export type RelationLink = z.infer<typeof relationLinkSchema>;

/** POST /api/qrchannel/service/register: the terms must be accepted. */
export const serviceRegisterBody = z.object({
  terms_accepted: z
    .union([z.boolean(), z.enum(['true', '1', 'on'])], { error: 'validation.terms_required' })
    .refine((v) => v !== false, { error: 'validation.terms_required' }),
});

/**
 * POST /api/qrchannel/channel: the two-step create form. The public contract sends only the name
 * and the industries; the user type, which the form also asks, is individual when left out.
 */
export const createChannelBody = z.object({
  channel_name: channelName,
  channel_user_type: userType.optional().default(CHANNEL_USER_TYPES.individual),
  industory_id: industryId('validation.industry_invalid').optional().default(null),
  sub_industory_id: industryId('validation.sub_industry_invalid').optional().default(null),
});
export type CreateChannelBody = z.infer<typeof createChannelBody>;

/**
 * PUT /api/qrchannel/channel/{id}: the settings screen. Every field is optional; a field left
 * out keeps its value, an empty text or null clears it. relation_links replaces the whole list.
 */
/** A time of day in Japan, "HH:MM" (00:00–23:59): the bounds of push quiet hours. */
const quietTime = z
  .string({ error: 'validation.quiet_hours_time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.quiet_hours_time' });

export const updateChannelBody = z.object({
  channel_name: channelName.optional(),
  channel_user_type: userType.optional(),
  industory_id: industryId('validation.industry_invalid').optional(),
  sub_industory_id: industryId('validation.sub_industry_invalid').optional(),
  description_short: maxChars(
    CHANNEL_LIMITS.descriptionShortMax,
    'validation.description_short_too_long',
  ).optional(),
  description_long: maxChars(
    CHANNEL_LIMITS.descriptionLongMax,
    'validation.description_long_too_long',
  ).optional(),
  address: maxChars(CHANNEL_LIMITS.addressMax, 'validation.address_too_long').optional(),
  description_route: maxChars(CHANNEL_LIMITS.routeMax, 'validation.description_route_too_long').optional(),
  latitude: coordinate(90, 'validation.latitude_range').optional(),
  longitude: coordinate(180, 'validation.longitude_range').optional(),
  // A form body sends the list as its JSON text.
  relation_links: jsonOrText(
    'array',
    z
      .array(relationLinkSchema, { error: 'validation.invalid' })
      .max(CHANNEL_LIMITS.relationLinksMax, { error: 'validation.relation_links_too_many' }),
  ).optional(),
  // Push quiet hours: 1 on, 0 off; pushes due between start and end wait for the end.
  quiet_hours: numberish(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' })).optional(),
  quiet_start: quietTime.optional(),
  quiet_end: quietTime.optional(),
  // The frequency cap: 0 off, else at most this many messages a follower in a rolling 24 h.
  frequency_cap: numberish(
    z
      .number({ error: 'validation.frequency_cap_range' })
      .int({ error: 'validation.frequency_cap_range' })
      .refine((n) => n === FREQUENCY_CAP.off || (n >= FREQUENCY_CAP.min && n <= FREQUENCY_CAP.max), {
        error: 'validation.frequency_cap_range',
      }),
  ).optional(),
});
export type UpdateChannelBody = z.infer<typeof updateChannelBody>;

/** One industry of GET /api/qrchannel/industory, in the caller's language. */
export const industrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sub_industories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type IndustryDto = z.infer<typeof industrySchema>;

/** What anyone may see of a channel (its public page): no id, owner, industry or dates. */
export const publicChannelSchema = z.object({
  channel_code: z.string().describe('Random code of the public page /c/{channel_code}'),
  channel_name: z.string(),
  description_short: z.string(),
  description_long: z.string(),
  address: z.string(),
  description_route: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  relation_links: z.array(z.object({ text: z.string(), url: z.string() })),
  is_official: z.boolean().describe('Set only by the operator command channel:official'),
  // The public contract names the icon both `icon_url` and `icon_image_url`; both are answered,
  // with the same URL.
  icon_url: z.string().nullable().describe('Site-relative URL of the icon (/api/image/…), or null'),
  icon_image_url: z.string().nullable().describe('The same as icon_url (a channel carries both names)'),
  background_image_url: z.string().nullable().describe('Site-relative URL of the background, or null'),
});
export type PublicChannelDto = z.infer<typeof publicChannelSchema>;

/** A channel as the channel calls answer it: the public part and the owner's. */
export const channelSchema = z.object({
  channel_id: z.number().int(),
  ...publicChannelSchema.shape,
  channel_user_type: z.enum(CHANNEL_USER_TYPES).describe('Individual 1, company 2'),
  industory_id: z.number().int().nullable(),
  sub_industory_id: z.number().int().nullable(),
  channel_page_url: z.string().describe('The public page /c/{channel_code}, which the channel code holds'),
  channel_qrcode_url: z.string().describe('The channel code as PNG (site-relative download URL)'),
  user_count: z.number().int().describe('Followers of the channel (the sub-header register_count)'),
  quiet_hours: z.number().int().describe('Push quiet hours: 1 on, 0 off (default)'),
  quiet_start: z.string().describe('Quiet hours start, HH:MM in Japan (21:00 unless changed)'),
  quiet_end: z.string().describe('Quiet hours end, HH:MM in Japan (08:00 unless changed)'),
  frequency_cap: z
    .number()
    .int()
    .describe('At most this many messages a follower in a rolling 24 h (1-10); 0 off (default)'),
  created_at: z.number().describe('Unix milliseconds'),
  updated_at: z.number().describe('Unix milliseconds'),
});
export type ChannelDto = z.infer<typeof channelSchema>;

/** Every call that answers one channel (create, read, update, images). */
export const channelAnswer = z.object({ channel: channelSchema });
export type ChannelAnswer = z.infer<typeof channelAnswer>;

/** GET /api/qrchannel: the caller's channels. */
export const channelListAnswer = z.object({
  channels: z.array(channelSchema),
  total_count: z.number().int(),
});
export type ChannelListAnswer = z.infer<typeof channelListAnswer>;

/** GET /api/qrchannel/industory. */
export const industryListAnswer = z.object({ industories: z.array(industrySchema) });
export type IndustryListAnswer = z.infer<typeof industryListAnswer>;

/** POST /api/qrchannel/service/register. */
export const serviceRegisterAnswer = z.object({ isUserRegisteredChannelService: z.boolean() });

/**
 * GET /api/qrchannel/{channel_id}/qrcode/download/{format}: 1 PNG, 2 JPEG, 3 EPS, and 4 SVG
 * as the QR manager's downloads have (a print shop's scalable file): IMAGE_FORMATS' numbers.
 */
export const channelCodeDownloadParams = z.object({
  format: z.enum(['1', '2', '3', '4'], { error: 'validation.channel_code_format' }).transform(Number),
});

/** POST / DELETE /api/qrchannel/{channel}/image?kind=…: which of the channel's two pictures. */
export const channelImageQuery = z.object({
  kind: z.enum(CHANNEL_IMAGE_KINDS, { error: 'validation.channel_image_kind' }),
});
