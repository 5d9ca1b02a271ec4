/**
 * Limits of tags that the server and the forms both enforce; apart from the schemas, so screens
 * that only show them load no zod.
 */
export const TAG_LIMITS = {
  nameMax: 32,
  /** Not given by the spec: the same bound as tags per message and per send list. */
  linkTagsMax: 10,
  /** Not given by the spec: how many ids one call may name (a page of followers is 20). */
  idsMax: 1000,
} as const;
