/** Limits of the channel service that the server and the forms both enforce. */
export const CHANNEL_LIMITS = {
  nameMax: 20,
  descriptionShortMax: 54,
  descriptionLongMax: 200,
  routeMax: 100,
  /** Not given by the spec: one line of a postal address. */
  addressMax: 255,
  relationLinkTextMax: 255,
  relationLinkUrlMax: 255,
  /** Not given by the spec: enough for a shop's site and social accounts. */
  relationLinksMax: 10,
} as const;

/**
 * The frequency cap (issue 32): at most this many messages reach one follower in a rolling 24 h;
 * 0 is off (the default). Welcome messages and test sends are never capped and never counted.
 */
export const FREQUENCY_CAP = { off: 0, min: 1, max: 10, windowMs: 24 * 3_600_000 } as const;

/** Channel user types: individual 1, company 2. */
export const CHANNEL_USER_TYPES = { individual: 1, company: 2 } as const;
export type ChannelUserType = (typeof CHANNEL_USER_TYPES)[keyof typeof CHANNEL_USER_TYPES];

/** The channel's two pictures (POST / DELETE /api/qrchannel/{channel}/image?kind=…). */
export const CHANNEL_IMAGE_KINDS = ['icon', 'background'] as const;
export type ChannelImageKind = (typeof CHANNEL_IMAGE_KINDS)[number];
